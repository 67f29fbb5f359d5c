// The worker's side of the evidence check (ADR 0031): reads a stored PDF's or Word document's text
// and keeps what the patient-identifier detector finds in it with the file. The text itself is
// neither stored nor logged; only findings with masked excerpts are kept.
import type { Logger } from "pino";
import type { Db } from "../../lib/db.js";
import type { Storage } from "../../lib/storage.js";
import { contactFacts } from "../contact/repository.js";
import { textFindings } from "./evidence-findings.js";
import { DOCX_TYPE, type ExtractLimits, extractText, readsText } from "./evidence-text.js";
import * as repo from "./repository.js";

export interface TextCheckEnv {
  db: Db;
  storage: Storage;
  log: Logger;
  limits?: ExtractLimits;
}

/**
 * Checks the file once: a file gone, not read (an image), or already checked is left as it is. A
 * file that cannot be read is marked failed; a storage error is thrown for the job to retry.
 */
export async function checkFileText(env: TextCheckEnv, fileId: string) {
  const file = await repo.forTextCheck(env.db, fileId);
  if (!file || !readsText(file.contentType) || (file.textCheck && file.textCheck !== "pending")) return;
  const bytes = await env.storage.getBytes(file.storageKey);
  if (!bytes) {
    env.log.warn({ fileId }, "evidence text check: object missing from storage");
    await repo.setTextCheck(env.db, fileId, "failed", null);
    return;
  }
  const extracted = await extractText(bytes, file.contentType, env.limits);
  if (extracted.state === "failed") {
    env.log.info({ fileId, error: extracted.error }, "evidence text check: file could not be read");
    await repo.setTextCheck(env.db, fileId, "failed", null);
    return;
  }
  // The owner's own addresses and mobile number (a CV's contact line) are theirs to show.
  const facts = await contactFacts(env.db, file.userId);
  const own = (...values: (string | null | undefined)[]) => values.filter((v): v is string => !!v);
  const found = textFindings(extracted.text, {
    ownEmail: own(facts?.email, facts?.profile?.alternativeEmail),
    ownPhone: own(facts?.profile?.mobileNumber),
  });
  await repo.setTextCheck(env.db, fileId, extracted.state, found);
  env.log.info({ fileId, state: extracted.state, findings: found.total }, "evidence text checked");
}

/** After the job's last try failed (storage down throughout): the file says it was not checked. */
export const markTextCheckFailed = (db: Db, fileId: string) => repo.setTextCheck(db, fileId, "failed", null);

/**
 * Files uploaded before the evidence check was made have no text_check and were never read: the
 * maintenance sweep (the entry-findings job) marks a batch of them pending and `queue` hands each
 * to the evidence-text job, until none is left; files still pending long after their upload are
 * queued again. Answers how many unread files were newly queued.
 */
export async function queueUnreadFiles(
  db: Db,
  batch: number,
  queue: (fileIds: string[]) => Promise<void>,
  now = new Date(),
) {
  // Files left pending past PENDING_BLOCKS_MINUTES (a job lost with Redis) are queued again first.
  const stale = await repo.stalePending(db, new Date(now.getTime() - PENDING_BLOCKS_MINUTES * 60_000), batch);
  if (stale.length) await queue(stale);
  const types = ["application/pdf", DOCX_TYPE].filter((t): t is string => !!t && readsText(t));
  const ids = await repo.markUnreadPending(db, types, batch);
  if (!ids.length) return 0;
  try {
    await queue(ids);
  } catch (err) {
    // Not queued: left unread for the next sweep rather than "checking" for ever.
    await repo.markUnread(db, ids);
    throw err;
  }
  return ids.length;
}

/**
 * How long after its upload a file still being read stops what it would leave with (the gates,
 * identifiers/gate.ts): reading takes seconds, so a lost or long-queued job cannot block for ever;
 * past this the file leaves as one that could not be read would, and the sweep queues it again.
 */
export const PENDING_BLOCKS_MINUTES = 10;

/** A file whose text is being read and was uploaded less than PENDING_BLOCKS_MINUTES ago. */
export const stillBeingRead = (file: { textCheck: string | null; createdAt: Date }, now: Date) =>
  file.textCheck === "pending" && now.getTime() - file.createdAt.getTime() < PENDING_BLOCKS_MINUTES * 60_000;
