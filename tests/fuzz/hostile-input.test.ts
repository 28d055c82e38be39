import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestKey, jwksResponse, stubOutboundFetch, type TestKey } from "#tests/mocks/google-keys/index.ts";
import { request as toWorker } from "#tests/harness.ts";
import { ENDPOINTS, type Endpoint, fuzzEnv, memberToken, requestHeaders, url, validBody } from "./endpoints";

/**
 * No 5xx from user input, on every state-changing endpoint: bodies whose keys are built-in
 * object members (top level and nested), control characters in every string, and header values
 * carrying control characters or encoded CR/LF wherever a header is read.
 */

const PROTOTYPE_NAMES = [
  "__proto__",
  "constructor",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
  "__defineGetter__",
];
const CONTROL_CHARACTERS = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  "\u007f",
  "\u2028",
  "\u2029",
];
const ALL_CONTROLS = CONTROL_CHARACTERS.join("");

const KEYS_URL = `https://keys.arena.test/${crypto.randomUUID()}/fuzz.json`;
let key: TestKey;
beforeAll(async () => {
  key = await createTestKey();
});
beforeEach(() => {
  stubOutboundFetch({ [KEYS_URL]: () => jwksResponse([key]) });
});

type Body = Record<string, unknown>;

/** The same value with `change` applied to every string in it, however deep. */
function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === "string") return change(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, mapStrings(item, change)]));
  return value;
}

/** The same value with `name: extra` added to every object in it, the top level included. */
function addKeyEverywhere(value: unknown, name: string, extra: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => addKeyEverywhere(item, name, extra));
  if (typeof value === "object" && value !== null) {
    const copy = Object.fromEntries(Object.entries(value).map(([k, item]) => [k, addKeyEverywhere(item, name, extra)]));
    Object.defineProperty(copy, name, { value: extra, enumerable: true, writable: true, configurable: true });
    return copy;
  }
  return value;
}

