import { describe, expect, it } from "vitest";
import {
  all,
  attributesOf,
  canonicalOf,
  definitionsOf,
  isBlank,
  one,
  ownTextOf,
  parseHtml,
  shown,
  textOf,
} from "#tests/html.ts";

describe("parseHtml", () => {
  it("queries a whole page: head, attributes, nesting and text", () => {
    const document = parseHtml(
      '<!DOCTYPE html><html lang="en"><head><title>Arena</title><link rel="canonical" href="/en/"></head>' +
        '<body><main><h1 class="title big">Hello <em>there</em></h1><a href="/es/">ES</a><a href="/val/">VAL</a></main></body></html>',
    );
    expect(document.documentElement.getAttribute("lang")).toBe("en");
    expect(one(document, 'link[rel="canonical"]').getAttribute("href")).toBe("/en/");
    expect(textOf(one(document, "main h1.title"))).toBe("Hello there");
    expect(all(document, "main a").map((a) => a.getAttribute("href"))).toEqual(["/es/", "/val/"]);
    expect(one(document, "em").closest("h1")?.classList.contains("big")).toBe(true);
  });

  it("parses a component's fragment into the body, and says which selector found nothing", () => {
    const document = parseHtml('<figure><img src="/a.jpg" alt="A"><figcaption> A  picture </figcaption></figure>');
    expect(one(document, "body > figure img").getAttribute("alt")).toBe("A");
    expect(textOf(document.querySelector("figcaption"))).toBe("A picture");
    expect(() => one(document, "video")).toThrow("no element matches video");
  });

  it("reads an element's own text, the canonical link, and the page a browser with scripts shows", () => {
    const document = parseHtml(
      '<!doctype html><html><head><link rel="canonical" href="/en/"></head><body>' +
        '<p> Nothing here <br><a href="/">See all</a></p><img src="a.jpg"><noscript><img src="a.jpg"></noscript></body></html>',
    );
    expect(ownTextOf(one(document, "p"))).toBe("Nothing here");
    expect(canonicalOf(document)).toBe("/en/");
    expect(all(document, "img")).toHaveLength(2);
    expect(all(shown(document), "img")).toHaveLength(1);
  });

  it("pairs description terms with their descriptions, reads attributes at once, and tells blank markup", () => {
    const document = parseHtml(
      '<dl><dt>Opening hours</dt><dd><dl><dt>Monday</dt><dd>13:00</dd></dl></dd><dt>Alone</dt></dl><img src="a.jpg" alt="">',
    );
    expect(definitionsOf(document)).toEqual([
      ["Opening hours", "Monday13:00"],
      ["Monday", "13:00"],
      ["Alone", ""],
    ]);
    expect(attributesOf(one(document, "img"))).toEqual({ src: "a.jpg", alt: "" });
    expect(isBlank(parseHtml("<!--$--><!--/$-->").body)).toBe(true);
    expect(isBlank(document.body)).toBe(false);
  });
});
