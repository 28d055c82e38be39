import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { request as send } from "#tests/harness.ts";
import { all, one, ownTextOf, parseHtml, textOf } from "#tests/html.ts";
import { countRows, freshClient, ORIGIN, PDF_BYTES, refundForm, submissionsByKey, validContact } from "#tests/forms.ts";

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/** A JavaScript-off browser post: a real form encoding, the page's own Origin. */
function postPage(path: string, body: FormData | URLSearchParams, headers: Record<string, string> = {}) {
  return send(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { "User-Agent": browser, Origin: ORIGIN, "CF-Connecting-IP": freshClient(), ...headers },
      body,
    }),
  );
}

/** The rendered `<input>` of a field of form `kind` (the footer has its own newsletter form). */
function inputOf(html: string, name: string, kind = "contact") {
  return one(parseHtml(html), `input[id^="form-${kind}-"][id$="-${name}"]`);
}

function contactBody(overrides: Record<string, string> = {}): URLSearchParams {
  const body = new URLSearchParams({
    name: validContact.name,
    surname: validContact.surname,
    email: validContact.email,
    phone: validContact.phone,
    subject: validContact.subject,
    message: validContact.message,
    privacyAcceptance: "on",
    communicationConsent: "on",
    website: "",
    idempotencyKey: crypto.randomUUID(),
  });
  for (const [name, value] of Object.entries(overrides)) body.set(name, value);
  return body;
}

describe("form blocks on content pages", () => {
  it("render each form with labelled fields in the page's language", async () => {
    const res = await send(new Request(`${ORIGIN}/en/contact/`, { headers: { "User-Agent": browser } }));
    expect(res.status).toBe(200);
    const html = await res.text();
    const form = one(parseHtml(html), 'form[action^="/en/contact/?form=contact#form-contact-"]');
    expect(form.getAttribute("method")).toBe("post");
    const name = one(form, 'label[for^="form-contact-"][for$="-name"]');
    expect(textOf(name)).toMatch(/^Name/);
    expect(textOf(form)).toContain("I have read and accept the privacy policy");
    for (const page of ["/es/hospitality/", "/val/ticket-service/", "/en/newsletter/"]) {
      const other = await send(new Request(`${ORIGIN}${page}`, { headers: { "User-Agent": browser } }));
      expect(other.status).toBe(200);
    }
  });

  it("preselects a box from ?box= on the hospitality form, shown by its name and sent as its code", async () => {
    const page = async (path: string) =>
      (await send(new Request(`${ORIGIN}${path}`, { headers: { "User-Agent": browser } }))).text();
    for (const [lang, name] of [
      ["es", "Palco de 20 plazas"],
      ["en", "20-seat box"],
      ["val", "Llotja de 20 places"],
    ]) {
      const html = await page(`/${lang}/hospitality/?box=box-20`);
      expect(one(parseHtml(html), 'option[value="boxes"]').hasAttribute("selected")).toBe(true);
      const shown = inputOf(html, "interestProduct", "hospitality");
      expect(shown.getAttribute("value")).toBe(name);
      expect(shown.hasAttribute("readonly")).toBe(true);
      expect(shown.hasAttribute("name")).toBe(false);
      const document = parseHtml(html);
      const sent = all(document, 'input[type="hidden"][name="interestProduct"]');
      expect(sent.map((input) => input.getAttribute("value"))).toEqual(["box-20"]);
      // The code is never what a visitor reads: no other element holds it as its value or its text.
      expect(all(document, '[value="box-20"]:not(input[type="hidden"])')).toEqual([]);
      expect(all(document, "body :not(script)").map(ownTextOf)).not.toContain("box-20");
    }
    // A box the block does not name is not taken as the product: the field stays free text.
    const unknown = await page("/es/hospitality/?box=palco-vip-12");
    expect(one(parseHtml(unknown), 'option[value="boxes"]').hasAttribute("selected")).toBe(true);
    const free = inputOf(unknown, "interestProduct", "hospitality");
    expect(free.getAttribute("name")).toBe("interestProduct");
    expect(free.getAttribute("value") ?? "").not.toContain("palco-vip-12");
  });
});

