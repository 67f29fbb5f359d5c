// The daily account jobs (REQ-ACCOUNT-02): deletions whose chosen day has come, warnings before and then
// the automatic deletion of expired trials, lapsed memberships and legacy accounts, CPD reminders,
// reminders before identity documents expire and before revalidation deadlines (REQ-REVAL-06).
// Everything is decided on London's today of the injected clock, in pages, and each e-mail is
// queued once (AccountNotice rows), as a job whose id is the notice's key: the job renders and
// sends it (docs/decisions/0017-email-rendering.md). Deletions are queued, not done here.
import { londonDay, REVALIDATION } from "@cpd/contract";
import type pg from "pg";
import type { Logger } from "pino";
import type { AccountNoticeEmail } from "../../jobs/definitions/account-notice-email.js";
import { addDays } from "../../lib/dates.js";
import type { Db } from "../../lib/db.js";
import { isFullMember, type MembershipFacts, trialStatus } from "../account/membership-rules.js";
import { expiringDocuments } from "../documents/repository.js";
import { progressOn } from "../revalidation/deadlines.js";
import { deadlineReminder } from "../revalidation/reminders.js";
import { effectiveSettings, wantDocumentReminders } from "../shell/settings.js";
import type { DeletionReason } from "./deletion.js";
import type { DeletionCause } from "./emails.js";
import * as repo from "./repository.js";
import { autoDeletionStep, daysFrom, NOTICE_FIRST, NOTICE_LAST, reminderOffset } from "./rules.js";

export interface LifecycleContext {
  db: Db;
  /** The pool under `db` (the revalidation totals, ADR 0026). */
  pool: pg.Pool;
  log: Logger;
  now: () => Date;
  /** Queues the deletion of one account (the account-deletion job). */
  queueDeletion: (userId: string, reason: DeletionReason, today: string) => Promise<void>;
  /** Queues the e-mail of one notice (the account-notice-email job, its id the notice's key). */
  queueNotice: (notice: Notice, email: AccountNoticeEmail) => Promise<void>;
}

/** A once-only notice: the user, its kind and the date it is about. */
type Notice = { userId: string; kind: string; dueDate: string };

export interface LifecycleReport {
  scheduledDeletions: number;
  warnings: number;
  autoDeletions: number;
  reminders: number;
  documentReminders: number;
  revalidationReminders: number;
  failures: number;
}

const FIRST_ID = "00000000-0000-0000-0000-000000000000";

/** Runs `step` for each row of each page; a failure is logged and counted, the others go on. */
async function eachInPages<T extends { id: string }>(
  ctx: LifecycleContext,
  batch: number,
  page: (afterId: string) => Promise<T[]>,
  step: (row: T) => Promise<void>,
  onPage?: (rows: T[]) => Promise<void>,
): Promise<number> {
  let failures = 0;
  let after = FIRST_ID;
  for (;;) {
    const rows = await page(after);
    await onPage?.(rows);
    for (const row of rows) {
      try {
        await step(row);
      } catch (err) {
        failures++;
        ctx.log.error({ err }, "account lifecycle step failed");
      }
    }
    const last = rows.at(-1);
    if (!last || rows.length < batch) return failures;
    after = last.id;
  }
}

/** Queues a notice's e-mail once (repo.sendNoticeOnce); false when it went before. */
const notify = (ctx: LifecycleContext, notice: Notice, email: AccountNoticeEmail) =>
  repo.sendNoticeOnce(ctx.db, { ...notice, sentAt: ctx.now() }, () => ctx.queueNotice(notice, email));

const causeOf = (facts: MembershipFacts, isTrialUser: boolean): DeletionCause =>
  isTrialUser ? "trial" : facts.membershipEndDate !== null ? "membership" : "legacy";

