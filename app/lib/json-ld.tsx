import { useRouteLoaderData } from "react-router";
import { useNonce } from "./nonce";

/** A schema.org JSON-LD object (`@context`, `@type` and the type's properties). */
export type JsonLdData = { "@context": "https://schema.org"; "@type": string } & Record<string, unknown>;

/**
 * JSON-LD as script text. `<`, `>`, `&` and the line separators are escaped as JSON unicode
 * escapes, so no CMS value can close the script element or start markup inside it.
 */
export function serializeJsonLd(data: JsonLdData): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * A `<script type="application/ld+json">` carrying this response's CSP nonce. The browser hides
 * nonces from the DOM, so hydration sees an empty one: that difference is expected.
 */
export function JsonLd({ data }: { data: JsonLdData }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}

/**
 * The site's public origin (from the root loader), to make JSON-LD URLs absolute; empty when
 * rendered outside the app (tests), where URLs stay site-relative.
 */
export function useSiteOrigin(): string {
  const data = useRouteLoaderData("root");
  return data && typeof data === "object" && "origin" in data && typeof data.origin === "string" ? data.origin : "";
}