describe("the privacy policy a form accepts", () => {
  it.each([
    ["/en/contact/", "Read the privacy policy (opens in a new tab)"],
    ["/es/hospitality/", "Lee la política de privacidad (se abre en una pestaña nueva)"],
    ["/val/ticket-service/", "Llig la política de privacitat (s&#x27;obri en una pestanya nova)"],
    ["/en/newsletter/", "Read the privacy policy (opens in a new tab)"],
  ])("is linked beside the box on %s, and in the footer's newsletter form", async (path, text) => {
    const lang = path.split("/")[1];
    const html = await (await send(new Request(`${ORIGIN}${path}`, { headers: { "User-Agent": browser } }))).text();
    const link = `<a class="form-field__policy" href="/${lang}/privacy/" target="_blank" rel="noopener">${text}</a>`;
    // The page's form and the footer's newsletter form.
    expect(html.split(link)).toHaveLength(3);
  });

  it("is linked on the registration form, which stores personal details too", async () => {
    const html = await (
      await send(new Request(`${ORIGIN}/val/register/`, { headers: { "User-Agent": browser } }))
    ).text();
    const privacy = one(parseHtml(html), 'a[href="/val/privacy/"]');
    expect([privacy.getAttribute("target"), privacy.getAttribute("rel")]).toEqual(["_blank", "noopener"]);
  });
});

