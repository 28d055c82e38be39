/** What the browser needs to start the Firebase Auth SDK; all of it is public by design. */
export interface FirebaseClientConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** Local development: the SDK talks to the Auth emulator through the site's own origin. */
  emulator: boolean;
}

/** The Worker's identity configuration as pages see it (worker/services/auth/client-config.ts). */
export interface AuthService {
  /** The public Firebase web config; throws when the Worker's auth variables are missing or wrong. */
  clientConfig(): FirebaseClientConfig;
  /**
   * The same for the root loader, which every page runs: a misconfigured Worker must not take
   * public pages down with it, so it yields null there (member pages still fail loudly).
   */
  optionalClientConfig(): FirebaseClientConfig | null;
}
