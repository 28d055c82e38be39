import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loginRedirectPath, safeReturnPath } from "./session";

describe("safeReturnPath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeReturnPath("/en/dashboard/events/?tab=past#t1", "en")).toBe("/en/dashboard/events/?tab=past#t1");
  });

  it("falls back to the dashboard for anything that could leave the site", () => {
    for (const hostile of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example/",
      "\\\\evil.example",
      "javascript:alert(1)",
      "/es/\u0000x",
      "es/dashboard/",
      "",
      null,
      undefined,
      `/${"a".repeat(3000)}`,
    ])
      expect(safeReturnPath(hostile, "val")).toBe("/val/dashboard/");
  });

  it("is what the login redirect carries", () => {
    expect(loginRedirectPath("es", "/es/dashboard/?a=1&b=2")).toBe(
      "/es/login/?returnTo=%2Fes%2Fdashboard%2F%3Fa%3D1%26b%3D2",
    );
  });
});

describe("the real Worker guards the dashboard", () => {
  it("sends an anonymous visitor to login without rendering anything", async () => {
    const res = await exports.default.fetch(
      new Request("http://arena.test/en/dashboard/settings/", { redirect: "manual" }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/en/login/?returnTo=%2Fen%2Fdashboard%2Fsettings%2F");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("answers the member API with a translated 401 without a session", async () => {
    const res = await exports.default.fetch(
      new Request("http://arena.test/api/me", { headers: { "Accept-Language": "ca" } }),
    );
    expect(res.status).toBe(401);
    const body = await res.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe("unauthenticated");
    expect(body.error.message).toBe("Inicia la sessió per a continuar");
  });
});
