import { describe, expect, it } from "vitest";
import { documentPath } from "./member-loader.server";

describe("documentPath", () => {
  it("turns React Router data requests back into the page they are for", () => {
    expect(documentPath("http://arena.test/en/dashboard/_.data?_routes=layout%2Cdashboard")).toBe("/en/dashboard/");
    expect(documentPath("http://arena.test/en/dashboard/events.data?tab=past&_routes=x")).toBe(
      "/en/dashboard/events/?tab=past",
    );
    expect(documentPath("http://arena.test/en/dashboard/settings/?a=1")).toBe("/en/dashboard/settings/?a=1");
  });
});
