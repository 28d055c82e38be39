import { EXE_BYTES, PDF_BYTES, validContact, validHospitality, validRefundFields } from "#tests/forms.ts";

/**
 * Generates malformed submissions for the form endpoints, deterministically (a seeded PRNG, so
 * a failure is reproducible from its index). Every case is invalid by construction: it breaks
 * the JSON, the multipart or URL encoding, the content type, a required field, a type, a length
 * or a limit, so none of them may ever be stored.
 */

export interface FuzzCase {
  label: string;
  contentType: string | null;
  body: BodyInit;
}

export type FuzzTarget = "contact" | "hospitality" | "refund-request" | "newsletter";

const VALID: Record<FuzzTarget, Record<string, unknown>> = {
  contact: validContact,
  hospitality: validHospitality,
  "refund-request": validRefundFields,
  newsletter: { email: "fuzz@example.com", consent: true },
};

/** Consents a person may give or refuse: `false` and absence are answers, not malformed bodies. */
const OPTIONAL_CONSENTS: Record<FuzzTarget, string[]> = {
  contact: ["communicationConsent"],
  hospitality: ["marketingConsent"],
  "refund-request": [],
  newsletter: [],
};

/** Fields whose absence alone makes the form invalid (the optional ones are left out). */
const REQUIRED: Record<FuzzTarget, string[]> = {
  contact: Object.keys(validContact).filter((name) => !OPTIONAL_CONSENTS.contact.includes(name)),
  hospitality: Object.keys(validHospitality).filter(
    (name) => name !== "interestProduct" && name !== "event" && !OPTIONAL_CONSENTS.hospitality.includes(name),
  ),
  "refund-request": [...Object.keys(validRefundFields), "document"],
  newsletter: ["email", "consent"],
};

function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WRONG_TYPES: unknown[] = [42, -1.5, null, [], ["a", "b"], { nested: true }, { $gt: "" }, Infinity, false];
const WRONG_CONSENTS: unknown[] = [false, "off", "yes", 1, 0, null, [], {}, "", "TRUE"];
const BAD_EMAILS = ["plainaddress", "@no-local.org", "two@@example.com", "spaces in@example.com", "a", "x@"];
const BAD_DATES = ["2026-02-30", "2026-13-01", "31/12/2026", "tomorrow", "2026-1-1", "0000-00-00"];
const BROKEN_JSON = [
  "",
  "{",
  '{"name": "Ana",',
  "{'name': 'Ana'}",
  "null",
  "[]",
  "42",
  '"text"',
  "true",
  '{"name": "Ana"}}',
  "[".repeat(5000),
  '{"email": "\\ud800"',
  "\u0000\u0001\u0002",
  '{"__proto__": {"admin": true}',
  "NaN",
];

function pick<T>(random: () => number, list: readonly T[]): T {
  const value = list[Math.floor(random() * list.length)];
  if (value === undefined) throw new Error("empty list");
  return value;
}

function jsonCase(label: string, value: unknown): FuzzCase {
  return { label, contentType: "application/json", body: JSON.stringify(value) };
}

function formCase(label: string, fields: Record<string, unknown>, document: Blob | string | null): FuzzCase {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) form.append(name, typeof value === "string" ? value : JSON.stringify(value));
  if (typeof document === "string") form.append("document", document);
  else if (document !== null) form.append("document", document, "doc.pdf");
  return { label, contentType: null, body: form };
}