describe("the content page action (JavaScript off)", () => {
  it("takes a form only on a page that shows it: elsewhere 405, on a missing page 404, storing nothing", async () => {
    for (const [path, status] of [
      ["/es/events/?form=contact", 405],
      ["/en/newsletter/?form=hospitality", 405],
      ["/es/no-such-page/?form=contact", 404],
    ] as const) {
      const body = contactBody();
      const res = await postPage(path, body);
      expect(res.status, path).toBe(status);
      expect(textOf(one(parseHtml(await res.text()), "h1"))).not.toBe("");
      expect(await submissionsByKey(body.get("idempotencyKey") ?? "")).toEqual([]);
    }
  });

  it("takes the footer's newsletter form on any page", async () => {
    const email = `footer-${crypto.randomUUID()}@example.com`;
    const res = await postPage(
      "/val/events/?form=newsletter",
      new URLSearchParams({ email, consent: "on", website: "", idempotencyKey: crypto.randomUUID() }),
    );
    expect(res.status).toBe(200);
  });

  it("stores a valid contact form and shows the success message", async () => {
    const body = contactBody();
    const res = await postPage("/es/contact/?form=contact", body);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("¡Gracias! Tu mensaje se ha enviado");
    expect(await submissionsByKey(body.get("idempotencyKey") ?? "")).toHaveLength(1);
  });

  it("stores a message sent without the optional communication consent, with that choice", async () => {
    const body = contactBody();
    // An unticked box is not in a browser's post at all.
    body.delete("communicationConsent");
    const res = await postPage("/en/contact/?form=contact", body);
    expect(res.status).toBe(200);
    const [row] = await submissionsByKey(body.get("idempotencyKey") ?? "");
    expect(JSON.parse(row?.payload ?? "{}")).toMatchObject({ privacyAcceptance: true, communicationConsent: false });
  });

  it("re-renders with translated errors, the summary and everything typed, writing nothing", async () => {
    const before = await countRows("form_submissions");
    const res = await postPage(
      "/val/contact/?form=contact",
      contactBody({ name: "A", email: "ana@", subject: "Entrades <b>", privacyAcceptance: "" }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Hi ha errors en el formulari.");
    expect(html).toContain("Nom ha de tindre almenys 2 caràcters.");
    expect(html).toContain("Introduïx un correu electrònic vàlid.");
    expect(inputOf(html, "subject").getAttribute("value")).toBe("Entrades <b>");
    expect(inputOf(html, "email").getAttribute("value")).toBe("ana@");
    const name = inputOf(html, "name");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    const described = one(parseHtml(html), `#${name.getAttribute("aria-describedby")}`);
    expect(described.id).toMatch(/^form-contact-.+-name-error$/);
    expect(await countRows("form_submissions")).toBe(before);
  });

  it("says 'Error submitting the form' and keeps the input when storage fails", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const body = contactBody();
    await env.DB.exec("ALTER TABLE form_submissions RENAME TO form_submissions_away");
    let html = "";
    try {
      const res = await postPage("/en/contact/?form=contact", body);
      expect(res.status).toBe(503);
      html = await res.text();
    } finally {
      await env.DB.exec("ALTER TABLE form_submissions_away RENAME TO form_submissions");
    }
    expect(logged).toHaveBeenCalled();
    expect(html).toContain("Error submitting the form");
    expect(one(parseHtml(html), 'textarea[name="message"]').textContent).toBe("¿Hay plazas para sillas de ruedas?");
    // The same key comes back, so sending again is a retry of the same submission.
    expect(html).toContain(`value="${body.get("idempotencyKey")}"`);
  });

  it("stores a refund request with its document sent as multipart", async () => {
    const form = refundForm(new File([PDF_BYTES], "justificante.pdf", { type: "application/pdf" }));
    const key = crypto.randomUUID();
    form.set("idempotencyKey", key);
    const res = await postPage("/en/ticket-service/?form=refund-request", form);
    expect(res.status).toBe(200);
    const [row] = await submissionsByKey(key);
    expect(row?.kind).toBe("refund-request");
    expect(await env.DOCUMENTS.head(row?.document_key ?? "")).not.toBeNull();
  });

  it("answers the newsletter on its page, and 'already subscribed' the second time", async () => {
    const email = `nojs-${crypto.randomUUID()}@example.com`;
    const first = await postPage("/es/newsletter/?form=newsletter", new URLSearchParams({ email, consent: "on" }));
    expect(await first.text()).toContain("Te has suscrito a nuestro boletín");
    const second = await postPage("/es/newsletter/?form=newsletter", new URLSearchParams({ email, consent: "on" }));
    expect(second.status).toBe(409);
    const html = await second.text();
    expect(html).toContain("Este correo electrónico ya está suscrito");
    expect(html).toContain(`value="${email}"`);
  });

  it("says 'already subscribed' to a page kept from before, whose key already signed the address up", async () => {
    // A browser revalidating a page (304) keeps its copy, and with it the key it sent before.
    const email = `nojs-kept-${crypto.randomUUID()}@example.com`;
    const body = () => new URLSearchParams({ email, consent: "on", idempotencyKey: "kept-page-key" });
    const first = await postPage("/en/newsletter/?form=newsletter", body());
    expect(await first.text()).toContain("You are now subscribed to our newsletter");
    const again = await postPage("/en/newsletter/?form=newsletter", body());
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This email address is already subscribed");
  });

  it("takes the footer's newsletter form, posted from any page, to the answer on the newsletter page", async () => {
    const page = await send(new Request(`${ORIGIN}/en/events/`, { headers: { "User-Agent": browser } }));
    one(parseHtml(await page.text()), 'footer form[action="/en/newsletter/?form=newsletter#newsletter-answer"]');

    const res = await postPage(
      "/en/newsletter/?form=newsletter",
      new URLSearchParams({ email: "typed@", consent: "on" }),
    );
    expect(res.status).toBe(400);
    const document = parseHtml(await res.text());
    // The anchor is in the form that shows the answer and what was typed.
    expect(all(document, "#newsletter-answer")).toHaveLength(1);
    const answering = one(document, "main form:has(#newsletter-answer)");
    one(answering, 'input[value="typed@"]');
    expect(textOf(answering)).toContain("Please enter a valid email address.");
  });

  it("refuses a cross-site post and an unknown form", async () => {
    const before = await countRows("form_submissions");
    // The Worker's same-site rule answers a foreign Origin with the translated 403 page.
    const cross = await postPage("/en/contact/?form=contact", contactBody(), { Origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect(await cross.text()).toContain('class="error-page"');
    // Without an Origin, the browser's Sec-Fetch-Site still gives a cross-site post away.
    const request = new Request(`${ORIGIN}/en/contact/?form=contact`, {
      method: "POST",
      headers: { "User-Agent": browser, "Sec-Fetch-Site": "cross-site", "CF-Connecting-IP": freshClient() },
      body: contactBody(),
    });
    const fetchMetadata = await send(request);
    expect(fetchMetadata.status).toBe(403);
    expect(await fetchMetadata.text()).toContain("This request was not sent from our website");
    const unknown = await postPage("/en/contact/?form=nope", contactBody());
    expect(unknown.status).toBe(405);
    expect(await countRows("form_submissions")).toBe(before);
  });
});
