// ADR 0022, topics after sharing: the owner adds a topic to a record already shared, and the
// reviewee (the e-mailed link and a code, in a browser of their own) sees it at their next load.
import { expect, test } from "@playwright/test";
import { apiCreateSupervision, apiShareSupervision, pageToken } from "./api";
import { checkA11y } from "./axe";
import { stamp } from "./helpers";
import { waitForMail } from "./mail";
import { confirmReviewCode, loginOwner, separatePage } from "./supervision-review";

test("a topic the owner adds after sharing is shown to the reviewee, who can comment on it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const id = stamp();
  const firstTopic = `Caseload review ${id}`;
  const newTopic = `Discharge planning ${id}`;
  const newActions = "Draft a discharge checklist with the ward team.";
  const guestEmail = `e2e-reviewee-${id}@test.example`;

  const { ownerName } = await loginOwner(page);
  const token = await pageToken(page);
  const entryId = await apiCreateSupervision(page.request, token, `E2E supervision topics ${id}`);
  const sharedAt = Date.now();
  const shareId = await apiShareSupervision(
    page.request,
    token,
    entryId,
    { name: "Sam Reviewee", email: guestEmail },
    firstTopic,
  );

  // --- The reviewee opens the e-mailed link in a browser of their own and confirms a code. ------
  const invitation = await waitForMail(guestEmail, {
    since: sharedAt,
    subject: new RegExp(`^${ownerName} shared a supervision record with you$`),
    pattern: new RegExp(`/review/supervision/${shareId}`),
  });
  const guest = await separatePage(browser);
  try {
    await guest.goto(invitation[0]);
    await expect(guest.getByRole("heading", { level: 1, name: "Supervision review" })).toBeVisible();
    await checkA11y(guest, "supervision review before the code");
    await confirmReviewCode(guest, guestEmail);
    await expect(guest.getByText(firstTopic, { exact: true })).toBeVisible();
    await expect(guest.getByText(newTopic, { exact: true })).toHaveCount(0);
    // The reviewee has no topic editor.
    await expect(guest.getByRole("button", { name: "Add a topic" })).toHaveCount(0);

    // --- The owner adds a topic on the shared record. -------------------------------------------
    await page.goto(`/edit/supervision/${entryId}`);
    const panel = page.getByRole("region", { name: "Supervision review" });
    await panel.getByRole("button", { name: "Add a topic" }).click();
    const form = panel.getByRole("form", { name: "Add a topic" });
    await form.getByRole("textbox", { name: /^Topic title/ }).fill(newTopic);
    await form.getByRole("textbox", { name: "Agreed actions" }).fill(newActions);
    await checkA11y(page, "supervision panel with the topic form");
    const added = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().endsWith(`/api/supervision/${shareId}/topics`),
    );
    await form.getByRole("button", { name: "Add topic" }).click();
    expect((await added).status()).toBe(200);
    await expect(form).toBeHidden();
    await expect(panel.getByText(newTopic, { exact: true })).toBeVisible();
    await checkA11y(page, "supervision panel with the added topic");

    // --- The reviewee's next load shows it, with its actions and a comment box. -----------------
    await guest.reload();
    await expect(guest.getByRole("heading", { name: "The record" })).toBeVisible();
    await expect(guest.getByText(firstTopic, { exact: true })).toBeVisible();
    await expect(guest.getByText(newTopic, { exact: true })).toBeVisible();
    await expect(guest.getByText(`Agreed actions: ${newActions}`)).toBeVisible();
    const comment = `I will bring the current discharge list (${id}).`;
    const card = guest.getByRole("listitem", { name: newTopic });
    await card.getByLabel(`Add a comment on “${newTopic}”`).fill(comment);
    await card.getByRole("button", { name: "Add comment" }).click();
    await expect(guest.getByRole("list", { name: `Comments on ${newTopic}` })).toContainText(comment);
    await checkA11y(guest, "supervision review with the added topic");

    // The owner sees the reviewee's comment under the new topic.
    await page.reload();
    await expect(panel.getByRole("list", { name: `Comments on ${newTopic}` })).toContainText(comment);
  } finally {
    await guest.context().close();
  }
});