/** At least `count` malformed bodies for one form; the refund request also gets broken multipart. */
export function malformedBodies(target: FuzzTarget, count: number, seed = 4): FuzzCase[] {
  const random = prng(seed);
  const valid = VALID[target];
  const fields = Object.keys(valid);
  const cases: FuzzCase[] = [];
  const document = new File([PDF_BYTES], "ok.pdf", { type: "application/pdf" });
  // Multipart keeps the refund's document; the others mostly go as JSON.
  const encode = (label: string, body: Record<string, unknown>): FuzzCase =>
    target === "refund-request" && random() < 0.7 ? formCase(label, body, document) : jsonCase(label, body);

  const generators: (() => FuzzCase)[] = [
    () => ({ label: "broken JSON", contentType: "application/json", body: pick(random, BROKEN_JSON) }),
    () => {
      const name = pick(random, REQUIRED[target]);
      const { [name]: _removed, ...rest } = valid;
      return target === "refund-request" && name === "document"
        ? formCase("no document", valid, null)
        : encode(`missing ${name}`, rest);
    },
    () => {
      const name = pick(random, fields);
      const isConsent = typeof valid[name] === "boolean" || valid[name] === "on";
      const wrongConsents = OPTIONAL_CONSENTS[target].includes(name)
        ? WRONG_CONSENTS.filter((consent) => consent !== false)
        : WRONG_CONSENTS;
      const value = isConsent ? pick(random, wrongConsents) : pick(random, WRONG_TYPES);
      return jsonCase(`wrong type ${name}=${JSON.stringify(value)}`, { ...valid, [name]: value });
    },
    () => {
      const name = pick(
        random,
        fields.filter((field) => typeof valid[field] === "string" && valid[field] !== "on"),
      );
      return encode(`oversized ${name}`, { ...valid, [name]: "ñ".repeat(5001 + Math.floor(random() * 3000)) });
    },
    () => encode("invalid email", { ...valid, email: pick(random, BAD_EMAILS) }),
    () => ({
      label: "wrong content type",
      contentType: pick(random, ["text/plain", "application/xml", "image/png", "application/jsonp", null]),
      body: JSON.stringify(valid),
    }),
    () => ({
      label: "broken multipart",
      contentType: pick(random, [
        "multipart/form-data",
        "multipart/form-data; boundary=",
        "multipart/form-data; boundary=XYZ",
      ]),
      body: `--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna${random() < 0.5 ? "" : "\r\n--XYZ"}`,
    }),
    () => ({
      label: "URL-encoded garbage",
      contentType: "application/x-www-form-urlencoded",
      body: pick(random, ["%ZZ%%", "name", "=&=&==", "email=%E0%A4%A&consent=%"]),
    }),
    () => repeated(valid, pick(random, fields), target === "refund-request" ? document : null),
    () => ({
      label: "over the body limit",
      contentType: "application/json",
      body: JSON.stringify({ ...valid, message: "x".repeat((target === "refund-request" ? 6 : 0.07) * 1024 * 1024) }),
    }),
    () => encode("prototype keys", { __proto__: { admin: true }, constructor: "x", ...valid, email: 1 }),
  ];
  if (target === "refund-request")
    generators.push(
      () => formCase("document is not a PDF/JPEG/PNG", valid, new File([EXE_BYTES], "scan.pdf")),
      () => formCase("document sent as text", valid, "%PDF-1.4 but a string"),
      () => formCase("empty document", valid, new File([], "empty.pdf")),
    );
  if (target === "refund-request" || target === "contact" || target === "hospitality")
    generators.push(() => encode("invalid idempotency key", { ...valid, name: "", idempotencyKey: "../../etc" }));
  if (target === "refund-request")
    generators.push(() => formCase("impossible date", { ...valid, incidentDate: pick(random, BAD_DATES) }, document));

  for (let index = 0; cases.length < count; index += 1) {
    const made = generators[index % generators.length]?.();
    if (made) cases.push({ ...made, label: `#${index} ${made.label}` });
  }
  return cases;
}

function repeated(valid: Record<string, unknown>, name: string, document: Blob | null): FuzzCase {
  const form = new FormData();
  for (const [field, value] of Object.entries(valid)) form.append(field, String(value === true ? "on" : value));
  form.append(name, "second value");
  if (document) form.append("document", document, "doc.pdf");
  return { label: `repeated ${name}`, contentType: null, body: form };
}
