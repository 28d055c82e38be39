import { useEffect, useRef } from "react";
import type { Route } from "./+types/login";
import type { LoginScreenProps } from "#app/components/auth/login-screen.tsx";
import { memberScreenBasics, passSignedInMember, screenHead } from "#app/lib/auth/member-loader.server.ts";
import { safeReturnPath } from "#app/lib/auth/session.ts";
import { appContext } from "#app/lib/context.server.ts";
import { MEMBER_FORM_MESSAGES, routeMessages } from "#app/lib/messages.server.ts";
import { wantedOnDemand } from "#app/lib/on-demand.tsx";
import { requestStyles } from "#app/lib/page-styles.server.ts";

/** Title, description, canonical and alternates, noindex (app/lib/seo.ts `screenMeta`), built by the loader. */
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export function loader({ context, request }: Route.LoaderArgs) {
  requestStyles(context, ["member"]);
  const app = context.get(appContext);
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.searchParams.get("returnTo"), app.lang);
  passSignedInMember(app, returnTo);
  return {
    ...memberScreenBasics(app),
    ...screenHead(app, "login", "AUTH.LOGIN"),
    returnTo,
    deleted: url.searchParams.has("deleted"),
    // No session at all (not one that merely needs refreshing): offline tickets go (docs/tickets.md).
    signedOut: app.session.status === "none",
    messages: routeMessages(app.lang, MEMBER_FORM_MESSAGES, ["AUTH.LOGIN"]),
  };
}

/**
 * The form's code (the member forms, valibot, the sign-in itself) loads once the visitor reaches
 * for the form, as the footer's does: the server renders it at once, it is usable from the first
 * paint (a submit sent before its code has arrived is held, app/lib/held-submits.ts), and a
 * visitor who only looks spends no bandwidth or main-thread time on it (docs/performance.md).
 */
const loginScreen = wantedOnDemand<LoginScreenProps>(
  "LoginScreen",
  async () => (await import("#app/components/auth/login-screen.tsx")).LoginScreen,
);

/** Reached inside the app (a link, a redirect): the page shows once the form's code is in too. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  loginScreen.gate.open();
  const [data] = await Promise.all([serverLoader(), loginScreen.code]);
  return data;
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const slot = useRef<HTMLDivElement>(null);
  const { firebase, returnTo, deleted, signedOut } = loaderData;
  const screen = loginScreen.usePart(slot, { firebase, returnTo, deleted });
  return (
    <div ref={slot}>
      {signedOut ? <ForgetOfflineTickets /> : null}
      {screen}
    </div>
  );
}

/**
 * Answered without any member session (signed out, or a session ended elsewhere: revoked from
 * another device, a removed account): this device keeps nobody's tickets. The member guard sends
 * such a browser here, so this screen forgets them. Offline tickets are the site's only caches
 * and service worker, so a browser with neither has nothing to forget and loads no code for it.
 */
function ForgetOfflineTickets() {
  useEffect(() => {
    void keepsAnything()
      .then(async (keeps) => {
        if (keeps) return (await import("#app/lib/tickets/offline-tickets.client.ts")).forgetOfflineTickets();
      })
      .catch(() => undefined);
  }, []);
  return null;
}

async function keepsAnything(): Promise<boolean> {
  if (!("serviceWorker" in navigator) || !("caches" in window)) return false;
  const [cacheNames, workers] = await Promise.all([caches.keys(), navigator.serviceWorker.getRegistrations()]);
  return cacheNames.length > 0 || workers.length > 0;
}
