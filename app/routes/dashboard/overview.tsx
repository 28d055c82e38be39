import type { Route } from "./+types/overview";
import { readProfile } from "~/lib/auth/members.server";
import { memberForLoader } from "~/lib/auth/member-loader.server";
import { appContext } from "~/lib/context.server";
import { useI18n } from "~/lib/i18n-context";

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = memberForLoader(app, request, "dashboard");
  if (!user) return null;
  const profile = await readProfile(app.env.DB, user.uid, app.lang);
  return { email: user.email ?? "", name: profile.name };
}

/** The dashboard's landing section: a greeting and the app download links. */
export default function Overview({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  if (!loaderData) return null;
  return (
    <section aria-labelledby="dashboard-greeting">
      <h2 id="dashboard-greeting">{t("DASHBOARD.GREETING", { name: loaderData.name || loaderData.email })}</h2>
      <h3>{t("DASHBOARD.APPS.TITLE")}</h3>
      <ul className="dashboard__apps">
        <li>
          <a href={t("DASHBOARD.APPS.IOS_URL")} rel="noopener noreferrer">
            {t("DASHBOARD.APPS.IOS")}
          </a>
        </li>
        <li>
          <a href={t("DASHBOARD.APPS.ANDROID_URL")} rel="noopener noreferrer">
            {t("DASHBOARD.APPS.ANDROID")}
          </a>
        </li>
      </ul>
    </section>
  );
}
