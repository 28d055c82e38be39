import { describe, expect, it } from "vitest";
import { openingHoursSpecification } from "./opening-hours-spec";

const spec = (days: string, hours = "13:00–16:00") => openingHoursSpecification([{ days, hours }]);

describe("opening hours as editors write them, read into schema.org", () => {
  it("reads ranges and lists of weekdays in the three languages", () => {
    const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
    for (const days of ["De lunes a viernes", "Monday to Friday", "De dilluns a divendres"])
      expect(spec(days)).toEqual([
        { "@type": "OpeningHoursSpecification", dayOfWeek: weekdays, opens: "13:00", closes: "16:00" },
      ]);
    for (const days of ["Sábados y domingos", "Saturdays and Sundays", "Dissabtes i diumenges"])
      expect(spec(days)[0]?.dayOfWeek).toEqual(["Saturday", "Sunday"]);
    expect(spec("De martes a sábado", "20:00–23:30")[0]).toMatchObject({
      dayOfWeek: ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
      opens: "20:00",
      closes: "23:30",
    });
  });

  it("leaves out a line that names no weekdays or no clock times", () => {
    expect(spec("Días de evento")).toEqual([]);
    expect(spec("Event days", "From 2 hours before doors open until the end")).toEqual([]);
    expect(spec("Monday to", "13:00–16:00")).toEqual([]);
  });
});
