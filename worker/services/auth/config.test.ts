import { describe, expect, it } from "vitest";
import { AuthConfigError, authConfigFromEnv } from "./config";

const base = {
  FIREBASE_PROJECT_ID: "demo-arena",
  GOOGLE_KEYS_URL: "https://keys.example/jwks",
  APP_ENV: "development",
};

describe("authConfigFromEnv", () => {
  it("derives the issuer from the project id", () => {
    expect(authConfigFromEnv(base)).toEqual({
      projectId: "demo-arena",
      issuer: "https://securetoken.google.com/demo-arena",
      keysUrl: "https://keys.example/jwks",
      keysTimeoutMs: 3000,
      emulator: false,
    });
  });

  it("turns emulator mode on only when the emulator variable is set", () => {
    expect(authConfigFromEnv({ ...base, FIREBASE_AUTH_EMULATOR_HOST: "" }).emulator).toBe(false);
    expect(authConfigFromEnv({ ...base, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }).emulator).toBe(true);
  });

  it("refuses a production configuration that sets the emulator variable", () => {
    expect(() =>
      authConfigFromEnv({ ...base, APP_ENV: "production", FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }),
    ).toThrow(AuthConfigError);
    expect(authConfigFromEnv({ ...base, APP_ENV: "production", FIREBASE_AUTH_EMULATOR_HOST: "" }).emulator).toBe(false);
  });

  it("refuses a missing project id or a key URL that is not a URL", () => {
    expect(() => authConfigFromEnv({ ...base, FIREBASE_PROJECT_ID: undefined })).toThrow(AuthConfigError);
    expect(() => authConfigFromEnv({ ...base, GOOGLE_KEYS_URL: "keys" })).toThrow(AuthConfigError);
    expect(() => authConfigFromEnv({ ...base, GOOGLE_KEYS_TIMEOUT_MS: "soon" })).toThrow(AuthConfigError);
    expect(authConfigFromEnv({ ...base, GOOGLE_KEYS_TIMEOUT_MS: "50" }).keysTimeoutMs).toBe(50);
  });
});
