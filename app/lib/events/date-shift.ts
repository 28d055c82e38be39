import * as v from "valibot";
import type { Story } from "#app/lib/content-types.ts";
import { addDays, daysBetween, formatLocal, localAt, parseLocal } from "./dates";

/**
 * `content/events-anchor.json`: the day the embedded events' dates were written against.
 * The embedded source moves them so that this day becomes the current week (docs/events.md).
 */
export const DateAnchorSchema = v.object({ anchor: v.pipe(v.string(), v.isoDate()) });

/** Event fields that hold a venue wall-clock time and move with the anchor. */
const SHIFTED_FIELDS = ["date", "doors_open"] as const;

/**
 * How many days the embedded events move so the anchor day lands in the last seven days.
 * Whole weeks, so a Sunday match stays on a Sunday; an event written a week or more after the
 * anchor is always upcoming and one written before it is always past.
 */
export function shiftDays(anchor: string, now: Date): number {
  const from = parseLocal(`${anchor} 00:00`);
  if (!from) return 0;
  return Math.floor(daysBetween(from, localAt(now)) / 7) * 7;
}

/** An event story with its dates moved by `days`; any other story as it is. */
export function shiftEventStory(story: Story, days: number): Story {
  if (days === 0 || story.content.component !== "event") return story;
  const content = { ...story.content };
  for (const field of SHIFTED_FIELDS) {
    const value = content[field];
    const local = typeof value === "string" ? parseLocal(value) : null;
    if (local) content[field] = formatLocal(addDays(local, days));
  }
  return { ...story, content };
}

/** A shifter of embedded event stories (see `createDateShifter`). */
export interface DateShifter {
  (story: Story): Story;
  /** How many days events move right now: the key of everything shifted with it. */
  currentDays(): number;
}

/**
 * The embedded source's date shifter: reads the clock on every call (a Worker isolate lives
 * across midnights, and its clock is only meaningful inside a request) and keeps one moved copy
 * per story and shift. The shift itself (a time-zone lookup) is worked out once per minute of
 * the clock, not once per event: at 10,000 events that lookup was most of a request.
 */
export function createDateShifter(anchorFile: unknown, clock: () => Date = () => new Date()): DateShifter {
  const { anchor } = v.parse(DateAnchorSchema, anchorFile);
  const moved = new WeakMap<Story, { days: number; story: Story }>();
  let known: { minute: number; days: number } | null = null;
  const currentDays = () => {
    const now = clock();
    const minute = Math.floor(now.getTime() / 60_000);
    if (known?.minute !== minute) known = { minute, days: shiftDays(anchor, now) };
    return known.days;
  };
  const shift = (story: Story) => {
    if (story.content.component !== "event") return story;
    const days = currentDays();
    const cached = moved.get(story);
    if (cached?.days === days) return cached.story;
    const shifted = shiftEventStory(story, days);
    moved.set(story, { days, story: shifted });
    return shifted;
  };
  return Object.assign(shift, { currentDays });
}
