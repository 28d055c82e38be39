import type { Config } from "@react-router/dev/config";

/** The bare starter: the baseline `npm run bench` and `npm run size` compare the site with. */
export default { ssr: true, appDirectory: "app", buildDirectory: "build" } satisfies Config;
