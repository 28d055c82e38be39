import { describe, expect, it } from "vitest";
import { opensHere, pageOf } from "./link-navigation";

const ORIGIN = "https://arena.example";
const plainClick = {
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
};
function anchor({ target = "", origin = ORIGIN, download = false } = {}) {
  return { target, origin, hasAttribute: (name: string) => name === "download" && download };
}

describe("app links: which clicks navigate in the app", () => {
  it("takes a plain primary click on a link of this origin", () => {
    expect(opensHere(plainClick, anchor(), ORIGIN)).toBe(true);
    expect(opensHere(plainClick, anchor({ target: "_self" }), ORIGIN)).toBe(true);
  });

  it("leaves every click the browser opens elsewhere to the browser", () => {
    for (const key of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const) {
      expect(opensHere({ ...plainClick, [key]: true }, anchor(), ORIGIN), key).toBe(false);
    }
    expect(opensHere({ ...plainClick, button: 1 }, anchor(), ORIGIN)).toBe(false);
    expect(opensHere(plainClick, anchor({ target: "_blank" }), ORIGIN)).toBe(false);
    expect(opensHere(plainClick, anchor({ download: true }), ORIGIN)).toBe(false);
    expect(opensHere(plainClick, anchor({ origin: "https://tickets.example" }), ORIGIN)).toBe(false);
  });

  it("respects a handler that already took the click", () => {
    expect(opensHere({ ...plainClick, defaultPrevented: true }, anchor(), ORIGIN)).toBe(false);
  });

  it("preloads and marks a page by its path and query, whatever the fragment", () => {
    expect(pageOf("/en/about/#tickets")).toBe("/en/about/");
    expect(pageOf("/en/events/?category=concerts")).toBe("/en/events/?category=concerts");
  });
});
