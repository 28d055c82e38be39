/**
 * Waits until a Worker a spec started itself (configured differently from the shared e2e server)
 * serves its Spanish home page, polling every 250 ms.
 */
export async function waitForSite(origin: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/es/`, { redirect: "manual" })).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the Worker on ${origin} did not start within ${timeoutMs} ms`);
}
