// The daily account job's reminders before identity documents expire and before revalidation
// deadlines (issue 26, REQ-REVAL-06), on a controlled clock in the isolated database (the job
// acts on every account). The handler is called directly, twice a day; the real worker sends the
// e-mails, which are read from MailDev.
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountNoticeEmailJob,
  accountNoticeJobId,
} from "../../src/jobs/definitions/account-notice-email.js";
import { call, createUser, storedFileOfSize, type TestUser, useApp } from "../harness.js";
import { type MailDevEmail, mailCaughtUp, mailsTo } from "../mail.js";
import { runDailyJobOn } from "./daily-job.js";

const h = useApp({ worker: true });

let emails: Queue;
beforeAll(() => {
  emails = new Queue(accountNoticeEmailJob.queue, {
    connection: h.deps.redis,
    prefix: h.deps.config.redisPrefix,
  });
});
afterAll(async () => {
  await emails?.close();
});

/** The daily job at noon (London) on `day`, run twice, its e-mails sent. */
const runOn = (day: string) => runDailyJobOn(h, emails, day);

async function mails(u: TestUser, prefix: string) {
  await mailCaughtUp(h.deps.config.smtp);
  return (await mailsTo(u.email)).filter((m: MailDevEmail) => m.subject.startsWith(prefix));
}
const documentSubjects = async (u: TestUser) =>
  (await mails(u, "Your document expires on")).map((m) => m.subject);

async function document(u: TestUser, name: string, expiry: string | null) {
  const file = await storedFileOfSize(h.deps, u.id, 100);
  return h.deps.prisma.identityDocument.create({
    data: {
      userId: u.id,
      fileId: file.id,
      type: "PASSPORT",
      name,
      expiryDate: expiry ? new Date(`${expiry}T00:00:00Z`) : null,
    },
  });
}

describe("identity document reminders", () => {
  it("go 30 and 7 days before expiry, once each; a late first run sends only the nearest", async () => {
    const u = await createUser(h.deps);
    const passport = await document(u, "Passport", "2027-04-10");
    // 5 days away on the first run: the 30-day reminder is past, only the 7-day one goes.
    await document(u, "Driving licence", "2027-03-15");
    await document(u, "No expiry", null);
    const renewed = await document(u, "Old visa", "2027-04-10");

    await runOn("2027-03-10");
    expect(await documentSubjects(u)).toEqual(["Your document expires on 15 March 2027: Driving licence"]);

    // 30 days before: the passport and the visa; the next day, nothing again.
    await runOn("2027-03-11");
    await runOn("2027-03-12");
    expect((await documentSubjects(u)).sort()).toEqual([
      "Your document expires on 10 April 2027: Old visa",
      "Your document expires on 10 April 2027: Passport",
      "Your document expires on 15 March 2027: Driving licence",
    ]);
    const job = await emails.getJob(
      accountNoticeJobId({ userId: u.id, kind: `document-expiry:${passport.id}:30`, dueDate: "2027-04-10" }),
    );
    expect(job?.data).toEqual({
      kind: "document-expiry",
      userId: u.id,
      documentId: passport.id,
      expiresOn: "2027-04-10",
    });

    // The visa is renewed: no 7-day reminder of its old date.
    await h.deps.prisma.identityDocument.update({
      where: { id: renewed.id },
      data: { expiryDate: new Date("2032-04-10T00:00:00Z") },
    });
    await runOn("2027-04-03");
    await runOn("2027-04-09");
    const subjects = await documentSubjects(u);
    expect(subjects.filter((s) => s.endsWith("Passport"))).toHaveLength(2);
    expect(subjects.filter((s) => s.endsWith("Old visa"))).toHaveLength(1);
    expect(subjects.filter((s) => s.endsWith("Driving licence"))).toHaveLength(1);
    expect(subjects.filter((s) => s.endsWith("No expiry"))).toHaveLength(0);
    const [mail] = (await mails(u, "Your document expires on")).filter((m) => m.subject.endsWith("Passport"));
    expect(mail?.text).toContain(`${h.deps.config.publicUrl}/profile`);
  });
});