export async function runAccountLifecycle(ctx: LifecycleContext, batch: number): Promise<LifecycleReport> {
  const today = londonDay(ctx.now());
  const report: LifecycleReport = {
    scheduledDeletions: 0,
    warnings: 0,
    autoDeletions: 0,
    reminders: 0,
    documentReminders: 0,
    revalidationReminders: 0,
    failures: 0,
  };

  // 1. Deletions the users chose, due today or earlier (a missed day catches up).
  report.failures += await eachInPages(
    ctx,
    batch,
    async (after) => (await repo.dueScheduledDeletions(ctx.db, today, after, batch)).map((id) => ({ id })),
    async ({ id }) => {
      await ctx.queueDeletion(id, "scheduled", today);
      report.scheduledDeletions++;
    },
  );

  // 2. Automatic deletion, never without the warnings (rules.ts).
  let notices = new Map<string, string>();
  // A page's notices, read once before its rows are judged.
  const readNotices = async (userIds: string[], kinds: string[]) => {
    notices = await repo.noticesOf(ctx.db, userIds, kinds);
  };
  report.failures += await eachInPages(
    ctx,
    batch,
    (after) => repo.autoDeletionCandidates(ctx.db, after, batch),
    async (u) => {
      const facts: MembershipFacts = {
        accountCreatedDate: u.created_date,
        tier: u.tier,
        active: u.active,
        membershipEndDate: u.membership_end,
        trialEndDate: u.trial_end,
        diaryEntries: 0,
      };
      if (isFullMember(facts, today)) return;
      const status = trialStatus(facts, today);
      if (!status.deletionDate) return;
      const due = status.deletionDate;
      const step = autoDeletionStep({
        today,
        deletionDate: due,
        warnedFirst: notices.has(repo.noticeKey(u.id, NOTICE_FIRST, due)),
        warnedLastOn: notices.get(repo.noticeKey(u.id, NOTICE_LAST, due)) ?? null,
      });
      if (step.kind === "delete") {
        await ctx.queueDeletion(u.id, "trial-expired", today);
        report.autoDeletions++;
      } else if (step.kind === "warn") {
        const notice = { userId: u.id, kind: step.notice, dueDate: due };
        const sent = await notify(ctx, notice, {
          kind: "deletion-warning",
          userId: u.id,
          cause: causeOf(facts, status.isTrialUser),
          deletesOn: step.deletesOn,
        });
        if (sent) report.warnings++;
      }
    },
    (rows) =>
      readNotices(
        rows.map((r) => r.id),
        [NOTICE_FIRST, NOTICE_LAST],
      ),
  );

  // 3. CPD reminders, for those whose settings allow planned-CPD e-mails.
  report.failures += await eachInPages(
    ctx,
    batch,
    async (after) =>
      (await repo.dueReminders(ctx.db, today, after, batch)).map((r) => ({ ...r, id: r.entry_id })),
    async (r) => {
      if (!effectiveSettings(r.settings ?? {}, null).emails.plannedCPD) return;
      const notice = { userId: r.user_id, kind: `reminder:${r.entry_id}`, dueDate: today };
      const sent = await notify(ctx, notice, { kind: "reminder", userId: r.user_id, entryId: r.entry_id });
      if (sent) report.reminders++;
    },
  );

  // 4. Identity documents about to expire: once at each offset (the nearest one passed over, after
  // a missed run), keyed by the document, the offset and the expiry date; only to those whose
  // settings keep these reminders on (emails.documentExpiry).
  let wanted = new Set<string>();
  const documentDays = REVALIDATION.documentReminderDays;
  const documentKind = (doc: { id: string; expiry_date: string }) =>
    `document-expiry:${doc.id}:${reminderOffset(daysFrom(today, doc.expiry_date), documentDays)}`;
  report.failures += await eachInPages(
    ctx,
    batch,
    (after) => expiringDocuments(ctx.db, today, addDays(today, Math.max(...documentDays)), after, batch),
    async (doc) => {
      if (!wanted.has(doc.user_id)) return;
      const notice = { userId: doc.user_id, kind: documentKind(doc), dueDate: doc.expiry_date };
      if (notices.has(repo.noticeKey(notice.userId, notice.kind, notice.dueDate))) return;
      const sent = await notify(ctx, notice, {
        kind: "document-expiry",
        userId: doc.user_id,
        documentId: doc.id,
        expiresOn: doc.expiry_date,
      });
      if (sent) report.documentReminders++;
    },
    async (rows) => {
      const users = [...new Set(rows.map((r) => r.user_id))];
      wanted = await wantDocumentReminders(ctx.db, users);
      await readNotices(users, rows.map(documentKind));
    },
  );

  // 5. Revalidation deadlines 180, 90, 30 and 7 days away while a requirement is short, for each
  // registration with reminders on; the progress is the revalidation service's, on today.
  report.failures += await eachInPages(
    ctx,
    batch,
    (after) => repo.revalidationReminderUsers(ctx.db, today, after, batch),
    async ({ id: userId }) => {
      const due = (await progressOn(ctx.pool, userId, today)).flatMap((p) => {
        const reminder = deadlineReminder(p);
        return reminder ? [{ p, notice: { userId, kind: reminder.kind, dueDate: p.deadline } }] : [];
      });
      if (!due.length) return;
      // Most days a short registration's reminder went out already: read, not a write transaction.
      const before = await repo.noticesOf(
        ctx.db,
        [userId],
        due.map((d) => d.notice.kind),
      );
      for (const { p, notice } of due) {
        if (before.has(repo.noticeKey(userId, notice.kind, notice.dueDate))) continue;
        const sent = await notify(ctx, notice, {
          kind: "revalidation-deadline",
          userId,
          registrationId: p.registration.id,
          deadline: p.deadline,
          asOf: today,
        });
        if (sent) report.revalidationReminders++;
      }
    },
  );

  return report;
}
