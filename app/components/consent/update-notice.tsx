import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { Button } from "#app/components/ui/button.tsx";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { watchForNewVersion } from "#app/lib/update-check.ts";

/**
 * Offers a reload once a new build is deployed while the tab stays open (app/lib/update-check.ts).
 * Loaded on every page a moment after hydration (./consent-host.tsx), apart from the consent
 * runtime, which a site with nothing optional to consent to never needs. A navigation that needs
 * one of the old build's chunks (gone after the deploy) becomes a full page load through the
 * chunk-reload guard (app/lib/chunk-reload.ts). Rendered into a fixed layer at the start of the
 * body: shifting nothing.
 */
export default function UpdateNotice() {
  const { t } = useI18n();
  const [newVersion, setNewVersion] = useState(false);
  useEffect(() => watchForNewVersion(() => setNewVersion(true)), []);
  // Only ever rendered in the browser: the host loads it after hydration.
  const [layer] = useState(() => document.body.insertBefore(document.createElement("div"), document.body.firstChild));
  if (!newVersion) return null;
  return createPortal(
    <div className="update-notice" role="status">
      {t("CONSENT.UPDATE_AVAILABLE")}
      <Button variant="primary" size="s" onClick={() => location.reload()}>
        {t("CONSENT.UPDATE_RELOAD")}
      </Button>
    </div>,
    layer,
  );
}
