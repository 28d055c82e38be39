import type { Auth, User } from "firebase/auth";
import { API_LANG, type Lang } from "#app/lib/languages.ts";
import type { FirebaseClientConfig } from "./firebase-config";
import { SIGNED_IN_HINT_COOKIE } from "./session";

/** The loaded SDK: the Auth instance and the module's functions (imported lazily, never on public pages). */
export interface FirebaseRuntime {
  auth: Auth;
  sdk: typeof import("firebase/auth");
  syncSession: typeof syncSession;
  memberFetch: (lang: Lang, path: string, init?: RequestInit) => Promise<Response>;
}

let runtime: Promise<FirebaseRuntime> | null = null;
let posted: { token: string; request: Promise<boolean> } | null = null;

/**
 * Forgets the offline tickets of anyone but `keep` (everyone's without it). The code is loaded
 * here, when needed, so the pages that load this file early to keep a session fresh carry no more.
 */
function forgetTickets(keep?: string): Promise<void> {
  return import("#app/lib/tickets/offline-tickets.client.ts")
    .then(({ forgetOfflineTickets }) => forgetOfflineTickets(keep))
    .catch(() => undefined);
}

/**
 * Posts the current ID token to `POST /api/__session` ("" when signed out), which turns it into
 * the HttpOnly session cookie the edge guards read. The same token is posted only once.
 * Every way a session ends or changes hands passes here, so here the offline tickets of anyone
 * but the member now signed in are forgotten: all of them on sign-out, and when the server
 * refuses the member's token (401: a session revoked from another device, a removed account).
 */
export async function syncSession(user: User | null): Promise<boolean> {
  await forgetTickets(user?.uid);
  // Signed out with no session hint: there is no cookie to clear, so no request at all.
  if (!user && !document.cookie.split("; ").includes(`${SIGNED_IN_HINT_COOKIE}=1`)) return Promise.resolve(true);
  const post = async () => {
    const token = user ? await user.getIdToken() : "";
    if (posted?.token === token) return posted.request;
    const request = fetch("/api/__session", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ token }),
    }).then(async (response) => {
      if (response.status === 401) await forgetTickets();
      return response.ok;
    });
    posted = { token, request };
    const ok = await request;
    if (!ok) posted = null;
    return ok;
  };
  return post();
}

/**
 * Loads Firebase Auth once per page (dynamic imports, so the SDK is its own chunk), connects it to
 * the emulator in local development (through this origin, see the Worker's emulator proxy) and
 * keeps the session cookie in step with every ID-token change.
 */
export function loadFirebase(config: FirebaseClientConfig): Promise<FirebaseRuntime> {
  runtime ??= (async () => {
    const [{ getApps, initializeApp }, sdk] = await Promise.all([import("firebase/app"), import("firebase/auth")]);
    const app =
      getApps()[0] ??
      initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
    const auth = sdk.initializeAuth(app, {
      persistence: [sdk.indexedDBLocalPersistence, sdk.browserLocalPersistence],
    });
    if (config.emulator) sdk.connectAuthEmulator(auth, window.location.origin, { disableWarnings: true });
    await auth.authStateReady();
    sdk.onIdTokenChanged(auth, (user) => void syncSession(user));
    return { auth, sdk, syncSession, memberFetch: (lang, path, init) => memberFetch(auth, lang, path, init) };
  })();
  return runtime;
}

/**
 * A call to the product API as the signed-in member: `Authorization: Bearer <ID token>` and
 * `Accept-Language` (`ca` for Valencian). While the email is unverified the token is
 * force-refreshed, so a verification that just happened is seen at once.
 */
export async function memberFetch(auth: Auth, lang: Lang, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const user = auth.currentUser;
  if (user) headers.set("Authorization", `Bearer ${await user.getIdToken(!user.emailVerified)}`);
  headers.set("Accept-Language", API_LANG[lang]);
  if (init.body !== undefined) headers.set("Content-Type", "application/json");
  return fetch(path, { ...init, headers, credentials: "same-origin" });
}
