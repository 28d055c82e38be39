import { useEffect, useRef, useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import type { Story } from "#app/lib/content-types.ts";
import { thaw, type Frozen } from "#app/lib/frozen.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import type { Lang } from "#app/lib/languages.ts";
import { provideOnDemandComponents } from "#app/lib/on-demand.tsx";
import { previewInputPath } from "#app/lib/preview-input.ts";
import type { LiveAnswer } from "#app/routes/preview/input.ts";
import type { EventPageData } from "#app/routes/event/event-data.server.ts";
import type { EditableAttributes } from "#bloks/editable.ts";
import { WithEditorMarkers } from "#bloks/shared/editor-markers.tsx";
import { pageHref } from "./site-header";
import type { ShellData } from "./site-shell";
import { BridgeScript, useBridge } from "./storyblok-bridge";

// An edit renders the event page's server-only parts (its facts, its description) anew, which
// a visitor's first page never does: their code is handed over before the first edit shows, as
// on the server. Imported here, not with this module, so every page's way to this module stays short.
const eventPartsProvided = import("#app/routes/event/event-parts.tsx").then(provideOnDemandComponents);

/**
 * Sends the story being typed to the preview's input route, with the page's signed query (the
 * Worker verifies the post like the page). Null when there is nothing to show: no answer, or a
 * refusal the editor cannot act on.
 */
async function sendDraft(lang: Lang, story: Story): Promise<LiveAnswer | null> {
  try {
    const response = await fetch(`${previewInputPath(lang)}${location.search}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ story }),
    });
    // The site's own answer for this build (app/routes/preview/input.ts), not outside data.
    return response.ok || response.status === 422 ? ((await response.json()) as LiveAnswer) : null;
  } catch {
    return null;
  }
}

/**
 * `fromServer` while the editor has typed nothing, then what the server built from the latest
 * edit of a story `shows` accepts; an edit the site cannot use keeps the last good one and names
 * its problem. A new value from the server (a save, another page) starts over.
 */
function useLiveDraft<T>(
  fromServer: T,
  shows: (story: Story) => boolean,
  read: (answer: LiveAnswer) => T | null,
  ready?: Promise<unknown>,
) {
  const { lang } = useI18n();
  const [state, setState] = useState({ data: fromServer, problem: null as string | null, from: fromServer });
  if (state.from !== fromServer) setState({ data: fromServer, problem: null, from: fromServer });
  // Answers can overtake each other while the editor types: only the latest edit's counts.
  const sent = useRef(0);
  useBridge({
    input: (story) => {
      if (!shows(story)) return;
      const edit = ++sent.current;
      void Promise.all([sendDraft(lang, story), ready]).then(([answer]) => {
        if (!answer || edit !== sent.current) return;
        const data = "problem" in answer ? null : read(answer);
        setState((last) =>
          "problem" in answer ? { ...last, problem: answer.problem } : data ? { ...last, data, problem: null } : last,
        );
      });
    },
  });
  return state;
}

/** The editor's notice for an edit the page cannot show (the same notice as an invalid block's). */
function Problem({ message }: { message: string | null }) {
  return message ? (
    <div className="blok-problem" role="note">
      {message}
    </div>
  ) : null;
}

/**
 * An event page in a verified preview: re-rendered with the page data the server builds from
 * each edit of its story (`uuid`), as the event's loader builds it from the saved draft. A click
 * anywhere on it opens the event in the editor (an artist hit opens itself).
 */
export function LiveEvent({
  uuid,
  page,
  children,
}: {
  uuid: string;
  page: Frozen<EventPageData>;
  children: (page: Frozen<EventPageData>) => ReactNode;
}) {
  const { data, problem } = useLiveDraft(
    page,
    (story) => story.uuid === uuid,
    (answer) => ("event" in answer ? answer.event : null),
    eventPartsProvided,
  );
  return (
    <div {...thaw(data).editable}>
      <Problem message={problem} />
      <WithEditorMarkers>{children(data)}</WithEditorMarkers>
    </div>
  );
}

/**
 * Click-to-edit on the header's and footer's entries (menu links, social profiles): each entry's
 * marker on the list item of its link. The header and footer are drawn by code every public page
 * loads, which carries nothing for the editor, so the preview's own code marks them once drawn.
 */
function useShellMarkers(shell: ShellData) {
  const { lang } = useI18n();
  useEffect(() => {
    const footer = thaw(shell.footer);
    const pages = (items: readonly { slug: string; editable?: EditableAttributes }[]) =>
      items.map(({ slug, editable }) => ({ href: pageHref(lang, slug), editable }));
    const lists: [string, { href: string; editable?: EditableAttributes }[]][] = [
      [".site-header", pages(thaw(shell.header))],
      [".site-footer", pages([...footer.visit, ...footer.venue, ...footer.legal])],
      [".site-footer", footer.social.map(({ url, editable }) => ({ href: url, editable }))],
    ];
    for (const [part, entries] of lists) {
      const links = [...document.querySelectorAll(`${part} li > a`)];
      for (const { href, editable } of entries) {
        if (!editable) continue;
        for (const link of links.filter((a) => a.getAttribute("href") === href)) {
          for (const [name, value] of Object.entries(editable)) link.parentElement?.setAttribute(name, value);
        }
      }
    }
  }, [shell, lang]);
}

/**
 * The header and footer in a verified preview: loads the bridge on every previewed page,
 * re-renders them from each edit of the configuration story, and reloads the draft from the
 * server (every loader of the page) when the editor saves or publishes.
 */
export function LiveShell({ shell, children }: { shell: ShellData; children: (shell: ShellData) => ReactNode }) {
  const { revalidate } = useRevalidator();
  useBridge({ save: () => void revalidate() });
  const { data, problem } = useLiveDraft(
    shell,
    (story) => story.content.component === "site_config",
    (answer) => ("shell" in answer ? { ...shell, ...answer.shell } : null),
  );
  useShellMarkers(data);
  return (
    <>
      <BridgeScript />
      <Problem message={problem} />
      {children(data)}
    </>
  );
}
