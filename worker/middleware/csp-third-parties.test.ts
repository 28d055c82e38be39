import { describe, expect, it } from "vitest";
import { EMBED_ORIGINS } from "#bloks/shared/embed-allowlist.ts";
import { thirdPartiesFromEnv, thirdPartyOrigins, type ThirdPartyEnv } from "#app/lib/consent/third-parties.server.ts";
import { memberTestApp } from "#tests/mocks/google-keys/app.ts";
import { contentSecurityPolicy } from "./security-headers";

/** The CSP's directives by name, each with its sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split("; ").map((part) => {
      const [name = "", ...sources] = part.split(" ");
      return [name, sources];
    }),
  );
}
const cspFor = (env: ThirdPartyEnv) => directives(contentSecurityPolicy("n", [], [], thirdPartyOrigins(env)));

const CHAT = { CHAT_PROVIDER: "crisp", CHAT_ID: "0b7d3f7e-1c0a-4d3e-9a51-3c2f0e7a1b2c" };
const ACCESSIBILITY = { ACCESSIBILITY_PROVIDER: "userway", ACCESSIBILITY_ID: "AbC123" };
const GOOGLE = { GOOGLE_TAG_ID: "G-ABC123XYZ" };
const META = { META_PIXEL_ID: "123456789012345" };

describe("Content-Security-Policy per third-party configuration", () => {
  it("adds nothing when nothing is configured: the same policy as without the feature", () => {
    expect(contentSecurityPolicy("n", [], [], thirdPartyOrigins({}))).toBe(contentSecurityPolicy("n", [], []));
    expect(thirdPartiesFromEnv({})).toEqual({});
    const csp = cspFor({});
    expect(csp["script-src"]).toEqual(["'nonce-n'", "'strict-dynamic'", "'self'"]);
    expect(csp["connect-src"]).toEqual([
      "'self'",
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
    ]);
  });

  it("lists exactly the origins of each configured provider, and only where it needs them", () => {
    const google = cspFor(GOOGLE);
    expect(google["script-src"]).toContain("https://www.googletagmanager.com");
    expect(google["connect-src"]).toContain("https://*.google-analytics.com");
    expect(google["img-src"]).toContain("https://*.google-analytics.com");
    expect(Object.values(google).flat().join(" ")).not.toMatch(/facebook|crisp|userway/);

    const meta = cspFor(META);
    expect(meta["script-src"]).toContain("https://connect.facebook.net");
    expect(meta["img-src"]).toContain("https://www.facebook.com");
    expect(Object.values(meta).flat().join(" ")).not.toMatch(/google-analytics|googletagmanager|crisp|userway/);

    const chat = cspFor(CHAT);
    expect(chat["script-src"]).toContain("https://client.crisp.chat");
    expect(chat["connect-src"]).toContain("wss://client.relay.crisp.chat");
    expect(chat["style-src"]).toContain("https://client.crisp.chat");
    expect(Object.values(chat).flat().join(" ")).not.toMatch(/google-analytics|facebook|userway/);

    const all = cspFor({ ...CHAT, ...ACCESSIBILITY, ...GOOGLE, ...META });
    for (const origin of [
      "https://client.crisp.chat",
      "https://cdn.userway.org",
      "https://www.googletagmanager.com",
      "https://connect.facebook.net",
    ])
      expect(all["script-src"]).toContain(origin);
    // Each origin once per directive.
    for (const sources of Object.values(all)) expect(new Set(sources).size).toBe(sources.length);
  });

  it("replaces a provider's origins with its script override's origin (a proxy or the test stand-in)", () => {
    const env = { ...GOOGLE, GOOGLE_TAG_SCRIPT_URL: "http://127.0.0.1:8816/gtag/js" };
    const csp = cspFor(env);
    expect(csp["script-src"]).toContain("http://127.0.0.1:8816");
    expect(csp["connect-src"]).toContain("http://127.0.0.1:8816");
    const base = cspFor({});
    for (const [name, sources] of Object.entries(csp))
      expect(
        sources.filter((source) => !base[name]?.includes(source)),
        name,
      ).toEqual(["script-src", "connect-src", "img-src"].includes(name) ? ["http://127.0.0.1:8816"] : []);
    expect(thirdPartiesFromEnv(env).googleTag).toEqual({
      provider: "google-tag",
      id: "G-ABC123XYZ",
      src: "http://127.0.0.1:8816/gtag/js",
      cookies: "^(_ga|_gid|_gat|_gcl_)",
    });
  });

  it("keeps a misconfigured provider off: unknown provider, unsafe id, plain-http script elsewhere", () => {
    for (const env of [
      { CHAT_PROVIDER: "acme-chat", CHAT_ID: "x" },
      { GOOGLE_TAG_ID: "G-1');alert(1)//" },
      { ...META, META_PIXEL_SCRIPT_URL: "http://evil.example/fbevents.js" },
      { ...META, META_PIXEL_SCRIPT_URL: "javascript:alert(1)" },
    ]) {
      expect(thirdPartiesFromEnv(env)).toEqual({});
      expect(cspFor(env)).toEqual(cspFor({}));
    }
  });

  it("reaches the page responses of the Worker", async () => {
    const plain = await memberTestApp().fetch("/es/");
    expect(plain.headers.get("Content-Security-Policy")).not.toMatch(/googletagmanager|facebook/);
    const configured = await memberTestApp({ ...GOOGLE, ...META }).fetch("/es/");
    const csp = directives(configured.headers.get("Content-Security-Policy") ?? "");
    expect(csp["script-src"]).toEqual(
      expect.arrayContaining(["https://www.googletagmanager.com", "https://connect.facebook.net"]),
    );
  });

  it("names only what the configuration uses: no wildcard host but the published collection hosts", () => {
    const wildcards = (env: ThirdPartyEnv) =>
      Object.values(cspFor(env))
        .flat()
        .filter((source) => source.includes("*"));
    // Google assigns Analytics' collection hosts by region and publishes no list of them
    // (docs/decisions/009-google-tag-csp-wildcards.md); nothing else is a wildcard.
    const collection = ["https://*.google-analytics.com", "https://*.analytics.google.com"];
    for (const env of [CHAT, ACCESSIBILITY, META, { GOOGLE_TAG_ID: "AW-123456789" }])
      expect(wildcards(env)).toEqual([]);
    expect(new Set(wildcards(GOOGLE))).toEqual(new Set(collection));
    // Analytics alone loads nothing from Google Ads' or Google Search's hosts.
    const base = Object.values(cspFor({})).flat();
    const analytics = Object.values(cspFor(GOOGLE))
      .flat()
      .filter((source) => !base.includes(source))
      .join(" ");
    expect(analytics).not.toMatch(/www\.google\.com|googleadservices|doubleclick/);
    expect(cspFor({ GOOGLE_TAG_ID: "AW-123456789" })["script-src"]).toContain("https://www.googleadservices.com");
  });

  it("names no other site on a member page, where nothing of another site may load: no provider, no embed", async () => {
    const app = memberTestApp({ ...CHAT, ...ACCESSIBILITY, ...GOOGLE, ...META });
    // The site's own services: its CMS images and its sign-in service (Firebase Auth).
    const own = [
      "https://a.storyblok.com",
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
    ];
    const hostsOf = (csp: Record<string, string[]>) =>
      Object.values(csp)
        .flat()
        .filter((source) => /^[a-z]+:\/\//.test(source) && !own.includes(source));
    for (const path of ["/es/login/", "/en/register/", "/val/password-reset/"]) {
      const csp = directives((await app.fetch(path)).headers.get("Content-Security-Policy") ?? "");
      expect(hostsOf(csp), path).toEqual([]);
      expect(csp["frame-src"], path).toEqual(["'self'"]);
    }
    // A public page of the same Worker keeps the embeds' players and maps and the providers.
    const home = directives((await app.fetch("/es/")).headers.get("Content-Security-Policy") ?? "");
    expect(home["frame-src"]).toEqual(expect.arrayContaining([...EMBED_ORIGINS]));
    expect(home["script-src"]).toContain("https://connect.facebook.net");
  });
});
