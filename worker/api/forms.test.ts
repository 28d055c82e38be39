import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { atStartOfRateLimitWindow, RATE_LIMIT_TEST_TIMEOUT_MS } from "#tests/setup/rate-limit-window.ts";
import {
  countRows,
  EXE_BYTES,
  PDF_BYTES,
  post,
  postJson,
  refundForm,
  submissionsByKey,
  validContact,
  validHospitality,
} from "#tests/forms.ts";

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

describe("POST /api/forms/contact", () => {
  it("stores a valid submission before answering 201, with the language of the request", async () => {
    const key = `contact-${crypto.randomUUID()}`;
    const res = await postJson("/api/forms/contact", validContact, {
      headers: { "Idempotency-Key": key, "Accept-Language": "en" },
    });
    expect(res.status).toBe(201);
    const body = await res.json<{ ok: boolean; id: string; message: string }>();
    expect(body.ok).toBe(true);
    expect(body.message).toBe("Thank you! Your message has been sent");
    const rows = await submissionsByKey(key);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(body.id);
    expect(rows[0]?.kind).toBe("contact");
    expect(rows[0]?.lang).toBe("en");
    expect(JSON.parse(rows[0]?.payload ?? "{}")).toMatchObject({ email: "ana@example.com", subject: "Accesibilidad" });
  });

  it("creates one record for a double click or a retry with the same idempotency key", async () => {
    const key = `retry-${crypto.randomUUID()}`;
    const first = await postJson("/api/forms/contact", { ...validContact, idempotencyKey: key });
    const [second, third] = await Promise.all([
      postJson("/api/forms/contact", { ...validContact, idempotencyKey: key }),
      postJson("/api/forms/contact", { ...validContact, idempotencyKey: key }),
    ]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(third.status).toBe(200);
    const ids = await Promise.all([first, second, third].map(async (r) => (await r.json<{ id: string }>()).id));
    expect(new Set(ids).size).toBe(1);
    expect(await submissionsByKey(key)).toHaveLength(1);
  });

  it("stores other content sent with a key already used as a submission of its own, not as a retry", async () => {
    // A key can be seen twice: a page sent again after the back button, or a copy of a page.
    const key = `reused-${crypto.randomUUID()}`;
    const first = await postJson("/api/forms/contact", { ...validContact, idempotencyKey: key });
    const other = { ...validContact, name: "Bernardo Ruiz", email: "bernardo@example.com", idempotencyKey: key };
    const second = await postJson("/api/forms/contact", other);
    const again = await postJson("/api/forms/contact", other);
    expect([first.status, second.status, again.status]).toEqual([201, 201, 200]);
    const rows = await submissionsByKey(key);
    expect(rows.map((row) => JSON.parse(row.payload).email)).toEqual(["ana@example.com", "bernardo@example.com"]);
  });

  it("answers 400 with translated field errors (ca is Valencian) and writes nothing", async () => {
    const before = await countRows("form_submissions");
    const res = await postJson(
      "/api/forms/contact",
      { ...validContact, name: "A", email: "not-an-email", privacyAcceptance: false, subject: 42 },
      { headers: { "Accept-Language": "ca" } },
    );
    expect(res.status).toBe(400);
    const body = await res.json<ErrorBody>();
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.message).toBe("Hi ha errors en el formulari.");
    expect(body.error.fields).toEqual({
      name: ["Nom ha de tindre almenys 2 caràcters."],
      email: ["Introduïx un correu electrònic vàlid."],
      subject: ["Este camp no és vàlid."],
      privacyAcceptance: ["Has d'acceptar: Acceptació de la política de privacitat."],
    });
    expect(await countRows("form_submissions")).toBe(before);
  });

  it("refuses a cross-site post with 403", async () => {
    const before = await countRows("form_submissions");
    const res = await postJson("/api/forms/contact", validContact, {
      headers: { Origin: "https://evil.example", "Accept-Language": "en" },
    });
    expect(res.status).toBe(403);
    expect((await res.json<ErrorBody>()).error.message).toBe("This request was not sent from our website");
    expect(await countRows("form_submissions")).toBe(before);
  });

  it(
    "limits each client: the 21st post within a minute gets a translated 429",
    { timeout: RATE_LIMIT_TEST_TIMEOUT_MS },
    async () => {
      const client = `203.0.113.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`;
      await atStartOfRateLimitWindow(60);
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1)
        statuses.push((await postJson("/api/forms/contact", { ...validContact, name: "" }, { client })).status);
      expect(statuses.every((s) => s === 400)).toBe(true);
      const limited = await postJson("/api/forms/contact", validContact, {
        client,
        headers: { "Accept-Language": "es" },
      });
      expect(limited.status).toBe(429);
      expect(limited.headers.get("Retry-After")).toBe("60");
      expect((await limited.json<ErrorBody>()).error.message).toBe(
        "Demasiados intentos. Espera un minuto y vuelve a intentarlo",
      );
    },
  );

  it("answers 413 to a body over the limit and 400 to malformed JSON", async () => {
    const before = await countRows("form_submissions");
    const huge = await postJson("/api/forms/contact", { ...validContact, message: "x".repeat(70_000) });
    expect(huge.status).toBe(413);
    const broken = await post("/api/forms/contact", '{"name": "Ana",', "application/json");
    expect(broken.status).toBe(400);
    expect((await broken.json<ErrorBody>()).error.code).toBe("bad_request");
    const wrongType = await post("/api/forms/contact", "name=Ana", "text/plain");
    expect(wrongType.status).toBe(415);
    expect(await countRows("form_submissions")).toBe(before);
  });

  it("drops a post whose honeypot is filled: a calm 200 and nothing stored", async () => {
    const before = await countRows("form_submissions");
    const res = await postJson("/api/forms/contact", { ...validContact, website: "http://spam.example" });
    expect(res.status).toBe(200);
    expect((await res.json<{ id: string | null }>()).id).toBeNull();
    expect(await countRows("form_submissions")).toBe(before);
  });

  it("says 'Error submitting the form' with 503 when D1 cannot store it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await env.DB.exec("ALTER TABLE form_submissions RENAME TO form_submissions_away");
    try {
      const res = await postJson("/api/forms/contact", validContact, { headers: { "Accept-Language": "en" } });
      expect(res.status).toBe(503);
      const body = await res.json<ErrorBody>();
      expect(body.error).toEqual({ code: "storage_unavailable", message: "Error submitting the form" });
    } finally {
      await env.DB.exec("ALTER TABLE form_submissions_away RENAME TO form_submissions");
    }
    expect(logged).toHaveBeenCalled();
  });
});

