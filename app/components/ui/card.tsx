import type { ComponentProps, ReactNode } from "react";

type CardProps = {
  /** The element: a `section` or `article` with its own heading, or a plain `div`. */
  as?: "div" | "section" | "article";
  /** Floats above the page (`--shadow-2`) instead of resting on it. */
  raised?: boolean;
  /** No padding: the content (a picture to the edges) lays itself out. */
  flush?: boolean;
  children: ReactNode;
} & Omit<ComponentProps<"div">, "children">;

/** A white panel with a border, a large radius and a resting shadow (docs/design.md "Cards"). */
export function Card({ as: Element = "div", raised, flush, className, children, ...rest }: CardProps) {
  const classes = ["surface-card", raised && "surface-card--raised", flush && "surface-card--flush", className];
  return (
    <Element className={classes.filter(Boolean).join(" ")} {...rest}>
      {children}
    </Element>
  );
}

/** A card's title at the level its place in the page asks for. */
export function CardTitle({ level = 3, id, children }: { level?: 2 | 3 | 4; id?: string; children: ReactNode }) {
  const Heading = `h${level}` as const;
  return (
    <Heading id={id} className="surface-card__title">
      {children}
    </Heading>
  );
}
