import type { FormEvent } from "react";
import type { Choices, OptionalCategory } from "#app/lib/consent/consent.ts";
import { THIRD_PARTY_CATEGORIES, THIRD_PARTY_KEYS, type ThirdParties } from "#app/lib/consent/third-parties.ts";
import type { MessageKey } from "#app/lib/i18n.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import type { ConsentAction } from "./decide";
import { Button } from "#app/components/ui/button.tsx";

const CATEGORY_KEYS = {
  necessary: "NECESSARY",
  preferences: "PREFERENCES",
  analytics: "ANALYTICS",
  advertising: "ADVERTISING",
} as const;

/** The display name of each provider, by its setting (`CHAT_PROVIDER`, …). */
const PROVIDER_NAMES: Record<string, MessageKey> = {
  crisp: "CONSENT.PROVIDER.CRISP",
  userway: "CONSENT.PROVIDER.USERWAY",
  "google-tag": "CONSENT.PROVIDER.GOOGLE_TAG",
  "meta-pixel": "CONSENT.PROVIDER.META_PIXEL",
};

/** The configured providers a category would allow, by display name. */
function providersOf(category: OptionalCategory, parties: ThirdParties, t: (key: MessageKey) => string): string[] {
  return THIRD_PARTY_KEYS.flatMap((key) => {
    const party = parties[key];
    const name = party && PROVIDER_NAMES[party.provider];
    return name && THIRD_PARTY_CATEGORIES[key].includes(category) ? [t(name)] : [];
  });
}

export interface ConsentFormProps {
  /** The choice to show (the stored one, or everything off for a first decision). */
  choices: Choices;
  parties: ThirdParties;
  /** With JavaScript: sends the decision itself. Without, the form posts to the API. */
  onDecide?: (action: ConsentAction, choices: Choices) => void;
  busy?: boolean;
}

/**
 * The categories with their explanation and a switch each, and the three equally prominent
 * buttons. The same form serves the settings page (a plain POST to `/api/consent`, which
 * works without JavaScript) and the banner's configure dialog.
 */
export function ConsentForm({ choices, parties, onDecide, busy = false }: ConsentFormProps) {
  const { lang, t } = useI18n();
  // The categories in their order, from the choice itself: no runtime import of the cookie format here.
  const categories = Object.keys(choices) as OptionalCategory[];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onDecide) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const data = new FormData(event.currentTarget);
    const picked = Object.fromEntries(categories.map((c) => [c, data.get(c) === "on"])) as Choices;
    const value = submitter instanceof HTMLButtonElement ? submitter.value : "save";
    onDecide(value === "accept-all" || value === "reject-all" ? value : "custom", picked);
  };
  return (
    <form className="consent-form" method="post" action="/api/consent" onSubmit={submit} aria-busy={busy}>
      <input type="hidden" name="lang" value={lang} />
      {Object.keys(parties).length === 0 ? <p className="consent-form__note">{t("CONSENT.ONLY_NECESSARY")}</p> : null}
      <ul className="consent-form__categories">
        <li>
          <label className="consent-form__category">
            <input type="checkbox" defaultChecked disabled aria-describedby="consent-necessary-text" />
            <span>
              <strong>{t("CONSENT.CATEGORY.NECESSARY.TITLE")}</strong> ({t("CONSENT.ALWAYS_ON")})
            </span>
          </label>
          <p id="consent-necessary-text">{t("CONSENT.CATEGORY.NECESSARY.TEXT")}</p>
        </li>
        {categories.map((category) => {
          const key = CATEGORY_KEYS[category];
          const providers = providersOf(category, parties, t);
          return (
            <li key={category}>
              <label className="consent-form__category">
                <input
                  type="checkbox"
                  name={category}
                  defaultChecked={choices[category]}
                  aria-describedby={`consent-${category}-text`}
                />
                <strong>{t(`CONSENT.CATEGORY.${key}.TITLE`)}</strong>
              </label>
              <p id={`consent-${category}-text`}>
                {t(`CONSENT.CATEGORY.${key}.TEXT`)}{" "}
                {providers.length > 0
                  ? t("CONSENT.PROVIDED_BY", { names: providers.join(", ") })
                  : t("CONSENT.NO_PROVIDERS")}
              </p>
            </li>
          );
        })}
      </ul>
      <div className="consent-actions">
        <Button type="submit" variant="primary" size="s" name="choice" value="accept-all" disabled={busy}>
          {t("CONSENT.ACCEPT_ALL")}
        </Button>
        <Button type="submit" variant="primary" size="s" name="choice" value="reject-all" disabled={busy}>
          {t("CONSENT.REJECT_ALL")}
        </Button>
        <Button type="submit" variant="primary" size="s" name="choice" value="save" disabled={busy}>
          {t("CONSENT.SAVE")}
        </Button>
      </div>
    </form>
  );
}
