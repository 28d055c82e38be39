import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, vi } from "vitest";
import { provideBlokComponents } from "#bloks/components.ts";
import { blokRegistry } from "#bloks/registry.server.ts";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    }
  }
}

// As the Worker's entry does (app/entry.server.tsx): the server renders every block synchronously.
provideBlokComponents(blokRegistry);

beforeAll(async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
});

// A test that logs an unexpected error fails: errors must be asserted, not ignored.
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const logged = errors.splice(0);
  vi.restoreAllMocks();
  if (logged.length > 0)
    throw new Error(`Unexpected console.error: ${logged.map((a) => a.map(String).join(" ")).join("\n")}`);
});
