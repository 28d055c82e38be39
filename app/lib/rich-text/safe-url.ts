/** Schemes a link may use; anything else (javascript:, data:, vbscript:, file:, …) is dropped. */
export const LINK_PROTOCOLS: readonly string[] = ["http:", "https:", "mailto:", "tel:"];
/** Schemes an image source may use. */
export const IMAGE_PROTOCOLS: readonly string[] = ["http:", "https:"];

const NAMED_ENTITIES: Record<string, string> = {
  colon: ":",
  tab: "\t",
  newline: "\n",
  sol: "/",
  amp: "&",
  lpar: "(",
  rpar: ")",
};

/** Decodes character references (`&#106;`, `&#x6A;`, `&colon;`) the way an HTML parser would. */
function decodeEntities(value: string): string {
  return value.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));?/gi, (match, dec, hex, name) => {
    if (dec || hex) {
      const code = Number.parseInt(dec ?? hex, dec ? 10 : 16);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return NAMED_ENTITIES[String(name).toLowerCase()] ?? match;
  });
}

/**
 * What a browser keeps when it reads the scheme: the URL parser drops leading and trailing
 * C0 controls and spaces and removes tabs and newlines anywhere, so ` java\tscript:` still runs.
 * We also drop every other control and invisible character before looking at the scheme.
 */
function schemeView(value: string): string {
  return value.replace(/[\p{Cc}\u0020\u00a0\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]/gu, "");
}

function schemeOf(value: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  return match?.[1] ? `${match[1].toLowerCase()}:` : null;
}

/**
 * Returns the URL when it is relative or uses one of the allowed schemes, else null.
 * The check runs on the raw value and on its entity-decoded form, both stripped of the
 * characters browsers ignore, so no spelling of `javascript:` or `data:` gets through.
 * The value returned is trimmed and free of tabs and newlines.
 */
export function safeUrl(raw: unknown, allowed: readonly string[] = LINK_PROTOCOLS): string | null {
  if (typeof raw !== "string") return null;
  // eslint-disable-next-line no-control-regex -- the URL parser's own trim: C0 controls and space, exactly
  const cleaned = raw.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");
  if (cleaned === "") return null;
  for (const view of [schemeView(cleaned), schemeView(decodeEntities(cleaned))]) {
    const scheme = schemeOf(view);
    if (scheme !== null && !allowed.includes(scheme)) return null;
  }
  return cleaned;
}

/** True for links that leave the site: absolute http(s) and protocol-relative URLs. */
export function isExternalUrl(url: string): boolean {
  return /^(?:https?:)?\/\//i.test(url) || /^[\\/]{2}/.test(url);
}
