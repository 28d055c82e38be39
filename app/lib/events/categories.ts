/** The event categories editors choose from; each has a filter link and a label under `EVENTS.CATEGORY`. */
export const EVENT_CATEGORIES = ["concerts", "basketball", "family", "comedy"] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];
