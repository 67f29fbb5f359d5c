// Entry receipts (docs/decisions/0018-entry-receipts.md): each explicit save of an entry e-mails
// its owner a receipt through the real worker and MailDev, when the setting is on; autosaves,
// failed saves and owners who turned the setting off get none.
import { describe, expect, it } from "vitest";
import { diaryForm } from "./factories.js";
import { call, createUser, jobsSettled, type TestUser, useApp, whileRedisDown } from "./harness.js";
import { mailCaughtUp, mailsTo, waitForNewMail } from "./mail.js";

const h = useApp({ worker: true });

/** A valid diary form, titled and timed so the receipt's lines can be checked. */
const diary = (over: Record<string, unknown> = {}) =>
  diaryForm({ Field222: "Sepsis recognition update", DiaryDate: "2026-10-14", DiaryHours: "1.5", ...over });
const create = (u: TestUser, body: object, query = "") =>
  call(h.app, "POST", `/entries/diary${query}`, { token: u.token, body });
const update = (u: TestUser, entryId: string, body: object, query = "") =>
  call(h.app, "POST", `/entries/${entryId}/update${query}`, { token: u.token, body });

const isReceipt = (m: { subject: string }) => m.subject.startsWith("Entry saved: ");

/** Every receipt the user will get: the entry's jobs have run and MailDev lists what they sent. */
async function receiptsOf(u: TestUser) {
  await jobsSettled(h, (data) => data.userId === u.id);
  await mailCaughtUp(h.deps.config.smtp);
  return (await mailsTo(u.email)).filter(isReceipt);
}

async function setReceipts(u: TestUser, entryReceipt: boolean) {
  const current = await call(h.app, "GET", "/settings/dashboard", { token: u.token });
  const { lockedByOrganisation: _, ...settings } = current.body;
  const saved = await call(h.app, "POST", "/settings/dashboard", {
    token: u.token,
    body: { ...settings, emails: { ...settings.emails, entryReceipt } },
  });
  expect([saved.status, saved.body.emails.entryReceipt]).toEqual([200, entryReceipt]);
}

describe("entry receipts", () => {
  it("e-mail a receipt for each create and explicit update, with the entry's title, type, date, hours and link", async () => {
    const u = await createUser(h.deps, { firstName: "Ann" });
    await setReceipts(u, true);
    const seen = new Set<string>();

    const created = await create(u, diary());
    expect(created.status).toBe(200);
    const { entryId } = created.body;
    const first = await waitForNewMail(u.email, isReceipt, seen);
    expect(first.subject).toBe("Entry saved: Sepsis recognition update");
    for (const line of [
      "Hello Ann,",
      "Title: Sepsis recognition update",
      "Type: Diary",
      "Date: 14/10/2026",
      "Hours: 1.5",
      `${h.deps.config.publicUrl}/edit/diary/${entryId}`,
    ])
      expect(first.text).toContain(line);
    expect(first.html).toContain(`href="${h.deps.config.publicUrl}/edit/diary/${entryId}"`);

    const updated = await update(u, entryId, diary({ Field222: "Sepsis: the update", DiaryHours: "2" }));
    expect(updated.status).toBe(200);
    const second = await waitForNewMail(u.email, isReceipt, seen);
    expect(second.subject).toBe("Entry saved: Sepsis: the update");
    expect(second.text).toContain("Hours: 2\n");

    // `autosave=false` is an explicit save too.
    expect((await update(u, entryId, diary(), "?autosave=false")).status).toBe(200);
    await waitForNewMail(u.email, isReceipt, seen);
    expect(await receiptsOf(u)).toHaveLength(3);
  }, 60_000); // three saves, each waited for through the worker and MailDev

  it("send none for autosaves or failed saves", async () => {
    const u = await createUser(h.deps);
    await setReceipts(u, true);
    const created = await create(u, diary({ Field222: "Autosaved" }), "?autosave=true");
    expect(created.status).toBe(200);
    expect((await update(u, created.body.entryId, diary(), "?autosave=true")).status).toBe(200);
    // Refused (a required item is missing): nothing was saved, so nothing is sent.
    expect((await create(u, diary({ Field222: "" }))).status).toBe(400);
    expect((await update(u, created.body.entryId, diary({ DiaryHours: "" }))).status).toBe(400);
    expect(await receiptsOf(u)).toEqual([]);
  });

  it("do not fail a save when the receipt cannot be queued", async () => {
    const u = await createUser(h.deps);
    const created = await whileRedisDown(h, () => create(u, diary({ Field222: "Saved without Redis" })));
    expect(created.status).toBe(200);
    expect(await h.deps.prisma.entry.count({ where: { id: created.body.entryId, userId: u.id } })).toBe(1);
    expect(await receiptsOf(u)).toEqual([]);
  });

  it("send none when the setting is off", async () => {
    const u = await createUser(h.deps);
    await setReceipts(u, false);
    const created = await create(u, diary());
    expect(created.status).toBe(200);
    expect((await update(u, created.body.entryId, diary({ Field222: "Changed" }))).status).toBe(200);
    expect(await receiptsOf(u)).toEqual([]);

    // Turned on again: the next save sends one.
    await setReceipts(u, true);
    expect((await update(u, created.body.entryId, diary())).status).toBe(200);
    expect((await receiptsOf(u)).map((m) => m.subject)).toEqual(["Entry saved: Sepsis recognition update"]);
  });
});
