import type { User } from "firebase/auth";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { FirebaseClientConfig } from "#app/lib/auth/firebase-config.ts";
import type { FirebaseRuntime } from "#app/lib/auth/firebase.client.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { API_LANG } from "#app/lib/languages.ts";
import { createGate, useOpenWhenWanted } from "#app/lib/when-wanted.ts";

interface FirebaseState {
  runtime: FirebaseRuntime | null;
  user: User | null;
  /** False until the SDK has loaded and restored the browser's session (if any). */
  ready: boolean;
}

interface FirebaseContextValue extends FirebaseState {
  /** The loaded SDK: starts loading it if it has not started yet (a screen that loads on demand). */
  load: () => Promise<FirebaseRuntime>;
}

const NOT_LOADED: FirebaseState = { runtime: null, user: null, ready: false };

const FirebaseContext = createContext<FirebaseContextValue>({
  ...NOT_LOADED,
  load: () => Promise.reject(new Error("useFirebase outside a FirebaseProvider")),
});

/**
 * Loads the Firebase Auth SDK (about 48 kB) only on the screens that render this provider, and
 * tells them who is signed in. The member area and email verification need to know who is signed
 * in as they render, so they load it right after hydration. The credential screens (sign-in,
 * registration, password reset) pass `onDemand`: only their form needs the SDK, so it loads when
 * the visitor reaches for the form (`useFirebaseOnDemand`) or sends it (`load`), and a visitor
 * who only looks at the screen spends no main-thread time on it (docs/performance.md).
 */
export function FirebaseProvider({
  config,
  onDemand = false,
  children,
}: {
  config: FirebaseClientConfig;
  onDemand?: boolean;
  children: ReactNode;
}) {
  const [state, setState] = useState<FirebaseState>(NOT_LOADED);
  const { apiKey, authDomain, projectId, emulator } = config;
  // Verification and reset emails are written in the page's language (Valencian as Catalan, `ca`,
  // which Firebase's templates know); the SDK sends it as `X-Firebase-Locale` with each request.
  const { lang } = useI18n();
  const language = useRef(lang);
  const loading = useRef<Promise<FirebaseRuntime> | null>(null);
  useEffect(() => {
    language.current = lang;
    // The SDK's auth object is outside React: a language change is written into it once loaded
    // (a failed load is reported to the caller of `load`, and retried there).
    void loading.current?.then(
      (runtime) => {
        runtime.auth.languageCode = API_LANG[lang];
      },
      () => {},
    );
  }, [lang]);

  const mounted = useRef(false);
  const unsubscribe = useRef<() => void>(() => {});
  const load = useCallback(
    () =>
      (loading.current ??= import("#app/lib/auth/firebase.client.ts")
        .then(({ loadFirebase }) => loadFirebase({ apiKey, authDomain, projectId, emulator }))
        .then(
          (runtime) => {
            // Set here, not only in the effect above: a form sent while the SDK loads uses it at once.
            runtime.auth.languageCode = API_LANG[language.current];
            if (mounted.current) {
              unsubscribe.current = runtime.sdk.onAuthStateChanged(runtime.auth, (user) =>
                setState({ runtime, user, ready: true }),
              );
            }
            return runtime;
          },
          (error: unknown) => {
            // A failed chunk load (offline a moment): the next attempt fetches it again.
            loading.current = null;
            throw error;
          },
        )),
    [apiKey, authDomain, projectId, emulator],
  );

  useEffect(() => {
    mounted.current = true;
    if (!onDemand) void load();
    return () => {
      mounted.current = false;
      unsubscribe.current();
    };
  }, [load, onDemand]);

  const value = useMemo(() => ({ ...state, load }), [state, load]);
  return <FirebaseContext.Provider value={value}>{children}</FirebaseContext.Provider>;
}

export function useFirebase(): FirebaseContextValue {
  return useContext(FirebaseContext);
}

/**
 * A credential screen under a provider with `onDemand`: put `screen` on the screen's element; the
 * SDK starts loading once the visitor reaches for it (points at it, touches it, focuses into it),
 * or at once when the screen was reached by a navigation in the app (app/lib/when-wanted.ts).
 * Loading takes a moment on a phone, well within the time it takes to type an email address; a
 * form sent sooner waits for it (`load`). The form is usable from the first paint
 * (`MemberFormBody` holds a submit sent before hydration).
 */
export function useFirebaseOnDemand() {
  const { load } = useFirebase();
  const screen = useRef<HTMLElement>(null);
  const [gate] = useState(createGate);
  useOpenWhenWanted(gate, screen);
  useEffect(() => {
    // A failure shows when the form is sent (its `load` fails the same way, with a message).
    void gate.wanted.then(() => load().catch(() => {}));
  }, [gate, load]);
  return { screen, load };
}
