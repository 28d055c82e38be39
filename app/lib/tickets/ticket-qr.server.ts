import { encode } from "uqr";

/** The quiet zone the QR specification asks for around the symbol, in modules. */
export const QUIET_ZONE = 4;

/** A ticket's QR code as SVG geometry: one path of dark modules in a square of `size` modules. */
export interface TicketQr {
  /** Modules across, the quiet zone included: the SVG's viewBox is `0 0 size size`. */
  size: number;
  /** The dark modules, each row's runs as one rectangle (`M x y h n v1 h-n z`). */
  path: string;
}

/**
 * Draws the gate code on the server, so the ticket page ships the picture and no QR code in the
 * browser's JavaScript. Error correction Q (25 %) keeps it readable through a cracked or smudged
 * screen and the glare of a gate's lights; the codes platforms issue (about 20 ASCII characters)
 * still fit a version 2 symbol of 25 modules, large modules at the size the page draws it.
 */
export function ticketQr(code: string): TicketQr {
  const { data, size } = encode(code, { ecc: "Q", border: 0 });
  const runs: string[] = [];
  data.forEach((row, y) => {
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && row[x]) x++;
      runs.push(`M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start}v1h-${x - start}z`);
    }
  });
  return { size: size + 2 * QUIET_ZONE, path: runs.join("") };
}
