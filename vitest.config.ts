import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";

// Unit and integration tests run inside workerd against the real Worker (React Router included)
// with local D1, KV and R2; outbound fetches that a test did not mock fail.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        // The edge page cache would answer repeated requests from the Cache API; its own tests turn it on.
        miniflare: { bindings: { TEST_MIGRATIONS: migrations, PAGE_CACHE: "off" } },
      }),
      reactRouter(),
    ],

    test: {
      include: ["{app,worker,bloks,tests}/**/*.test.{ts,tsx}"],
      exclude: ["tests/e2e/**", "node_modules/**"],
      setupFiles: ["./tests/setup/workerd.ts"],
      // Tests check results, not speed (speed is measured by the bench scripts). On a busy 2-core
      // CI machine the brute-force comparisons (every event-list filter against a plain scan)
      // took 5.8 s, past vitest's 5 s default, and failed a run whose results were all right.
      testTimeout: 30_000,
      // The stylesheet's file list, which app/lib/page-styles.test.ts compares with the server's.
      css: { include: [/\/app\/app\.css/] },
    },
  };
});
