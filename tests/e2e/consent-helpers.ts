import { type BrowserContext, type Page } from "@playwright/test";

/** A first visit: no decision stored yet (the config gives other specs one). */
export const FIRST_VISIT = { storageState: { cookies: [], origins: [] } };

/** The banner may take 1500 ms after hydration, and hydration a few seconds on a busy machine. */
export const BANNER_TIMEOUT = { timeout: 15_000 };

/** The stored decision's category digits (preferences, analytics, advertising), e.g. "101". */
export async function storedChoice(context: BrowserContext): Promise<string | null> {
  const cookie = (await context.cookies()).find((c) => c.name === "consent");
  return cookie ? (cookie.value.split(".")[1] ?? null) : null;
}

export const banner = (page: Page) => page.getByRole("region", { name: /privacy|privacidad|privacitat/i });
export const settingsDialog = (page: Page) => page.getByRole("dialog");
