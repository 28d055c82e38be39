/**
 * Collapses runs of slashes and backslashes into one slash, so a path can never turn into a
 * protocol-relative URL (`//evil.example`, `/\evil.example`) when written into a Location.
 */
export function safePath(pathname: string): string {
  const collapsed = pathname.replace(/[/\\]+/g, "/");
  return collapsed.startsWith("/") ? collapsed : `/${collapsed}`;
}

/** Paths the page rules leave alone: the API, files, and React Router's own requests. */
export function isPagePath(pathname: string): boolean {
  if (pathname === "/api" || pathname.startsWith("/api/")) return false;
  if (pathname === "/__manifest") return false;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  // A file extension (assets, `_.data` requests, sitemap.xml, robots.txt) means "not a page".
  return !/\.[A-Za-z0-9]+$/.test(last);
}

/**
 * A pathname as React Router matches it, for decisions that must agree with the router (the
 * member guards): each segment percent-decoded as the router decodes it (an encoded `/` stays a
 * character of its segment), runs of slashes collapsed, lowercased (route matching is
 * case-insensitive). `/ES//D%61shboard/` and `/es/dashboard/` are the same page to both.
 */
export function routerPath(pathname: string): string {
  const decoded = pathname
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, "%2F");
      } catch {
        // The router keeps a malformed escape as written; so does the guard.
        return segment;
      }
    })
    .join("/");
  return decoded.replace(/\/{2,}/g, "/").toLowerCase();
}
