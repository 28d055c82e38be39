import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import * as v from "valibot";
import { CheckboxField, ChosenField, SelectField, TextAreaField, TextField } from "#app/components/forms/fields.tsx";
import { useFormField } from "#app/components/forms/form-context.tsx";
import { FormShell } from "#app/components/forms/form-shell.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { COMPANY_TYPES, INTERESTED_IN } from "#app/lib/forms/schemas.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { useBlokContext } from "./context";
import type { BlokDefinition } from "./definition";

/** A box card's "apply" links here with `?box=<slug>`; only a slug-shaped value is taken. */
const BOX_SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** A product a card can apply for: its code (a card's `apply_box`) and its name in this language. */
const productSchema = v.looseObject({
  component: v.literal("hospitality_product"),
  _uid: v.string(),
  value: v.pipe(
    v.string(),
    v.regex(BOX_SLUG),
    v.description("The product's code: lowercase letters, digits and dashes (palco-vip). A card's Apply box uses it."),
  ),
  name: v.pipe(v.string(), v.minLength(1)),
});
export type HospitalityProduct = v.InferOutput<typeof productSchema>;

export const hospitalitySchema = v.looseObject({
  component: v.literal("hospitality"),
  _uid: v.string(),
  title: v.string(),
  intro: v.optional(v.string()),
  products: v.optional(v.array(productSchema), []),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = {
  schema: hospitalitySchema,
  form: "hospitality",
  messages: ["FORMS.PRIVACY_LABEL", "FORMS.MARKETING_LABEL", "FORMS.COMPANY_TYPE", "INTERESTED_IN"],
  styles: [],
} satisfies BlokDefinition;
export { Hospitality as default };

/**
 * Starting values for a box chosen on its card: interested in boxes, and that box as the
 * product when the block names it (the code is submitted, its name is shown).
 */
export function preselectedBox(
  box: string | null,
  products: readonly HospitalityProduct[],
): Record<string, string> | undefined {
  if (!box || !BOX_SLUG.test(box)) return undefined;
  return products.some((product) => product.value === box)
    ? { interestedIn: "boxes", interestProduct: box }
    : { interestedIn: "boxes" };
}

/** The product of interest: a known product by its name (its code submitted), else free text. */
function InterestProductField({ products }: { products: readonly HospitalityProduct[] }) {
  const { t } = useI18n();
  const { initial } = useFormField("interestProduct");
  const chosen = products.find((product) => product.value === initial);
  return chosen ? (
    <ChosenField name="interestProduct" label={t("FIELD.interestProduct")} value={chosen.value} display={chosen.name} />
  ) : (
    <TextField name="interestProduct" label={t("FIELD.interestProduct")} />
  );
}

/**
 * The applicant's kind and the company details, required (and marked so) unless the applicant is
 * an individual. The kind starts from what the form shows: a refused answer's values, or what was
 * chosen before this code loaded (the page works as HTML first, docs/performance.md).
 */
function CompanyFields() {
  const { t } = useI18n();
  const kindField = useFormField("companyType");
  const [companyType, setCompanyType] = useState(typeof kindField.initial === "string" ? kindField.initial : "");
  useEffect(() => {
    const shown = document.getElementById(kindField.id);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a choice made before hydration is in the DOM only
    if (shown instanceof HTMLSelectElement) setCompanyType(shown.value);
  }, [kindField.id]);
  const isCompany = companyType !== "individual";
  return (
    <>
      <SelectField
        name="companyType"
        label={t("FIELD.companyType")}
        required
        options={COMPANY_TYPES.map((value) => ({ value, label: t(`FORMS.COMPANY_TYPE.${value}`) }))}
        onValueChange={setCompanyType}
      />
      {/* Shown for a company only, by the select itself (app/styles/forms.css), so also without
          JavaScript; a browser without :has() shows them, and only a company is asked for them. */}
      <div className="form__company">
        <div className="form__row">
          <TextField
            name="companyName"
            label={t("FIELD.companyName")}
            required={isCompany}
            autoComplete="organization"
          />
          <TextField name="cif" label={t("FIELD.cif")} required={isCompany} />
        </div>
        <TextField
          name="companyPosition"
          label={t("FIELD.companyPosition")}
          required={isCompany}
          autoComplete="organization-title"
        />
      </div>
    </>
  );
}

/** The hospitality request: company details are required when the applicant is a company. */
export function Hospitality({ blok }: { blok: v.InferOutput<typeof hospitalitySchema> }) {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  const box = searchParams.get("box");
  const initialValues = useMemo(() => preselectedBox(box, blok.products), [box, blok.products]);
  return (
    <section className="blok-form blok-hospitality">
      <FormShell
        kind="hospitality"
        instanceKey={blok._uid}
        title={blok.title}
        intro={blok.intro}
        initialValues={initialValues}
      >
        <div className="form__row">
          <TextField name="name" label={t("FIELD.name")} required autoComplete="given-name" />
          <TextField name="surname" label={t("FIELD.surname")} required autoComplete="family-name" />
        </div>
        <div className="form__row">
          <TextField name="email" type="email" label={t("FIELD.email")} required autoComplete="email" />
          <TextField name="phone" type="tel" label={t("FIELD.phone")} required autoComplete="tel" />
        </div>
        <CompanyFields />
        <SelectField
          name="interestedIn"
          label={t("FIELD.interestedIn")}
          required
          options={INTERESTED_IN.map((value) => ({ value, label: t(`INTERESTED_IN.${value}`) }))}
        />
        <InterestProductField products={blok.products} />
        <TextField name="event" label={t("FIELD.event")} />
        <TextAreaField name="message" label={t("FIELD.message")} required />
        <CheckboxField name="privacyAcceptance" label={t("FORMS.PRIVACY_LABEL")} policy />
        <CheckboxField name="marketingConsent" label={t("FORMS.MARKETING_LABEL")} required={false} />
      </FormShell>
      <ProductsForEditors products={blok.products} />
    </section>
  );
}

/**
 * The block's products, in a preview only: a visitor meets a product only as the box a card chose
 * (its name in the product field), so the editor gets them listed, each opening itself on a click.
 */
function ProductsForEditors({ products }: { products: readonly HospitalityProduct[] }) {
  const { t } = useI18n();
  const { marker } = useBlokContext();
  if (!marker || products.length === 0) return null;
  return (
    <Notice title={t("FIELD.interestProduct")}>
      <ul aria-label={t("FIELD.interestProduct")}>
        {products.map((product) => (
          <li key={product._uid} {...marker(product)}>
            {product.name} ({product.value})
          </li>
        ))}
      </ul>
    </Notice>
  );
}