/** An own property named `name` (an object literal's `__proto__:` would set the prototype instead). */
function withOwn(body: Body, name: string, value: unknown): Body {
  const copy = { ...body };
  Object.defineProperty(copy, name, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

function prototypeCases(valid: Body): { label: string; body: Body }[] {
  const cases: { label: string; body: Body }[] = [];
  const fields = Object.keys(valid);
  PROTOTYPE_NAMES.forEach((name, index) => {
    cases.push({ label: `top-level ${name}`, body: withOwn(valid, name, "x") });
    cases.push({ label: `only ${name}`, body: withOwn({}, name, { [name]: "x" }) });
    cases.push({
      label: `nested ${name} in every object`,
      body: addKeyEverywhere(withOwn(valid, "nested", withOwn({}, name, { admin: true })), name, 1) as Body,
    });
    const field = fields[index % Math.max(1, fields.length)];
    if (field) cases.push({ label: `${field} = {${name}}`, body: { ...valid, [field]: withOwn({}, name, "x") } });
  });
  return cases;
}

function controlCases(valid: Body): { label: string; body: Body }[] {
  const cases = [
    {
      label: "every control character after every string",
      body: mapStrings(valid, (s) => `${s}${ALL_CONTROLS}`) as Body,
    },
    {
      label: "every control character before every string",
      body: mapStrings(valid, (s) => `${ALL_CONTROLS}${s}`) as Body,
    },
    { label: "control characters as keys", body: withOwn(withOwn(valid, "a\u0000b", "x"), "\r\n", "y") },
  ];
  for (const character of CONTROL_CHARACTERS) {
    const code = `U+${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
    cases.push({
      // Appended: a valid token followed by whitespace still verifies (base64 decoders skip it).
      label: `${code} after every string`,
      body: mapStrings(valid, (s) => `${s}${character}`) as Body,
    });
  }
  return cases;
}

/**
 * The endpoint's path with each query value it reads replaced by a built-in member's name
 * (`?form=toString` was a 500: `"toString" in FORM_SCHEMAS` is true), and such names added as
 * parameters of their own.
 */
function queryCases(endpoint: Endpoint): { label: string; endpoint: Endpoint }[] {
  const [pathname, query = ""] = endpoint.path.split("?");
  const params = [...new URLSearchParams(query).keys()];
  return PROTOTYPE_NAMES.flatMap((name) => {
    const withValue = params.map((param) => {
      const search = new URLSearchParams(query);
      search.set(param, name);
      return { label: `?${param}=${name}`, endpoint: { ...endpoint, path: `${pathname}?${search}` } };
    });
    const search = new URLSearchParams(query);
    search.append(name, name);
    return [...withValue, { label: `?${name}=${name}`, endpoint: { ...endpoint, path: `${pathname}?${search}` } }];
  });
}

/** The bytes of a body in the endpoint's encoding (forms: URL-encoded, booleans as "on", objects as JSON text). */
function encode(endpoint: Endpoint, body: Body): Uint8Array<ArrayBuffer> | null {
  if (endpoint.encoding === "none") return null;
  if (endpoint.encoding === "json") return new TextEncoder().encode(JSON.stringify(body));
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    const text = value === true ? "on" : typeof value === "string" ? value : JSON.stringify(value);
    form.append(name, text);
    // Nested names as some frameworks write them: name[__proto__]=…
    if (typeof value === "object" && value !== null)
      for (const inner of Object.keys(value)) form.append(`${name}[${inner}]`, "x");
  }
  return new TextEncoder().encode(form.toString());
}

async function send(
  endpoint: Endpoint,
  body: Uint8Array<ArrayBuffer> | null,
  extraHeaders: Record<string, string> = {},
) {
  const headers = await requestHeaders(endpoint, key, body, extraHeaders);
  if (endpoint.encoding === "form" && !extraHeaders["Content-Type"])
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  const request = new Request(url(endpoint), {
    method: endpoint.method,
    headers,
    body: body && endpoint.method !== "DELETE" ? body : undefined,
    redirect: "manual",
  });
  const response = await toWorker(request, { env: fuzzEnv(KEYS_URL) });
  await response.arrayBuffer();
  return response.status;
}

/** Whether workerd lets these characters into a header value at all (it refuses NUL, CR and LF). */
function reachesTheWorker(value: string): boolean {
  // Non-ASCII header values are a workerd quirk (sent as UTF-8, with a warning); browsers refuse them.
  if (/\P{ASCII}/u.test(value)) return false;
  try {
    // Inside a value: at its ends, whitespace (CR and LF included) is trimmed away instead.
    new Headers({ "X-Probe": `x${value}x` });
    return true;
  } catch {
    return false;
  }
}

async function headerCases(): Promise<{ label: string; headers: Record<string, string> }[]> {
  const token = await memberToken(key);
  const controls = CONTROL_CHARACTERS.filter(reachesTheWorker).join("");
  const encodedCrLf = encodeURIComponent("\r\n");
  const values: Record<string, string[]> = {
    Cookie: [
      `__session=${token}${encodedCrLf}`,
      `__session=${token}${encodeURIComponent(ALL_CONTROLS)}`,
      `__session=${token}; lang=${encodeURIComponent("es\r\nSet-Cookie: admin=1")}`,
      `__session=%ZZ; signed_in=1${controls}`,
      `lang=val${controls}; __session=${controls}`,
    ],
    Authorization: [`Bearer ${token}${controls}`, `Bearer ${controls}`, `Basic ${controls}`],
    "Accept-Language": [`es${controls}`, `${controls};q=0.5,en;q=${controls}`],
    Origin: [`http://arena.test${controls}`],
    "Sec-Fetch-Site": [`same-origin${controls}`],
    "X-Forwarded-For": [`1.2.3.4${controls}, evil`],
    "X-Forwarded-Host": [`evil.example${controls}`],
    "X-Forwarded-Proto": [`https${controls}`],
    "CF-Connecting-IP": [`10.0.0.1${controls}`],
    "Idempotency-Key": [`key${controls}`],
    "X-Request-Id": [`id${controls}`],
    "Content-Type": [`application/json${controls}`, `multipart/form-data; boundary=${controls}`],
    "webhook-signature": [`${controls}deadbeef`],
  };
  return Object.entries(values).flatMap(([name, list]) =>
    list.map((value, index) => ({ label: `${name} #${index}`, headers: { [name]: value } })),
  );
}

describe("fuzz: hostile input never answers 5xx, on every state-changing endpoint", () => {
  it("CR and LF inside a header value cannot reach the Worker; around it they are trimmed", () => {
    expect(reachesTheWorker("a\r\nSet-Cookie: x=1")).toBe(false);
    expect(reachesTheWorker("a\u0000b")).toBe(false);
    expect(reachesTheWorker("a\u2028b")).toBe(false);
    expect(new Headers({ Cookie: "lang=es\r\n" }).get("Cookie")).toBe("lang=es");
    // Everything else in C0 does reach it, so the header cases below carry those characters.
    expect(CONTROL_CHARACTERS.filter(reachesTheWorker).length).toBeGreaterThanOrEqual(29);
  });

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path}`, { timeout: 120_000 }, async () => {
      const valid = await validBody(endpoint, key);
      const bodyCases = endpoint.encoding === "none" ? [] : [...prototypeCases(valid), ...controlCases(valid)];
      const failures: string[] = [];
      for (const { label, body } of bodyCases) {
        const status = await send(endpoint, encode(endpoint, body));
        if (status >= 500) failures.push(`${label}: ${status}`);
      }
      for (const { label, endpoint: queried } of queryCases(endpoint)) {
        const status = await send(queried, encode(endpoint, valid));
        if (status >= 500) failures.push(`${label}: ${status}`);
      }
      for (const { label, headers } of await headerCases()) {
        const status = await send(endpoint, encode(endpoint, await validBody(endpoint, key)), headers);
        if (status >= 500) failures.push(`${label}: ${status}`);
      }
      expect(failures).toEqual([]);
      if (endpoint.encoding !== "none") expect(bodyCases.length).toBeGreaterThanOrEqual(60);
    });
  }
});
