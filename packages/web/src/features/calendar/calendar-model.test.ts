import { describe, expect, it } from "vitest";
import { calendarEvent } from "../../test/fixtures";
import { buildItems, byDay, entryTitle, itemLabel, KIND_STYLES, LEGEND } from "./calendar-model";

const event = calendarEvent();

// Relative luminance contrast (WCAG 2.x).
function contrast(a: string, b: string) {
  const lum = (hex: string) => {
    const [r = 0, g = 0, bl = 0] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x = 0, y = 0] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

describe("calendar model", () => {
  it("has a six-item legend with distinct names, symbols and readable colours", () => {
    expect(LEGEND.map((l) => l.label)).toEqual([
      "Webinar",
      "Event",
      "Registered event",
      "Planned CPD",
      "CPD entry",
      "Today",
    ]);
    expect(new Set(LEGEND.map((l) => l.symbol)).size).toBe(6);
    for (const l of LEGEND) {
      expect(contrast(l.colour, l.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(l.colour, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("maps events by registration and keeps only past entries", () => {
    const items = buildItems(
      {
        events: [event, { ...event, id: "e2", registered: true, happensAt: "2026-12-01T10:00:00.000Z" }],
        planned: [{ entryId: "p1", entryTitle: "", entryType: "diary", startDate: "2026-12-20" }],
        entries: [
          { entryId: "m1", title: "Past", type: "reflection", startDate: "2026-11-01" },
          { entryId: "m2", title: "Future", type: "diary", startDate: "2026-12-30" },
          { entryId: "m3", title: "Undated", type: "diary", startDate: null },
        ],
      },
      "2026-11-22",
    );
    expect(items.map((i) => [i.kind, i.day])).toEqual([
      ["entry", "2026-11-01"],
      ["registered-event", "2026-12-01"],
      ["event", "2026-12-13"],
      ["planned", "2026-12-20"],
    ]);
    expect(items[3]?.title).toBe("Diary entry");
    expect(items[2] && itemLabel(items[2])).toBe("09:00 Major incident training day, Event");
    expect(byDay(items).get("2026-12-13")?.length).toBe(1);
    expect(KIND_STYLES.planned.label).toBe("Planned CPD");
  });

  it("names untitled entries by type", () => {
    expect(entryTitle("  ", "supervision")).toBe("Supervision entry");
    expect(entryTitle("Sepsis", "diary")).toBe("Sepsis");
  });
});
