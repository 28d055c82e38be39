import { useEffect } from "react";
import type { FirebaseClientConfig } from "~/lib/auth/firebase-config.server";
import { SIGNED_IN_HINT_COOKIE } from "~/lib/auth/cookie-names";

/**
 * On any page, loads Firebase Auth only when the `signed_in` hint says this browser holds a
 * member session: the SDK then refreshes the ID token before it expires and the token listener
 * keeps the session cookie fresh, so the member area opens without a detour. Visitors who never
 * signed in load none of it.
 */
export function SessionKeeper({ config }: { config: FirebaseClientConfig | null }) {
  useEffect(() => {
    if (!config || !document.cookie.split("; ").includes(`${SIGNED_IN_HINT_COOKIE}=1`)) return;
    void import("~/lib/auth/firebase.client").then(({ loadFirebase }) => loadFirebase(config));
  }, [config]);
  return null;
}
