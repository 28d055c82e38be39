import { execFileSync } from "node:child_process";
import { expect, type Locator, type Page } from "@playwright/test";
import { e2eState } from "./global-teardown";

/**
 * Shared steps for the forms' end-to-end tests: reading records back from the local D1 that
 * the Worker under test writes to, and filling each form the way a person does.
 */

const SAFE_VALUE = /^[a-z0-9@.+-]+$/i;

/** A read-only query on the e2e Worker's local D1; values are checked before they reach SQL. */
export function queryD1<T>(sql: string, ...values: string[]): T[] {
  for (const value of values) if (!SAFE_VALUE.test(value)) throw new Error(`unsafe value for SQL: ${value}`);
  // playwright.config.ts chose the e2e Worker's port and passed it down to the test workers.
  const port = process.env.E2E_PORT;
  if (!port) throw new Error("E2E_PORT is unset: run the e2e tests through playwright.config.ts");
  const statement = values.reduce((text, value) => text.replace("?", `'${value}'`), sql);
  if (!/^\s*select\b/i.test(statement)) throw new Error("only SELECT statements read records back");
  const output = execFileSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", e2eState(port), "--json"].concat([
      "--command",
      statement,
    ]),
    { encoding: "utf8", env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" } },
  );
  const parsed: unknown = JSON.parse(output);
  if (!Array.isArray(parsed) || typeof parsed[0] !== "object" || parsed[0] === null || !("results" in parsed[0]))
    throw new Error(`unexpected wrangler output: ${output.slice(0, 200)}`);
  const results: unknown = parsed[0].results;
  return Array.isArray(results) ? results : [];
}

export interface SubmissionRow {
  kind: string;
  lang: string;
  payload: string;
  document_key: string | null;
  delivery_status: string;
}

/** The submissions whose payload carries this (unique) email address. */
export function submissionsFor(email: string): SubmissionRow[] {
  return queryD1<SubmissionRow>(
    "SELECT kind, lang, payload, document_key, delivery_status FROM form_submissions WHERE json_extract(payload, '$.email') = ?",
    email,
  );
}

/** The refund request sent with this address is stored, and its PDF is in R2. */
export function expectRefundStoredWithDocument(email: string) {
  const [row] = submissionsFor(email);
  expect(row?.kind).toBe("refund-request");
  expect(row?.document_key).toMatch(/^refund-requests\/.+\.pdf$/);
}

export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A form by its title; with JavaScript on, waits until hydration has enhanced it. */
export async function formTitled(page: Page, title: string, enhanced: boolean): Promise<Locator> {
  const form = page.getByRole("form", { name: title });
  await expect(form).toBeVisible();
  // A visitor reaches for the form first (scrolls to it, points at it): a form's code loads when
  // it is reached for, not with the page (docs/performance.md, "Hydration policy").
  await form.scrollIntoViewIfNeeded();
  if (enhanced) await form.hover();
  // Hydration can take a few seconds on a busy machine; until then the form is a plain POST.
  if (enhanced) await expect(form).toHaveAttribute("data-enhanced", "true", { timeout: 20_000 });
  return form;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A field by its visible label (required labels end in a decorative " *"). */
export function field(scope: Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`));
}

export async function fillPerson(form: Locator, email: string) {
  await field(form, "Name").fill("Ana");
  await field(form, "Surname").fill("García");
  await field(form, "Email").fill(email);
  await field(form, "Phone").fill("+34 600 000 000");
}

export async function fillContact(form: Locator, email: string) {
  await fillPerson(form, email);
  await field(form, "Subject").fill("Wheelchair spaces");
  await field(form, "Message").fill("Are there wheelchair spaces on the lower tier?");
  await field(form, "I have read and accept the privacy policy").check();
  await field(form, "I would also like to receive the venue's news about events and services").check();
}

export async function fillHospitality(form: Locator, email: string) {
  await fillPerson(form, email);
  await field(form, "Company type").selectOption("company");
  await field(form, "Company name").fill("Soler SL");
  await field(form, "CIF").fill("B12345678");
  await field(form, "Position in the company").fill("Director");
  await field(form, "Interested in").selectOption("boxes");
  await field(form, "Message").fill("A box for the whole season.");
  await field(form, "I have read and accept the privacy policy").check();
  await field(form, "I agree to receive news and offers from the venue").check();
}

export const PDF = { name: "justificante.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") };

export async function fillRefund(form: Locator, email: string) {
  await fillPerson(form, email);
  await field(form, "Purchase code").fill("ABC-123");
  await field(form, "Event").fill("Winter concert");
  await field(form, "Event date").fill("2026-12-20");
  await field(form, "Refund reason").selectOption("illness");
  await field(form, "Incident details").fill("High fever the day before.");
  await field(form, "Incident date").fill("2026-11-19");
  await field(form, "Supporting document").setInputFiles(PDF);
  await field(form, "I have read and accept the privacy policy").check();
}
