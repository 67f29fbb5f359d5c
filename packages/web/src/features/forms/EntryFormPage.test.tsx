import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setClock } from "../../lib/clock";
import { fakeApi } from "../../test/fake-api";
import { diaryForm as diaryFormOf, formItem, formPage } from "../../test/fixtures";
import { renderApp } from "../../test/render";
import EntryFormRoute from "./EntryFormPage";

const ENTRY_ID = "3f0c9a52-6a8e-4c55-9d0e-0d5e2b8f1a11";

const diaryForm = diaryFormOf([
  formPage("Activity", [
    formItem("Field222", "Title", 1, true),
    formItem("DiaryDate", "Date of activity", 9, true),
    formItem("DiaryHours", "Hours", 5, true),
  ]),
]);

function setup() {
  const api = fakeApi([
    ["GET", /^\/api\/form\/diary$/, () => diaryForm],
    ["POST", /^\/api\/entries\/diary$/, () => ({ entryId: ENTRY_ID })],
    ["POST", /^\/api\/entries\/[^/]+\/update$/, () => ({ entryId: ENTRY_ID })],
    ["GET", /^\/api\/form\/entry\/[^/]+$/, () => ({ ...diaryForm, entryId: ENTRY_ID })],
    ["PUT", /^\/api\/entries\/[^/]+\/tags$/, (req) => req.body],
  ]);
  const app = renderApp(
    [
      { path: "/create/:type", element: <EntryFormRoute /> },
      { path: "/edit/:type/:id", element: <EntryFormRoute /> },
      { path: "/entries", element: <h1>Entries list</h1> },
    ],
    { at: "/create/diary" },
  );
  const saves = () => [...api.to(/^\/api\/entries\/diary$/, "POST"), ...api.to(/\/update$/, "POST")];
  return { ...app, api, saves };
}

const fillRequired = async (user: ReturnType<typeof setup>["user"]) => {
  await user.type(screen.getByLabelText(/^Title/), "Sepsis screening");
  await user.type(screen.getByLabelText(/^Date of activity/), "15/11/2026");
  await user.selectOptions(screen.getByLabelText("Hours: hours"), "1");
};

afterEach(() => setClock(null));

