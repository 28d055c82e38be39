import { Component, Suspense, type ErrorInfo, type ReactNode } from "react";
import type { Blok } from "../app/lib/content-types";
import { useI18n } from "../app/lib/i18n-context";
import { blokComponent } from "./components";
import { useBlokContext } from "./context";
import { INVALID_BLOK } from "./problems";

/** What editors see in the Visual Editor instead of a block that cannot be rendered. */
function BlokProblem({ message }: { message: string }) {
  return (
    <div className="blok-problem" role="note">
      {message}
    </div>
  );
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
 * unknown kind is skipped (a placeholder in previews); each block's code loads on demand.
 */
export function BlokView({ blok }: { blok: Blok }) {
  const { preview } = useBlokContext();
  const { t } = useI18n();
  if (blok.component === INVALID_BLOK) {
    const name = typeof blok.name === "string" ? blok.name : "";
    const issues = typeof blok.issues === "string" ? blok.issues : "";
    return preview ? <BlokProblem message={t("BLOKS.INVALID", { name, issues })} /> : null;
  }
  const Rendered = blokComponent(blok.component);
  if (!Rendered) {
    console.warn(`Unknown block "${blok.component}" (${blok._uid}) skipped`);
    return preview ? <BlokProblem message={t("BLOKS.UNKNOWN", { name: blok.component })} /> : null;
  }
  const problem = preview ? <BlokProblem message={t("BLOKS.INVALID", { name: blok.component, issues: "" })} /> : null;
  return (
    <BlokErrorBoundary kind={blok.component} fallback={problem}>
      <Suspense fallback={null}>
        <Rendered blok={blok} />
      </Suspense>
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
