import { ENTRY_DRAFT_MESSAGES, ENTRY_OPTION_FIELDS, KSF_DIMENSIONS } from "@cpd/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setClock } from "../../lib/clock";
import { IDLE_EVENT } from "../../lib/idle-event";
import { fakeApi, type Route, withError } from "../../test/fake-api";
import { diaryForm as diaryFormOf, formItem, formPage, profile } from "../../test/fixtures";
import { layOutEverything } from "../../test/layout";
import { renderApp } from "../../test/render";
import { ENTRY_FORM_TOURS } from "../dashboard";
import EntryFormRoute from "./EntryFormPage";

const ENTRY_ID = "3f0c9a52-6a8e-4c55-9d0e-0d5e2b8f1a11";

const diaryForm = diaryFormOf([
  formPage("Activity", [
    formItem("Field222", "Title", 1, true),
    formItem("DiaryDate", "Date of activity", 9, true),
    formItem("DiaryHours", "Hours", 5, true),
  ]),
]);

/** The page at `at`, with the fake API's answers; `extra` routes are tried first. */
function setup({ at = "/create/diary", form = diaryForm, extra = [] as Route[] } = {}) {
  const api = fakeApi([
    ...extra,
    ["GET", /^\/api\/form\/diary$/, () => form],
    ["POST", /^\/api\/entries\/diary$/, () => ({ entryId: ENTRY_ID })],
    ["POST", /^\/api\/entries\/[^/]+\/update$/, () => ({ entryId: ENTRY_ID })],
    ["GET", /^\/api\/form\/entry\/[^/]+$/, () => ({ ...form, entryId: ENTRY_ID })],
    ["PUT", /^\/api\/entries\/[^/]+\/tags$/, (req) => req.body],
    ["GET", /^\/api\/features\/user$/, () => ({})],
    ["GET", /^\/api\/profile$/, () => profile()],
  ]);
  const app = renderApp(
    [
      { path: "/create/:type", element: <EntryFormRoute /> },
      { path: "/edit/:type/:id", element: <EntryFormRoute /> },
      { path: "/entries", element: <h1>Entries list</h1> },
    ],
    { at },
  );
  const saves = () => [...api.to(/^\/api\/entries\/diary$/, "POST"), ...api.to(/\/update$/, "POST")];
  return { ...app, api, saves };
}

const fillRequired = async (user: ReturnType<typeof setup>["user"]) => {
  await user.type(screen.getByLabelText(/^Title/), "Sepsis screening");
  await user.type(screen.getByLabelText(/^Date of activity/), "15/11/2026");
  await user.selectOptions(screen.getByLabelText("Hours: hours"), "1");
};

/** The control is marked invalid and its aria-describedby names an element saying `message`. */
function expectInvalid(control: HTMLElement, message: string) {
  expect(control).toHaveAttribute("aria-invalid", "true");
  const ids = control.getAttribute("aria-describedby")?.split(" ") ?? [];
  expect(ids.map((id) => document.getElementById(id)?.textContent)).toContain(message);
}

afterEach(() => setClock(null));

