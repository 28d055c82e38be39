import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // scripts/deploy-check.mjs builds production into a directory of its own, so `build/` (what
  // `npm start` and the end-to-end tests serve) keeps the local build.
  buildDirectory: process.env.ARENA_BUILD_DIR || "build",
} satisfies Config;
