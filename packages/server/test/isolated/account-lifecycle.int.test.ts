// The daily account jobs (issue 11 §D) on a controlled clock, in a database of their own (they act
// on every account that is due). The handler is called directly, twice a day, in pages of two; the
// deletions and e-mails it queues are done by the real worker; e-mails are read from MailDev.
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountDeletionJob, accountDeletionJobId } from "../../src/jobs/definitions/account-deletion.js";
import {
  accountNoticeEmailJob,
  accountNoticeJobId,
} from "../../src/jobs/definitions/account-notice-email.js";
import { createOrganisation, createUser, type TestUser, useApp } from "../harness.js";
import { type MailDevEmail, mailCaughtUp, mailsTo } from "../mail.js";
import { runDailyJobOn } from "./daily-job.js";

const h = useApp({ worker: true });

let deletions: Queue;
let emails: Queue;
beforeAll(() => {
  const connection = { connection: h.deps.redis, prefix: h.deps.config.redisPrefix };
  deletions = new Queue(accountDeletionJob.queue, connection);
  emails = new Queue(accountNoticeEmailJob.queue, connection);
});
afterAll(async () => {
  await deletions?.close();
  await emails?.close();
});

/** The daily job at noon (London) on `day`, run twice, its e-mails sent. */
const runOn = (day: string) => runDailyJobOn(h, emails, day);

const isWarning = (m: MailDevEmail) => m.subject.startsWith("Your CPD account will be deleted on");
const isReminder = (m: MailDevEmail) => m.subject.startsWith("CPD reminder:");

/** The e-mails to `u` that `match` accepts, once MailDev lists every e-mail sent so far. */
async function mails(u: TestUser, match: (m: MailDevEmail) => boolean) {
  await mailCaughtUp(h.deps.config.smtp);
  return (await mailsTo(u.email)).filter(match);
}
const warningDates = async (u: TestUser) =>
  (await mails(u, isWarning)).map((m) => m.subject.replace("Your CPD account will be deleted on ", ""));

const exists = async (u: TestUser) => (await h.deps.prisma.user.count({ where: { id: u.id } })) === 1;

/** Waits for the worker to delete `u`. */
async function deleted(u: TestUser) {
  await expect
    .poll(() => exists(u), { message: `user ${u.id} was not deleted`, timeout: 30_000, interval: 200 })
    .toBe(false);
  return true;
}

/** Whether the job queued a deletion of `u` on `day` (kept a day after it ran). */
const queuedOn = async (u: TestUser, day: string) =>
  (await deletions.getJob(accountDeletionJobId(u.id, day))) !== undefined;

const diaryEntry = (u: TestUser, o: { date?: string; reminder?: string; createdAt: string; title: string }) =>
  h.deps.prisma.entry.create({
    data: {
      userId: u.id,
      type: "diary",
      title: o.title,
      date: o.date ? new Date(`${o.date}T00:00:00Z`) : null,
      reminderDate: o.reminder ? new Date(`${o.reminder}T00:00:00Z`) : null,
      createdAt: new Date(o.createdAt),
    },
  });

