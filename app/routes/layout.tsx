import { Suspense } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/layout";
import { LiveShell } from "#app/components/live-on-demand.tsx";
import { ErrorShell, SiteShell, type ShellData } from "#app/components/site-shell.tsx";
import { appContext } from "#app/lib/context.server.ts";
import { loadShell } from "#app/lib/shell.server.ts";
import { isFailedSubmission } from "#app/lib/forms/client-action.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return { ...(await loadShell(app)), preview: app.preview };
}

/** Screens where signing in or out happens: the account entry is reloaded on the way in and out. */
const ACCOUNT_SCREENS = /^\/[a-z]+\/(?:login|register|password-reset|email-verification|dashboard)(?:\/|$)/;

export function shouldRevalidate({
  currentUrl,
  nextUrl,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // A post that got no answer (app/lib/forms/client-action.ts) changed nothing, and offline a reload would fail.
  if (isFailedSubmission(actionResult)) return false;
  return defaultShouldRevalidate || ACCOUNT_SCREENS.test(currentUrl.pathname) || ACCOUNT_SCREENS.test(nextUrl.pathname);
}

/** The one default layout: skip link, header, the page, footer; in a preview, as the editor types. */
export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  const page = (shell: ShellData) => (
    <SiteShell shell={shell}>
      <Outlet />
    </SiteShell>
  );
  return loaderData.preview ? (
    <Suspense fallback={null}>
      <LiveShell shell={loaderData}>{page}</LiveShell>
    </Suspense>
  ) : (
    page(loaderData)
  );
}

/** A page of this language tree failed or does not exist: the error page inside the shell. */
export function ErrorBoundary({ loaderData }: Route.ErrorBoundaryProps) {
  return <ErrorShell shell={loaderData} />;
}
