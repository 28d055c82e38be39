import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "#app/lib/catalogues.server.ts";
import { createTranslator } from "#app/lib/i18n.ts";
import { fieldErrors, PasswordChangeSchema, RegisterSchema, translateFieldError } from "./auth-schemas";

const t = createTranslator("en", CATALOGUES.en);

function errorsOf(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const errors = fieldErrors(result.issues);
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [field, translateFieldError(t, field, error)]),
  );
}

describe("registration rules (SPEC section 5)", () => {
  const valid = {
    name: "Al",
    surname: "Ri",
    email: "al@example.com",
    password: "secret",
    passwordConfirmation: "secret",
  };

  it("accepts the limits", () => {
    expect(errorsOf(RegisterSchema, valid)).toEqual({});
    expect(
      errorsOf(RegisterSchema, { ...valid, password: "x".repeat(72), passwordConfirmation: "x".repeat(72) }),
    ).toEqual({});
  });

  it("says what is wrong with each field", () => {
    expect(
      errorsOf(RegisterSchema, {
        name: "A",
        surname: "",
        email: "nope",
        password: "12345",
        passwordConfirmation: "12345",
      }),
    ).toEqual({
      name: "Name must be at least 2 characters.",
      surname: "Surname is required.",
      email: "Please enter a valid email address.",
      password: "Password must be at least 6 characters.",
    });
    expect(
      errorsOf(RegisterSchema, { ...valid, password: "x".repeat(73), passwordConfirmation: "x".repeat(73) }),
    ).toEqual({
      password: "Password must be at most 72 characters.",
    });
  });

  it("reports a confirmation that does not match", () => {
    expect(errorsOf(RegisterSchema, { ...valid, passwordConfirmation: "other!" })).toEqual({
      passwordConfirmation: "Passwords do not match.",
    });
  });
});

describe("password change", () => {
  it("requires the current password", () => {
    expect(
      errorsOf(PasswordChangeSchema, { currentPassword: "", password: "newpass", passwordConfirmation: "newpass" }),
    ).toEqual({
      currentPassword: "Current password is required.",
    });
  });
});
