import { Suspense, type ReactNode } from "react";
import { isRouteErrorResponse } from "react-router";
import { onDemand } from "#app/lib/on-demand.tsx";
import { thaw, type Frozen } from "#app/lib/frozen.ts";
import type { MenuLink } from "#app/lib/content-types.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { FooterOnDemand } from "./footer-on-demand";
import type { FooterContent } from "./site-footer";
import { SiteHeader, type HeaderAccount } from "./site-header";

/** Everything the shell shows, loaded by `loadShell` (app/lib/shell.server.ts). */
export interface ShellData {
  /** Frozen (app/lib/frozen.ts): the same for every request of a content version. */
  header: Frozen<MenuLink[]>;
  footer: Frozen<FooterContent>;
  year: number;
  account: HeaderAccount;
}

/** The default layout around every page and error page: skip link, header, the page, footer. */
export function SiteShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <>
      <a className="skip-link" href="#main">
        {t("NAV.SKIP_TO_CONTENT")}
      </a>
      <SiteHeader menu={thaw(shell.header)} account={shell.account} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <FooterOnDemand content={thaw(shell.footer)} year={shell.year} />
    </>
  );
}

const ErrorPage = onDemand<object>("ErrorPage", async () => (await import("./error-page")).ErrorPage);

/**
 * The error page for the error that reached this boundary. Code that failed to load because a
 * newer build replaced it has reloaded the page by then (`reloadWhenOldBuildCodeFails`,
 * app/lib/chunk-reload.ts); the page shows only when that reload was refused (one per 10 s).
 */
function RouteErrorPage() {
  return (
    <Suspense fallback={null}>
      <ErrorPage />
    </Suspense>
  );
}

/** The shell a 404 carries when no layout loader ran (app/lib/not-found.server.ts), else null. */
export function shellOfError(error: unknown): ShellData | null {
  if (!isRouteErrorResponse(error) || typeof error.data !== "object" || error.data === null) return null;
  return "shell" in error.data ? (error.data.shell as ShellData) : null;
}

/** The error page of the error that reached a boundary: inside the shell when its data is there. */
export function ErrorShell({ shell }: { shell: ShellData | null | undefined }) {
  return shell ? (
    <SiteShell shell={shell}>
      <RouteErrorPage />
    </SiteShell>
  ) : (
    <main id="main" tabIndex={-1}>
      <RouteErrorPage />
    </main>
  );
}
