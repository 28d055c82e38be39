import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the server's HTML and while hydrating, true once the page's code runs in the browser
 * (and at once for a part first rendered there): the browser as an external store that never changes.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
