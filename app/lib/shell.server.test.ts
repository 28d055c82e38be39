import { describe, expect, it } from "vitest";
import type { SessionUser } from "./auth/session";
import { headerAccount } from "./shell.server";

const user: SessionUser = {
  uid: "demo-member",
  email: "demo@arena.test",
  emailVerified: true,
  authTime: 0,
  expiresAt: 0,
};

describe("the header's account entry", () => {
  it("shows the initial of the member's name, not of their email", () => {
    expect(headerAccount({ status: "active", user }, "Lucía")).toEqual({ signedIn: true, initial: "L" });
    expect(headerAccount({ status: "active", user }, "  élia")).toEqual({ signedIn: true, initial: "É" });
  });

  it("falls back to the email's initial while the member has given no name", () => {
    expect(headerAccount({ status: "active", user }, "")).toEqual({ signedIn: true, initial: "D" });
    expect(headerAccount({ status: "active", user }, null)).toEqual({ signedIn: true, initial: "D" });
  });

  it("has no initial while the session is being refreshed, and signs in without one", () => {
    expect(headerAccount({ status: "refresh" }, null)).toEqual({ signedIn: true, initial: null });
    expect(headerAccount({ status: "none" }, "Lucía")).toEqual({ signedIn: false, initial: null });
  });
});
