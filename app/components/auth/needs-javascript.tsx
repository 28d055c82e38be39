import { useI18n } from "#app/lib/i18n-context.tsx";

/**
 * Member screens talk to the identity service through its browser SDK, so without JavaScript
 * they cannot work: this notice says so (shown only when scripting is off), and the controls
 * that need the SDK carry `needs-js`, which app/styles/member.css hides in that case rather
 * than leaving dead buttons.
 */
export function NeedsJavaScript() {
  const { t } = useI18n();
  return (
    <noscript>
      <div className="notice notice--error member-no-js">
        <p className="notice__title">{t("AUTH.NEEDS_JS.TITLE")}</p>
        <p>{t("AUTH.NEEDS_JS.TEXT")}</p>
      </div>
    </noscript>
  );
}
