/** Paths the page rules leave alone: the API, files, and React Router's own requests. */
export function isPagePath(pathname: string): boolean {
  if (pathname === "/api" || pathname.startsWith("/api/")) return false;
  if (pathname === "/__manifest") return false;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  // A file extension (assets, `_.data` requests, sitemap.xml, robots.txt) means "not a page".
  return !/\.[A-Za-z0-9]+$/.test(last);
}
