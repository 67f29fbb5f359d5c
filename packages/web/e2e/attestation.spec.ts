// Issue 27 in the browser: a nurse with an NMC registration asks a colleague for a reflective
// discussion; the colleague, in a browser of their own on a phone-sized screen (375 px), opens the
// e-mailed link, enters the e-mailed code, reads the covered record and signs; the nurse sees the
// request signed and downloads the NMC submission pack.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { apiSaveRegistrations, pageToken } from "./api";
import { checkA11y } from "./axe";
import { dismissGreeting, login, londonDay, openFromMenu, pick, plusDays, stamp } from "./helpers";
import { waitForMail } from "./mail";
import { drawSignature, separatePage } from "./supervision-review";
import { createUser } from "./users";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/**
 * Screenshots for a person to look at, only when asked for (ATTESTATION_SHOTS=dir): none by
 * default. The whole page, or only `part` of it.
 */
async function shots(page: Page, name: string, part?: Locator) {
  const dir = process.env.ATTESTATION_SHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const path = `${dir}/${name}-${width}.png`;
    await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
  }
  if (size) await page.setViewportSize(size);
}

/** The nurse's NMC registration and one reflective account, through the API. */
async function setUpNurse(page: Page, title: string) {
  const token = await pageToken(page);
  const headers = { Authorization: `Bearer ${token}` };
  const today = londonDay();
  await apiSaveRegistrations(page.request, token, [
    {
      regulator: "NMC",
      registers: ["nurse"],
      registrationNumber: "12A3456E",
      renewalDate: plusDays(today, 400),
    },
  ]);
  const record = await page.request.post("/api/revalidation/records", {
    headers,
    data: {
      kind: "reflectiveAccount",
      title,
      date: plusDays(today, -30),
      details: {
        nature: "A patient fell on the ward at night.",
        learned: "Bed rails and a falls assessment on admission.",
        changed: "I now complete the falls assessment within an hour of admission.",
        codeRelevance: "Preserve safety.",
      },
      themes: ["Preserve safety"],
    },
  });
  expect(record.status(), await record.text()).toBe(201);
}

