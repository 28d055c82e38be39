import { useLayoutEffect, useRef } from "react";
import { NO_CHOICES, type Choices, type Consent } from "#app/lib/consent/consent.ts";
import type { ThirdParties } from "#app/lib/consent/third-parties.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { ConsentForm } from "./consent-form";
import type { ConsentAction } from "./decide";
import { Button } from "#app/components/ui/button.tsx";

export interface ConsentDialogProps {
  consent: Consent | null;
  parties: ThirdParties;
  onDecide: (action: ConsentAction, choices: Choices) => void;
  /** Called once the dialog closed (a decision, Escape, or the close button). */
  onClosed: () => void;
  busy: boolean;
  failed: boolean;
}

/**
 * The settings dialog: a modal `<dialog>` (focus moves into it and stays there, Escape closes
 * it) with the categories, their explanation and the three buttons. Its code loads only when
 * someone asks for it ("Configure" or "Cookie settings").
 */
export default function ConsentDialog({ consent, parties, onDecide, onClosed, busy, failed }: ConsentDialogProps) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const element = dialog.current;
    element?.showModal();
    // Closed by a decision, the dialog is removed while open: closing it first lets the browser
    // return focus to what opened it (the footer's "Cookie settings"), as Escape does.
    return () => element?.close();
  }, []);
  return (
    <dialog className="consent-dialog" aria-labelledby="consent-dialog-title" ref={dialog} onClose={onClosed}>
      <div className="consent-dialog__head">
        <h2 id="consent-dialog-title">{t("CONSENT.SETTINGS")}</h2>
        <Button variant="tertiary" size="s" onClick={() => dialog.current?.close()}>
          {t("CONSENT.CLOSE")}
        </Button>
      </div>
      <p>{t("CONSENT.SETTINGS_INTRO")}</p>
      {failed ? (
        <p className="consent-error" role="alert">
          {t("CONSENT.SAVE_ERROR")}
        </p>
      ) : null}
      <ConsentForm
        key={JSON.stringify(consent)}
        choices={consent?.choices ?? NO_CHOICES}
        parties={parties}
        onDecide={onDecide}
        busy={busy}
      />
    </dialog>
  );
}
