import { Component, Suspense, useEffect, useMemo, useState, type ErrorInfo, type ReactNode } from "react";
import type { Blok } from "#app/lib/content-types.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { useLoaded } from "#app/lib/when-wanted.ts";
import { blokCodeSettled, blokComponent } from "./components";
import { useBlokContext } from "./context";
import { countHydratedBlok, useBlokCodeWhenWanted } from "./hydration";
import { INVALID_BLOK } from "./problems";

/** What a render of a kind nobody registered waits on: nothing. */
const NO_CODE: Promise<null> = Promise.resolve(null);

/** What editors see in the Visual Editor instead of a block that cannot be rendered. */
function BlokProblem({ message }: { message: string }) {
  return (
    <div className="blok-problem" role="note">
      {message}
    </div>
  );
}

/**
 * Rendered beside a block inside its boundary: React runs its effect once it has hydrated the
 * boundary (or mounted it), so the page knows the block's own handlers are in place
 * (`replayClick` in bloks/hydration.ts).
 */
function HydratedMark({ kind }: { kind: string }) {
  useEffect(() => countHydratedBlok(kind), [kind]);
  return null;
}

/** A block that throws while rendering costs only itself, never the page. */
class BlokErrorBoundary extends Component<
  { kind: string; fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn(`Block "${this.props.kind}" failed to render and was skipped`, error, info.componentStack);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Renders one block. Blocks arrive already validated by the server (bloks/validate.server.ts):
 * invalid ones were removed, or in a preview replaced by a marker that names the problem. An
 * unknown kind is skipped (a placeholder in previews). Each kind's code loads when it is wanted
 * (bloks/hydration.ts); until then hydration keeps the server's HTML.
 */
export function BlokView({ blok }: { blok: Blok }) {
  const { preview, marker } = useBlokContext();
  // Click-to-edit in Storyblok's Visual Editor: only a preview's code gives `marker`
  // (./shared/editor-markers.tsx), so public pages render the block alone, and a preview renders the
  // same marker on the server and in the browser.
  const editable = marker?.(blok) ?? null;
  return editable ? (
    <div {...editable}>
      <BlokContent blok={blok} preview={preview} />
    </div>
  ) : (
    <BlokContent blok={blok} preview={preview} />
  );
}

function BlokContent({ blok, preview }: { blok: Blok; preview: boolean }) {
  const { t } = useI18n();
  const kind = blok.component;
  const Rendered = blokComponent(kind);
  const mountedFresh = useBlokCodeWhenWanted(blok, preview);
  // A block hydrated from the server's HTML waits for its code inside its own boundary, which
  // keeps that HTML meanwhile. One that a client-side navigation mounts has no HTML to keep: it
  // suspends the navigation instead, so the new page shows complete, never with holes that fill
  // in (previews keep a boundary: the editor's drafts do not come through the router).
  const [keepsServerHtml] = useState(() => !mountedFresh || preview);
  const code = Rendered ? blokCodeSettled(kind) : NO_CODE;
  const loaded = useLoaded(code);
  // The same element until the block or its code changes: a new one would make React hydrate
  // the block at once, which it cannot do without the code (docs/performance.md).
  const rendered = useMemo(() => {
    if (!Rendered) return null;
    const block = (
      <>
        {/* eslint-disable-next-line react-hooks/static-components -- one component per kind, made once and kept by `blokComponent` (./components.ts) */}
        <Rendered blok={blok} />
        <HydratedMark kind={kind} />
      </>
    );
    return keepsServerHtml ? <Suspense fallback={null}>{block}</Suspense> : block;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `loaded`: a new element once the code is in lets React hydrate the boundary (`useLoaded`)
  }, [Rendered, blok, kind, loaded, keepsServerHtml]);
  if (kind === INVALID_BLOK) {
    const name = typeof blok.name === "string" ? blok.name : "";
    const issues = typeof blok.issues === "string" ? blok.issues : "";
    return preview ? <BlokProblem message={t("BLOKS.INVALID", { name, issues })} /> : null;
  }
  if (!Rendered) {
    console.warn(`Unknown block "${kind}" (${blok._uid}) skipped`);
    return preview ? <BlokProblem message={t("BLOKS.UNKNOWN", { name: kind })} /> : null;
  }
  const problem = preview ? <BlokProblem message={t("BLOKS.INVALID", { name: kind, issues: "" })} /> : null;
  return (
    <BlokErrorBoundary kind={kind} fallback={problem}>
      {rendered}
    </BlokErrorBoundary>
  );
}

export function Bloks({ bloks }: { bloks: Blok[] }) {
  return (
    <>
      {bloks.map((blok) => (
        <BlokView key={blok._uid} blok={blok} />
      ))}
    </>
  );
}
