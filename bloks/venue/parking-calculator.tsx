import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import {
  durationParts,
  MAX_STAY_DAYS,
  quoteStay,
  stayFromSearch,
  PARKING_PARAMS,
  type ParkingRates,
} from "#app/lib/parking/calculator.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { useBlokContext } from "#bloks/context.tsx";
import { formatEuros } from "./format";

type Stay = { arrival: string; departure: string };

/**
 * Arrival and departure → price. A GET form: without JavaScript the server prices the stay in
 * the query (`?arrival=…&departure=…`); with it the price follows every change, and submitting
 * only records the stay in the URL so it can be shared.
 */
export function ParkingCalculator({ uid, rates }: { uid: string; rates: ParkingRates }) {
  const { t, lang } = useI18n();
  const { search } = useBlokContext();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const fromQuery = stayFromSearch(search);
  const [stay, setStay] = useState<Stay>(fromQuery ?? { arrival: "", departure: "" });
  // A missing date is an error only once the visitor asked for a price, not while typing.
  const [asked, setAsked] = useState(fromQuery !== null);

  // The calculator follows the URL: a shared link, back and forward, or a submitted stay.
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    const inUrl = stayFromSearch(search);
    if (inUrl) {
      setStay(inUrl);
      setAsked(true);
    }
  }

  // What a visitor typed before the page became interactive is kept and priced at once.
  const arrivalInput = useRef<HTMLInputElement>(null);
  const departureInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = { arrival: arrivalInput.current?.value ?? "", departure: departureInput.current?.value ?? "" };
    setStay((current) =>
      typed.arrival === current.arrival && typed.departure === current.departure ? current : typed,
    );
  }, []);

  const bothGiven = stay.arrival !== "" && stay.departure !== "";
  const quote = asked || bothGiven ? quoteStay(stay.arrival, stay.departure, rates) : null;
  const error = quote && !quote.ok ? quote.error : null;
  const arrivalWrong = error === "ARRIVAL_MISSING" || error === "ARRIVAL_INVALID";
  const departureWrong = error !== null && !arrivalWrong && error !== "TOO_LONG";

  const ids = {
    heading: `${uid}-calculator`,
    arrival: `${uid}-arrival`,
    departure: `${uid}-departure`,
    result: `${uid}-result`,
  };
  const update = (field: keyof Stay) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setStay((current) => ({ ...current, [field]: value }));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAsked(true);
    const query = new URLSearchParams({
      [PARKING_PARAMS.arrival]: stay.arrival,
      [PARKING_PARAMS.departure]: stay.departure,
    });
    void navigate({ pathname, search: `?${query}` }, { replace: true, preventScrollReset: true });
  };

  return (
    <form
      className="parking-calculator"
      method="get"
      // Without JavaScript the priced page opens at the calculator's heading: the stay asked for
      // and its price (or what is wrong with it) in view together, below the sticky header.
      action={`${pathname}#${ids.heading}`}
      onSubmit={submit}
      aria-labelledby={ids.heading}
      noValidate
    >
      <h3 id={ids.heading}>{t("VENUE.PARKING.CALCULATOR")}</h3>
      <p className="form__hint">{t("VENUE.PARKING.HINT", { max: formatEuros(rates.dailyMaxMicros, lang) })}</p>
      <div className="form__row">
        {/* What is wrong is said once, in the result below, which the wrong date points to. */}
        <Field
          id={ids.arrival}
          ref={arrivalInput}
          name={PARKING_PARAMS.arrival}
          type="datetime-local"
          label={t("VENUE.PARKING.ARRIVAL")}
          value={stay.arrival}
          onChange={update("arrival")}
          invalid={arrivalWrong}
          describedBy={arrivalWrong ? ids.result : undefined}
        />
        <Field
          id={ids.departure}
          ref={departureInput}
          name={PARKING_PARAMS.departure}
          type="datetime-local"
          label={t("VENUE.PARKING.DEPARTURE")}
          value={stay.departure}
          onChange={update("departure")}
          invalid={departureWrong}
          describedBy={departureWrong ? ids.result : undefined}
        />
      </div>
      <Button type="submit" variant="primary">
        {t("VENUE.PARKING.SUBMIT")}
      </Button>
      <output id={ids.result} className="parking-calculator__result" htmlFor={`${ids.arrival} ${ids.departure}`}>
        {quote === null ? (
          <span>{t("VENUE.PARKING.PROMPT")}</span>
        ) : quote.ok ? (
          <>
            <strong>{t("VENUE.PARKING.RESULT", { price: formatEuros(quote.price.cents * 10_000, lang) })}</strong>
            <span>
              {t("VENUE.PARKING.DURATION", {
                duration: durationParts(quote.price)
                  .map(({ unit, n }) => t(`VENUE.PARKING.UNIT.${unit}`, { n }))
                  .join(" "),
              })}
            </span>
          </>
        ) : (
          <strong className="form-field__error">
            {t(`VENUE.PARKING.ERROR.${quote.error}`, { days: MAX_STAY_DAYS })}
          </strong>
        )}
      </output>
    </form>
  );
}
