/**
 * One path for every rule. A page has many spellings (`/ES//%64ashboard/./`, `/es/Dashboard`);
 * the edge answers each non-canonical one with one 301 to `canonicalPath`, and every rule that
 * decides by path (member guards, third parties, CSP, opener isolation, page cache, robots)
 * reads `rulePath`, so no spelling reaches a page with a rule skipped.
 */

const ESCAPE = /(%[0-9A-Fa-f]{2})/;
/** RFC 3986 2.3: an escape of one of these is the same character written plain. */
const UNRESERVED = /^[A-Za-z0-9._~-]$/;

/**
 * The address of a path (RFC 3986 6.2.2): escapes of unreserved characters decoded, other
 * escapes kept with upper-case hex (`%C3%B1` stays as it is), everything else lower-case, runs
 * of slashes collapsed, dot segments removed. A trailing slash stays as written.
 */
export function canonicalPath(pathname: string): string {
  // A backslash is a slash to browsers: never let one make `//host` of a Location.
  const written = pathname
    .replace(/\\/g, "/")
    .split(ESCAPE)
    .map((part, index) => {
      if (index % 2 === 0) return part.toLowerCase();
      const char = String.fromCharCode(parseInt(part.slice(1), 16));
      return UNRESERVED.test(char) ? char.toLowerCase() : part.toUpperCase();
    })
    .join("");
  const segments: string[] = [];
  const parts = written.split("/");
  for (const segment of parts) {
    if (segment === "..") segments.pop();
    else if (segment !== "" && segment !== ".") segments.push(segment);
  }
  const last = parts[parts.length - 1];
  const directory = last === "" || last === "." || last === "..";
  return `/${segments.join("/")}${directory && segments.length > 0 ? "/" : ""}`;
}

/**
 * The path a rule decides on, as React Router matches it: the canonical path with every escape
 * decoded (an encoded `/` stays a character of its segment, a malformed escape stays as written)
 * and lower-cased (route matching is case-insensitive).
 */
export function rulePath(pathname: string): string {
  return canonicalPath(pathname)
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, "%2F").toLowerCase();
      } catch {
        return segment;
      }
    })
    .join("/");
}

/**
 * Member pages (sign-in screens and the dashboard) load no third-party code at all, list no
 * provider in their CSP and are isolated from their opener: a script or a window handle there
 * could reach passwords and personal data. Documents and React Router data requests alike,
 * whatever the path's spelling (`/es/%64ashboard/` is the dashboard).
 */
export function isMemberPath(pathname: string): boolean {
  return /^\/[a-z]+\/(dashboard|login|register|password-reset|email-verification)(\/|\.data|$)/.test(
    rulePath(pathname),
  );
}
