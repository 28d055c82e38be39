import { useEffect, useRef, useState, type ReactNode } from "react";
import * as v from "valibot";
import { RESOLVED_RELATIONS } from "#app/lib/content-source.ts";
import { StorySchema, type Story } from "#app/lib/content-types.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { useNonce } from "#app/lib/nonce.tsx";
import { WithEditorMarkers } from "#bloks/shared/editor-markers.tsx";

/** Storyblok's Visual Editor bridge. Only a verified preview renders this component, so only previews load it. */
export const BRIDGE_SCRIPT_URL = "https://app.storyblok.com/f/storyblok-v2-latest.js";

interface BridgeInstance {
  on(events: string | string[], callback: (event?: unknown) => void): void;
}
interface BridgeOptions {
  resolveRelations?: string[];
  resolveLinks?: "url" | "story" | "link";
}
declare global {
  interface Window {
    StoryblokBridge?: new (options: BridgeOptions) => BridgeInstance;
  }
}

/** What the editor sends on every keystroke: the edited story, relations and links already resolved by the bridge. */
const InputEventSchema = v.object({ action: v.literal("input"), story: StorySchema });

/** What a part of the page wants from the editor: each edit of a story, each save or publish. */
export interface BridgeListener {
  input?: (story: Story) => void;
  save?: () => void;
}

/**
 * One bridge per page, whoever listens (the page's story, an event, the header and footer's
 * configuration story): each listener picks the stories it shows. The last edit is kept for a
 * listener whose code arrives after it, so no keystroke is lost to the order the parts hydrate in.
 */
const listeners = new Set<BridgeListener>();
let connected = false;
let lastInput: Story | null = null;

function connect() {
  if (connected || !window.StoryblokBridge) return;
  connected = true;
  const bridge = new window.StoryblokBridge({ resolveRelations: [...RESOLVED_RELATIONS], resolveLinks: "url" });
  bridge.on("input", (event) => {
    const parsed = v.safeParse(InputEventSchema, event);
    if (!parsed.success) return;
    lastInput = parsed.output.story;
    for (const listener of listeners) listener.input?.(parsed.output.story);
  });
  bridge.on(["change", "published"], () => {
    for (const listener of listeners) listener.save?.();
  });
}

/** Listens to the editor through the page's one bridge while the calling component is mounted. */
export function useBridge(listener: BridgeListener) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const entry: BridgeListener = {
      input: (story) => latest.current.input?.(story),
      save: () => latest.current.save?.(),
    };
    listeners.add(entry);
    if (lastInput) entry.input?.(lastInput);
    connect();
    // The script may still be loading when the page hydrates.
    const script = document.querySelector(`script[src="${BRIDGE_SCRIPT_URL}"]`);
    script?.addEventListener("load", connect);
    return () => {
      listeners.delete(entry);
      script?.removeEventListener("load", connect);
    };
  }, []);
}

/** The bridge's script: React renders it once however many parts ask for it (an async script with a `src`). */
export function BridgeScript() {
  const nonce = useNonce();
  return <script src={BRIDGE_SCRIPT_URL} async nonce={nonce} />;
}

/**
 * Wraps the page in a Visual Editor preview: loads the bridge script and re-renders `children`
 * with the edited story on every `input` event (relations and links resolved as on the server).
 * A save or publish reloads the draft from the server through the layout's listener
 * (app/components/live-preview.tsx). The bridge receives no token from the site: it talks to the
 * editor that frames the page.
 */
export function StoryblokBridge({ story, children }: { story: Story; children: (story: Story) => ReactNode }) {
  const { t } = useI18n();
  const [live, setLive] = useState(story);
  // A story from the server (a revalidation after a save, another page) replaces the edited one.
  const [fromServer, setFromServer] = useState(story);
  if (story !== fromServer) {
    setFromServer(story);
    setLive(story);
  }
  useBridge({
    input: (edited) => {
      if (edited.id === story.id) setLive(edited);
    },
  });

  return (
    <>
      <BridgeScript />
      <p className="preview-badge" role="status">
        {t("CONTENT.PREVIEW_LABEL")}
      </p>
      <WithEditorMarkers>{children(live)}</WithEditorMarkers>
    </>
  );
}
