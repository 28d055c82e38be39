import { useEffect } from "react";
import type { FirebaseClientConfig } from "#app/lib/auth/firebase-config.ts";
import { SESSION_EXPIRES_COOKIE, SIGNED_IN_HINT_COOKIE } from "#app/lib/auth/cookie-names.ts";
import { readBrowserCookie } from "#app/lib/browser-cookies.ts";

/** Refresh this long before the token expires (the SDK's own margin is 5 minutes). */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

/**
 * When the `signed_in` hint says this browser holds a member session, loads Firebase Auth just in
 * time to refresh the ID token: at once when the token has expired (or its expiry is unknown),
 * else a few minutes before it expires. The SDK's token listener then keeps the session cookie
 * fresh. Until then a member browsing public pages downloads none of the SDK (48 kB), and
 * visitors who never signed in load none of it at all. Member screens load it themselves.
 */
export function SessionKeeper({ config }: { config: FirebaseClientConfig | null }) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let mounted = true;
    void (async () => {
      if (!config || (await readBrowserCookie(SIGNED_IN_HINT_COOKIE)) !== "1") return;
      const expiresAt = Number(await readBrowserCookie(SESSION_EXPIRES_COOKIE));
      // A past or unknown expiry (negative or NaN) is a delay of 0 to `setTimeout`: at once.
      const delay = expiresAt * 1000 - REFRESH_MARGIN_MS - Date.now();
      if (!mounted) return;
      timer = setTimeout(
        () => void import("#app/lib/auth/firebase.client.ts").then(({ loadFirebase }) => loadFirebase(config)),
        Math.min(delay, 2 ** 31 - 1),
      );
    })();
    return () => {
      mounted = false;
      clearTimeout(timer);
    };
  }, [config]);
  return null;
}
