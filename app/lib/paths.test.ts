import { describe, expect, it } from "vitest";
import { canonicalPath, rulePath } from "./paths";

describe("canonicalPath: the one address of a path", () => {
  it.each([
    ["/es/%64ashboard/", "/es/dashboard/"],
    ["/en/regist%65r/", "/en/register/"],
    ["/EN/About/", "/en/about/"],
    ["/es//dashboard///settings/", "/es/dashboard/settings/"],
    ["/es/./dashboard/../login/", "/es/login/"],
    ["/es/%2E%2E/en/about/", "/en/about/"],
    ["/es/%7e%5f%2d/", "/es/~_-/"],
    ["/ES/D%61SHBOARD", "/es/dashboard"],
    ["/../../es/", "/es/"],
    ["/", "/"],
  ])("%s → %s", (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical);
  });

  it("keeps escapes of reserved and non-ASCII characters, in upper-case hex", () => {
    expect(canonicalPath("/es/%C3%B1/")).toBe("/es/%C3%B1/");
    expect(canonicalPath("/es/%c3%b1/")).toBe("/es/%C3%B1/");
    expect(canonicalPath("/%5Cevil.example/")).toBe("/%5Cevil.example/");
    expect(canonicalPath("/es/a%2Fb/")).toBe("/es/a%2Fb/");
  });

  it("never starts with two separators, whatever the input", () => {
    for (const path of ["//evil.example/", "/\\evil.example/", "/./\\/evil/", "/%2e%2e//evil/"])
      expect(canonicalPath(path)).toMatch(/^\/(?![/\\])/);
  });

  it("is stable: the canonical form of a canonical path is itself", () => {
    for (const path of ["/es/%64ashboard/", "/EN/About/", "/es/%c3%b1/", "/es/./a/../b"])
      expect(canonicalPath(canonicalPath(path))).toBe(canonicalPath(path));
  });
});

describe("rulePath: the path every rule decides on", () => {
  it("decodes every escape as the router does, keeping an encoded slash inside its segment and a malformed escape as written", () => {
    expect(rulePath("/ES//D%61shboard/")).toBe("/es/dashboard/");
    expect(rulePath("/es/%C3%91/")).toBe("/es/ñ/");
    expect(rulePath("/es/dashboard%2Fevents/")).toBe("/es/dashboard%2fevents/");
    expect(rulePath("/es/%E0%A4%A/")).toBe("/es/%E0%A4%a/");
  });
});