test("a nurse asks a colleague for a reflective discussion, who signs on a phone; the nurse downloads the NMC pack", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const id = stamp();
  const recordTitle = `Falls on the ward ${id}`;
  const colleague = { name: "Sam Colleague", email: `e2e-attester-${id}@test.example` };
  const nurse = await createUser({ firstName: "Nia", profession: "Nurse" });
  const nurseName = `${nurse.firstName} ${nurse.lastName}`;
  await login(page, nurse);
  await dismissGreeting(page);
  await setUpNurse(page, recordTitle);
  // The dashboard read the revalidation progress before the registration: start afresh.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const others: Page[] = [];

  try {
    // --- The nurse asks the colleague. ----------------------------------------------------------------
    await openFromMenu(page, "Revalidation", "Revalidation", "/revalidation with an NMC registration");
    const section = page.getByRole("region", { name: "Attestations (NMC 12A3456E)" });
    await expect(section.getByText("No requests yet.")).toBeVisible();
    await section.getByRole("button", { name: "Ask someone to attest" }).click();
    const dialog = page.getByRole("dialog", { name: "Ask someone to attest" });
    await pick(page, "What you are asking for", "NMC reflective discussion");
    await dialog.getByLabel(/^Their name/).fill(colleague.name);
    await dialog.getByLabel(/^Their e-mail address/).fill(colleague.email);
    await dialog.getByRole("checkbox", { name: new RegExp(recordTitle) }).check();
    await checkA11y(page, "/revalidation asking for an attestation");
    await shots(page, "ask-dialog", dialog);
    const askedAt = Date.now();
    await dialog.getByRole("button", { name: "Send request" }).click();
    await expect(dialog).toBeHidden();
    const request = section.getByRole("listitem").filter({ hasText: colleague.name });
    await expect(request.getByText("Sent", { exact: true })).toBeVisible();
    await checkA11y(page, "/revalidation with a request sent");
    await shots(page, "attestations-section-sent", section);

    // --- The colleague opens the e-mailed link on a phone and confirms the code. ----------------------
    const invitation = await waitForMail(colleague.email, {
      since: askedAt,
      subject: new RegExp(`^${nurseName} asks you to sign their NMC reflective discussion$`),
      pattern: new RegExp(`/attestation/(${UUID})`),
    });
    const guest = await separatePage(browser);
    others.push(guest);
    await guest.setViewportSize({ width: 375, height: 812 });
    await guest.goto(invitation[0]);
    // A fresh browser on a busy machine: the page's code may take a while to arrive.
    await expect(guest.getByRole("heading", { level: 1, name: "Revalidation attestation" })).toBeVisible({
      timeout: 30_000,
    });
    await expect(guest.getByText(/asks you to sign an attestation for their revalidation/)).toBeVisible();
    await checkA11y(guest, "/attestation before the code at 375 px");
    const codeAskedAt = Date.now();
    await guest.getByRole("button", { name: "Send code" }).click();
    const [, code] = await waitForMail(colleague.email, {
      since: codeAskedAt,
      subject: /^Your attestation code$/,
      pattern: /attestation code is (\d{6})\./,
    });
    await guest.getByLabel("6-digit code").fill(code as string);
    await guest.getByRole("button", { name: "Verify" }).click();

    // Exactly the covered record, read-only, and the professional's name.
    const covered = guest.getByRole("region", { name: "What you are asked to attest" });
    await expect(covered.getByRole("heading", { name: recordTitle })).toBeVisible();
    await expect(
      covered.getByText("I now complete the falls assessment within an hour of admission."),
    ).toBeVisible();
    await expect(
      guest.getByText(new RegExp(`asks you, ${colleague.name}, to sign an NMC reflective discussion`)),
    ).toBeVisible();
    await checkA11y(guest, "/attestation with the records at 375 px");
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shots(guest, "attester-page");

    await guest.getByLabel(/^Your PIN or registration number/).fill("98B7654C");
    await guest.getByLabel(/^The body you are registered with/).fill("NMC");
    await guest.getByLabel(/^Your e-mail address/).fill(colleague.email);
    await guest.getByLabel(/^Your professional address/).fill("Ward 7, City Hospital, Leeds");
    await guest.getByLabel(/^Postcode/).fill("LS1 3EX");
    await drawSignature(guest);
    await checkA11y(guest, "/attestation ready to sign at 375 px");
    await guest.getByRole("button", { name: "Sign", exact: true }).click();
    await expect(guest.getByText("Thank you: your attestation is signed")).toBeVisible();
    await expect(guest.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
    await checkA11y(guest, "/attestation signed at 375 px");
    await shots(guest, "attester-signed");
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The hash it shows is the one the signature covers.
    await guest.getByRole("link", { name: "Check this hash on the verification page" }).click();
    await expect(guest.getByRole("heading", { level: 1, name: "Verify an attestation" })).toBeVisible();
    await expect(guest.getByText("Match: this is the signed attestation")).toBeVisible();
    await checkA11y(guest, "/verify/attestation at 375 px");

    // --- The nurse sees it signed and downloads the NMC pack. -----------------------------------------
    await page.reload();
    await expect(request.getByText("Signed", { exact: true })).toBeVisible();
    await expect(request.getByText(/^SHA-256:/)).toBeVisible();
    await checkA11y(page, "/revalidation with a signed attestation");
    await shots(page, "attestations-section-signed", section);

    const pack = page.getByRole("region", { name: "Submission pack (NMC 12A3456E)" });
    await pack.getByRole("button", { name: "Build submission pack" }).click();
    const download = pack.getByRole("link", { name: /^Download the submission pack/ });
    await expect(download).toBeVisible({ timeout: 60_000 });
    await expect(pack.getByRole("region", { name: "Copy-ready text for NMC Online (MyNMC)" })).toBeVisible();
    await checkA11y(page, "/revalidation with the submission pack ready");
    await shots(page, "submission-pack", pack);
    const href = await download.getAttribute("href");
    expect(href).toMatch(new RegExp(`/api/revalidation/submission/${UUID}/file\\?`));
    const pdf = await page.request.get(new URL(href as string, page.url()).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toMatch(/^application\/pdf/);
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  } finally {
    for (const p of others) await p.context().close();
  }
});