describe("the daily account jobs", () => {
  it("warn at 30 and 7 days once each, delete only after, never members, managers or organisations; scheduled deletions and reminders", async () => {
    const d = h.deps;
    // Trial ends 10 January: deletion due 10 April 2027 (trial end + 3 months).
    const trial = await createUser(d, { tier: "BASIC", trialEnd: "2027-01-10" });
    // Membership ended 10 January: the same date.
    const lapsed = await createUser(d, { tier: "BASIC", membershipEnd: "2027-01-10" });
    // Due 12 April; the job is not run on its 7-day warning day, but 3 days before.
    const late = await createUser(d, { tier: "BASIC", trialEnd: "2027-01-12" });
    // Legacy: created before the trials began; its fixed date (1 November 2025) is long past.
    const legacy = await createUser(d, { tier: "BASIC", createdAt: "2025-01-15" });
    // Never deleted automatically.
    const org = await createOrganisation(d);
    const never = {
      member: await createUser(d, { tier: "PREMIUM" }),
      corporate: await createUser(d, { tier: "CORPORATE", organisationId: org.id }),
      organisationTrial: await createUser(d, {
        tier: "BASIC",
        trialEnd: "2027-01-10",
        organisationId: org.id,
      }),
      manager: await createUser(d, {
        tier: "BASIC",
        trialEnd: "2027-01-10",
        roles: ["User-Basic", "Organisation-Manager"],
      }),
      admin: await createUser(d, { tier: "BASIC", createdAt: "2025-01-15", roles: ["User-Basic", "Admin"] }),
    };
    // Deletions the users chose.
    const scheduled = await createUser(d);
    const scheduledLater = await createUser(d);
    await d.prisma.user.update({
      where: { id: scheduled.id },
      data: { deletionScheduledFor: new Date("2027-03-11") },
    });
    await d.prisma.user.update({
      where: { id: scheduledLater.id },
      data: { deletionScheduledFor: new Date("2027-03-12") },
    });
    // Reminders on 11 March: a reminder date, and diary CPD planned for the day (written before it).
    const reminded = await createUser(d);
    const renew = await diaryEntry(reminded, {
      reminder: "2027-03-11",
      createdAt: "2027-01-05T10:00:00Z",
      title: "Renew ALS",
    });
    await diaryEntry(reminded, {
      date: "2027-03-11",
      createdAt: "2027-02-01T10:00:00Z",
      title: "Sepsis course",
    });
    await diaryEntry(reminded, {
      date: "2027-03-11",
      createdAt: "2027-03-11T08:00:00Z",
      title: "Logged today",
    });
    await diaryEntry(reminded, {
      reminder: "2027-03-12",
      createdAt: "2027-01-05T10:00:00Z",
      title: "Tomorrow",
    });
    const quiet = await createUser(d);
    await d.prisma.dashboardSettings.create({
      data: { userId: quiet.id, settings: { emails: { entryReceipt: true, plannedCPD: false } } },
    });
    await diaryEntry(quiet, { reminder: "2027-03-11", createdAt: "2027-01-05T10:00:00Z", title: "Muted" });

    // 10 March: 31 days before the trial's date; the legacy account gets its last warning.
    await runOn("2027-03-10");
    expect(await warningDates(trial)).toEqual([]);
    expect(await warningDates(legacy)).toEqual(["17 March 2027"]);

    // 11 March: the first warnings; the chosen deletion of the day; the day's reminders.
    await runOn("2027-03-11");
    expect(await warningDates(trial)).toEqual(["10 April 2027"]);
    expect(await warningDates(lapsed)).toEqual(["10 April 2027"]);
    expect(await deleted(scheduled)).toBe(true);
    expect(await queuedOn(scheduledLater, "2027-03-11")).toBe(false);
    const reminders = await mails(reminded, isReminder);
    expect(reminders.map((m) => m.subject).sort()).toEqual([
      "CPD reminder: Renew ALS",
      "CPD reminder: Sepsis course",
    ]);
    expect(reminders[0]?.text).toContain(`${d.config.publicUrl}/edit/diary/`);
    // Queued as a job whose id is the notice's once-only key, holding ids only.
    const job = await emails.getJob(
      accountNoticeJobId({ userId: reminded.id, kind: `reminder:${renew.id}`, dueDate: "2027-03-11" }),
    );
    expect(job?.data).toEqual({ kind: "reminder", userId: reminded.id, entryId: renew.id });
    expect(await mails(quiet, isReminder)).toEqual([]);

    // 16 March: the legacy warning is 6 days old, not yet; a missed chosen day catches up.
    await runOn("2027-03-16");
    expect(await queuedOn(legacy, "2027-03-16")).toBe(false);
    expect(await exists(legacy)).toBe(true);
    expect(await deleted(scheduledLater)).toBe(true);

    // 17 March: 7 days after its warning, the legacy account goes.
    await runOn("2027-03-17");
    expect(await deleted(legacy)).toBe(true);
    expect(await warningDates(legacy)).toEqual(["17 March 2027"]);

    // 3 April: 7 days before; the late one's first warning.
    await runOn("2027-04-03");
    expect(await warningDates(trial)).toEqual(["10 April 2027", "10 April 2027"]);
    expect(await warningDates(lapsed)).toEqual(["10 April 2027", "10 April 2027"]);
    expect(await warningDates(late)).toEqual(["12 April 2027"]);

    // 9 April: the day before; nothing goes. The late one is within 7 days of its date without its
    // last warning: it gets it now, naming the day it will really go (7 days on).
    await runOn("2027-04-09");
    expect(await queuedOn(trial, "2027-04-09")).toBe(false);
    expect(await warningDates(late)).toEqual(["12 April 2027", "16 April 2027"]);

    // 10 April: the date, and the last warning is 7 days old: the trial and the lapsed account go.
    await runOn("2027-04-10");
    expect(await deleted(trial)).toBe(true);
    expect(await deleted(lapsed)).toBe(true);

    // 12 April: the late one's date, but its last warning is 3 days old; it goes on the 16th.
    await runOn("2027-04-12");
    expect(await queuedOn(late, "2027-04-12")).toBe(false);
    expect(await exists(late)).toBe(true);
    await runOn("2027-04-16");
    expect(await deleted(late)).toBe(true);
    expect(await warningDates(late)).toEqual(["12 April 2027", "16 April 2027"]);

    // A year on: members, organisations' people, managers and administrators are all still here, unwarned.
    await runOn("2028-04-17");
    for (const [who, u] of Object.entries(never)) {
      expect(await exists(u), who).toBe(true);
      expect(await warningDates(u), who).toEqual([]);
    }
    // Each deletion was logged without naming anyone.
    const logged = await d.prisma.activityLog.findMany({ where: { action: "account.deleted" } });
    const reasons = logged.map((l) => (l.details as { reason: string }).reason);
    expect(reasons.filter((r) => r === "scheduled").length).toBeGreaterThanOrEqual(2);
    expect(reasons.filter((r) => r === "trial-expired").length).toBeGreaterThanOrEqual(4);
    for (const u of [trial, lapsed, late, legacy, scheduled])
      expect(JSON.stringify(logged)).not.toContain(u.id);
  });
});
