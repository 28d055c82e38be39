import { useEffect } from "react";
import { data, Form, useNavigation, useSubmit } from "react-router";
import * as v from "valibot";
import type { Route } from "./+types/user-information";
import {
  FormMessage,
  MemberErrorSummary,
  MemberField,
  useMemberForm,
  type FormOutcome,
} from "#app/components/auth/member-form.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { fieldErrors } from "#app/lib/auth/auth-schemas.ts";
import { answerOrFailure, isFailedSubmission, unlessSubmissionFailed } from "#app/lib/forms/client-action.ts";
import { requestProfile, saveProfile } from "#app/lib/auth/members.server.ts";
import { memberForLoader } from "#app/lib/auth/member-loader.server.ts";
import { ProfileFields } from "#app/lib/auth/profile-schema.ts";
import { appContext } from "#app/lib/context.server.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { MEMBER_FORM_BODY_LIMIT, readFormWithin } from "#app/lib/request-body.ts";
import { dashboardMeta } from "#app/lib/auth/dashboard-titles.ts";

/** The personal data form: every field of SPEC section 5 except the language (settings has it). */
const PersonalData = v.object({
  name: ProfileFields.name,
  surname: ProfileFields.surname,
  phone: ProfileFields.phone,
  birthdate: ProfileFields.birthdate,
  address: ProfileFields.address,
});
const FIELDS = [
  { name: "name", type: "text", autoComplete: "given-name" },
  { name: "surname", type: "text", autoComplete: "family-name" },
  { name: "phone", type: "tel", autoComplete: "tel" },
  { name: "birthdate", type: "date", autoComplete: "bday" },
  { name: "address", type: "text", autoComplete: "address-line1" },
] as const;

const SAVED: FormOutcome = { tone: "success", key: "SUCCESS.DATA_UPDATED" };
const NOT_SENT: FormOutcome = { tone: "error", key: "FORM.SUBMIT_ERROR" };

export const meta = dashboardMeta("userInformation");
export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = memberForLoader(app, request, "dashboard");
  if (!user) return null;
  return { email: user.email ?? "", profile: await requestProfile(app, user.uid) };
}

/** Saves the personal data in D1 by user id; works without JavaScript, keeping what was typed. */
export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = memberForLoader(app, request, "dashboard");
  const read = await readFormWithin(request, MEMBER_FORM_BODY_LIMIT);
  const form = read.ok ? read.form : new FormData();
  const values = Object.fromEntries(FIELDS.map(({ name }) => [name, String(form.get(name) ?? "")]));
  if (!read.ok) return data({ saved: false, errors: {}, values }, read.status);
  if (!user) return data({ saved: false, errors: {}, values }, 401);
  const parsed = v.safeParse(PersonalData, values);
  if (!parsed.success) return data({ saved: false, errors: fieldErrors(parsed.issues), values }, 422);
  await saveProfile(app.env.DB, user, parsed.output, app.lang);
  return { saved: true, errors: {}, values };
}

/** Offline, a reset connection or a server error: the form stays, with what was typed, and says so. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return answerOrFailure(request, serverAction);
}
export const shouldRevalidate = unlessSubmissionFailed;

export default function UserInformation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = isFailedSubmission(actionData) ? undefined : actionData;
  const saved = answer?.saved ? SAVED : isFailedSubmission(actionData) ? NOT_SENT : null;
  const form = useMemberForm(PersonalData, answer?.errors, saved);
  // Each answer of the action replaces the form's message (a submit attempt cleared the last one).
  const { setOutcome } = form;
  useEffect(() => setOutcome(saved), [actionData, saved, setOutcome]);
  const submit = useSubmit();
  const navigation = useNavigation();
  if (!loaderData) return null;
  const busy = navigation.state === "submitting";
  const value = (name: (typeof FIELDS)[number]["name"]) => actionData?.values[name] ?? loaderData.profile[name];

  return (
    <Card as="section" className="form dashboard-profile" aria-labelledby="user-information-title">
      <h2 id="user-information-title" className="form__title">
        {t("DASHBOARD.USER_INFORMATION.TITLE")}
      </h2>
      {form.outcome && !busy ? <FormMessage tone={form.outcome.tone}>{t(form.outcome.key)}</FormMessage> : null}
      <MemberErrorSummary formId="profile" form={form} />
      <Form
        method="post"
        {...form.formProps}
        onSubmit={(event) => {
          const target = event.currentTarget;
          void form.submit(event, async () => submit(target, { method: "post", preventScrollReset: true }));
        }}
      >
        <fieldset className="form__fields" disabled={busy}>
          <MemberField
            formId="profile"
            name="email"
            type="email"
            label={t("FIELD.email")}
            defaultValue={loaderData.email}
            readOnly
          />
          {FIELDS.map((field) => (
            <MemberField
              key={field.name}
              formId="profile"
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              label={t(`FIELD.${field.name}`)}
              defaultValue={value(field.name)}
              error={form.errorFor(field.name)}
            />
          ))}
          <Button type="submit" variant="primary" loading={busy} loadingLabel={t("AUTH.WORKING")}>
            {t("DASHBOARD.USER_INFORMATION.SUBMIT")}
          </Button>
        </fieldset>
      </Form>
    </Card>
  );
}
