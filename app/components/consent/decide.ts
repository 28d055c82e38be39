import { ALL_CHOICES, NO_CHOICES, type Choices, type Consent } from "~/lib/consent/consent";

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
  return ((await response.json()) as { consent: Consent }).consent;
}
