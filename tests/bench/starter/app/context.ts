import { createContext } from "react-router";

/** The Worker's bindings, handed to loaders through React Router's context (React Router 8). */
export interface StarterEnv {
  KV: KVNamespace;
  DB: D1Database;
}

export const starterEnv = createContext<StarterEnv>();