describe("POST /api/forms/hospitality", () => {
  it("requires company details only from a company", async () => {
    const company = await postJson("/api/forms/hospitality", { ...validHospitality, companyName: "", cif: "" });
    expect(company.status).toBe(400);
    expect(Object.keys((await company.json<ErrorBody>()).error.fields ?? {})).toEqual(["companyName", "cif"]);
    const person = await postJson("/api/forms/hospitality", {
      ...validHospitality,
      companyType: "individual",
      companyName: "",
      cif: "",
      companyPosition: "",
    });
    expect(person.status).toBe(201);
  });

  it("stores an individual's request without marketing consent as chosen, and no company details", async () => {
    const key = `hospitality-${crypto.randomUUID()}`;
    // Unticked: the box sends nothing (undefined is left out of the JSON).
    const res = await postJson(
      "/api/forms/hospitality",
      { ...validHospitality, marketingConsent: undefined, companyType: "individual", companyName: "Left over SL" },
      { headers: { "Idempotency-Key": key } },
    );
    expect(res.status).toBe(201);
    const [row] = await submissionsByKey(key);
    expect(JSON.parse(row?.payload ?? "{}")).toMatchObject({
      companyType: "individual",
      companyName: "",
      cif: "",
      companyPosition: "",
      marketingConsent: false,
      privacyAcceptance: true,
    });
  });
});

