import { createContext, useContext } from "react";

/**
 * The CSP nonce of the current response. Only the server knows it; in the browser it is
 * empty, which is fine because scripts added after hydration are trusted by 'strict-dynamic'.
 */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
