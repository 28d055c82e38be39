import type { User } from "firebase/auth";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { FirebaseClientConfig } from "~/lib/auth/firebase-config.server";
import type { FirebaseRuntime } from "~/lib/auth/firebase.client";
import { useI18n } from "~/lib/i18n-context";
import { API_LANG } from "~/lib/languages";

interface FirebaseState {
  runtime: FirebaseRuntime | null;
  user: User | null;
  /** False until the SDK has loaded and restored the browser's session (if any). */
  ready: boolean;
}

const FirebaseContext = createContext<FirebaseState>({ runtime: null, user: null, ready: false });

/**
 * Loads the Firebase Auth SDK after hydration, only on the screens that render this provider
 * (auth screens and the dashboard), and tells them who is signed in.
 */
export function FirebaseProvider({ config, children }: { config: FirebaseClientConfig; children: ReactNode }) {
  const [state, setState] = useState<FirebaseState>({ runtime: null, user: null, ready: false });
  const { apiKey, authDomain, projectId, emulator } = config;

  useEffect(() => {
    let unsubscribe = () => {};
    let cancelled = false;
    void import("~/lib/auth/firebase.client")
      .then(({ loadFirebase }) => loadFirebase({ apiKey, authDomain, projectId, emulator }))
      .then((runtime) => {
        if (cancelled) return;
        unsubscribe = runtime.sdk.onAuthStateChanged(runtime.auth, (user) => setState({ runtime, user, ready: true }));
      });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [apiKey, authDomain, projectId, emulator]);

  // Verification and reset emails are written in the page's language (Valencian as Catalan, `ca`,
  // which Firebase's templates know); the SDK sends it as `X-Firebase-Locale` with each request.
  const { lang } = useI18n();
  useEffect(() => {
    if (state.runtime) state.runtime.auth.languageCode = API_LANG[lang];
  }, [state.runtime, lang]);

  return <FirebaseContext.Provider value={state}>{children}</FirebaseContext.Provider>;
}

export function useFirebase(): FirebaseState {
  return useContext(FirebaseContext);
}
