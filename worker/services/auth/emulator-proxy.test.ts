import { describe, expect, it } from "vitest";
import { memberTestApp } from "#tests/mocks/google-keys/app.ts";
import { stubOutboundFetch } from "#tests/mocks/google-keys/index.ts";

const SIGN_UP = "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key";

describe("authEmulatorProxy", () => {
  it("forwards the Firebase SDK's calls to the emulator in emulator mode, without the site's cookies", async () => {
    let forwarded: Request | null = null;
    const outbound = stubOutboundFetch({});
    const { vi } = await import("vitest");
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      forwarded = new Request(input, init);
      return Response.json({ idToken: "x" });
    });
    const app = memberTestApp({ FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" });
    const res = await app.fetch(SIGN_UP, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: "__session=secret" },
      body: JSON.stringify({ email: "a@b.c" }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ idToken: "x" });
    expect(forwarded!.url).toBe(`http://127.0.0.1:9099${SIGN_UP}`);
    expect(forwarded!.headers.get("Cookie")).toBeNull();
    expect(await forwarded!.json()).toEqual({ email: "a@b.c" });
    expect(outbound.unhandled).toEqual([]);
  });

  it("does nothing without emulator mode: no request leaves the Worker", async () => {
    const outbound = stubOutboundFetch({});
    const app = memberTestApp();
    await app.fetch(SIGN_UP, { method: "POST", body: "{}" });
    // It falls through to the ordinary page handling instead.
    expect(app.rendered).toHaveLength(1);
    expect(outbound.calls).toEqual([]);
  });

  it("does nothing in production even if the emulator variable were set", async () => {
    const outbound = stubOutboundFetch({});
    const { vi } = await import("vitest");
    vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await memberTestApp({ APP_ENV: "production", FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }).fetch(
      SIGN_UP,
      { method: "POST", body: "{}" },
    );
    expect(res.status).toBe(500);
    expect(outbound.calls).toEqual([]);
  });
});
