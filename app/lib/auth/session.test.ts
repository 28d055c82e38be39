import { describe, expect, it } from "vitest";
import { request } from "#tests/harness.ts";
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

  it.each([
    "/.//evil.example",
    "/./\\evil.example",
    "/es/..//evil.example",
    "/es/../..//evil.example/",
    "/es/%2e%2e//evil.example",
    "/%2e%2e//evil.example",
    "/%2E%2E/%2F/evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "/%5Cevil.example",
    "/%2Fevil.example",
    "/%2f%2fevil.example",
    "/es/%2F%2Fevil.example",
    "/es/%5c%5cevil.example",
    "/es//evil.example",
    "/\tevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n//evil.example",
    "/es/\t",
    "/evil.example",
    "/about/",
    "/es",
    "/es/../api/me",
    "/ES/dashboard/",
  ])("normalises %j like a URL parser, then refuses it", (hostile) => {
    expect(safeReturnPath(hostile, "en")).toBe("/en/dashboard/");
  });

  it.each([
    ["/es/./dashboard/", "/es/dashboard/"],
    ["/es/x/../dashboard/events/?tab=past", "/es/dashboard/events/?tab=past"],
    ["/val/%2e/dashboard/", "/val/dashboard/"],
    ["/en/events/?next=//evil.example", "/en/events/?next=//evil.example"],
  ])("keeps %j as the path a browser would open, %j", (value, expected) => {
    expect(safeReturnPath(value, "en")).toBe(expected);
  });

  it("normalises the guards' wanted page too", () => {
    expect(loginRedirectPath("en", "/.//evil.example")).toBe("/en/login/?returnTo=%2Fen%2Fdashboard%2F");
  });

  it("is what the login redirect carries", () => {
    expect(loginRedirectPath("es", "/es/dashboard/?a=1&b=2")).toBe(
      "/es/login/?returnTo=%2Fes%2Fdashboard%2F%3Fa%3D1%26b%3D2",
    );
  });
});

describe("the real Worker guards the dashboard", () => {
  it("sends an anonymous visitor to login without rendering anything", async () => {
    const res = await request(new Request("http://arena.test/en/dashboard/settings/", { redirect: "manual" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/en/login/?returnTo=%2Fen%2Fdashboard%2Fsettings%2F");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("answers the member API with a translated 401 without a session", async () => {
    const res = await request(new Request("http://arena.test/api/me", { headers: { "Accept-Language": "ca" } }));
    expect(res.status).toBe(401);
    const body = await res.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe("unauthenticated");
    expect(body.error.message).toBe("Inicia la sessió per a continuar");
  });
});
