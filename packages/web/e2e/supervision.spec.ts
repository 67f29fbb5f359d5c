// Issue 10 in the browser: an owner shares a supervision record with an external Supervisee, who
// opens the e-mailed link in a browser of their own (no account), confirms a 6-digit code from a
// second e-mail, comments on a topic and signs after the Supervisor; the completed record's
// verification link (from the last e-mail) matches, and a changed hash does not.
import { expect, type Page, test } from "@playwright/test";
import { apiCreateSupervision, apiShareSupervision, pageToken } from "./api";
import { checkA11y } from "./axe";
import { stamp } from "./helpers";
import { waitForMail } from "./mail";
import { confirmReviewCode, drawSignature, loginOwner, separatePage } from "./supervision-review";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

test("a shared supervision record is reviewed with a code, commented on, signed by both sides and verified", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const id = stamp();
  const title = `E2E supervision ${id}`;
  const topic = `Caseload review ${id}`;
  const actions = "Book a weekly check-in until the backlog clears.";
  const guestName = "Sam Reviewee";
  const guestEmail = `e2e-reviewee-${id}@test.example`;
  const comment = `I agree; I will bring my caseload list next week (${id}).`;

  const { owner, ownerName } = await loginOwner(page);
  const entryId = await apiCreateSupervision(page.request, await pageToken(page), title, "Supervisor");
  const editUrl = `/edit/supervision/${entryId}`;
  const otherPages: Page[] = [];

  try {
    // --- The owner (the Supervisor) shares the saved record with the Supervisee. ---------------
    await page.goto(editUrl);
    const panel = page.getByRole("region", { name: "Supervision review" });
    const shareButton = panel.getByRole("button", { name: "Share with the Supervisee" });
    await expect(shareButton).toBeEnabled();
    await checkA11y(page, `${editUrl} with the supervision panel`);
    await shareButton.click();
    const dialog = page.getByRole("dialog", { name: "Share with the Supervisee" });
    await dialog.getByLabel(/^Name/).fill(guestName);
    await dialog.getByLabel(/^Email/).fill(guestEmail);
    await dialog.getByLabel(/^Phone number/).fill("07700 900123");
    await dialog.getByLabel(/^Link expires after/).selectOption("7 days");
    await dialog.getByLabel(/^Topic 1 title/).fill(topic);
    await dialog.getByLabel(/^Topic 1 agreed actions/).fill(actions);
    await checkA11y(page, `${editUrl} with the share dialog`);
    const sharedAt = Date.now();
    await dialog.getByRole("button", { name: "Share", exact: true }).click();
    await expect(page).toHaveURL(/\/entries$/);
    await expect(page.getByText("Shared Successfully")).toBeVisible();

    // --- The reviewee, in another browser, opens the e-mailed link and confirms a code. -------
    const invitation = await waitForMail(guestEmail, {
      since: sharedAt,
      subject: new RegExp(`^${ownerName} shared a supervision record with you$`),
      pattern: new RegExp(`/review/supervision/(${UUID})`),
    });
    const reviewPath = invitation[0];
    const shareId = invitation[1] as string;
    const guest = await separatePage(browser);
    otherPages.push(guest);
    await guest.goto(reviewPath);
    await expect(guest.getByRole("heading", { level: 1, name: "Supervision review" })).toBeVisible();
    await expect(
      guest.getByText("We will send a 6-digit code to e•••@test.example (and by text to •••• •••123)."),
    ).toBeVisible();
    await checkA11y(guest, `${reviewPath} before the code`);
    await confirmReviewCode(guest, guestEmail);
    await expect(guest.getByText(`${ownerName} shared this supervision record with you.`)).toBeVisible();
    await expect(guest.getByText(title, { exact: true })).toBeVisible();

    // Before the Supervisor has signed, the Supervisee waits.
    const guestSignOff = guest.getByRole("button", { name: "Sign Off", exact: true });
    await expect(guestSignOff).toBeDisabled();
    await expect(guest.getByText("Waiting for the Supervisor to sign off.")).toBeVisible();
    await expect(guest.getByText("The Supervisor marks topics as completed.")).toBeVisible();
    await expect(guest.getByText(`Agreed actions: ${actions}`)).toBeVisible();

    // A comment on the topic, listed under it with the reviewee's name.
    const guestBox = guest.getByLabel(`Add a comment on “${topic}”`);
    await guestBox.fill(comment);
    await guest.getByRole("button", { name: "Add comment" }).click();
    const guestComments = guest.getByRole("list", { name: `Comments on ${topic}` });
    await expect(guestComments).toContainText(comment);
    await expect(guestComments).toContainText(guestName);
    await expect(guestBox).toHaveValue("");
    await checkA11y(guest, `${reviewPath} with the record and a comment`);

    // A phone's width: still accessible, and nothing wider than the screen.
    await guest.setViewportSize({ width: 375, height: 812 });
    await expect(guest.getByRole("heading", { name: "The record" })).toBeVisible();
    await checkA11y(guest, `${reviewPath} at 375 px`);
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await guest.setViewportSize({ width: 1280, height: 900 });

    // --- The owner sees the comment, completes the topic and signs first. ----------------------
    await page.goto(editUrl);
    await expect(panel.getByRole("list", { name: `Comments on ${topic}` })).toContainText(comment);
    const completed = panel.getByRole("checkbox", { name: "Completed" });
    await expect(completed).not.toBeChecked();
    await completed.click();
    await expect(completed).toBeChecked();
    await drawSignature(page);
    await panel.getByRole("button", { name: "Sign Off", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Signed off. The other side has been told.")).toBeVisible();

    // --- The reviewee signs second, which completes the record. --------------------------------
    await guest.reload();
    await expect(guest.getByRole("heading", { name: "The record" })).toBeVisible();
    await expect(guest.getByText("Completed", { exact: true })).toBeVisible();
    await expect(guest.getByText(`Supervisor: signed by ${ownerName}`)).toBeVisible();
    await expect(guestSignOff).toBeEnabled();
    // The record is frozen by the first signature: no more comments.
    await expect(guest.getByRole("button", { name: "Add comment" })).toHaveCount(0);
    await drawSignature(guest);
    await checkA11y(guest, `${reviewPath} ready to sign`);
    const signedAt = Date.now();
    await guestSignOff.click();
    await expect(
      guest.getByText("Thank you, you have signed the supervision record as the Supervisee."),
    ).toBeVisible();
    await expect(guest.getByText("The supervision is complete. Both sides have signed.")).toBeVisible();
    await checkA11y(guest, `${reviewPath} after signing`);
    const pdfHref = await guest.getByRole("link", { name: "Download PDF" }).getAttribute("href");
    expect(pdfHref).toMatch(new RegExp(`/api/supervision/${shareId}/pdf\\?token=`));
    const pdf = await guest.request.get(new URL(pdfHref as string, guest.url()).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toMatch(/^application\/pdf/);
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // --- The completed e-mail's link verifies the record; a changed hash does not. -------------
    const done = await waitForMail(owner.email, {
      since: signedAt,
      subject: /^Supervision record completed$/,
      pattern: new RegExp(`/verify/supervision/(${UUID})\\?hash=([0-9a-f]{64})`),
    });
    expect(done[1]).toBe(shareId);
    const hash = done[2] as string;
    const verifier = await separatePage(browser);
    otherPages.push(verifier);
    await verifier.goto(done[0]);
    await expect(
      verifier.getByRole("heading", { level: 1, name: "Verify a supervision record" }),
    ).toBeVisible();
    await expect(verifier.getByText("Match: this is the signed record")).toBeVisible();
    await expect(verifier.getByText("Record intact")).toBeVisible();
    await expect(verifier.getByText("Yes: the record has not changed since it was signed.")).toBeVisible();
    await expect(verifier.getByText("Yes: both sides have signed.")).toBeVisible();
    await expect(verifier.getByText(`Supervisor: signed by ${ownerName}`)).toBeVisible();
    await expect(verifier.getByText(`Supervisee: signed by ${guestName}`)).toBeVisible();
    await checkA11y(verifier, "/verify/supervision with the right hash");
    const changed = `${hash.slice(0, -1)}${hash.endsWith("0") ? "1" : "0"}`;
    await verifier.goto(`/verify/supervision/${shareId}?hash=${changed}`);
    await expect(verifier.getByText("No match", { exact: true })).toBeVisible();
    await expect(verifier.getByText("Match: this is the signed record")).toHaveCount(0);
    await checkA11y(verifier, "/verify/supervision with a changed hash");

    // --- The owner's record is read-only now, and listed. --------------------------------------
    await page.goto(editUrl);
    await expect(page.getByText("This entry can no longer be edited.")).toBeVisible();
    await expect(page.getByLabel(/^Title/)).toBeDisabled();
    await expect(page.getByLabel(/^Title/)).toHaveValue(title);
    await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save and Close" })).toHaveCount(0);
    await expect(panel.getByText("The supervision is complete. Both sides have signed.")).toBeVisible();
    await expect(panel.getByRole("button", { name: "Sign Off", exact: true })).toHaveCount(0);
    await expect(panel.getByRole("button", { name: "Reset sharing" })).toHaveCount(0);
    await expect(panel.getByRole("list", { name: `Comments on ${topic}` })).toContainText(comment);
    await checkA11y(page, `${editUrl} completed`);
    await page.goto(`/entries?search=${id}`);
    await expect(page.getByRole("cell", { name: title, exact: true })).toBeVisible();
  } finally {
    for (const p of otherPages) await p.context().close();
  }
});

test("the owner's Sign Off reaches the dashboard even when the page's other data reloads slowly", async ({
  page,
}) => {
  const id = stamp();
  await loginOwner(page);
  const token = await pageToken(page);
  const entryId = await apiCreateSupervision(page.request, token, `E2E supervision slow ${id}`, "Supervisor");
  await apiShareSupervision(
    page.request,
    token,
    entryId,
    { name: "Sam Reviewee", email: `e2e-reviewee-${id}@test.example` },
    `Caseload review ${id}`,
  );
  await page.goto(`/edit/supervision/${entryId}`);
  await drawSignature(page);
  // A slow network: everything the page reloads after signing, except the record itself, comes late.
  await page.route(
    (url) => url.pathname.startsWith("/api/") && !url.pathname.startsWith("/api/form/entry/"),
    async (route) => {
      if (route.request().method() === "GET") await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    },
  );
  const signed = page.waitForResponse((r) => r.url().endsWith("/api/supervision/complete"));
  await page.getByRole("button", { name: "Sign Off", exact: true }).click();
  expect((await signed).status()).toBe(200);
  await expect(page.getByText("Signed off. The other side has been told.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});