describe("the entry form", () => {
  it("names the first missing required field and saves nothing", async () => {
    const { user, saves } = setup();
    await screen.findByRole("heading", { level: 1, name: "New Diary Entry" });
    await user.click(screen.getByRole("button", { name: /^Save$/ }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The Title field is not provided");
    // The banner takes the focus (50 ms later): typing before that would lose keys to it.
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    await user.type(screen.getByLabelText(/^Title/), "Sepsis screening");
    await user.click(screen.getByRole("button", { name: /^Save$/ }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The Date of activity field is not provided");
    expect(saves()).toHaveLength(0);
  });

  it("sends the hours and minutes as decimal hours, and switches to a number over 24 hours", async () => {
    const { user, saves, router } = setup();
    await screen.findByRole("heading", { level: 1, name: "New Diary Entry" });
    const minutes = screen.getByLabelText("Hours: minutes");
    expect(minutes).toBeDisabled();
    await fillRequired(user);
    expect(minutes).toBeEnabled();
    await user.selectOptions(minutes, "15");

    await user.click(screen.getByRole("button", { name: /^Save$/ }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toEqual({
      Field222: "Sepsis screening",
      DiaryDate: "2026-11-15",
      DiaryHours: "1.25",
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/edit/diary/${ENTRY_ID}`));
    // The form stays on screen (no loader) while the saved entry's form loads.
    expect(screen.getByLabelText(/^Title/)).toHaveValue("Sepsis screening");
    await screen.findByRole("heading", { level: 1, name: "Edit Diary Entry" });

    await user.click(screen.getByRole("button", { name: "This activity is more than 24 hours" }));
    const plain = screen.getByRole("spinbutton", { name: /^Hours/ });
    expect(plain).toHaveValue(1.25);
    await user.clear(plain);
    await user.type(plain, "30");
    await user.click(screen.getByRole("button", { name: /^Save$/ }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]?.body).toMatchObject({ DiaryHours: "30" });
  });

  it("adds a tag without saving the entry's unsaved changes", async () => {
    const { user, api, saves } = setup();
    await screen.findByRole("heading", { level: 1, name: "New Diary Entry" });
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: /^Save$/ }));
    await screen.findByRole("heading", { level: 1, name: "Edit Diary Entry" });
    await user.type(screen.getByLabelText(/^Title/), " (draft)");

    await user.type(screen.getByLabelText("New tag"), "Sepsis{Enter}");
    await waitFor(() => expect(api.to(/\/tags$/, "PUT")).toHaveLength(1));
    expect(api.to(/\/tags$/, "PUT")[0]?.body).toEqual({ tags: ["Sepsis"] });
    expect(await screen.findByText("Sepsis")).toBeInTheDocument();
    expect(saves()).toHaveLength(1);
    // Still unsaved: Preview waits for a save.
    expect(screen.getByRole("button", { name: "Preview" })).toBeDisabled();
  });

  it("asks before leaving with unsaved changes: keep editing, or leave after a second confirmation", async () => {
    const { user, router, saves } = setup();
    await screen.findByRole("heading", { level: 1, name: "New Diary Entry" });
    await user.type(screen.getByLabelText(/^Title/), "Draft");

    await router.navigate("/entries");
    const dialog = await screen.findByRole("dialog", { name: "Unsaved changes" });
    await user.click(within(dialog).getByRole("button", { name: "Keep Editing" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/create/diary");
    expect(screen.getByLabelText(/^Title/)).toHaveValue("Draft");

    await router.navigate("/entries");
    await user.click(
      within(await screen.findByRole("dialog", { name: "Unsaved changes" })).getByRole("button", {
        name: "Leave without Saving",
      }),
    );
    const confirm = await screen.findByRole("dialog", { name: "Discard your changes?" });
    await user.click(within(confirm).getByRole("button", { name: "Yes, leave without saving" }));
    expect(await screen.findByRole("heading", { name: "Entries list" })).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
  });

  it("Save and Exit saves a new entry, then leaves for where the user was going", async () => {
    const { user, router, saves } = setup();
    await screen.findByRole("heading", { level: 1, name: "New Diary Entry" });
    await fillRequired(user);
    await router.navigate("/entries");
    const dialog = await screen.findByRole("dialog", { name: "Unsaved changes" });
    await user.click(within(dialog).getByRole("button", { name: "Save and Exit" }));
    expect(await screen.findByRole("heading", { name: "Entries list" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/entries");
    expect(saves()).toHaveLength(1);
  });

  it("does not ask again within 3 seconds of a save, and does after (by the app's clock)", async () => {
    setClock("2026-11-15T10:00:00Z");
    const { user, router } = setup();
    await screen.findByRole("heading", { level: 1, name: "New Diary Entry" });
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: /^Save$/ }));
    await screen.findByRole("heading", { level: 1, name: "Edit Diary Entry" });
    await user.type(screen.getByLabelText(/^Title/), " (edited)");

    // Four seconds later by the clock (a moment by the wall): the changes are guarded again.
    setClock("2026-11-15T10:00:04Z");
    await router.navigate("/entries");
    const dialog = await screen.findByRole("dialog", { name: "Unsaved changes" });
    await user.click(within(dialog).getByRole("button", { name: "Keep Editing" }));

    // Saved again at 10:00:04 and edited; two seconds on, leaving is not questioned.
    await user.click(screen.getByRole("button", { name: /^Save$/ }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Preview" })).toBeEnabled());
    await user.type(screen.getByLabelText(/^Title/), "!");
    setClock("2026-11-15T10:00:06Z");
    await router.navigate("/entries");
    expect(await screen.findByRole("heading", { name: "Entries list" })).toBeInTheDocument();
  });
});
