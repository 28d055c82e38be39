import { editableAttributes } from "#bloks/editable.ts";

// Click-to-edit in Storyblok's Visual Editor, done entirely by the preview-only bridge chunk.
//
// Why not in `BlokView`: a wrapper there (or any hook for one) lands in the `app` chunk that every
// public page loads, and the home page has no JavaScript budget to spare (docs/performance.md).
// Why not in the server's HTML: markup the browser does not render itself would break hydration.
// So, in a preview only, this module walks React's tree of the page, finds every component that
// renders a block (a `blok` prop: `BlokView`, the block itself, and the items of a block such as
// cards, which become clickable on their own) and writes the block's editor marker (`_editable`)
// as `data-blok-c` / `data-blok-uid` on the first element it renders; the innermost block wins.
// Nothing here is imported by public code (importing even `BlokView` would add an export to the
// `app` chunk). React leaves attributes it does not manage alone, so the markers survive
// re-renders; blocks rendered later (edits, code loaded on demand) are marked on the next pass.

/** The fields of a React fiber this module reads (React 17–19 keep these stable). */
interface Fiber {
  tag: number;
  type: unknown;
  stateNode: unknown;
  memoizedProps: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
  return: Fiber | null;
}
/** React's tag of a fiber that renders a DOM element. */
const HOST_COMPONENT = 5;

function fiberOf(node: Node): Fiber | null {
  const key = Object.keys(node).find((name) => name.startsWith("__reactFiber$"));
  return key ? ((node as unknown as Record<string, Fiber>)[key] ?? null) : null;
}

/** The current tree of the React root that rendered `node` (the node's own fiber may be a stale copy). */
function currentRoot(node: Node): Fiber | null {
  let fiber = fiberOf(node);
  while (fiber?.return) fiber = fiber.return;
  const root = fiber?.stateNode as { current?: Fiber } | undefined;
  return root?.current ?? null;
}

/** The first DOM element rendered at or under `fiber`, depth first. */
function firstElement(fiber: Fiber | null): Element | null {
  const stack = fiber ? [fiber] : [];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next.tag === HOST_COMPONENT && next.stateNode instanceof Element) return next.stateNode;
    if (next.sibling && next !== fiber) stack.push(next.sibling);
    if (next.child) stack.push(next.child);
  }
  return null;
}

function blokOf(fiber: Fiber): Record<string, unknown> | null {
  const props = fiber.memoizedProps as { blok?: unknown } | null;
  return typeof props?.blok === "object" && props.blok !== null ? (props.blok as Record<string, unknown>) : null;
}

/**
 * Writes the editor markers of every block rendered in the React root of `anchor` (an element the
 * bridge renders), outer blocks first so that an element shared with an inner block is the inner's.
 */
export function markEditableBlocks(anchor: Node): void {
  const root = currentRoot(anchor);
  const stack = root ? [root] : [];
  while (stack.length > 0) {
    const fiber = stack.pop()!;
    if (fiber.sibling) stack.push(fiber.sibling);
    if (fiber.child) stack.push(fiber.child);
    const blok = blokOf(fiber);
    const attributes = blok ? editableAttributes(blok) : null;
    const element = attributes ? firstElement(fiber.child) : null;
    if (!attributes || !element) continue;
    for (const [name, value] of Object.entries(attributes)) {
      if (element.getAttribute(name) !== value) element.setAttribute(name, value);
    }
  }
}

/**
 * Keeps the markers up to date while the page is open in the editor: after every DOM change and
 * just before the bridge sees a pointer or a click (a block hydrated late changes no DOM).
 * Returns the function that stops it.
 */
export function keepBlocksEditable(anchor: Node): () => void {
  let scheduled = 0;
  const mark = () => {
    scheduled = 0;
    markEditableBlocks(anchor);
  };
  const schedule = () => {
    if (!scheduled) scheduled = requestAnimationFrame(mark);
  };
  const observer = new MutationObserver(schedule);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  const events = ["pointerover", "pointerdown", "click"] as const;
  for (const event of events) window.addEventListener(event, mark, { capture: true, passive: true });
  mark();
  return () => {
    observer.disconnect();
    cancelAnimationFrame(scheduled);
    for (const event of events) window.removeEventListener(event, mark, { capture: true });
  };
}
