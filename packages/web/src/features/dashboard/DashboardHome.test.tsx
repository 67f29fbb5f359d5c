import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setClock } from "../../lib/clock";
import { fakeApi } from "../../test/fake-api";
import { calendarEvent, dashboardSettings, membership, profile } from "../../test/fixtures";
import { renderApp } from "../../test/render";
import {
  expectRequiredRegistrationPrompt,
  progress as revalidationProgress,
} from "../revalidation/test-data";
import DashboardHome from "./DashboardHome";

const statistics = {
  hoursLogged: 30,
  totalEntries: 20,
  diaryEntries: 12,
  reflectiveEntries: 8,
  hoursLeft: null,
  endDate: null,
  userCompliance: null,
  resilientIncident: null,
  resilientCourses: null,
  resilientExercise: null,
  resilientGeneric: null,
};

// The widgets that show a section of their own; charts are left out (jsdom has no canvas).
const widgets = {
  ...dashboardSettings().dashboardWidgets,
  cpdCategories: false,
  activityTypes: false,
  entriesGraph: false,
  governingBodyStandards: false,
  clinicalSkills: false,
  showCPDHourCountdown: false,
};

const webinar = (id: string) => ({
  id,
  webinarId: id,
  webinarIdStr: `webinar-${id}`,
  title: `Webinar ${id}`,
  webinarDescription: "A short talk.",
  startDate: "2026-12-03T12:00:00.000Z",
  endDate: "2026-12-03T13:00:00.000Z",
  registered: false,
  joinLink: null,
  organisationId: null,
});

function setup(
  mode: "basic" | "advanced" = "advanced",
  member = profile(),
  revalidation: unknown[] = [],
  requiredRegistration: string | null = null,
) {
  const api = fakeApi([
    ["GET", /^\/api\/revalidation$/, () => ({ items: revalidation, requiredRegistration })],
    ["GET", /^\/api\/statistics\/[^/]+$/, () => statistics],
    ["GET", /^\/api\/profile$/, () => member],
    ["GET", /^\/api\/profile\/membership$/, () => membership()],
    [
      "GET",
      /^\/api\/settings\/dashboard$/,
      () => dashboardSettings({ dashboardMode: mode, dashboardWidgets: widgets }),
    ],
    ["GET", /^\/api\/features\/user$/, () => ({ SharedCPD: true, Webinars: true, Reflection: true })],
    ["GET", /^\/api\/branding$/, () => ({ organisationId: null })],
    ["GET", /^\/api\/webinars$/, () => [webinar("w1"), webinar("w2")]],
    ["GET", /^\/api\/calendar\/events$/, () => [calendarEvent()]],
    ["GET", /^\/api\/planned-cpd$/, () => []],
    ["GET", /^\/api\/shared-cpd\/limit\/\d+\/page\/\d+$/, () => ({ items: [], total: 0 })],
  ]);
  const app = renderApp(
    [
      { path: "/dashboard", element: <DashboardHome /> },
      { path: "/entries", element: <h1>Entries</h1> },
    ],
    { at: "/dashboard" },
  );
  return { ...app, api };
}

/** Where each statistic's card leads, by its label. */
async function cardLinks() {
  await screen.findByText("20");
  const cards = screen.getByRole("region", { name: "Your statistics" });
  const href = (label: string) =>
    within(cards)
      .getByRole("link", { name: new RegExp(label) })
      .getAttribute("href");
  return {
    hours: href("Hours Logged"),
    total: href("Total Entries"),
    diary: href("Diary Entries"),
    reflections: href("Reflections"),
  };
}

// Today in London is Thursday 26 November 2026.
beforeEach(() => setClock("2026-11-26T10:00:00Z"));
afterEach(() => setClock(null));

