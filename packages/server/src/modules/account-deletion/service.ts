// Scheduled deletion of one's own account (REQ-ACCOUNT-01): look it up, schedule it (now, or on a day
// the user chose), cancel it. "Today" is London's day of the injected clock.
import { deletionScheduledMessage, LIFECYCLE_MESSAGES } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { accountDeletionJob, accountDeletionJobId } from "../../jobs/definitions/account-deletion.js";
import { deletionEmailJob } from "../../jobs/definitions/account-deletion-email.js";
import { dateColumn, toDateColumn } from "../../lib/dates.js";
import { badRequest, forbidden, notFound } from "../../lib/errors.js";
import { isFullMember, loadAccount, membershipFacts } from "../account/index.js";
import { clearDeletionDate, findUser, markDueNow, setDeletionDate } from "../account/repository.js";
import { invalidateSession } from "../account/session.js";
import { isDeletionDate } from "./rules.js";

export async function getScheduledDeletion(deps: Deps, userId: string) {
  const u = await findUser(deps.prisma, userId, { deletionScheduledFor: true });
  const scheduledDate = dateColumn(u?.deletionScheduledFor);
  return { scheduled: scheduledDate !== null, scheduledDate };
}

const DELETION_DATE = () => badRequest(LIFECYCLE_MESSAGES.deletionDate, "DELETION_DATE");

export async function scheduleDeletion(
  deps: Deps,
  userId: string,
  query: { deleteNow?: boolean; scheduledDate?: string },
) {
  const today = deps.today();
  if (query.deleteNow) return deleteNow(deps, userId, today);
  const date = query.scheduledDate;
  if (!date || !isDeletionDate(today, date)) throw DELETION_DATE();
  await setDeletionDate(deps.prisma, userId, toDateColumn(date));
  // The confirmation is a courtesy: the date is stored whatever happens to the e-mail.
  await deps.queues
    .enqueue(deletionEmailJob, { userId }, `deletion-scheduled-${userId}-${date}`)
    .catch((err) => deps.log.warn({ err }, "could not queue the deletion confirmation e-mail"));
  return { scheduled: true, scheduledDate: date, message: deletionScheduledMessage(date) };
}

/**
 * Signs the user out everywhere at once and queues the deletion. The account is also marked as
 * due today, so should the queue be unreachable the daily job deletes it instead.
 */
async function deleteNow(deps: Deps, userId: string, today: string) {
  await markDueNow(deps.prisma, userId, toDateColumn(today));
  invalidateSession(userId);
  await deps.queues
    .enqueue(accountDeletionJob, { userId, reason: "requested" }, accountDeletionJobId(userId))
    .catch((err) => deps.log.error({ err }, "could not queue an account deletion; the daily job will do it"));
  return { scheduled: true, scheduledDate: today, message: LIFECYCLE_MESSAGES.deletedNow };
}

/** Full members only may change their mind (REQ-ACCOUNT-01). */
export async function cancelScheduledDeletion(deps: Deps, userId: string) {
  const account = await loadAccount(deps.pool, userId);
  if (!account || !isFullMember(membershipFacts(account), deps.today())) {
    throw forbidden(LIFECYCLE_MESSAGES.deletionCancelFullOnly, "FULL_MEMBER_REQUIRED");
  }
  const cleared = await clearDeletionDate(deps.prisma, userId);
  if (cleared.count === 0) throw notFound(LIFECYCLE_MESSAGES.deletionNotScheduled, "DELETION_NOT_SCHEDULED");
  return {};
}
