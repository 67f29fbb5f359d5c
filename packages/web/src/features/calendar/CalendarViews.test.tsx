import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { calendarEvent } from "../../test/fixtures";
import { renderWithProviders } from "../../test/render";
import { ItemChip, MonthView } from "./CalendarViews";
import { buildItems, byDay } from "./calendar-model";

const TODAY = "2026-11-22";
const items = buildItems(
  {
    events: [calendarEvent()],
    planned: [{ entryId: "p1", entryTitle: "Audit", entryType: "diary", startDate: "2026-12-13" }],
  },
  TODAY,
);
const event = items.find((it) => it.kind === "event");
const planned = items.find((it) => it.kind === "planned");

/** The chip's own text, as seen: without the hidden kind. */
function chipText(chip: HTMLElement): string {
  const copy = chip.querySelector(".cal-chip-text")?.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll(".visually-hidden")) hidden.remove();
  return copy.textContent ?? "";
}

describe("a calendar chip", () => {
  it("is named by what it shows first, then its kind", () => {
    if (!event || !planned) throw new Error("fixture");
    renderWithProviders(
      <>
        <ItemChip item={event} onOpen={vi.fn()} />
        <ItemChip item={planned} onOpen={vi.fn()} />
      </>,
    );
    const [eventChip, plannedChip] = screen.getAllByRole("button");
    if (!eventChip || !plannedChip) throw new Error("chips");
    expect(chipText(eventChip)).toBe("09:00 Major incident training day");
    expect(eventChip).toHaveAccessibleName(expect.stringMatching(/^09:00 Major incident training day\b/));
    expect(eventChip).toHaveAccessibleName(expect.stringMatching(/, Event$/));
    expect(chipText(plannedChip)).toBe("Audit");
    expect(plannedChip).toHaveAccessibleName(expect.stringMatching(/^Audit\b.*, Planned CPD$/));
  });

  it("names a day's '+N more' button by what it shows, then the day", () => {
    const many = Array.from({ length: 6 }, (_, i) => calendarEvent({ id: `e${i}`, title: `Event ${i}` }));
    renderWithProviders(
      <MonthView
        monthStart="2026-12-01"
        gridStart="2026-11-30"
        today={TODAY}
        days={byDay(buildItems({ events: many }, TODAY))}
        onOpen={vi.fn()}
        onMore={vi.fn()}
      />,
    );
    const more = screen.getByRole("button", { name: /more/ });
    expect(more).toHaveAccessibleName(
      expect.stringMatching(/^\+2 more\b.*items on Sunday 13 December 2026$/),
    );
  });
});
