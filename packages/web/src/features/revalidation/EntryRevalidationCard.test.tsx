import { screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render";
import { EntryRevalidationCard } from "./EntryRevalidationCard";
import { nmcPack, progress } from "./test-data";

afterEach(() => vi.unstubAllGlobals());

const ENTRY = "3f2e1d0c-9b8a-4765-8432-10fedcba9876";

/** The entry form's part: the entry has no id until its first save. */
function Harness() {
  const [entryId, setEntryId] = useState<string | null>(null);
  return (
    <>
      <button type="button" onClick={() => setEntryId(ENTRY)}>
        The entry saves
      </button>
      <EntryRevalidationCard entryId={entryId} editable />
    </>
  );
}

function setup(items = [progress()]) {
  return fakeApi([
    ["GET", /^\/api\/revalidation$/, () => ({ items })],
    ["GET", /^\/api\/revalidation\/packs$/, () => ({ items: [nmcPack] })],
    [
      "GET",
      /^\/api\/revalidation\/entries\/[^/]+$/,
      () => ({ participatory: false, planned: false, verifiable: false, method: null, themes: [] }),
    ],
    ["PUT", /^\/api\/revalidation\/entries\/[^/]+$/, (req) => req.body],
  ]);
}

describe("the diary entry's revalidation section", () => {
  it("is left out when no registration's pack counts what an entry is tagged with", async () => {
    const api = setup([]);
    renderWithProviders(<EntryRevalidationCard entryId={null} editable />);
    await waitFor(() => expect(api.to(/^\/api\/revalidation$/)).toHaveLength(1));
    expect(screen.queryByRole("region", { name: "Revalidation" })).toBeNull();
  });

  it("stores a new entry's choices once the entry has saved and has an id", async () => {
    const api = setup();
    const { user } = renderWithProviders(<Harness />);
    await user.click(await screen.findByRole("checkbox", { name: "Participatory (with other people)" }));
    await user.click(screen.getByRole("checkbox", { name: "Verifiable (with evidence)" }));
    expect(screen.getByText("Saved with the entry.")).toBeInTheDocument();
    expect(api.to(/^\/api\/revalidation\/entries\//, "PUT")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "The entry saves" }));
    await waitFor(() => expect(api.to(/^\/api\/revalidation\/entries\//, "PUT")).toHaveLength(1));
    const put = api.to(/^\/api\/revalidation\/entries\//, "PUT")[0];
    expect(put?.url.pathname).toBe(`/api/revalidation/entries/${ENTRY}`);
    expect(put?.body).toEqual({
      participatory: true,
      planned: false,
      verifiable: true,
      method: null,
      themes: [],
    });
  });

  it("saves each choice on an entry that has an id, the latest choice last", async () => {
    const api = setup();
    const { user } = renderWithProviders(<EntryRevalidationCard entryId={ENTRY} editable />);
    await user.click(await screen.findByRole("checkbox", { name: "Participatory (with other people)" }));
    await user.click(screen.getByRole("checkbox", { name: "Planned in advance" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Saved as you choose."));
    const puts = api.to(/^\/api\/revalidation\/entries\//, "PUT");
    expect(puts.length).toBeGreaterThanOrEqual(1);
    expect(puts.at(-1)?.body).toEqual({
      participatory: true,
      planned: true,
      verifiable: false,
      method: null,
      themes: [],
    });
  });
});
