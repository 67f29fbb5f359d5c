import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setClock } from "../../lib/clock";
import { session } from "../../lib/session";
import { fakeApi } from "../../test/fake-api";
import { calendarEvent } from "../../test/fixtures";
import { renderApp } from "../../test/render";
import { CALENDAR_TOUR } from "../dashboard/tour-model";
import CalendarPage from "./CalendarPage";

beforeEach(() => {
  setClock("2026-11-26T10:00:00Z");
  session.login("token", ["User-Premium"], true);
  fakeApi([
    ["GET", /^\/api\/calendar\/events$/, () => [calendarEvent({ happensAt: "2026-11-27T09:00:00.000Z" })]],
    ["GET", /^\/api\/features\/user$/, () => ({ Webinars: false })],
    ["GET", /^\/api\/planned-cpd$/, () => []],
    ["GET", /^\/api\/entries\/metadata$/, () => []],
  ]);
});
afterEach(() => {
  setClock(null);
  session.clear("logout");
  vi.restoreAllMocks();
});

describe("the calendar's tour", () => {
  it("has a step for each of its areas, all on the page", async () => {
    renderApp([{ path: "/calendar", element: <CalendarPage /> }], { at: "/calendar" });
    await screen.findByRole("button", { name: /Major incident training day/ });
    for (const step of CALENDAR_TOUR) {
      expect(document.querySelector(`[data-tour="${step.target}"]`), step.target).not.toBeNull();
    }
  });

  it("starts from its Show tour button", async () => {
    // jsdom lays nothing out: give every area a size so the tour counts it as shown.
    const box = { x: 0, y: 0, top: 0, left: 0, bottom: 40, right: 200, width: 200, height: 40 };
    vi.spyOn(Element.prototype, "getBoundingClientRect").mockReturnValue({ ...box, toJSON: () => box });
    vi.spyOn(Element.prototype, "getClientRects").mockReturnValue([box] as unknown as DOMRectList);
    const { user } = renderApp([{ path: "/calendar", element: <CalendarPage /> }], { at: "/calendar" });
    await screen.findByRole("button", { name: /Major incident training day/ });

    await user.click(screen.getByRole("button", { name: "Show tour" }));
    const first = await screen.findByRole("dialog", { name: CALENDAR_TOUR[0]?.title });
    expect(first).toHaveTextContent(`Step 1 of ${CALENDAR_TOUR.length}`);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("dialog", { name: CALENDAR_TOUR[1]?.title })).toBeInTheDocument();
  });
});
