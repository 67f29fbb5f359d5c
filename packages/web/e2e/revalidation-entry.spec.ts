// The diary entry form's revalidation section (issue 26, REQ-REVAL-03): a nurse with an NMC
// registration marks a new entry's hours participatory and names a Code theme; once saved, the
// entry counts towards the NMC's participatory hours on the revalidation page.
import { expect, test } from "@playwright/test";
import { apiSaveRegistrations, pageToken } from "./api";
import { checkA11y } from "./axe";
import {
  dismissGreeting,
  fillDiary,
  goFromMenu,
  login,
  londonDay,
  openNewDiary,
  plusDays,
  stamp,
  ukDate,
} from "./helpers";
import { createUser } from "./users";

test("a nurse marks a new diary entry participatory with a Code theme, and the participatory hours move", async ({
  page,
  request,
}) => {
  // Two pages, each checked with axe, and an entry saved: more than the default minute on a busy machine.
  test.slow();
  const user = await createUser({ firstName: "Nia", profession: "Nurse" });
  // login() fixes the page's clock to this morning in London.
  await login(page, user);
  await dismissGreeting(page);
  const today = londonDay();
  const token = await pageToken(page);
  await apiSaveRegistrations(request, token, [
    {
      regulator: "NMC",
      registers: ["nurse"],
      registrationNumber: "12A3456E",
      renewalDate: plusDays(today, 400),
    },
  ]);

  // Loaded afresh: the dashboard has already read the progress without the registration.
  await page.goto("/revalidation");
  await expect(page.getByRole("heading", { level: 1, name: "Revalidation" })).toBeVisible();
  await checkA11y(page, "/revalidation with an NMC registration");
  const card = page.getByRole("region", { name: /Nursing and Midwifery Council \(12A3456E\)/ });
  const participatory = (done: string) =>
    card.getByRole("progressbar", {
      name: new RegExp(`^At least 20 of those hours participatory.*: ${done} of 20 hours$`),
    });
  // An empty bar has no width: in the page, not "visible".
  await expect(participatory("0")).toBeAttached();

  await openNewDiary(page);
  const section = page.getByRole("region", { name: "Revalidation" });
  await expect(section).toBeVisible();
  await expect(section.getByText("Saved with the entry.")).toBeVisible();
  // The revalidation choices first: the form autosaves 10 s after its required fields are filled,
  // and the choices made before the entry has an id are stored with it either way.
  await section.getByRole("checkbox", { name: "Participatory (with other people)" }).check();
  await section.getByRole("combobox", { name: "Themes or standards" }).click();
  await page.getByRole("option", { name: "Preserve safety" }).click();
  await page.keyboard.press("Escape");
  await checkA11y(page, "/create/diary with the revalidation section filled in");
  // 1 h 15 min (fillDiary).
  await fillDiary(page, `Simulation training ${stamp()}`, ukDate(today));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Entry saved successfully")).toBeVisible();
  await page.waitForURL(/\/edit\/diary\/[0-9a-f-]{36}$/);
  const entryId = page.url().split("/").at(-1) ?? "";
  // The choices made before the entry had an id are stored once it has one.
  await expect
    .poll(async () => {
      const res = await request.get(`/api/revalidation/entries/${entryId}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return res.ok() ? ((await res.json()) as { participatory: boolean; themes: string[] }) : null;
    })
    .toMatchObject({ participatory: true, themes: ["Preserve safety"] });
  // Reopened, the section shows what was stored.
  await page.reload();
  // The whole app loads again: longer than an expectation's default on a busy machine.
  await expect(page.getByRole("heading", { level: 1, name: "Edit Diary Entry" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(section.getByRole("checkbox", { name: "Participatory (with other people)" })).toBeChecked();
  await expect(section.getByText("Preserve safety")).toBeVisible();
  await checkA11y(page, "/edit/diary with revalidation details");

  // Checked with axe above: back through the menu only.
  await goFromMenu(page, "Revalidation", "Revalidation");
  await expect(participatory("1.25")).toBeVisible();
  await expect(
    card.getByRole("progressbar", {
      name: /^35 hours of continuing professional development: 1\.25 of 35 hours$/,
    }),
  ).toBeVisible();
});
