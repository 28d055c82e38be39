import rosetta from "rosetta";
import type es from "#locales/es.json";
import type { Lang } from "./languages";

/** The message catalogue's shape, typed from the default locale. */
export type Messages = typeof es;

type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & (string | number)]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & (string | number)];

type Groups<T, Prefix extends string = ""> = {
  [K in keyof T & (string | number)]: T[K] extends string ? never : `${Prefix}${K}` | Groups<T[K], `${Prefix}${K}.`>;
}[keyof T & (string | number)];

/** Every translation key, e.g. `"ERROR.404.TITLE"`; a typo is a type error. */
export type MessageKey = Leaves<Messages>;

/**
 * A part of the catalogue a page is sent (docs/performance.md, "What each page is sent"): a group
 * (`"EVENTS"`, `"EVENTS.CATEGORY"`) with everything under it, or one message (`"FIELD.email"`).
 */
export type MessageNamespace = Groups<Messages> | MessageKey;

/** Some of a language's messages, in the catalogue's shape (what a page is sent). */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/** The message at `key`, through own properties only (a key is never an inherited member). */
export function lookupMessage(messages: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * rosetta fills `{{name}}` placeholders (a missing parameter leaves nothing). It is asked only
 * for keys found as own properties (`lookupMessage`), so it never reaches an inherited member.
 * One instance per message tree: a page's trees are built once and reused.
 */
const fillers = new WeakMap<MessageTree, ReturnType<typeof rosetta<MessageTree>>>();
function fill(messages: MessageTree, key: string, params: MessageParams | undefined): string {
  let i18n = fillers.get(messages);
  if (!i18n) {
    i18n = rosetta<MessageTree>({ messages });
    i18n.locale("messages");
    fillers.set(messages, i18n);
  }
  return i18n.t(key, params);
}

type LookupObserver = (key: string, found: boolean, lang: Lang) => void;
const observers = new Set<LookupObserver>();
const reported = new Set<string>();

/**
 * Sees every lookup of every translator made by `createTranslator` (tests record which keys a
 * page looked up and whether it had been sent them). Returns the function that stops observing.
 */
export function observeMessageLookups(observer: LookupObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/**
 * A key the page was not sent: said once per key and language, loudly (tests fail on it). Which
 * messages a page gets: docs/performance.md, "What each page is sent".
 */
function reportMissing(lang: Lang, key: string) {
  const id = `${lang}:${key}`;
  if (reported.has(id)) return;
  reported.add(id);
  console.error(`[i18n] "${key}" (${lang}) was not sent`);
}

/**
 * A translator over the messages this page was sent (the browser never bundles a catalogue).
 * A key that was not sent renders as nothing rather than as the raw key, and is reported.
 */
export function createTranslator(lang: Lang, messages: MessageTree): Translate {
  return (key, params) => {
    const message = lookupMessage(messages, key);
    for (const observer of observers) observer(key, message !== undefined, lang);
    if (message === undefined) {
      reportMissing(lang, key);
      return "";
    }
    // Most messages have no placeholder: they are their own text (rosetta would scan them for one).
    return params === undefined && !message.includes("{{") ? message : fill(messages, key, params);
  };
}

/** The server's translator semantics: a message, else the key itself (never reported). */
export function translateOrKey(messages: MessageTree, key: string, params?: MessageParams): string {
  const message = lookupMessage(messages, key);
  return message === undefined ? key : fill(messages, key, params);
}

function mergeInto(target: MessageTree, source: MessageTree) {
  for (const [name, value] of Object.entries(source)) {
    const existing = Object.hasOwn(target, name) ? target[name] : undefined;
    if (typeof value === "string" || typeof existing !== "object") target[name] = value;
    else mergeInto((target[name] = { ...existing }), value);
  }
}

/** The parts a page was sent (root, then each route), as one tree. */
export function mergeMessages(parts: readonly MessageTree[]): MessageTree {
  const merged: MessageTree = {};
  for (const part of parts) mergeInto(merged, part);
  return merged;
}
