import type { ComponentProps } from "react";

/** The SPEC's button axes: type, colour and size (docs/design.md). */
export interface ButtonLook {
  /** primary: filled; secondary: outlined (the default); tertiary: text only. */
  variant?: "primary" | "secondary" | "tertiary";
  /** default: ink (white on night surfaces); primary: the brand blue; buy: every "buy tickets"
   * action, and only those (one colour for buying across the site); danger: red. */
  color?: "default" | "primary" | "buy" | "danger";
  size?: "s" | "m" | "l";
}

/** The class list of a button look, for anchors and buttons alike. */
export function buttonClass({ variant = "secondary", color = "default", size = "m" }: ButtonLook = {}, extra?: string) {
  return [
    "button",
    variant !== "secondary" && `button--${variant}`,
    color === "primary" && "button--brand",
    color === "buy" && "button--buy",
    color === "danger" && "button--danger",
    size !== "m" && `button--${size}`,
    extra,
  ]
    .filter(Boolean)
    .join(" ");
}

type ButtonProps = ComponentProps<"button"> &
  ButtonLook & {
    /** Busy: announced (`aria-busy`), disabled against a second press, a spinner beside the label. */
    loading?: boolean;
    /**
     * The button's name while loading ("Sending…", from the locales). The visible label stays,
     * so the button keeps its width; a screen reader hears what is happening instead.
     */
    loadingLabel?: string;
  };

/** A `<button>` with the site's look and its loading and disabled states built in. */
export function Button({
  variant,
  color,
  size,
  loading,
  loadingLabel,
  className,
  disabled,
  type = "button",
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, color, size }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && loadingLabel ? (
        <>
          <span aria-hidden="true">{children}</span>
          <span className="visually-hidden">{loadingLabel}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}
