import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { loginRedirectPath } from "#app/lib/auth/session.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { useFirebase } from "./firebase-provider";

/**
 * Shown when the edge found no usable token but the browser holds a Firebase session (the
 * token expired while the tab slept): refreshes the ID token, posts it to the session endpoint
 * and reloads the page, so the member continues where they were. With no Firebase user
 * after all, it clears the stale hint and goes to the login form, returning here afterwards.
 */
export function SessionRefresh() {
  const { t, lang } = useI18n();
  const { runtime, user, ready } = useFirebase();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (!ready || !runtime) return;
    let cancelled = false;
    void (async () => {
      if (user) {
        await user.getIdToken(true);
        const ok = await runtime.syncSession(user);
        // A full load, not a revalidation: the shell's parts that hydrate on demand could hold a
        // data update back until someone reaches for them; the server renders the member's page.
        if (!cancelled && ok) return location.reload();
      } else await runtime.syncSession(null);
      if (!cancelled) navigate(loginRedirectPath(lang, `${pathname}${search}`), { replace: true });
    })();
    return () => {
      cancelled = true;
    };
  }, [ready, runtime, user, lang, navigate, pathname, search]);

  return (
    <p className="member-refresh" role="status" aria-live="polite">
      {t("AUTH.SESSION.REFRESHING")}
    </p>
  );
}
