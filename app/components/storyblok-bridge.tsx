import { useEffect, useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import * as v from "valibot";
import { RESOLVED_RELATIONS } from "#app/lib/content-source.ts";
import { StorySchema, type Story } from "#app/lib/content-types.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { useNonce } from "#app/lib/nonce.tsx";

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

/**
 * Wraps the page in a Visual Editor preview: loads the bridge script, re-renders `children`
 * with the edited story on every `input` event (relations and links resolved as on the server),
 * and reloads the draft from the server (`revalidate`) when the editor saves or publishes. The
 * bridge receives no token from the site: it talks to the editor that frames the page.
 */
export function StoryblokBridge({ story, children }: { story: Story; children: (story: Story) => ReactNode }) {
  const { t } = useI18n();
  const nonce = useNonce();
  const revalidator = useRevalidator();
  const [live, setLive] = useState(story);
  // A story from the server (a revalidation after a save, another page) replaces the edited one.
  const [fromServer, setFromServer] = useState(story);
  if (story !== fromServer) {
    setFromServer(story);
    setLive(story);
  }

  const storyId = story.id;
  const { revalidate } = revalidator;
  useEffect(() => {
    let connected = false;
    const connect = () => {
      if (connected || !window.StoryblokBridge) return;
      connected = true;
      const bridge = new window.StoryblokBridge({ resolveRelations: [...RESOLVED_RELATIONS], resolveLinks: "url" });
      bridge.on("input", (event) => {
        const parsed = v.safeParse(InputEventSchema, event);
        if (parsed.success && parsed.output.story.id === storyId) setLive(parsed.output.story);
      });
      bridge.on(["change", "published"], () => void revalidate());
    };
    connect();
    // The script may still be loading when the page hydrates.
    const script = document.querySelector(`script[src="${BRIDGE_SCRIPT_URL}"]`);
    script?.addEventListener("load", connect);
    return () => script?.removeEventListener("load", connect);
  }, [storyId, revalidate]);

  return (
    <>
      <script src={BRIDGE_SCRIPT_URL} async nonce={nonce} />
      <p className="preview-badge" role="status">
        {t("CONTENT.PREVIEW_LABEL")}
      </p>
      {children(live)}
    </>
  );
}
