import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { setViewportWidth } from "../../lib/test-viewport";
import { fakeApi } from "../../test/fake-api";
import { entryRow } from "../../test/fixtures";
import { layOutEverything } from "../../test/layout";
import { renderApp } from "../../test/render";
import { ENTRIES_TOUR } from "../dashboard";
import EntriesPage from "./EntriesPage";

const sepsis = entryRow({
  id: "0b6c2b57-2f38-4f4a-9c43-8d3a0d7f6a01",
  title: "Sepsis screening",
  hours: 1.25,
  category: "Clinical Education",
  tags: ["Leadership"],
});
const page = {
  items: [sepsis],
  total: 1,
  years: [2025, 2026],
  tags: ["Leadership", "Safeguarding"],
  categories: ["Clinical Education", "Leadership"],
  governingBodies: ["HCPC"],
};

function setup(at = "/entries", list: typeof page = page) {
  const api = fakeApi([
    ["GET", /^\/api\/entries\/limit\/10\/page\/\d+$/, () => list],
    ["GET", /^\/api\/features\/user$/, () => ({})],
  ]);
  const app = renderApp([{ path: "/entries", element: <EntriesPage /> }], { at });
  /** The query string of the latest list request. */
  const lastListQuery = () => {
    const calls = api.to(/^\/api\/entries\/limit\//);
    return Object.fromEntries(calls.at(-1)?.url.searchParams ?? []);
  };
  return { ...app, api, lastListQuery };
}

async function pick(user: ReturnType<typeof setup>["user"], label: string, option: string) {
  await user.click(screen.getByRole("combobox", { name: label }));
  await user.click(await screen.findByRole("option", { name: option }));
}

describe("the entries list filters", () => {
  it("keeps the search term when a Type is picked, and the URL holds both", async () => {
    const { user, query, lastListQuery } = setup();
    // The first test loads the page's modules (the shared tour among them): allow for it.
    await screen.findByText("Sepsis screening", {}, { timeout: 5000 });

    await user.type(screen.getByRole("searchbox", { name: "Search" }), "sepsis");
    await waitFor(() => expect(query()).toEqual({ search: "sepsis" }));

    await pick(user, "Entry type", "Diary");
    await waitFor(() => expect(query()).toEqual({ search: "sepsis", type: "diary" }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ filter: "sepsis", type: "diary" }));
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveProperty("value", "sepsis");

    await pick(user, "Entry type", "Reflection");
    await waitFor(() => expect(query()).toEqual({ search: "sepsis", type: "reflection" }));
  });

  it("keeps the search when a change comes before the list has re-rendered for it", async () => {
    // The router updates the URL at once and re-renders in a transition; on a slow machine a
    // click can land in between (this is how picking a Type dropped the search). Here the click
    // comes exactly then: from the router's own notification of the search.
    const { router, query } = setup();
    await screen.findByText("Sepsis screening");
    const byTitle = screen.getByRole("button", { name: /^Title/ });
    const stop = router.subscribe((s) => {
      if (!s.location.search.includes("search=")) return;
      stop();
      fireEvent.click(byTitle);
    });
    fireEvent.change(screen.getByRole("searchbox", { name: "Search" }), { target: { value: "sepsis" } });
    await waitFor(() => expect(query()).toHaveProperty("sortBy", "title"));
    expect(query()).toEqual({ search: "sepsis", sortBy: "title", sortDesc: "false" });
  });

  it("keeps a pending search typed just before a filter is picked", async () => {
    const { user, query } = setup();
    await screen.findByText("Sepsis screening");
    // No wait for the search's debounce: the filter must not drop what was typed.
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "audit");
    await pick(user, "Entry type", "Supervision");
    expect(query()).toEqual({ search: "audit", type: "supervision" });
  });

  it("combines year, tag and category, each keeping the others and the search", async () => {
    const { user, query, lastListQuery } = setup("/entries?search=sepsis&type=diary");
    await screen.findByText("Sepsis screening");
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveProperty("value", "sepsis");

    await pick(user, "Year", "2026");
    await waitFor(() => expect(query()).toEqual({ search: "sepsis", type: "diary", year: "2026" }));
    await pick(user, "Entry tag", "Safeguarding");
    await pick(user, "Category", "Leadership");
    const all = {
      search: "sepsis",
      type: "diary",
      year: "2026",
      tag: "Safeguarding",
      category: "Leadership",
    };
    await waitFor(() => expect(query()).toEqual(all));
    await waitFor(() =>
      expect(lastListQuery()).toMatchObject({
        filter: "sepsis",
        type: "diary",
        year: "2026",
        tag: "Safeguarding",
        category: "Leadership",
      }),
    );
  });

  it("goes back to page 1 when a filter changes, and Clear filters empties the URL", async () => {
    const { user, query } = setup("/entries?search=sepsis&page=3");
    await screen.findByText("Sepsis screening");
    await pick(user, "Entry type", "Diary");
    await waitFor(() => expect(query()).toEqual({ search: "sepsis", type: "diary" }));

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(query()).toEqual({}));
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveProperty("value", "");
    const filters = screen.getByRole("region", { name: "Filters" });
    expect(within(filters).getByRole("combobox", { name: "Entry type" })).toHaveProperty("value", "");
  });

  it("reads the dashboard's period from the URL, keeps it with other filters, and Clear filters drops it", async () => {
    const { user, query, lastListQuery } = setup("/entries?type=diary&from=2025-11-27&to=2026-11-26");
    await screen.findByText("Sepsis screening");
    await waitFor(() =>
      expect(lastListQuery()).toMatchObject({ type: "diary", from: "2025-11-27", to: "2026-11-26" }),
    );
    expect(screen.getByText("Entries dated 27/11/2025 to 26/11/2026")).toBeInTheDocument();

    await pick(user, "Entry tag", "Safeguarding");
    await waitFor(() =>
      expect(query()).toEqual({ tag: "Safeguarding", type: "diary", from: "2025-11-27", to: "2026-11-26" }),
    );

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(query()).toEqual({}));
    expect(screen.queryByText(/^Entries dated/)).toBeNull();
  });

  it("names the type and tag filters apart from the Type column's sort button", async () => {
    setup();
    await screen.findByText("Sepsis screening");
    expect(screen.getByRole("combobox", { name: "Entry type" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Entry tag" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Type\b/ })).toBeInTheDocument();
    // By text too: the bare word "Type" is the sort button's alone.
    expect(screen.getByText("Type", { exact: true }).closest("button")).not.toBeNull();
    expect(screen.getByText("Entry type").tagName).toBe("LABEL");
  });
});

/** A second entry whose last save left two possible patient identifiers unresolved (REQ-IDENT-02). */
const flagged = {
  ...page,
  items: [
    sepsis,
    {
      ...sepsis,
      id: "0b6c2b57-2f38-4f4a-9c43-8d3a0d7f6a02",
      title: "Ward round notes",
      unresolvedFindings: 2,
    },
  ],
  total: 2,
};

describe("the entries list's patient-identifier badge", () => {
  it("names the unresolved count on the entry that has findings, and on no other", async () => {
    setup("/entries", flagged);
    const row = (await screen.findByText("Ward round notes")).closest("tr");
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText("2 possible patient identifiers")).toBeVisible();
    const clean = screen.getByText("Sepsis screening").closest("tr");
    expect(within(clean as HTMLElement).queryByText(/possible patient identifier/)).toBeNull();
    expect(screen.getAllByText(/possible patient identifier/)).toHaveLength(1);
  });
});

