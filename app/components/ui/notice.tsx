import type { ReactNode } from "react";

interface NoticeProps {
  tone?: "info" | "success" | "error";
  title?: string;
  children: ReactNode;
  /** `status` (polite) or `alert` (assertive) when the notice appears after an action. */
  role?: "status" | "alert";
}

/** A message set apart from the page: information, success or an error. */
export function Notice({ tone = "info", title, children, role }: NoticeProps) {
  return (
    <div className={tone === "info" ? "notice" : `notice notice--${tone}`} role={role}>
      {title ? <p className="notice__title">{title}</p> : null}
      {children}
    </div>
  );
}
