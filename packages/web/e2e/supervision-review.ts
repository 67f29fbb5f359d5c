// Steps both supervision specs take (ADR 0022): the owner logged in, and the reviewee, in a
// browser of their own, confirming the e-mailed code; the signature pad (the attestation spec
// draws on it too).
import { type Browser, expect, type Page } from "@playwright/test";
import { dismissGreeting, fixPageClock, login, londonDay, morningOf } from "./helpers";
import { waitForMail } from "./mail";
import { createUser } from "./users";

/** A new owner (Olive), logged in with the greeting closed. */
export async function loginOwner(page: Page) {
  const owner = await createUser({ firstName: "Olive" });
  await login(page, owner);
  await dismissGreeting(page);
  return { owner, ownerName: `${owner.firstName} ${owner.lastName}` };
}

/** A page in a browser context of its own: the reviewee shares no storage with the owner. */
export async function separatePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await fixPageClock(page, morningOf(londonDay()));
  return page;
}

/** On the review page: asks for the code, enters the one e-mailed to `email` and waits for the record. */
export async function confirmReviewCode(guest: Page, email: string) {
  const codeAskedAt = Date.now();
  await guest.getByRole("button", { name: "Send code" }).click();
  await expect(guest.getByText("We have sent you a 6-digit code. It is valid for 10 minutes.")).toBeVisible();
  const [, code] = await waitForMail(email, {
    since: codeAskedAt,
    subject: /^Your supervision review code$/,
    pattern: /review code is (\d{6})\./,
  });
  await guest.getByLabel("6-digit code").fill(code as string);
  await guest.getByRole("button", { name: "Verify" }).click();
  await expect(guest.getByRole("heading", { name: "The record" })).toBeVisible();
}

/** Draws a wavy stroke across the signature pad with the mouse (signature_pad listens to pointer events). */
export async function drawSignature(page: Page) {
  const pad = page
    .getByRole("group", { name: "Your signature" })
    .getByRole("img", { name: /^Signature pad/ });
  await expect(pad).toHaveAccessibleName("Signature pad, empty");
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error("the signature pad is not on screen");
  const middle = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.1, middle);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + box.width * (0.1 + 0.065 * i), middle + Math.sin(i) * box.height * 0.25, {
      steps: 3,
    });
  }
  await page.mouse.up();
  await expect(pad).toHaveAccessibleName("Signature pad, signed");
}
