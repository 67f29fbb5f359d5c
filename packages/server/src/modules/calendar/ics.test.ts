import { describe, expect, it } from "vitest";
import { escapeText, fold, londonLocal, renderIcs } from "./ics.js";

describe("iCalendar", () => {
  it("writes instants as Europe/London local time across the clock change", () => {
    expect(londonLocal(new Date("2026-07-01T09:00:00Z"))).toBe("20260701T100000");
    expect(londonLocal(new Date("2026-12-01T09:00:00Z"))).toBe("20261201T090000");
  });

  it("escapes text and folds long lines at 75 octets", () => {
    expect(escapeText("a;b,c\\d\ne")).toBe("a\\;b\\,c\\\\d\\ne");
    const folded = fold(`SUMMARY:${"é".repeat(60)}`);
    expect(folded.split("\r\n").every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(`SUMMARY:${"é".repeat(60)}`);
  });

  it("renders events and all-day planned CPD", () => {
    const ics = renderIcs(
      [
        {
          uid: "e1@cpd",
          summary: "Study day",
          start: new Date("2026-07-01T09:00:00Z"),
          end: new Date("2026-07-01T16:00:00Z"),
          location: "Room 1",
        },
        { uid: "p1@cpd", summary: "Planned: ALS", date: "2027-01-15" },
      ],
      new Date("2026-11-22T10:00:00Z"),
    );
    expect(ics).toContain("DTSTART;TZID=Europe/London:20260701T100000");
    expect(ics).toContain("DTSTART;VALUE=DATE:20270115");
    expect(ics).toContain("BEGIN:VTIMEZONE");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("gives an event display alarms days before it, inside the event", () => {
    const ics = renderIcs([
      { uid: "d1@cpd", summary: "NMC revalidation due", date: "2027-09-30", alarmDays: [7, 1] },
    ]);
    const event = ics.slice(ics.indexOf("BEGIN:VEVENT"), ics.indexOf("END:VEVENT"));
    expect(
      event.match(
        /BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:NMC revalidation due\r\nTRIGGER:-P\d+D\r\nEND:VALARM/g,
      ),
    ).toEqual([
      "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:NMC revalidation due\r\nTRIGGER:-P7D\r\nEND:VALARM",
      "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:NMC revalidation due\r\nTRIGGER:-P1D\r\nEND:VALARM",
    ]);
  });
});