describe("POST /api/forms/refund-request", () => {
  it("stores the document in R2 under the submission, typed by its content", async () => {
    const key = `refund-${crypto.randomUUID()}`;
    const form = refundForm(new File([PDF_BYTES], "scan.bin", { type: "application/octet-stream" }));
    form.set("idempotencyKey", key);
    const res = await post("/api/forms/refund-request", form, null);
    expect(res.status).toBe(201);
    const [row] = await submissionsByKey(key);
    expect(row?.document_key).toMatch(/^refund-requests\/.+\.pdf$/);
    const object = await env.DOCUMENTS.get(row?.document_key ?? "");
    expect(object?.httpMetadata?.contentType).toBe("application/pdf");
    expect(new Uint8Array((await object?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(PDF_BYTES);
  });

  it("stores a second request with another document under a key already used, and a retry once", async () => {
    const key = `refund-reused-${crypto.randomUUID()}`;
    const send = (bytes: Uint8Array<ArrayBuffer>) => {
      const form = refundForm(new File([bytes], "scan.pdf"));
      form.set("idempotencyKey", key);
      return post("/api/forms/refund-request", form, null);
    };
    const otherPdf = new Uint8Array([...PDF_BYTES, 0x0a, 0x25, 0x25]);
    expect((await send(PDF_BYTES)).status).toBe(201);
    expect((await send(otherPdf)).status).toBe(201);
    expect((await send(otherPdf)).status).toBe(200);
    expect(await submissionsByKey(key)).toHaveLength(2);
  });

  it("refuses a document that is not a PDF, JPEG or PNG by content, whatever its name", async () => {
    const before = await countRows("form_submissions");
    const form = refundForm(new File([EXE_BYTES], "justificante.pdf", { type: "application/pdf" }));
    const res = await post("/api/forms/refund-request", form, null, { headers: { "Accept-Language": "en" } });
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).error.fields?.document).toEqual([
      "The document must be a PDF, JPEG or PNG file.",
    ]);
    expect(await countRows("form_submissions")).toBe(before);
  });

  it("refuses a document over 5 MB and a request without one", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PDF_BYTES);
    const tooBig = await post("/api/forms/refund-request", refundForm(new File([big], "a.pdf")), null, {
      headers: { "Accept-Language": "en" },
    });
    expect(tooBig.status).toBe(400);
    expect((await tooBig.json<ErrorBody>()).error.fields?.document).toEqual(["The document must be at most 5 MB."]);
    const missing = await post("/api/forms/refund-request", refundForm(null), null, {
      headers: { "Accept-Language": "en" },
    });
    expect((await missing.json<ErrorBody>()).error.fields?.document).toEqual(["Supporting document is required."]);
  });

  it("keeps nothing in R2 when D1 fails after the upload", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const objectsBefore = (await env.DOCUMENTS.list({ prefix: "refund-requests/" })).objects.length;
    await env.DB.exec("ALTER TABLE form_submissions RENAME TO form_submissions_away");
    try {
      const res = await post("/api/forms/refund-request", refundForm(new File([PDF_BYTES], "a.pdf")), null);
      expect(res.status).toBe(503);
    } finally {
      await env.DB.exec("ALTER TABLE form_submissions_away RENAME TO form_submissions");
    }
    expect(logged).toHaveBeenCalled();
    expect((await env.DOCUMENTS.list({ prefix: "refund-requests/" })).objects.length).toBe(objectsBefore);
  });
});

describe("POST /api/newsletter", () => {
  it("subscribes once; the same address again is 'already subscribed' and creates nothing", async () => {
    const email = `fan-${crypto.randomUUID()}@example.com`;
    const first = await postJson("/api/newsletter", { email, consent: true }, { headers: { "Accept-Language": "en" } });
    expect(first.status).toBe(201);
    expect((await first.json<{ message: string }>()).message).toBe("You are now subscribed to our newsletter");
    const before = await countRows("newsletter_subscriptions");
    const again = await postJson(
      "/api/newsletter",
      { email: email.toUpperCase(), consent: true },
      { headers: { "Accept-Language": "en" } },
    );
    expect(again.status).toBe(409);
    expect((await again.json<ErrorBody>()).error).toEqual({
      code: "already_subscribed",
      message: "This email address is already subscribed",
    });
    expect(await countRows("newsletter_subscriptions")).toBe(before);
  });

  it("answers a repeat with the same key 'already subscribed' too, and keeps one subscription", async () => {
    const body = {
      email: `retry-${crypto.randomUUID()}@example.com`,
      consent: "on",
      idempotencyKey: crypto.randomUUID(),
    };
    expect((await postJson("/api/newsletter", body)).status).toBe(201);
    const again = await postJson("/api/newsletter", body);
    expect(again.status).toBe(409);
    expect((await again.json<ErrorBody>()).error.code).toBe("already_subscribed");
    const row = await env.DB.prepare("SELECT count(*) AS n FROM newsletter_subscriptions WHERE email = ?")
      .bind(body.email)
      .first<{ n: number }>();
    expect(row?.n).toBe(1);
  });

  it("subscribes another address sent with a key already used, instead of calling it subscribed", async () => {
    const idempotencyKey = crypto.randomUUID();
    const first = { email: `first-${crypto.randomUUID()}@example.com`, consent: "on", idempotencyKey };
    const second = { email: `second-${crypto.randomUUID()}@example.com`, consent: "on", idempotencyKey };
    expect((await postJson("/api/newsletter", first)).status).toBe(201);
    expect((await postJson("/api/newsletter", second)).status).toBe(201);
    const row = await env.DB.prepare("SELECT count(*) AS n FROM newsletter_subscriptions WHERE email = ?")
      .bind(second.email)
      .first<{ n: number }>();
    expect(row?.n).toBe(1);
  });

  it("says 'Subscription could not be completed' when D1 fails", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await env.DB.exec("ALTER TABLE newsletter_subscriptions RENAME TO newsletter_away");
    try {
      const res = await postJson(
        "/api/newsletter",
        { email: "x@example.com", consent: true },
        {
          headers: { "Accept-Language": "en" },
        },
      );
      expect(res.status).toBe(503);
      expect((await res.json<ErrorBody>()).error.message).toBe("Subscription could not be completed");
    } finally {
      await env.DB.exec("ALTER TABLE newsletter_away RENAME TO newsletter_subscriptions");
    }
    expect(logged).toHaveBeenCalled();
  });
});
