import { createContext, Suspense, useContext, type ReactNode } from "react";
import { Await } from "react-router";
import { thaw, type Frozen } from "#app/lib/frozen.ts";
import type { EditableAttributes } from "./editable";

/**
 * Data that some blocks need beyond their own fields (event listings, restaurants…), resolved on
 * the server by `bloks/data.server.ts` and keyed by the block's `_uid`, frozen (app/lib/frozen.ts).
 * Above-the-fold entries are values; the rest are promises that React Router streams in.
 */
export type BlokDataMap = Record<string, unknown>;

interface BlokRenderContext {
  data: BlokDataMap;
  /** Verified Visual Editor preview: problems are shown to editors instead of being skipped silently. */
  preview: boolean;
  /**
   * Click-to-edit: a block's or item's Visual Editor marker as attributes. Given only by the
   * preview's own code (./shared/editor-markers.tsx), so public pages load none of it.
   */
  marker?: (blok: Record<string, unknown>) => EditableAttributes | null;
  /** The page's URL search params (filters, search, pagination in event lists). */
  search: string;
}

const BlokContext = createContext<BlokRenderContext>({ data: {}, preview: false, search: "" });

export function BlokContextProvider({ value, children }: { value: BlokRenderContext; children: ReactNode }) {
  return <BlokContext.Provider value={value}>{children}</BlokContext.Provider>;
}

export function useBlokContext(): BlokRenderContext {
  return useContext(BlokContext);
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && "then" in value && typeof value.then === "function";
}

/**
 * Renders `children(data)` once the block's server data has arrived; `fallback` meanwhile (a
 * skeleton with the final size, so nothing shifts).
 */
export function WithBlokData<T>({
  uid,
  fallback,
  errorElement = null,
  children,
}: {
  uid: string;
  fallback: ReactNode;
  /** Shown when the data could not be loaded (the block's empty state is a good choice). */
  errorElement?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { data } = useBlokContext();
  const value = data[uid];
  // Above-the-fold data is already a value: render it in the first flush. Through <Await> it
  // would suspend once and arrive in a hidden streamed chunk that only JavaScript reveals.
  if (!isPromiseLike(value)) return <>{children(thaw(value as Frozen<T>))}</>;
  return (
    <Suspense fallback={fallback}>
      <Await resolve={value as Promise<Frozen<T>>} errorElement={errorElement}>
        {(resolved: Frozen<T>) => children(thaw(resolved))}
      </Await>
    </Suspense>
  );
}
