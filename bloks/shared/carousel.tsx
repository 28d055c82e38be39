import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/** Smooth scrolling unless the visitor asked the system for reduced motion. */
function scrollBehavior(): ScrollBehavior {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

/** The distance from one slide to the next: its width plus the gap. */
function slideStep(track: HTMLElement): number {
  const [first, second] = track.children;
  if (first instanceof HTMLElement && second instanceof HTMLElement) return second.offsetLeft - first.offsetLeft;
  return track.clientWidth;
}

/**
 * A row of slides in plain React and CSS scroll-snap: without JavaScript it is a scrollable,
 * focusable list; with it, "previous" and "next" buttons move one slide, and while the list has
 * focus the arrow keys move one slide and Home/End jump to the ends. Motion follows
 * `prefers-reduced-motion`. Nothing moves by itself.
 */
export function Carousel({ label, className, slides }: { label: string; className?: string; slides: ReactNode[] }) {
  const { t } = useI18n();
  const trackId = useId();
  const hintId = useId();
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });
  // Set once hydrated (tests wait for it). The buttons show before: a click that beats the code is
  // replayed once it has arrived (bloks/hydration.ts); without scripting the CSS hides them.
  const ready = useHydrated();

  const updateEdges = useCallback(() => {
    const element = track.current;
    if (!element) return;
    const atStart = element.scrollLeft <= 1;
    const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
    setEdges((current) => (current.atStart === atStart && current.atEnd === atEnd ? current : { atStart, atEnd }));
  }, []);

  useEffect(() => {
    updateEdges();
    window.addEventListener("resize", updateEdges);
    return () => window.removeEventListener("resize", updateEdges);
  }, [updateEdges]);

  const move = (slidesToMove: number) => {
    const element = track.current;
    if (element) element.scrollBy({ left: slidesToMove * slideStep(element), behavior: scrollBehavior() });
  };
  const jump = (to: "start" | "end") => {
    const element = track.current;
    if (element) element.scrollTo({ left: to === "start" ? 0 : element.scrollWidth, behavior: scrollBehavior() });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    // Only the list itself: keys inside a slide (a link, a button) keep their own meaning.
    if (event.target !== event.currentTarget) return;
    const actions: Record<string, () => void> = {
      ArrowLeft: () => move(-1),
      ArrowRight: () => move(1),
      Home: () => jump("start"),
      End: () => jump("end"),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <div className={["carousel", className].filter(Boolean).join(" ")} data-ready={ready || undefined}>
      {/* Above the track, as the event slider's: one place and one look for every carousel's controls. */}
      <div className="carousel__controls carousel-controls">
        <button
          type="button"
          className="carousel__button carousel-button"
          aria-controls={trackId}
          disabled={edges.atStart}
          onClick={() => move(-1)}
        >
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">{t("PAGES.PREVIOUS")}</span>
        </button>
        <button
          type="button"
          className="carousel__button carousel-button"
          aria-controls={trackId}
          disabled={edges.atEnd}
          onClick={() => move(1)}
        >
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">{t("PAGES.NEXT")}</span>
        </button>
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a scrolling list moves with arrow keys */}
      <ul
        id={trackId}
        ref={track}
        className="carousel__track"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus (axe: scrollable-region-focusable)
        tabIndex={0}
        aria-label={label}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
        onScroll={updateEdges}
      >
        {slides.map((slide, index) => (
          <li key={index} className="carousel__slide">
            {slide}
          </li>
        ))}
      </ul>
      <p id={hintId} className="visually-hidden">
        {t("PAGES.CAROUSEL_HINT")}
      </p>
    </div>
  );
}
