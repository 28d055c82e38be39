import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useLocation } from "react-router";
import { ALL_CHOICES, CONSENT_COOKIE, currentConsent, type Choices } from "#app/lib/consent/consent.ts";
import type { ThirdParties } from "#app/lib/consent/third-parties.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { loadCode } from "#app/lib/load-code.ts";
import { readCookie } from "#app/lib/languages.ts";
import type { ConsentAction } from "./decide";
import UpdateNotice from "./update-notice";
import { Button } from "#app/components/ui/button.tsx";

/** Loaded when someone asks for the settings ("Configure", "Cookie settings"). */
const ConsentDialog = lazy(() => loadCode(() => import("./consent-dialog")));
/** Loaded only when a third party is configured: nothing of it reaches an unconfigured site. */
const thirdPartyLoader = () => import("./third-party-loader");

const BUTTONS = [
  ["accept-all", "CONSENT.ACCEPT_ALL"],
  ["reject-all", "CONSENT.REJECT_ALL"],
  ["custom", "CONSENT.CONFIGURE"],
] as const;

const PURPOSES = [
  "CONSENT.CATEGORY.PREFERENCES.TITLE",
  "CONSENT.CATEGORY.ANALYTICS.TITLE",
  "CONSENT.CATEGORY.ADVERTISING.TITLE",
] as const;

export interface ConsentRuntimeProps {
  thirdParties: ThirdParties;
  /** Counts the visitor's "Cookie settings" clicks: each one opens the settings dialog. */
  openRequests: number;
}

/**
 * The consent manager, loaded 1500 ms after the page became interactive on a site with something
 * optional configured, or at once when someone asks for the cookie settings (./consent-host.tsx).
 * Shows the banner while there is no decision under the current policy version and the settings
 * dialog on request; has what the decision allows loaded (never on member pages) and a page view
 * counted on every navigation.
 * Everything is rendered into one fixed layer at the start of the body: first in the tab
 * order, shifting nothing.
 */
export default function ConsentRuntime({ thirdParties, openRequests }: ConsentRuntimeProps) {
  const { lang, t } = useI18n();
  const { pathname } = useLocation();
  const [layer] = useState(() => document.body.insertBefore(document.createElement("div"), document.body.firstChild));
  const [consent, setConsent] = useState(() => currentConsent(readCookie(document.cookie, CONSENT_COOKIE)));
  const [dialogOpen, setDialogOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const banner = useRef<HTMLElement>(null);
  const configured = Object.keys(thirdParties).length > 0;
  const choices = consent?.choices;

  useEffect(() => {
    if (choices && configured) void thirdPartyLoader().then((loader) => loader.apply(thirdParties, choices, lang));
  }, [choices, pathname, thirdParties, lang, configured]);
  // A banner that appears while nobody is using the page takes focus, so screen readers announce it.
  useEffect(() => {
    if (document.activeElement === document.body) banner.current?.focus();
  }, []);

  const openDialog = () => {
    setFailed(false);
    setDialogOpen(true);
  };
  // Each new request (a "cookie settings" link, counted by the host) opens the dialog, the first
  // one included: adjusted while rendering, as React does for state that follows a prop.
  const [openedFor, setOpenedFor] = useState(0);
  if (openRequests !== openedFor) {
    setOpenedFor(openRequests);
    if (openRequests) openDialog();
  }

  const decide = async (action: ConsentAction, picked: Choices) => {
    setBusy(true);
    setFailed(false);
    try {
      const { sendDecision, keepFocusOnThePage } = await import("./decide");
      const saved = await sendDecision(action, picked, lang);
      // A provider already running in this page can only be stopped by a reload.
      if (configured && (await thirdPartyLoader()).withdraw(thirdParties, saved.choices)) return location.reload();
      setDialogOpen(false);
      setConsent(saved);
      // After this update, not after the answer: the loader above may take a while to arrive.
      keepFocusOnThePage();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return createPortal(
    <>
      {/* Nothing optional configured, nothing to ask (docs/consent.md): no banner at all. */}
      {consent || !configured ? null : (
        <section className="consent-banner" aria-labelledby="consent-title" tabIndex={-1} ref={banner}>
          <h2 id="consent-title">{t("CONSENT.TITLE")}</h2>
          {/* Short blocks: no one of them is ever large enough to be the page's LCP element. */}
          <p>{t("CONSENT.TEXT")}</p>
          <ul>
            {PURPOSES.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
          <p>{t("CONSENT.TEXT_CHANGE")}</p>
          {failed ? (
            <p className="consent-error" role="alert">
              {t("CONSENT.SAVE_ERROR")}
            </p>
          ) : null}
          <div className="consent-actions">
            {BUTTONS.map(([action, label]) => (
              <Button
                key={action}
                variant="primary"
                size="s"
                disabled={busy}
                onClick={() => (action === "custom" ? openDialog() : decide(action, ALL_CHOICES))}
              >
                {t(label)}
              </Button>
            ))}
          </div>
        </section>
      )}
      <UpdateNotice />
      {dialogOpen ? (
        <Suspense fallback={null}>
          <ConsentDialog
            consent={consent}
            parties={thirdParties}
            onDecide={decide}
            busy={busy}
            failed={failed}
            // The browser returns focus to what opened the dialog (HTML dialog focus steps).
            onClosed={() => setDialogOpen(false)}
          />
        </Suspense>
      ) : null}
    </>,
    layer,
  );
}
