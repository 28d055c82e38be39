import { toInstant, type LocalDateTime } from "./dates";

/** `20261205T200000Z`: a UTC DATE-TIME (RFC 5545 §3.3.5, form 2). */
export function icsUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** Escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function icsText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

const encoder = new TextEncoder();

/**
 * Folds a content line at 75 octets (RFC 5545 §3.1): CRLF plus one space, never inside a
 * multi-byte character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** One event for a calendar file. */
export interface CalendarEvent {
  /** Globally unique and stable: the same event always gets the same UID. */
  uid: string;
  summary: string;
  description: string;
  location: string;
  start: LocalDateTime;
  end: LocalDateTime;
  /** The event page, absolute; null when no public origin is configured (a URL property must be absolute). */
  url: string | null;
  /** For the PRODID's language. */
  language: string;
}

/**
 * An iCalendar file (RFC 5545) with one VEVENT: times in UTC so no VTIMEZONE is needed, CRLF line
 * ends, long lines folded, text escaped. `stamp` (DTSTAMP) is when the event's story was
 * published, not the time of the request, so the same content gives the same file, byte for byte.
 */
export function eventCalendar(event: CalendarEvent, stamp: Date): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//Arena Valencia//Events//${event.language.toUpperCase()}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${icsUtc(stamp)}`,
    `DTSTART:${icsUtc(toInstant(event.start))}`,
    `DTEND:${icsUtc(toInstant(event.end))}`,
    `SUMMARY:${icsText(event.summary)}`,
    `LOCATION:${icsText(event.location)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    "STATUS:CONFIRMED",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