describe("the entry form", () => {
  it("lists every missing required field in one alert that takes the focus, and saves nothing", async () => {
    const { user, saves } = setup();
    await screen.findByRole("heading", { level: 1, name: "New Diary Entry" });
    await user.click(screen.getByRole("button", { name: /^Save$/ }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(/^There is a problem/);
    const links = within(alert).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual([
      "The Title field is not provided",
      "The Date of activity field is not provided",
      "The Hours field is not provided",
    ]);
    // The alert takes the focus (50 ms later): typing before that would lose keys to it.
    await waitFor(() => expect(alert).toHaveFocus());
    expectInvalid(screen.getByLabelText(/^Title/), "The Title field is not provided");
    expectInvalid(screen.getByLabelText(/^Date of activity/), "The Date of activity field is not provided");
    expectInvalid(screen.getByLabelText("Hours: hours"), "The Hours field is not provided");

    // Each entry of the list takes the user to its field.
    await user.click(links[1] as HTMLElement);
    expect(screen.getByLabelText(/^Date of activity/)).toHaveFocus();
    await user.click(links[2] as HTMLElement);
    expect(screen.getByLabelText("Hours: hours")).toHaveFocus();

    // A field's message goes once it is filled; the rest stay.
    await user.type(screen.getByLabelText(/^Title/), "Sepsis screening");
    expect(screen.getByLabelText(/^Title/)).not.toHaveAttribute("aria-invalid");
    expect(within(alert).getAllByRole("link")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: /^Save$/ }));
    expect(within(await screen.findByRole("alert")).getAllByRole("link")[0]).toHaveTextContent(
      "The Date of activity field is not provided",
    );
    expect(saves()).toHaveLength(0);
  });

  it("counts only the visible, enabled required fields", async () => {
    const form = diaryFormOf([
      formPage("Activity", [
        formItem("Field222", "Title", 1, true),
        formItem("Hidden", "Hidden item", 1, true, { visible: false }),
        formItem("Locked", "Locked item", 1, true, { disabled: true }),
      ]),
      formPage("Extra", [formItem("Notes", "Notes", 1, true)], { requiresActivation: true }),
    ]);
    const { user } = setup({ form });
    await screen.findByRole("heading", { level: 1, name: "New Diary Entry" });
    await user.click(screen.getByRole("button", { name: /^Save$/ }));
    const alert = await screen.findByRole("alert");
    expect(
      within(alert)
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual(["The Title field is not provided"]);
  });

  it("shows a refusal by the server as before, in the banner", async () => {
    const { user } = setup({
      extra: [["POST", /^\/api\/entries\/diary$/, () => withError(400, "VALIDATION", "Title is too long")]],
    });
    await screen.findByRole("heading", { level: 1, name: "New Diary Entry" });
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: /^Save$/ }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The entry was not saved");
    expect(alert).toHaveTextContent("Title is too long");
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

  it("saves a new entry's tags with it: one Save creates the entry, then stores its tags", async () => {
    const { user, api, saves } = setup();
    await screen.findByRole("heading", { level: 1, name: "New Diary Entry" });
    await fillRequired(user);
    // The tag editor's form sits beside the entry's form, not in it.
    expect(document.querySelector("form form")).toBeNull();
    // Enter in the tag field adds the tag; it does not save the entry.
    await user.type(screen.getByLabelText("New tag"), "Sepsis{Enter}");
    expect(screen.getByText("Sepsis")).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
    expect(api.to(/\/tags$/, "PUT")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: /^Save$/ }));
    await waitFor(() => expect(api.to(/\/tags$/, "PUT")).toHaveLength(1));
    const create = api.requests.findIndex(
      (r) => r.method === "POST" && r.url.pathname === "/api/entries/diary",
    );
    const tags = api.requests.findIndex((r) => r.method === "PUT");
    expect(create).toBeGreaterThanOrEqual(0);
    expect(tags).toBeGreaterThan(create);
    expect(api.requests[tags]?.url.pathname).toBe(`/api/entries/${ENTRY_ID}/tags`);
    expect(api.requests[tags]?.body).toEqual({ tags: ["Sepsis"] });
    await screen.findByRole("heading", { level: 1, name: "Edit Diary Entry" });
    expect(screen.getByText("Sepsis")).toBeInTheDocument();
  });

  it("keeps a new entry whose tags fail to save, and says so", async () => {
    const { user, router, saves } = setup({
      extra: [["PUT", /\/tags$/, () => withError(503, "SERVICE_UNAVAILABLE", "Busy")]],
    });
    await screen.findByRole("heading", { level: 1, name: "New Diary Entry" });
    await fillRequired(user);
    await user.type(screen.getByLabelText("New tag"), "Sepsis{Enter}");
    await user.click(screen.getByRole("button", { name: /^Save$/ }));

    expect(await screen.findByText("Failed to save tags")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/edit/diary/${ENTRY_ID}`));
    expect(saves()).toHaveLength(1);
    expect(screen.getByText("This entry has no tags yet.")).toBeInTheDocument();
  });

  it("nests no form in another, with the tag editor and the evidence rename dialog open", async () => {
    const fileId = "9a1f3c2e-0b7d-4e57-8f0a-3c2d1e0f9b88";
    const form = diaryFormOf([
      formPage("Activity", [
        formItem("Field222", "Title", 1, true, { value: "Sepsis screening" }),
        formItem("Evidence", "Evidence", 8, false, { value: [fileId] }),
      ]),
    ]);
    form.files = [
      { id: fileId, filename: "notes.pdf", contentType: "application/pdf", url: `/file/${fileId}` },
    ];
    const { user, api, saves } = setup({
      at: `/edit/diary/${ENTRY_ID}`,
      form,
      extra: [
        ["GET", /^\/api\/file\/unassigned$/, () => []],
        [
          "PUT",
          /^\/api\/file\/[^/]+$/,
          (req) => ({
            id: fileId,
            contentType: "application/pdf",
            filename: `${(req.body as { newFilename: string }).newFilename}`,
          }),
        ],
      ],
    });
    await screen.findByRole("heading", { level: 1, name: "Edit Diary Entry" });
    expect(screen.getByLabelText("New tag")).toBeInTheDocument();
    expect(document.querySelector("form form")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Rename notes" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename evidence" });
    expect(document.querySelector("form form")).toBeNull();
    // Enter still renames (the dialog's own form), and does not save the entry.
    await user.clear(within(dialog).getByLabelText(/^New name/));
    await user.type(within(dialog).getByLabelText(/^New name/), "sepsis notes{Enter}");
    await waitFor(() => expect(api.to(/^\/api\/file\//, "PUT")).toHaveLength(1));
    expect(saves()).toHaveLength(0);
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

describe("the entry form's tour", () => {
  afterEach(() => vi.restoreAllMocks());

  it("has a step for each area of the diary form and starts from Show tour", async () => {
    layOutEverything();
    const { user } = setup();
    await screen.findByLabelText(/^Title/);
    const onPage = ENTRY_FORM_TOURS.diary.filter((s) => document.querySelector(`[data-tour="${s.target}"]`));
    // Only the supervision form has the review panel.
    expect(onPage.map((s) => s.target)).toEqual([
      "form-fields",
      "form-save-state",
      "form-tags",
      "form-actions",
    ]);
    await user.click(screen.getByRole("button", { name: "Show tour" }));
    expect(await screen.findByRole("dialog", { name: "Your diary entry" })).toHaveTextContent("Step 1 of 4");
  });

  it("has a tour for each of the three entry types", () => {
    expect(Object.keys(ENTRY_FORM_TOURS)).toEqual(["diary", "reflection", "supervision"]);
    expect(ENTRY_FORM_TOURS.supervision.map((s) => s.target)).toContain("form-supervision");
  });
});

describe("the entry form's options, percent and autosave (ADR 0019)", () => {
  const withOptions = (ksf: boolean) =>
    diaryFormOf([
      formPage("Activity", [
        formItem("Field222", "Title", 1, true),
        formItem("DiaryDate", "Date of activity", 9, true),
        formItem("DiaryHours", "Hours", 5, true),
        ...(ksf
          ? [
              formItem(ENTRY_OPTION_FIELDS.showKSF.identifier, ENTRY_OPTION_FIELDS.showKSF.title, 3, false, {
                values: [...KSF_DIMENSIONS],
              }),
            ]
          : []),
      ]),
    ]);

  it("shows the KSF dimensions field when the form has it (showKSF on) and not when off", async () => {
    const on = setup({ form: withOptions(true) });
    await screen.findByRole("heading", { level: 1, name: "New Diary Entry" });
    expect(screen.getByText(ENTRY_OPTION_FIELDS.showKSF.title)).toBeInTheDocument();
    on.unmount();
    setup({ form: withOptions(false) });
    await screen.findByRole("heading", { level: 1, name: "New Diary Entry" });
    expect(screen.queryByText(ENTRY_OPTION_FIELDS.showKSF.title)).toBeNull();
  });

  it("shows the percent complete in the title with FormPercentages, counting the answers as typed", async () => {
    const { user } = setup({
      form: withOptions(true),
      extra: [["GET", /^\/api\/features\/user$/, () => ({ FormPercentages: true })]],
    });
    // Three counted items (the KSF item is an extra and does not count).
    await screen.findByRole("heading", { level: 1, name: "New Diary Entry (0% complete)" });
    await user.type(screen.getByLabelText(/^Title/), "Sepsis screening");
    await screen.findByRole("heading", { level: 1, name: "New Diary Entry (33% complete)" });
    expect(document.title).toBe("New Diary entry (33% complete) | CPD Dashboard");
  });

  it("shows no percent without FormPercentages", async () => {
    setup({ extra: [["GET", /^\/api\/features\/user$/, () => ({ FormPercentages: false })]] });
    await screen.findByRole("heading", { level: 1, name: "New Diary Entry" });
    expect(screen.queryByTestId("form-percent")).toBeNull();
  });

  const saved = diaryFormOf([
    formPage("Activity", [
      formItem("Field222", "Title", 1, true, { value: "Sepsis" }),
      formItem("Notes", "Notes", 1, false, { value: "From the server" }),
    ]),
  ]);

  it("on the idle event saves and continues, and marks the saved field for a second", async () => {
    const { user, api } = setup({ at: `/edit/diary/${ENTRY_ID}`, form: saved });
    await screen.findByRole("heading", { level: 1, name: "Edit Diary Entry" });
    await user.type(screen.getByLabelText(/^Notes/), " and me");
    window.dispatchEvent(new Event(IDLE_EVENT));
    expect(await screen.findByTestId("field-saved-Notes")).toHaveTextContent(ENTRY_DRAFT_MESSAGES.fieldSaved);
    expect(screen.queryByTestId("field-saved-Field222")).toBeNull();
    const [update] = api.to(/\/update$/, "POST");
    expect(update?.url.searchParams.get("autosave")).toBe("true");
    expect(update?.body).toEqual({ Field222: "Sepsis", Notes: "From the server and me" });
    await waitFor(() => expect(screen.queryByTestId("field-saved-Notes")).toBeNull(), { timeout: 2000 });
    expect(screen.getByRole("heading", { level: 1, name: "Edit Diary Entry" })).toBeInTheDocument();
  });

  it("when an autosaved update fails, reloads the saved entry and offers the typed text back", async () => {
    let reloads = 0;
    const { user } = setup({
      at: `/edit/diary/${ENTRY_ID}`,
      form: saved,
      extra: [
        ["POST", /\/update$/, () => withError(500, "INTERNAL_ERROR", "Something went wrong")],
        [
          "GET",
          /^\/api\/form\/entry\/[^/]+$/,
          () => {
            reloads += 1;
            return { ...saved, entryId: ENTRY_ID };
          },
        ],
      ],
    });
    await screen.findByRole("heading", { level: 1, name: "Edit Diary Entry" });
    await user.type(screen.getByLabelText(/^Notes/), " and my unsaved words");
    window.dispatchEvent(new Event(IDLE_EVENT));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(ENTRY_DRAFT_MESSAGES.reloadedTitle);
    expect(reloads).toBe(2);
    expect(screen.getByLabelText(/^Notes/)).toHaveValue("From the server");
    await user.click(within(alert).getByRole("button", { name: ENTRY_DRAFT_MESSAGES.restore }));
    expect(screen.getByLabelText(/^Notes/)).toHaveValue("From the server and my unsaved words");
    expect(screen.queryByText(ENTRY_DRAFT_MESSAGES.reloadedTitle)).toBeNull();
  });
});
