// What an account owns, found again from its id: the S3 keys behind its rows, the accounts the
// daily job looks at, and the once-only notices. Every query runs on an index (ADR 0008).
import { REVALIDATION, ROLES } from "@cpd/contract";
import type { Db } from "../../lib/db.js";
import { deleteUser } from "../account/repository.js";
import { forgetActor, forgetSubject, recordActivity } from "../activity-log/repository.js";
import { deleteRequestsBy } from "../portfolio/repository.js";
import { portfolioStorageKey as portfolioKey } from "../portfolio/rules.js";
import { insertNoticeOnce } from "../registration/repository.js";
import { forgetModerator } from "../shared-cpd/repository.js";
import { submissionStorageKey } from "../submission/rules.js";
import { certificateKey } from "../videos/issue.js";

/** A whole-record export's object (the export job writes `exports/<id>.zip`, REQ-ACCOUNT-04). */
export const exportKey = (exportId: string) => `exports/${exportId}.zip`;

/**
 * The first segment of every key the product writes. The deletion test checks that the bucket
 * holds nothing else, so a new kind of object cannot be forgotten here.
 */
export const STORAGE_PREFIXES = [
  "files",
  "profile-images",
  "portfolios",
  // Revalidation submission packs (REQ-SUBMIT-01), derived from the submission id.
  "submissions",
  "certificates",
  "signatures",
  "exports",
  // Organisation logos (ADR 0021): not a user's, so never deleted with an account.
  "organisation-logos",
  // Video thumbnails: the library's, not a user's.
  "video-thumbnails",
] as const;

/**
 * Every S3 key of a user: uploaded files (certificates among them), the profile image, portfolio
 * PDFs they own or asked for, video certificates, the signature images of their supervision
 * shares and of their attestations (ADR 0028), and their exports. Keys derived from a row's id are listed too, so an object written
 * just before a crash (row not yet updated) is still found. Null when the user no longer exists.
 */
export async function storageKeysOf(db: Pick<Db, "$queryRaw">, userId: string): Promise<string[] | null> {
  // One statement (no parallel reads inside the deletion's transaction). Rows of kind portfolio,
  // certificate and export are ids, whose objects' keys derive from them.
  const rows = await db.$queryRaw<{ kind: string; value: string }[]>`
    SELECT 'user' AS kind, id::text AS value FROM users WHERE id = ${userId}::uuid
    UNION ALL SELECT 'key', image_key FROM profiles WHERE user_id = ${userId}::uuid AND image_key IS NOT NULL
    UNION ALL SELECT 'key', storage_key FROM files WHERE user_id = ${userId}::uuid
    UNION ALL SELECT 'portfolio', id::text FROM portfolio_requests WHERE user_id = ${userId}::uuid
    UNION ALL SELECT 'portfolio', id::text FROM portfolio_requests WHERE requested_by_id = ${userId}::uuid
    UNION ALL SELECT 'submission', id::text FROM revalidation_submissions WHERE user_id = ${userId}::uuid
    UNION ALL SELECT 'certificate', id::text FROM video_certificates WHERE user_id = ${userId}::uuid
    UNION ALL SELECT 'key', g.storage_key FROM supervision_signatures g
                JOIN supervision_shares s ON s.id = g.share_id WHERE s.user_id = ${userId}::uuid
    UNION ALL SELECT 'key', signature_key FROM attestations
               WHERE user_id = ${userId}::uuid AND signature_key IS NOT NULL
    UNION ALL SELECT 'export', id::text FROM account_exports WHERE user_id = ${userId}::uuid
    UNION ALL SELECT 'key', storage_key FROM portfolio_requests
               WHERE (user_id = ${userId}::uuid OR requested_by_id = ${userId}::uuid) AND storage_key IS NOT NULL
    UNION ALL SELECT 'key', storage_key FROM account_exports WHERE user_id = ${userId}::uuid AND storage_key IS NOT NULL`;
  if (!rows.some((r) => r.kind === "user")) return null;
  const derive: Record<string, (id: string) => string> = {
    key: (k) => k,
    portfolio: portfolioKey,
    submission: submissionStorageKey,
    certificate: certificateKey,
    export: exportKey,
  };
  const keys = rows.flatMap((r) => {
    const key = derive[r.kind];
    return key ? [key(r.value)] : [];
  });
  return [...new Set(keys)];
}