describe("the identity document reminders setting", () => {
  const setDocumentReminders = async (u: TestUser, on: boolean) => {
    const current = (await call(h.app, "GET", "/settings/dashboard", { token: u.token })).body;
    const { lockedByOrganisation: _, ...settings } = current;
    const saved = await call(h.app, "POST", "/settings/dashboard", {
      token: u.token,
      body: { ...settings, emails: { ...settings.emails, documentExpiry: on } },
    });
    expect(saved.body.emails.documentExpiry).toBe(on);
  };

  it("off: no reminder; on (the default): each reminder once; a save without it keeps it off", async () => {
    const off = await createUser(h.deps);
    const on = await createUser(h.deps);
    await document(off, "Passport", "2027-06-30");
    await document(on, "Passport", "2027-06-30");
    await setDocumentReminders(off, false);
    // An older client's save, without the switch, leaves it off.
    const { lockedByOrganisation: _, ...older } = (
      await call(h.app, "GET", "/settings/dashboard", { token: off.token })
    ).body;
    const { documentExpiry: __, ...emails } = older.emails;
    await call(h.app, "POST", "/settings/dashboard", { token: off.token, body: { ...older, emails } });

    await runOn("2027-05-31");
    await runOn("2027-05-31");
    expect(await documentSubjects(off)).toEqual([]);
    expect(await documentSubjects(on)).toEqual(["Your document expires on 30 June 2027: Passport"]);

    // Turned on again: the next reminder (7 days before) goes, once.
    await setDocumentReminders(off, true);
    await runOn("2027-06-23");
    await runOn("2027-06-24");
    expect(await documentSubjects(off)).toEqual(["Your document expires on 30 June 2027: Passport"]);
    expect(await documentSubjects(on)).toHaveLength(2);
  });
});

describe("revalidation deadline reminders", () => {
  // Deadline 30 September 2027 (the general pack: the renewal date, a 12-month cycle from 1 October 2026).
  const registration = (o: { reminders: boolean; targetHours: number }) => ({
    items: [
      {
        regulator: "OTHER",
        registers: ["own"],
        registrationNumber: "OWN 1",
        renewalDate: "2027-09-30",
        reminders: o.reminders,
        targetHours: o.targetHours,
        cycleMonths: 12,
      },
    ],
  });
  const hours = (u: TestUser, date: string, n: number) =>
    h.deps.prisma.entry.create({
      data: { userId: u.id, type: "diary", title: "Course", date: new Date(`${date}T00:00:00Z`), hours: n },
    });
  const subjectDays = async (u: TestUser) =>
    (await mails(u, "Revalidation due on")).map((m) => /in (\d+) days?\./.exec(m.text)?.[1]);

  it("go at 180, 90, 30 and 7 days while short, once each, the nearest after a missed run; never when met or turned off", async () => {
    const short = await createUser(h.deps);
    const met = await createUser(h.deps);
    const off = await createUser(h.deps);
    for (const [u, o] of [
      [short, { reminders: true, targetHours: 35 }],
      [met, { reminders: true, targetHours: 2 }],
      [off, { reminders: false, targetHours: 35 }],
    ] as const) {
      const put = await call(h.app, "PUT", "/profile/registrations", {
        token: u.token,
        body: registration(o),
      });
      expect(put.status).toBe(200);
      await hours(u, "2026-11-02", 10);
    }

    await runOn("2027-04-02"); // 181 days
    expect(await subjectDays(short)).toEqual([]);
    await runOn("2027-04-03"); // 180
    await runOn("2027-04-04");
    expect(await subjectDays(short)).toEqual(["180"]);
    // The 90-day run is missed; 85 days away, the 90-day reminder goes, and once.
    await runOn("2027-07-07");
    await runOn("2027-07-08");
    expect(await subjectDays(short)).toEqual(["180", "85"]);
    await runOn("2027-08-31"); // 30
    await runOn("2027-09-23"); // 7
    await runOn("2027-09-29"); // 1: nothing new
    await runOn("2027-10-01"); // past
    expect(await subjectDays(short)).toEqual(["180", "85", "30", "7"]);

    const [first] = await mails(short, "Revalidation due on");
    expect(first?.subject).toBe("Revalidation due on 30 September 2027: 1 requirement to complete");
    expect(first?.text).toContain("Your CPD hours target: 25 hours to go (10 of 35)");
    expect(first?.text).toContain(`${h.deps.config.publicUrl}/revalidation`);
    expect(await mails(met, "Revalidation due on")).toEqual([]);
    expect(await mails(off, "Revalidation due on")).toEqual([]);
    // Not even queued: the job itself skips them (the e-mail's own check is a second line).
    const notices = (u: TestUser) => h.deps.prisma.accountNotice.count({ where: { userId: u.id } });
    expect(await notices(met)).toBe(0);
    expect(await notices(off)).toBe(0);
    expect(await notices(short)).toBe(4);
  });
});