describe("the statistic cards", () => {
  it("open the entries list of the chosen period (12 months by default) and of their type", async () => {
    setup();
    const period = "from=2025-11-27&to=2026-11-26";
    expect(await cardLinks()).toEqual({
      hours: `/entries?${period}`,
      total: `/entries?${period}`,
      diary: `/entries?type=diary&${period}`,
      reflections: `/entries?type=reflection&${period}`,
    });
  });

  it("follow the period selector: 24 and 36 months, lifetime (up to today) and a custom range", async () => {
    const { user, api } = setup();
    const period = screen.getByRole("combobox", { name: "Period" });

    await user.selectOptions(period, "24");
    await waitFor(async () =>
      expect((await cardLinks()).total).toBe("/entries?from=2024-11-27&to=2026-11-26"),
    );
    await user.selectOptions(period, "36");
    await waitFor(async () =>
      expect((await cardLinks()).diary).toBe("/entries?type=diary&from=2023-11-27&to=2026-11-26"),
    );

    // Lifetime counts entries up to today, not planned CPD: so does its list.
    await user.selectOptions(period, "lifetime");
    await waitFor(async () =>
      expect((await cardLinks()).reflections).toBe("/entries?type=reflection&to=2026-11-26"),
    );

    await user.selectOptions(period, "custom");
    await user.type(screen.getByRole("textbox", { name: /^From/ }), "01/01/2026");
    await user.type(screen.getByRole("textbox", { name: /^To/ }), "31/03/2026");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(api.to(/^\/api\/statistics\/custom$/)).toHaveLength(1));
    expect(await cardLinks()).toMatchObject({
      total: "/entries?from=2026-01-01&to=2026-03-31",
      diary: "/entries?type=diary&from=2026-01-01&to=2026-03-31",
    });
  });

  it("lead to the list when chosen", async () => {
    const { user, router } = setup();
    await screen.findByText("20");
    await user.click(screen.getByRole("link", { name: /Diary Entries/ }));
    expect(await screen.findByRole("heading", { name: "Entries" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?type=diary&from=2025-11-27&to=2026-11-26");
  });
});

describe("the dashboard's landmarks and names", () => {
  it("names every section by a heading in it", async () => {
    const { container } = setup();
    await screen.findByText("20");
    await screen.findByText("Webinar w1");
    await screen.findByText(/Major incident training day/);
    const sections = [...container.querySelectorAll("section")];
    expect(sections.length).toBeGreaterThanOrEqual(4);
    for (const section of sections) {
      const heading = document.getElementById(section.getAttribute("aria-labelledby") ?? "");
      expect(heading?.tagName, section.textContent?.slice(0, 40)).toMatch(/^H[1-6]$/);
      expect(section.contains(heading)).toBe(true);
      expect(heading?.textContent?.trim()).not.toBe("");
    }
  });

  it("names a coming-up chip by what it shows, then its kind", async () => {
    setup();
    // The calendar widget asks once the statistics and charts above it are in (ADR 0038).
    await screen.findByText("20");
    const chip = await screen.findByRole(
      "button",
      { name: /Major incident training day/ },
      { timeout: 5000 },
    );
    const shown = chip.querySelector(".cal-chip-text")?.cloneNode(true) as HTMLElement;
    for (const hidden of shown.querySelectorAll(".visually-hidden")) hidden.remove();
    expect(shown.textContent).toBe("13/12/2026 09:00 · Major incident training day");
    // Its name starts with exactly that, and ends with the kind (jsdom spaces the hidden span apart).
    expect(chip).toHaveAccessibleName(
      expect.stringMatching(/^13\/12\/2026 09:00 · Major incident training day\b/),
    );
    expect(chip).toHaveAccessibleName(expect.stringMatching(/, Event$/));
  });
});

describe("the dashboard mode", () => {
  it("basic shows the statistics, the countdown and the calendar only", async () => {
    setup("basic");
    await screen.findByText("20");
    expect(await screen.findByText(/Major incident training day/)).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Your statistics" })).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Upcoming webinars" })).toBeNull();
    expect(screen.queryByText("Webinar w1")).toBeNull();
    expect(screen.queryByRole("heading", { name: /Shared CPD/ })).toBeNull();
  });

  it("advanced shows every widget switched on", async () => {
    setup("advanced");
    expect(await screen.findByText("Webinar w1")).toBeInTheDocument();
    expect(await screen.findByText(/Major incident training day/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: /Shared CPD/ })).toBeInTheDocument();
  });
});

// Issue 26: revalidation is central, so its card shows in both modes once there is a registration.
describe("the revalidation card", () => {
  it.each(["basic", "advanced"] as const)("shows each registration's progress in %s mode", async (mode) => {
    setup(mode, profile(), [revalidationProgress({ daysToDeadline: 30 })]);
    const card = await screen.findByRole("region", { name: "Revalidation" });
    expect(within(card).getByText("Due in 30 days, on 31/03/2028")).toBeInTheDocument();
    expect(
      within(card).getByRole("progressbar", { name: "Practice hours: 100 of 900 hours" }),
    ).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "See your revalidation" })).toHaveAttribute(
      "href",
      "/revalidation",
    );
  });

  it("is left out while the user has no registration", async () => {
    const { api } = setup("advanced");
    await screen.findByText("20");
    await waitFor(() => expect(api.to(/^\/api\/revalidation$/)).toHaveLength(1));
    expect(screen.queryByRole("region", { name: "Revalidation" })).toBeNull();
    expect(screen.queryByText(/Your organisation requires/)).toBeNull();
  });

  it("asks for the registration the organisation requires, linking to the profile's Registrations tab (REQ-REVAL-09)", async () => {
    setup("basic", profile(), [], "NMC");
    await expectRequiredRegistrationPrompt("NMC");
  });
});

// ADR 0020: supervision is premium, so its button follows the sidebar's lock.
describe("the New supervision button", () => {
  it("opens the page for a member with access", async () => {
    setup();
    expect(await screen.findByRole("link", { name: "New supervision" })).toHaveAttribute(
      "href",
      "/create/supervision",
    );
  });

  it("opens the upgrade modal for a member without access", async () => {
    const basic = profile({
      fullMember: false,
      trialStatus: { ...profile().trialStatus, isTrialUser: false, isTrialExpired: true },
    });
    const { user } = setup("advanced", basic);
    const locked = await screen.findByRole("button", { name: "New supervision (locked: Premium feature)" });
    expect(screen.queryByRole("link", { name: "New supervision" })).toBeNull();
    await user.click(locked);
    const modal = await screen.findByRole("dialog", { name: "Upgrade to Premium" });
    expect(within(modal).getByText("Supervision is part of Premium membership.")).toBeInTheDocument();
  });
});
