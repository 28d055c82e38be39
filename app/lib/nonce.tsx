import { createContext, useContext } from "react";

/**
 * The CSP nonce of the current response. Only the server knows it; in the browser it is
 * empty, which is fine because scripts added after hydration are trusted by 'strict-dynamic'.
 */
/** Provided by entry.server.tsx (a React 19 context is its own provider). */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
