import { afterEach, describe, expect, it, vi } from "vitest";
import { readBrowserCookie } from "./browser-cookies";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("readBrowserCookie", () => {
  it("asks the Cookie Store API, and never reads document.cookie when it exists", async () => {
    const jar: Record<string, string> = { signed_in: "1", session_expires: "1790000000" };
    const get = vi.fn(async (name: string) => (name in jar ? { name, value: jar[name] } : null));
    vi.stubGlobal("cookieStore", { get });
    vi.stubGlobal("document", {
      get cookie(): string {
        throw new Error("document.cookie must not be read when the Cookie Store API exists");
      },
    });

    expect(await readBrowserCookie("signed_in")).toBe("1");
    expect(await readBrowserCookie("session_expires")).toBe("1790000000");
    expect(await readBrowserCookie("missing")).toBeNull();
    expect(get.mock.calls.map(([name]) => name)).toEqual(["signed_in", "session_expires", "missing"]);
  });

  it("treats a Cookie Store that refuses (an opaque origin) as having no such cookie", async () => {
    vi.stubGlobal("cookieStore", { get: async () => Promise.reject(new DOMException("denied", "SecurityError")) });
    expect(await readBrowserCookie("signed_in")).toBeNull();
  });

  it("falls back to document.cookie, matching whole names and keeping '=' inside values", async () => {
    expect("cookieStore" in globalThis).toBe(false);
    vi.stubGlobal("document", { cookie: "signed_in_elsewhere=2; token=a=b=; signed_in=1; lang=en" });
    expect(await readBrowserCookie("signed_in")).toBe("1");
    expect(await readBrowserCookie("token")).toBe("a=b=");
    expect(await readBrowserCookie("session_expires")).toBeNull();
  });

  it("finds nothing in an empty document.cookie", async () => {
    vi.stubGlobal("document", { cookie: "" });
    expect(await readBrowserCookie("signed_in")).toBeNull();
  });
});
