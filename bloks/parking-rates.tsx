import * as v from "valibot";
import { eurosToMicros, type ParkingRates as Rates } from "#app/lib/parking/calculator.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { formatEuros } from "./venue/format";
import { ParkingCalculator } from "./venue/parking-calculator";
import type { BlokDefinition } from "./definition";

/** A CMS number field: Storyblok sends `"0.05"`, hand-written content may hold `0.05`; empty means not set. */
const EurosSchema = v.optional(
  v.union([
    v.literal(""),
    v.pipe(
      v.union([v.number(), v.string()]),
      v.check((value) => eurosToMicros(value) !== null, "must be an amount in euros, like 0.05"),
    ),
  ]),
  "",
);

export const parkingRatesSchema = v.looseObject({
  component: v.literal("parking_rates"),
  _uid: v.string(),
  title: v.optional(v.string(), ""),
  /** Euros per minute parked. */
  price_per_minute: v.pipe(EurosSchema, v.description("Euros per minute parked, with a point for decimals (0.05).")),
  /** The most a 24-hour period costs, in euros. */
  max_daily: v.pipe(EurosSchema, v.description("The most 24 hours cost, in euros (18 or 18.50).")),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = {
  schema: parkingRatesSchema,
  messages: ["EMPTY.PARKING_RATES", "VENUE.PARKING"],
  styles: ["venue"],
} satisfies BlokDefinition;
export { ParkingRates as default };

type ParkingRatesBlok = v.InferOutput<typeof parkingRatesSchema>;

/** The tariff, or null while the editor has not set both amounts (the block then says rates are unavailable). */
export function ratesOf(blok: ParkingRatesBlok): Rates | null {
  const perMinuteMicros = eurosToMicros(blok.price_per_minute);
  const dailyMaxMicros = eurosToMicros(blok.max_daily);
  if (perMinuteMicros === null || dailyMaxMicros === null || perMinuteMicros === 0 || dailyMaxMicros === 0) return null;
  return { perMinuteMicros, dailyMaxMicros };
}

/** The car park's rates (price per minute, daily maximum) and a calculator for a stay. */
export function ParkingRates({ blok }: { blok: ParkingRatesBlok }) {
  const { t, lang } = useI18n();
  const rates = ratesOf(blok);
  const headingId = `parking-${blok._uid}`;
  return (
    <section className="blok-parking-rates blok-parking" aria-labelledby={blok.title ? headingId : undefined}>
      {blok.title ? <h2 id={headingId}>{blok.title}</h2> : null}
      {rates ? (
        <>
          <dl className="parking-rates" aria-label={t("VENUE.PARKING.RATES")}>
            <div>
              <dt>{t("VENUE.PARKING.PER_MINUTE")}</dt>
              <dd>{formatEuros(rates.perMinuteMicros, lang)}</dd>
            </div>
            <div>
              <dt>{t("VENUE.PARKING.DAILY_MAX")}</dt>
              <dd>{formatEuros(rates.dailyMaxMicros, lang)}</dd>
            </div>
          </dl>
          <ParkingCalculator uid={blok._uid} rates={rates} />
        </>
      ) : (
        <p className="blok-empty">{t("EMPTY.PARKING_RATES")}</p>
      )}
    </section>
  );
}
