import { ALL_CHOICES, NO_CHOICES, type Choices, type Consent } from "#app/lib/consent/consent.ts";

/** What the visitor pressed: one of the three equally prominent buttons. */
export type ConsentAction = "accept-all" | "reject-all" | "custom";

/**
 * Records a decision through `POST /api/consent` (the proof of consent in D1); the answer's
 * cookie stores it. Loaded when a button is pressed, not with the banner.
 */
export async function sendDecision(action: ConsentAction, picked: Choices, lang: string): Promise<Consent> {
  const choices = action === "accept-all" ? ALL_CHOICES : action === "reject-all" ? NO_CHOICES : picked;
  const response = await fetch("/api/consent", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ action, choices, lang }),
  });
  if (!response.ok) throw new Error(`consent not saved: ${response.status}`);
  const { consent } = (await response.json()) as { consent: Consent };
  return consent;
}

/**
 * A decision takes the banner away, and with it the button that had focus (or, from the settings
 * dialog, the "Configure" button it would return to): focus would fall to the document, and a
 * keyboard user would start again from the top. Once the page has re-rendered without them, focus
 * that fell moves to the page's main content. Called with the update that removes them. Here, in
 * code loaded on a decision, rather than in the banner's, which every page loads.
 */
export function keepFocusOnThePage() {
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) document.getElementById("main")?.focus();
    }),
  );
}
