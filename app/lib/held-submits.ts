/**
 * The sign-in, registration and password-reset forms are usable from the first paint, before the
 * page has hydrated (docs/auth.md, "Usable from the first paint"). Their sending needs the app's
 * code (the identity SDK signs in, never a plain submit), so a submit that comes sooner is held
 * here and sent again by the form itself once it has hydrated (`useSendHeldSubmit` in
 * app/components/auth/member-form.tsx).
 *
 * Before, the fields stayed disabled until hydration: on a phone a visitor who tapped the email
 * field during the first second got nothing, and the form changed colour as it came alive.
 */

/** The forms whose submits are held: the member screens' forms (`MemberFormBody`). */
export const HELD_FORMS = "form[data-hold-submit]";
/** Set by the form once it has hydrated: its submits go to React from then on. */
export const HYDRATED_ATTRIBUTE = "data-hydrated";
/** Set here on a form whose submit was held, for the form to send once it has hydrated. */
export const HELD_ATTRIBUTE = "data-held";
/** A submit button's name while it is busy ("One moment…"), for the held submit to show it. */
export const LOADING_LABEL_ATTRIBUTE = "data-loading-label";

/**
 * Holds submits of `forms` that have not hydrated yet. Runs in the browser from the page's own
 * script (./before-hydration.tsx), sent as its source: it uses nothing from outside itself.
 * Listens on `window` in the capture phase and stops the event there, so React, once it
 * hydrates, never sees a submit it would handle twice. The button shows the held submit as
 * under way (busy, named by its `loadingLabel` attribute): on a slow network the form would
 * otherwise look frozen until the code arrives.
 */
export function holdSubmitsUntilHydrated(forms: string, hydrated: string, held: string, loadingLabel: string): void {
  addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.matches(forms) || form.hasAttribute(hydrated)) return;
      event.preventDefault();
      event.stopPropagation();
      form.setAttribute(held, "");
      const button = (event instanceof SubmitEvent && event.submitter) || form.querySelector("[type=submit]");
      const label = button?.getAttribute(loadingLabel);
      if (!button || !label) return;
      button.setAttribute("aria-busy", "true");
      button.setAttribute("aria-label", label);
    },
    true,
  );
}

/** Takes back what a held submit showed on `form`'s buttons; React shows its own state from now on. */
export function releaseHeldButtons(form: HTMLFormElement): void {
  for (const button of form.querySelectorAll(`[${LOADING_LABEL_ATTRIBUTE}][aria-busy]`)) {
    button.removeAttribute("aria-busy");
    button.removeAttribute("aria-label");
  }
}
