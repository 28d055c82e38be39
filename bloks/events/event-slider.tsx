import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import type { EventCard as EventCardData } from "#app/lib/events/listing.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { EventCard } from "./event-card";

/**
 * A slide is 85 % of the track and at most 18rem wide (app/styles/events.css): its image is
 * picked for that, not for a card of the event list (up to the whole screen on a phone), which
 * had phones fetch and paint the 960-pixel files for 288-pixel slides.
 */
export const SLIDE_IMAGE_SIZES = "min(85vw, 18rem)";

/** How long each position shows before the slider moves on by itself. */
export const AUTOPLAY_INTERVAL_MS = 6000;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * A horizontal slider of event cards on CSS scroll snap. Previous/next buttons and the arrow keys
 * move it (focus follows to the next card); it advances by itself every few seconds unless the
 * visitor prefers reduced motion, pauses it, or hovers or focuses it (WCAG 2.2.2).
 */
export function EventSlider({ events }: { events: EventCardData[] }) {
  const { t } = useI18n();
  const track = useRef<HTMLDivElement>(null);
  // Off until the browser says motion is welcome: the server cannot know, and nothing moves before hydration.
  const [motionAllowed, setMotionAllowed] = useState(false);
  const [paused, setPaused] = useState(false);
  const [engaged, setEngaged] = useState(false);
  const autoplay = motionAllowed && !paused && !engaged && events.length > 1;

  useEffect(() => {
    if (typeof matchMedia !== "function") return;
    const query = matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setMotionAllowed(!query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  function step(direction: 1 | -1, wrap = false) {
    const element = track.current;
    const slide = element?.firstElementChild;
    if (!element || !(slide instanceof HTMLElement)) return;
    const width = slide.offsetWidth + parseFloat(getComputedStyle(element).columnGap || "0");
    const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 4;
    const behavior = prefersReducedMotion() ? "auto" : "smooth";
    if (wrap && direction === 1 && atEnd) element.scrollTo({ left: 0, behavior });
    else element.scrollBy({ left: direction * width, behavior });
  }

  useEffect(() => {
    if (!autoplay) return;
    const timer = setInterval(() => step(1, true), AUTOPLAY_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [autoplay]);

  /**
   * Brings the slide holding `target` wholly into the track, aligned where the snap points are.
   * The browser's own scroll on focus reveals only the link, a little, and mandatory snapping
   * then pulls the track back to the slide before: a card tabbed to stayed cut off at the edge.
   */
  function reveal(target: EventTarget | null) {
    const element = track.current;
    if (!element || !(target instanceof Node)) return;
    const slide = [...element.children].find((child) => child.contains(target));
    if (!slide) return;
    const shown = element.getBoundingClientRect();
    const card = slide.getBoundingClientRect();
    if (card.left >= shown.left && card.right <= shown.right) return;
    const padding = parseFloat(getComputedStyle(element).scrollPaddingInlineStart) || 0;
    element.scrollBy({ left: card.left - shown.left - padding, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }

  // Focus already inside when the slider's code arrives (a visitor tabbing before hydration).
  useEffect(() => reveal(document.activeElement), []);

  /** Arrow keys move focus to the neighbouring card's link; `reveal` scrolls it into view. */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const slides = [...(track.current?.children ?? [])];
    const current = slides.findIndex((slide) => slide.contains(document.activeElement));
    const next = slides[current + (event.key === "ArrowRight" ? 1 : -1)];
    const link = next?.querySelector("a");
    if (current === -1 || !link) return;
    event.preventDefault();
    link.focus();
  }

  return (
    <div
      className="event-slider"
      onMouseEnter={() => setEngaged(true)}
      onMouseLeave={() => setEngaged(false)}
      onFocus={() => setEngaged(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setEngaged(false);
      }}
    >
      <div className="event-slider__controls carousel-controls">
        <button type="button" className="event-slider__button carousel-button" onClick={() => step(-1)}>
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">{t("EVENTS.SLIDER_PREVIOUS")}</span>
        </button>
        <button type="button" className="event-slider__button carousel-button" onClick={() => step(1)}>
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">{t("EVENTS.SLIDER_NEXT")}</span>
        </button>
        {motionAllowed && events.length > 1 ? (
          <button
            type="button"
            className="event-slider__button carousel-button event-slider__toggle"
            aria-pressed={paused}
            onClick={() => setPaused((value) => !value)}
          >
            <span aria-hidden="true">{paused ? "▶" : "❚❚"}</span>
            <span className="visually-hidden">{t("EVENTS.SLIDER_PAUSE")}</span>
          </button>
        ) : null}
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- keys and focus bubble up from the slides' links; the track takes none itself */}
      <div
        ref={track}
        className="event-slider__track"
        aria-live={autoplay ? "off" : "polite"}
        onKeyDown={onKeyDown}
        onFocus={(event: FocusEvent<HTMLDivElement>) => reveal(event.target)}
      >
        {events.map((event, index) => (
          <div
            key={event.slug}
            className="event-slider__slide"
            role="group"
            aria-roledescription={t("EVENTS.ROLE_SLIDE")}
            aria-label={t("EVENTS.SLIDE", { index: index + 1, count: events.length })}
          >
            <EventCard event={{ ...event, image: { ...event.image, sizes: SLIDE_IMAGE_SIZES } }} />
          </div>
        ))}
      </div>
    </div>
  );
}