describe("the entries list on a phone", () => {
  beforeEach(() => {
    onTestFinished(setViewportWidth(375));
  });

  it("shows each entry as a card with its facts and its actions in view", async () => {
    setup();
    const list = await screen.findByRole("list", { name: "1 entry" });
    expect(screen.queryByRole("table")).toBeNull();
    const card = within(list).getByRole("listitem");
    expect(within(card).getByText("Sepsis screening")).toBeVisible();
    expect(within(card).getByText("15/11/2026, Diary, 1.25 hours")).toBeVisible();
    expect(within(card).getByText("CPD Health Check: Complete")).toBeVisible();
    expect(within(card).getByRole("button", { name: "Actions for Sepsis screening" })).toBeVisible();
  });

  it("shows the patient-identifier badge on the card of an entry with one finding", async () => {
    const one = { ...page, items: [{ ...sepsis, unresolvedFindings: 1 }] };
    setup("/entries", one);
    const card = within(await screen.findByRole("list", { name: "1 entry" })).getByRole("listitem");
    expect(within(card).getByText("1 possible patient identifier")).toBeVisible();
  });

  it("folds the filters away behind a button that counts the active ones", async () => {
    const { user, query } = setup();
    await screen.findByText("Sepsis screening");
    const toggle = screen.getByRole("button", { name: "Filters" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("combobox", { name: "Entry type" })).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await pick(user, "Entry type", "Diary");
    await waitFor(() => expect(query()).toEqual({ type: "diary" }));
    expect(screen.getByRole("button", { name: "Filters (1 active)" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(query()).toEqual({}));
    expect(screen.getByRole("button", { name: "Filters" })).toBeInTheDocument();
  });

  it("counts a dashboard period once and keeps it in view while the filters are folded", async () => {
    setup("/entries?type=diary&from=2025-11-27&to=2026-11-26");
    await screen.findByText("Sepsis screening");
    expect(screen.getByRole("button", { name: "Filters (2 active)" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    expect(screen.getByText("Entries dated 27/11/2025 to 26/11/2026")).toBeVisible();
  });
});

describe("the entries list's tour", () => {
  afterEach(() => vi.restoreAllMocks());

  it("has a step for each of its areas and starts from Show tour", async () => {
    layOutEverything();
    const { user } = setup();
    await screen.findAllByText("Sepsis screening");
    for (const step of ENTRIES_TOUR) {
      expect(document.querySelector(`[data-tour="${step.target}"]`), step.target).not.toBeNull();
    }
    await user.click(screen.getByRole("button", { name: "Show tour" }));
    const first = await screen.findByRole("dialog", { name: "New diary entry" });
    expect(first).toHaveTextContent(`Step 1 of ${ENTRIES_TOUR.length}`);
    await user.click(within(first).getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("dialog", { name: "Filters" })).toBeInTheDocument();
  });
});
