/**
 * Opening hours as editors write them ("De lunes a viernes" · "13:00–16:00", "Saturdays and
 * Sundays", "Dissabtes i diumenges") read into schema.org `OpeningHoursSpecification`s. A line
 * that names no weekdays ("Event days", "Días de evento") or no clock times is left out: the
 * markup says only what the text says for certain.
 */

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** Weekday words of the three languages (accents folded), singular and plural, to their index. */
const DAY_WORDS: Record<string, number> = Object.fromEntries(
  [
    ["lunes", "monday", "dilluns"],
    ["martes", "tuesday", "dimarts"],
    ["miercoles", "wednesday", "dimecres"],
    ["jueves", "thursday", "dijous"],
    ["viernes", "friday", "divendres"],
    ["sabado", "saturday", "dissabte"],
    ["domingo", "sunday", "diumenge"],
  ].flatMap((words, day) => words.flatMap((word) => [[word, day] as const, [`${word}s`, day] as const])),
);
/** "Monday to Friday", "de lunes a viernes", "de dilluns a divendres". */
const RANGE_WORDS = new Set(["to", "a", "-", "–"]);
/** Words that join or lead a list of days. */
const LIST_WORDS = new Set(["and", "y", "i", ",", "de", "from", "every", "todos", "los", "tots", "els"]);

const HOURS = /^(\d{1,2}):(\d{2})\s*[–-]\s*(\d{1,2}):(\d{2})$/;

function weekdays(text: string): string[] | null {
  const words = text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/([,–-])/g, " $1 ")
    .split(/\s+/)
    .filter(Boolean);
  const days = new Set<number>();
  let from: number | null = null;
  let ranging = false;
  for (const word of words) {
    const day = DAY_WORDS[word];
    if (day !== undefined) {
      if (ranging && from !== null) for (let d: number = from; d !== day; d = (d + 1) % 7) days.add(d);
      days.add(day);
      from = day;
      ranging = false;
    } else if (RANGE_WORDS.has(word) && from !== null) ranging = true;
    else if (!LIST_WORDS.has(word)) return null;
  }
  return days.size > 0 && !ranging ? [...days].sort((a, b) => a - b).map((day) => DAYS[day] as string) : null;
}

const clock = (hours: string, minutes: string) => `${hours.padStart(2, "0")}:${minutes}`;

/** The lines that name weekdays and clock times, as schema.org opening hours. */
export function openingHoursSpecification(lines: { days: string; hours: string }[]) {
  return lines.flatMap(({ days, hours }) => {
    const dayOfWeek = weekdays(days);
    const times = HOURS.exec(hours.trim());
    if (!dayOfWeek || !times) return [];
    const [, openH = "", openM = "", closeH = "", closeM = ""] = times;
    return [
      { "@type": "OpeningHoursSpecification", dayOfWeek, opens: clock(openH, openM), closes: clock(closeH, closeM) },
    ];
  });
}
