import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useMatches } from "react-router";
import { thaw, type Frozen } from "./frozen";
import { createTranslator, mergeMessages, type MessageTree, type Translate } from "./i18n";
import { DEFAULT_LANG, type Lang } from "./languages";

interface I18nValue {
  lang: Lang;
  t: Translate;
}

// Outside any provider nothing was sent: every key renders as nothing (never as the raw key).
const I18nContext = createContext<I18nValue>({ lang: DEFAULT_LANG, t: createTranslator(DEFAULT_LANG, {}) });

/** Provides the messages this page was sent (root and route loader data, never bundled). */
export function I18nProvider({ lang, messages, children }: { lang: Lang; messages: MessageTree; children: ReactNode }) {
  const value = useMemo(() => ({ lang, t: createTranslator(lang, messages) }), [lang, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  return useContext(I18nContext);
}

/** The `messages` a route's loader sent with its data (`routeMessages`, frozen), if any. */
function messagesOf(loaderData: unknown): MessageTree | null {
  if (typeof loaderData !== "object" || loaderData === null || !("messages" in loaderData)) return null;
  const { messages } = loaderData;
  return typeof messages === "string" ? thaw(messages as Frozen<MessageTree>) : null;
}

/** Merges kept by the identity of their parts (sets are built once per isolate on the server). */
interface MergeNode {
  merged?: MessageTree;
  next: WeakMap<MessageTree, MergeNode>;
}
const merges = new WeakMap<MessageTree, MergeNode>();
const NOTHING: MessageTree = {};

function mergedOnce(parts: MessageTree[]): MessageTree {
  let level = merges;
  let node: MergeNode | undefined;
  for (const part of parts) {
    node = level.get(part);
    if (!node) level.set(part, (node = { next: new WeakMap() }));
    level = node.next;
  }
  if (!node) return NOTHING;
  node.merged ??= mergeMessages(parts);
  return node.merged;
}

/**
 * Every message the page has: the root's shell set plus what each matched route's loader sent.
 * A client navigation brings the new routes' messages in their loader data (also from the edge
 * page cache's `.data` answers), so the root loader never needs to run again for them.
 */
export function usePageMessages(shell: Frozen<MessageTree> | null | undefined): MessageTree {
  const matches = useMatches();
  // The root's own data is among the matches too: each part counts once.
  const parts = new Set([shell && thaw(shell), ...matches.map((match) => messagesOf(match.loaderData))]);
  parts.delete(null);
  parts.delete(undefined);
  return mergedOnce([...parts] as MessageTree[]);
}
