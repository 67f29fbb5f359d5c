import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { entryRow } from "../../test/fixtures";
import { renderApp } from "../../test/render";
import { ProgressCard } from "../revalidation/ProgressCard";
import { progress, registration } from "../revalidation/test-data";
import EntriesPage from "./EntriesPage";

const counted = ["0b6c2b57-2f38-4f4a-9c43-8d3a0d7f6a01", "0b6c2b57-2f38-4f4a-9c43-8d3a0d7f6a02"];
const base = progress();
const withEntries = progress({
  requirements: base.requirements.map((r) => (r.id === "cpd-hours" ? { ...r, entryIds: counted } : r)),
});
const countsTowards = `${registration.id}:cpd-hours`;

const row = (id: string, title: string) => entryRow({ id, title });

function setup(at: string) {
  const api = fakeApi([
    [
      "GET",
      /^\/api\/entries\/limit\/10\/page\/\d+$/,
      (req) => ({
        items: req.url.searchParams.get("countsTowards")
          ? [row(counted[0] as string, "Counted course"), row(counted[1] as string, "Counted workshop")]
          : [row(counted[0] as string, "Counted course")],
        total: req.url.searchParams.get("countsTowards") ? 2 : 1,
        years: [],
        tags: [],
        categories: [],
        governingBodies: [],
      }),
    ],
    ["GET", /^\/api\/features\/user$/, () => ({})],
    ["GET", /^\/api\/revalidation$/, () => ({ items: [withEntries] })],
  ]);
  const app = renderApp(
    [
      { path: "/revalidation", element: <ProgressCard p={withEntries} /> },
      { path: "/entries", element: <EntriesPage /> },
    ],
    { at },
  );
  const lastListQuery = () =>
    Object.fromEntries(api.to(/^\/api\/entries\/limit\//).at(-1)?.url.searchParams ?? []);
  return { ...app, lastListQuery };
}

describe("entries counting towards a revalidation requirement", () => {
  it("links a requirement with counted entries to the entries list filtered to them, and no other", async () => {
    const { user, router, lastListQuery } = setup("/revalidation");
    const link = screen.getByRole("link", { name: "See the 2 entries counting towards CPD hours" });
    expect(
      within(screen.getByTestId("requirement-practice-hours")).queryByRole("link", { name: /^See/ }),
    ).toBeNull();

    await user.click(link);
    await screen.findByText("Counted workshop", {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe("/entries");
    expect(new URLSearchParams(router.state.location.search).get("countsTowards")).toBe(countsTowards);
    expect(lastListQuery()).toMatchObject({ countsTowards });
  });

  it("names the requirement in a filter chip whose remove button drops the filter", async () => {
    const { user, query, lastListQuery } = setup(`/entries?countsTowards=${countsTowards}`);
    const chip = await screen.findByTestId("entries-counts-towards", {}, { timeout: 5000 });
    await waitFor(() => expect(chip).toHaveTextContent("Counting towards: CPD hours"));

    await user.click(screen.getByRole("button", { name: "Remove the filter Counting towards: CPD hours" }));
    await waitFor(() => expect(query()).toEqual({}));
    await waitFor(() => expect(lastListQuery()).not.toHaveProperty("countsTowards"));
    expect(screen.queryByTestId("entries-counts-towards")).toBeNull();
  });

  it("ignores a countsTowards of another shape in the URL", async () => {
    const { lastListQuery } = setup("/entries?countsTowards=participatory-hours");
    await screen.findByText("Counted course", {}, { timeout: 5000 });
    expect(lastListQuery()).not.toHaveProperty("countsTowards");
    expect(screen.queryByTestId("entries-counts-towards")).toBeNull();
  });
});
