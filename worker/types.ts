import type { Lang } from "#app/lib/languages.ts";

/** Hono's typing for this Worker: the bindings and the per-request variables. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    nonce: string;
    requestId: string;
    lang: Lang;
  };
}
