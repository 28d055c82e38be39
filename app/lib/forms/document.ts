/** The largest supporting document a refund request accepts. */
export const MAX_DOCUMENT_MB = 5;
export const MAX_DOCUMENT_BYTES = MAX_DOCUMENT_MB * 1024 * 1024;

/** The document types a refund request accepts, by what the file contains. */
export type DocumentType = "application/pdf" | "image/jpeg" | "image/png";

const SIGNATURES: { type: DocumentType; extension: string; bytes: number[] }[] = [
  { type: "application/pdf", extension: "pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: "image/jpeg", extension: "jpg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/png", extension: "png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/**
 * Detects a PDF, JPEG or PNG from its first bytes (its "magic number"), never from its name or
 * the type the browser declared: a renamed executable is rejected, a PDF named `.bin` is not.
 */
export function sniffDocumentType(head: Uint8Array): { type: DocumentType; extension: string } | null {
  const match = SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte));
  return match ? { type: match.type, extension: match.extension } : null;
}

/** Reads just enough of a file to sniff its type; works in the browser and in the Worker. */
export async function sniffFile(file: Blob): Promise<{ type: DocumentType; extension: string } | null> {
  return sniffDocumentType(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
}
