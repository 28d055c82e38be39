import type { ReactNode } from "react";

/** A short uppercase label: a category, "sold out", "new". */
export function Badge({
  tone = "default",
  children,
}: {
  tone?: "default" | "brand" | "accent" | "danger" | "muted";
  children: ReactNode;
}) {
  return <span className={tone === "default" ? "badge" : `badge badge--${tone}`}>{children}</span>;
}
