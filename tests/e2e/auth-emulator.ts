/**
 * The run's Firebase Auth emulator (playwright.config.ts picks its port), for specs that read what
 * it sent (verification and reset codes) or act as its owner (revoking, disabling an account).
 */
export const EMULATOR = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099"}`;
