// Revalidation submission packs (REQ-SUBMIT-01..06): a request makes one for a registration's
// current cycle (one at a time per registration: a second request while one is being made gets
// that one), its state is polled, and its file is handed out through a short-lived signed link.

import {
  type Regulator,
  SUBMISSION,
  SUBMISSION_MESSAGES,
  type SubmissionState,
  type SubmissionStatus,
} from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { submissionJob } from "../../jobs/definitions/submission.js";
import { dateColumn, toDateColumn } from "../../lib/dates.js";
import { notFound } from "../../lib/errors.js";
import { checkFileSignature, openSignedFile, signedFilePath } from "../../lib/signed-link.js";
import { mapDbError, ServiceUnavailable } from "../../lib/store-errors.js";
import { entryFindings, profileFindings, recordFindings, refuseFindings } from "../identifiers/gate.js";
import { packContents, registrationOf } from "./load.js";
import * as repo from "./repository.js";

const SCOPE = "submission";
const FILE_BASE = "/api/revalidation/submission";
const submissionNotFound = () => notFound(SUBMISSION_MESSAGES.notFound, "SUBMISSION_NOT_FOUND");

/**
 * Records the submission and queues its job. A racing second request meets the partial unique
 * index and answers the first one; a pack in the making for longer than SUBMISSION.staleMinutes
 * is stopped and replaced. Redis down: the row is removed again and the caller gets a 503,
 * so nothing is left half-enqueued.
 */
export async function requestSubmission(deps: Deps, userId: string, registrationId: string) {
  const found = await registrationOf(deps.pool, userId, registrationId);
  if (!found) throw notFound(SUBMISSION_MESSAGES.registrationNotFound, "REGISTRATION_NOT_FOUND");
  const leaving = await packContents(deps.pool, userId, found.registration.id, deps.today());
  // The pack prints the entries, records and profile text, not the evidence files (load.ts).
  refuseFindings([
    ...(await entryFindings(deps, userId, leaving.entryIds)),
    ...recordFindings(leaving.records),
    ...profileFindings(userId, await repo.ownerFacts(deps.prisma, userId)),
  ]);
  const existing = await repo.activeSubmission(deps.prisma, userId, found.registration.id);
  if (existing) {
    // A pack lost in the making would otherwise block this registration's packs for good.
    const before = new Date(deps.now().getTime() - SUBMISSION.staleMinutes * 60_000);
    const stopped = await repo.stopStale(deps.prisma, existing.id, before, SUBMISSION_MESSAGES.stale);
    if (!stopped) return { id: existing.id, state: existing.state as SubmissionState };
    deps.log.warn({ submissionId: existing.id }, "a lost submission pack was stopped");
  }
  let row: Awaited<ReturnType<typeof repo.createSubmission>>;
  try {
    row = await repo.createSubmission(deps.prisma, {
      userId,
      registrationId: found.registration.id,
      regulator: found.pack.regulator,
      packId: found.pack.id,
      cycleStart: toDateColumn(found.cycle.cycleStart) as Date,
      cycleEnd: toDateColumn(found.cycle.cycleEnd) as Date,
      createdAt: deps.now(),
    });
  } catch (err) {
    if (mapDbError(err)?.code !== "ALREADY_EXISTS") throw err;
    const first = await repo.activeSubmission(deps.prisma, userId, found.registration.id);
    if (!first) throw err;
    return { id: first.id, state: first.state as SubmissionState };
  }
  try {
    await deps.queues.enqueue(submissionJob, { submissionId: row.id }, `submission-${row.id}`);
  } catch (err) {
    await repo.deleteSubmission(deps.prisma, row.id);
    deps.log.error({ err }, "could not queue a submission pack");
    throw new ServiceUnavailable(SUBMISSION_MESSAGES.unavailable);
  }
  return { id: row.id, state: row.state as SubmissionState };
}

export async function submissionStatus(deps: Deps, userId: string, id: string): Promise<SubmissionStatus> {
  const row = await repo.findOwn(deps.prisma, id, userId);
  if (!row) throw submissionNotFound();
  const now = deps.now().getTime();
  const completed = row.state === "Completed";
  const downloadable = completed && row.storageKey && (!row.expiresAt || row.expiresAt.getTime() > now);
  const linkUntil = Math.min(
    now + SUBMISSION.linkMinutes * 60_000,
    row.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY,
  );
  return {
    id: row.id,
    registrationId: row.registrationId,
    regulator: row.regulator as Regulator,
    packId: row.packId,
    cycleStart: dateColumn(row.cycleStart) as string,
    cycleEnd: dateColumn(row.cycleEnd) as string,
    state: row.state as SubmissionState,
    downloadLink: downloadable
      ? `${deps.config.publicUrl}${signedFilePath(deps.config.jwtSecret, SCOPE, FILE_BASE, row.id, linkUntil)}`
      : null,
    reason: row.failureReason,
    pages: row.pageCount,
    unmet: completed ? (row.unmet as SubmissionStatus["unmet"]) : [],
    onlineForm: completed ? ((row.onlineForm ?? null) as SubmissionStatus["onlineForm"]) : null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** The file behind a signed link. */
export async function openSubmissionFile(deps: Deps, id: string, expires: number, signature: string) {
  const check = checkFileSignature(
    deps.config.jwtSecret,
    SCOPE,
    { id, expires, signature },
    deps.now().getTime(),
  );
  const find = () => repo.findById(deps.prisma, id);
  return openSignedFile(deps.storage, check, "pack", find, submissionNotFound);
}