/**
 * Deletes the user's rows (the foreign keys cascade to everything they own) and what refers to
 * them without a foreign key: portfolios they asked for as a manager (readable by them only) and
 * their id in the activity log; writes the `account.deleted` record, with no e-mail, name or id.
 * The user's row is locked first, so no row referring to it can be added meanwhile (an upload
 * waits, then fails and removes its object); objects of rows added since `deleted` are removed
 * under the lock. False when the user was already gone (nothing written).
 */
export async function deleteUserRows(
  db: Db,
  userId: string,
  o: {
    reason: string;
    at: Date;
    deleted: ReadonlySet<string>;
    deleteObjects: (keys: string[]) => Promise<void>;
  },
): Promise<boolean> {
  return db.$transaction(
    async (tx) => {
      const locked = await tx.$queryRaw<unknown[]>`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
      if (locked.length === 0) return false;
      const late = ((await storageKeysOf(tx, userId)) ?? []).filter((k) => !o.deleted.has(k));
      if (late.length) await o.deleteObjects(late);
      // Each table through its owner's repository (this module owns none, ADR 0016).
      await deleteRequestsBy(tx, userId);
      await deleteUser(tx, userId);
      // A moderator's hidden items stay hidden; who hid them is forgotten.
      await forgetModerator(tx, userId);
      // The log keeps what happened, not whom: the one update its trigger allows.
      await forgetActor(tx, userId);
      await forgetSubject(tx, userId);
      await recordActivity(tx, {
        action: "account.deleted",
        actorId: null,
        at: o.at,
        details: { reason: o.reason },
      });
      return true;
    },
    { timeout: 60_000 },
  );
}

/** Users whose chosen deletion day has come, after `afterId` (keyset pages). */
export async function dueScheduledDeletions(db: Db, today: string, afterId: string, limit: number) {
  const rows = await db.user.findMany({
    where: { deletionScheduledFor: { lte: new Date(`${today}T00:00:00Z`) }, id: { gt: afterId } },
    select: { id: true },
    orderBy: { id: "asc" },
    take: limit,
  });
  return rows.map((r) => r.id);
}

export interface CandidateRow {
  id: string;
  email: string;
  first_name: string | null;
  created_date: string;
  tier: "BASIC" | "PREMIUM" | "CORPORATE" | null;
  active: boolean;
  membership_end: string | null;
  trial_end: string | null;
}

/**
 * A page of accounts that automatic deletion may concern, in id order after `afterId`: no
 * organisation, not a corporate member, and no role but User-Basic. The membership rules
 * (trialStatus) decide the rest in code, in one place.
 */
export function autoDeletionCandidates(db: Db, afterId: string, limit: number) {
  return db.$queryRaw<CandidateRow[]>`
    SELECT u.id::text, u.email, p.first_name,
           ((u.created_at AT TIME ZONE 'Europe/London')::date)::text AS created_date,
           m.tier::text AS tier, COALESCE(m.active, false) AS active,
           m.end_date::text AS membership_end, t.end_date::text AS trial_end
      FROM users u
      LEFT JOIN profiles p ON p.user_id = u.id
      LEFT JOIN memberships m ON m.user_id = u.id
      LEFT JOIN trials t ON t.user_id = u.id
     WHERE u.id > ${afterId}::uuid
       AND u.organisation_id IS NULL
       AND m.tier IS DISTINCT FROM 'CORPORATE'
       AND NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role <> ${ROLES.userBasic})
     ORDER BY u.id
     LIMIT ${limit}`;
}

/** The notices of some users of some kinds: London day each went out, by `user|kind|dueDate`. */
export async function noticesOf(db: Db, userIds: string[], kinds: string[]) {
  if (!userIds.length) return new Map<string, string>();
  const rows = await db.$queryRaw<{ key: string; sent_day: string }[]>`
    SELECT user_id::text || '|' || kind || '|' || due_date::text AS key,
           ((sent_at AT TIME ZONE 'Europe/London')::date)::text AS sent_day
      FROM account_notices
     WHERE user_id = ANY(${userIds}::uuid[]) AND kind = ANY(${kinds}::text[])`;
  return new Map(rows.map((r) => [r.key, r.sent_day]));
}

export const noticeKey = (userId: string, kind: string, dueDate: string) => `${userId}|${kind}|${dueDate}`;

/**
 * Sends a notice once per (user, kind, due date). The row is inserted first (a conflict means it
 * went out already: nothing to do), the e-mail job queued (`send`), then the row committed. A failed
 * enqueue rolls the row back, so the next run tries again; a crash after it and before the commit
 * queues the same job id again on the next run, which is not sent twice (ADR 0017). A committed row
 * always means the e-mail job is queued (the deletion waits for that row). A second run at the same
 * time waits for the first's row. False when it went before, or the user is gone.
 */
export async function sendNoticeOnce(
  db: Db,
  notice: { userId: string; kind: string; dueDate: string; sentAt: Date },
  send: () => Promise<void>,
): Promise<boolean> {
  return db.$transaction(
    async (tx) => {
      // Only while the user exists: an account being deleted meanwhile is waited for, then skipped.
      if (!(await insertNoticeOnce(tx, notice))) return false;
      await send();
      return true;
    },
    { timeout: 120_000 },
  );
}

export interface ReminderRow {
  entry_id: string;
  entry_type: string;
  title: string;
  date: string | null;
  user_id: string;
  email: string;
  first_name: string | null;
  settings: unknown;
}

/**
 * Entries to remind their owner of today, in id order after `afterId`: a reminder date of today,
 * or a diary entry planned for today (dated today and written before today), whose reminder has
 * not gone out yet.
 */
export function dueReminders(db: Db, today: string, afterId: string, limit: number) {
  return db.$queryRaw<ReminderRow[]>`
    SELECT e.id::text AS entry_id, e.type AS entry_type, e.title, e.date::text AS date,
           u.id::text AS user_id, u.email, p.first_name, d.settings
      FROM entries e
      JOIN users u ON u.id = e.user_id
      LEFT JOIN profiles p ON p.user_id = u.id
      LEFT JOIN dashboard_settings d ON d.user_id = u.id
     WHERE (e.reminder_date = ${today}::date
            OR (e.type = 'diary' AND e.date = ${today}::date
                AND (e.created_at AT TIME ZONE 'Europe/London')::date < ${today}::date))
       AND e.id > ${afterId}::uuid
       AND NOT EXISTS (SELECT 1 FROM account_notices n
                        WHERE n.user_id = e.user_id AND n.kind = 'reminder:' || e.id::text
                          AND n.due_date = ${today}::date)
     ORDER BY e.id
     LIMIT ${limit}`;
}

const maxReminderDays = Math.max(...REVALIDATION.reminderDays);

/**
 * Users with a registration whose reminders are on, in id order after `afterId` (keyset pages on
 * registrations' user index): the daily job judges their progress (REQ-REVAL-06).
 */
export async function revalidationReminderUsers(db: Db, today: string, afterId: string, limit: number) {
  // A deadline is on or before the renewal date, at most a year before it (RulePack.deadlineDaysBefore).
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT DISTINCT user_id::text AS id
      FROM registrations
     WHERE reminders AND user_id > ${afterId}::uuid
       AND renewal_date BETWEEN ${today}::date AND ${today}::date + ${maxReminderDays + 365}::int
     ORDER BY 1
     LIMIT ${limit}`;
  return rows;
}
