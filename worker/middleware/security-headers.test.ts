import { describe, expect, it } from "vitest";
import { EMBED_ORIGINS } from "#bloks/shared/embed-allowlist.ts";
import { contentSecurityPolicy } from "./security-headers";

describe("Content-Security-Policy frame-src", () => {
  it("allows exactly the iframe_embed block's origins", () => {
    const frameSrc = contentSecurityPolicy("n", [], [])
      .split("; ")
      .find((directive) => directive.startsWith("frame-src"));
    expect(frameSrc).toBe(`frame-src 'self' ${EMBED_ORIGINS.join(" ")}`);
  });
});
