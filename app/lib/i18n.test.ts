import { describe, expect, it, vi } from "vitest";
import en from "#locales/en.json";
import es from "#locales/es.json";
import val from "#locales/val.json";
import { messagesFor, translatorFor } from "./catalogues.server";
import { createTranslator, mergeMessages, observeMessageLookups, type MessageKey, type MessageNamespace } from "./i18n";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const catalogues = { es: flatten(es), en: flatten(en), val: flatten(val) };

describe("locales", () => {
  it.each(["en", "val"] as const)("%s has exactly the keys of es", (lang) => {
    expect([...catalogues[lang].keys()].sort()).toEqual([...catalogues.es.keys()].sort());
  });

  it.each(["en", "val"] as const)("%s uses the same placeholders as es in every message", (lang) => {
    for (const [key, text] of catalogues.es) {
      expect({ key, placeholders: placeholders(catalogues[lang].get(key) ?? "") }).toEqual({
        key,
        placeholders: placeholders(text),
      });
    }
  });

  it("has no empty message", () => {
    for (const catalogue of Object.values(catalogues))
      for (const text of catalogue.values()) expect(text.trim()).not.toBe("");
  });

  it("translates with placeholders in each language", () => {
    expect(translatorFor("en")("ERROR.NOT_FOUND", { path: "/en/x/" })).toBe("Page not found: /en/x/");
    expect(translatorFor("es")("VALIDATION.REQUIRED", { field: "Nombre" })).toBe("Nombre es obligatorio.");
    expect(translatorFor("val")("ERROR.404.TITLE")).toBe("No s'ha trobat la pàgina");
  });

  it("holds the messages the specification names", () => {
    const t = translatorFor("en");
    expect(t("VALIDATION.DEFAULT")).toBe("This field is not valid.");
    expect(t("VALIDATION.FORM_INVALID")).toBe("Sorry, not all fields are filled out correctly.");
    expect(t("VALIDATION.FORM_ERRORS")).toBe("There were errors in your form.");
    expect(t("VALIDATION.PASSWORDS_MISMATCH")).toBe("Passwords do not match.");
    // One message for an unknown address or a wrong password (no account enumeration).
    expect(t("AUTH_ERROR.INVALID_CREDENTIAL")).toBe("The email or password is not correct");
    expect(t("FORM.SUBMIT_ERROR")).toBe("Error submitting the form");
    expect(t("FORM.NEWSLETTER_ERROR")).toBe("Subscription could not be completed");
    expect(t("FORM.GENERIC_ERROR")).toBe("An error occurred. Please try again later");
    expect(t("TICKET.EVENT_NOT_FOUND")).toBe("Event not found");
    expect(t("TICKET.NO_PURCHASE_LINK")).toBe("Event without purchase link");
    expect(t("ROUTER.UNKNOWN_MIDDLEWARE")).toBe("Unknown route middleware");
  });
});

describe("translator lookups with keys from outside", () => {
  it("answers a key naming a built-in object member with the key itself, never that member", () => {
    const t = translatorFor("en") as (key: string, params?: Record<string, string>) => unknown;
    for (const key of ["constructor", "toString", "__proto__", "valueOf", "FIELD.constructor", "FIELD.__proto__"])
      expect(t(key, { field: "x" })).toBe(key);
    expect(t("FIELD.name")).toBe("Name");
  });
});

describe("a page's translator over the messages it was sent", () => {
  it("fills placeholders, and a missing parameter leaves nothing", () => {
    const t = createTranslator("en", messagesFor("en", ["VALIDATION.REQUIRED", "SEO.TITLE"]));
    expect(t("VALIDATION.REQUIRED", { field: "Name" })).toBe("Name is required.");
    expect(t("SEO.TITLE", { title: "About" })).toBe("About | ");
  });

  it("renders a key it was not sent as nothing, never the raw key, and reports it once", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const t = createTranslator("val", messagesFor("val", ["NAV"]));
    expect(t("NAV.HOME")).toBe("Inici");
    expect(t("EVENTS.SOLD_OUT")).toBe("");
    expect(t("EVENTS.SOLD_OUT")).toBe("");
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toContain('"EVENTS.SOLD_OUT" (val) was not sent');
    expect(createTranslator("en", {})("ERROR.404.TITLE" as MessageKey)).toBe("");
    expect(createTranslator("en", { ERROR: "flat" })("ERROR.404.TITLE")).toBe("");
  });

  it("records every lookup for an observer, and whether the page had the message", () => {
    const seen: [string, boolean][] = [];
    const stop = observeMessageLookups((key, found) => seen.push([key, found]));
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const t = createTranslator("es", messagesFor("es", ["LANG"]));
    t("LANG.es");
    t("LOADING.LABEL");
    stop();
    t("LANG.en");
    expect(seen).toEqual([
      ["LANG.es", true],
      ["LOADING.LABEL", false],
    ]);
    expect(errors).toHaveBeenCalledTimes(1);
  });
});

describe("messagesFor: the part of a catalogue a page is sent", () => {
  it("keeps the catalogue's shape, whole groups and single messages", () => {
    expect(messagesFor("en", ["LANG", "NAV.HOME", "ERROR.404"])).toEqual({
      LANG: en.LANG,
      NAV: { HOME: "Home" },
      ERROR: { "404": en.ERROR["404"] },
    });
  });

  it("a group already holds the namespaces inside it, in any order", () => {
    expect(messagesFor("es", ["NAV.HOME", "NAV", "NAV.MENU"])).toEqual({ NAV: es.NAV });
  });

  it("builds each set once per language", () => {
    expect(messagesFor("val", ["FOOTER", "SITE.NAME"])).toBe(messagesFor("val", ["SITE.NAME", "FOOTER", "FOOTER"]));
    expect(messagesFor("val", ["FOOTER"])).not.toBe(messagesFor("en", ["FOOTER"]));
  });

  it("refuses a namespace the catalogue does not have", () => {
    expect(() => messagesFor("en", ["NAV.NOPE" as MessageNamespace])).toThrow('No message or group "NAV.NOPE"');
    expect(() => messagesFor("en", ["NOPE.X" as MessageNamespace])).toThrow('No message group "NOPE.X"');
  });

  it("merges the parts a page was sent without changing any of them", () => {
    const shell = messagesFor("en", ["NAV.HOME", "ERROR.404"]);
    const route = messagesFor("en", ["NAV.MENU", "ERROR.500"]);
    const merged = mergeMessages([shell, route]);
    expect(merged).toEqual({
      NAV: { HOME: "Home", MENU: en.NAV.MENU },
      ERROR: { "404": en.ERROR["404"], "500": en.ERROR["500"] },
    });
    expect(shell).toEqual({ NAV: { HOME: "Home" }, ERROR: { "404": en.ERROR["404"] } });
  });
});
