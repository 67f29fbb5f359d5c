// Creating, updating and deleting entries, with the trial limit, evidence, tags and receipts.
import {
  type EntryType,
  IDENTIFIER_FINDING_MESSAGES,
  MESSAGES,
  SUPERVISION_MESSAGES,
  TRIAL_COUNTED_ENTRY_TYPE,
  TRIAL_ENTRY_LIMIT,
} from "@cpd/contract";
import type { Deps } from "../../deps.js";
import type { Prisma } from "../../generated/prisma/client.js";
import { entryReceiptJob, entryReceiptJobId } from "../../jobs/definitions/entry-receipt.js";
import { dateColumn } from "../../lib/dates.js";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.js";
import { isFullMember, loadAccount, membershipFacts, trialStatus } from "../account/index.js";
import type { AccountRow } from "../account/repository.js";
import * as filesRepo from "../files/repository.js";
import { CURRENT_FORMS } from "../forms/definitions.js";
import { columns, entryRow, type Values, validateValues } from "../forms/rules.js";
import { currentFormId, formById, formOptions } from "../forms/service.js";
import { ownIdentifiers } from "../identifiers/service.js";
import { normaliseTags } from "../profile/rules.js";
import { wantsEntryReceipt } from "../shell/settings.js";
import { lockEntry, refreshCompleteness } from "./evidence.js";
import { lockedFindings, scanForSave, storeFindings } from "./identifier-findings.js";
import { resolutionHash, unresolved } from "./identifier-rules.js";
import * as repo from "./repository.js";

export const ENTRY_NOT_FOUND = () => notFound("Entry not found", "ENTRY_NOT_FOUND");
/** A signed supervision record is frozen until its sharing is reset. */
const SIGNED_LOCKED = () => conflict(SUPERVISION_MESSAGES.signedLocked, "ENTRY_LOCKED");

/**
 * Basic and trial members hold at most TRIAL_ENTRY_LIMIT entries of TRIAL_COUNTED_ENTRY_TYPE (ADR 0020); an expired trial adds none.
 * The account is loaded before the transaction: inside it only `tx` is used, so a
 * transaction never waits on a second connection from the pool it holds one of.
 */
async function checkEntryAllowance(
  tx: Prisma.TransactionClient,
  account: AccountRow,
  today: string,
  type: EntryType,
) {
  const facts = membershipFacts(account);
  if (isFullMember(facts, today)) return;
  const trial = trialStatus(facts, today);
  if (trial.isTrialUser && trial.isTrialExpired) {
    throw forbidden("Your free trial has ended. Upgrade to continue adding entries", "TRIAL_EXPIRED");
  }
  if (type !== TRIAL_COUNTED_ENTRY_TYPE) return;
  const held = await repo.countAllowanceEntries(tx, account.id);
  if (held >= TRIAL_ENTRY_LIMIT) throw forbidden(MESSAGES.entryLimit, "ENTRY_LIMIT");
}

/**
 * Evidence must be the user's own files; they are attached to this entry only.
 * `files.entry_id` is the one record of an entry's evidence.
 */
async function attachEvidence(
  tx: Prisma.TransactionClient,
  userId: string,
  entryId: string,
  fileIds: string[],
) {
  const files = await filesRepo.evidenceCandidates(tx, fileIds, userId);
  if (files.length !== fileIds.length)
    throw badRequest("An evidence file was not found", "EVIDENCE_NOT_FOUND");
  // Evidence of a signed supervision record stays where it was signed.
  if (files.some((f) => f.entryId !== entryId && f.entry?.supervisionLocked)) throw SIGNED_LOCKED();
  await filesRepo.setEvidence(tx, userId, entryId, fileIds);
  // A file moved here from another entry is no longer that entry's evidence.
  const others = new Set(files.map((f) => f.entryId).filter((id): id is string => !!id && id !== entryId));
  for (const other of others) await refreshCompleteness(tx, other);
}

const uuidLike = (v: string) => /^[0-9a-f-]{36}$/i.test(v);

/**
 * How a save was asked for: by the person (a Save button, an API call) or by the form's autosave
 * timer. Saves made for another purpose (the answers saved with a signature) pass none.
 */
export interface SaveKind {
  autosave: boolean;
}

/**
 * After the commit of an explicit save, queues its receipt when the person wants them (ADR 0018).
 * The save stands whatever happens here: a receipt that cannot be queued is logged, not retried.
 */
async function queueReceipt(deps: Deps, userId: string, entryId: string, save: SaveKind | undefined) {
  if (!save || save.autosave) return;
  try {
    if (!(await wantsEntryReceipt(deps, userId))) return;
    await deps.queues.enqueue(
      entryReceiptJob,
      { entryId, userId, savedAt: deps.now().toISOString() },
      entryReceiptJobId(entryId),
    );
  } catch (err) {
    deps.log.error({ err, entryId }, "could not queue an entry receipt; the entry is saved");
  }
}

export async function createEntry(
  deps: Deps,
  userId: string,
  type: EntryType,
  input: Values,
  save?: SaveKind,
) {
  const def = CURRENT_FORMS[type];
  const values = validateValues(def, input, await formOptions(deps, userId));
  const evidence = columns(values).evidence;
  if (!evidence.every(uuidLike)) throw badRequest("An evidence file was not found", "EVIDENCE_NOT_FOUND");
  const formId = await currentFormId(deps, type);
  const account = await loadAccount(deps.pool, userId);
  if (!account) throw notFound(MESSAGES.noUserFound, "USER_NOT_FOUND");
  const today = deps.today();
  const row = entryRow(def, values);
  // A save is never refused for its findings (REQ-IDENT-02): they are answered and counted.
  const identifierFindings = unresolved(await scanForSave(deps, userId, def, row), new Set());
  const unresolvedFindings = identifierFindings.length;
  const entry = await deps.prisma.$transaction(async (tx) => {
    // One writer per user at a time, so two saves cannot both pass the limit.
    await repo.lockUserEntries(tx, userId);
    await checkEntryAllowance(tx, account, today, type);
    const created = await repo.createEntry(tx, { userId, type, formId, ...row, unresolvedFindings });
    await attachEvidence(tx, userId, created.id, evidence);
    return created;
  });
  await queueReceipt(deps, userId, entry.id, save);
  return { entryId: entry.id, identifierFindings, unresolvedFindings };
}

export async function updateEntry(
  deps: Deps,
  userId: string,
  entryId: string,
  input: Values,
  save?: SaveKind,
) {
  const entry = await repo.findOwned(deps.prisma, entryId, userId);
  if (!entry) throw ENTRY_NOT_FOUND();
  if (entry.supervisionCompleted) throw conflict(SUPERVISION_MESSAGES.completedLocked, "ENTRY_LOCKED");
  if (entry.supervisionLocked) throw SIGNED_LOCKED();
  const def = await formById(deps.prisma, entry.formId, entry.type as EntryType);
  // An entry option's answer whose field is hidden now is kept (ADR 0019).
  const values = validateValues(def, input, await formOptions(deps, userId), entry.values as Values);
  const evidence = columns(values).evidence;
  if (!evidence.every(uuidLike)) throw badRequest("An evidence file was not found", "EVIDENCE_NOT_FOUND");
  const row = entryRow(def, values);
  const scanned = await scanForSave(deps, userId, def, row);
  const findings = await deps.prisma.$transaction(async (tx) => {
    const updated = await repo.updateUnlocked(tx, entryId, userId, row);
    // Signed (or completed) since it was read: the where clause is the atomic check.
    if (updated.count !== 1) throw SIGNED_LOCKED();
    await attachEvidence(tx, userId, entryId, evidence);
    // The row is locked by the update: a resolution cannot land between the read and the count.
    return storeFindings(tx, entryId, scanned);
  });
  await queueReceipt(deps, userId, entryId, save);
  return { entryId, ...findings };
}

/**
 * Marks a flagged text in the entry as not a patient identifier (REQ-IDENT-03): remembered by its
 * hash, with who and when; the text itself is neither stored nor logged.
 */
export async function resolveEntryIdentifier(deps: Deps, userId: string, entryId: string, text: string) {
  const hash = resolutionHash(text);
  const own = await ownIdentifiers(deps, userId);
  return deps.prisma.$transaction(async (tx) => {
    const findings = await lockedFindings(tx, userId, entryId, own);
    if (!findings) throw ENTRY_NOT_FOUND();
    if (!findings.some((f) => f.hash === hash)) {
      throw badRequest(IDENTIFIER_FINDING_MESSAGES.notFlagged, "IDENTIFIER_NOT_FLAGGED");
    }
    await repo.addResolution(tx, entryId, userId, hash);
    return storeFindings(tx, entryId, findings);
  });
}

export async function deleteEntry(deps: Deps, userId: string, entryId: string) {
  const deleted = await repo.deleteOwned(deps.prisma, entryId, userId);
  if (deleted.count !== 1) throw ENTRY_NOT_FOUND();
  return {};
}

export async function getEntryTags(deps: Deps, userId: string, entryId: string) {
  const entry = await repo.ownedTags(deps.prisma, entryId, userId);
  if (!entry) throw ENTRY_NOT_FOUND();
  return { tags: entry.tags };
}

export async function putEntryTags(deps: Deps, userId: string, entryId: string, tags: string[]) {
  const clean = normaliseTags(tags);
  const updated = await repo.setTags(deps.prisma, entryId, userId, clean);
  if (updated.count !== 1) throw ENTRY_NOT_FOUND();
  return { tags: clean };
}

/** Removes a file from an entry's evidence; the file stays in My Files. */
export async function detachEvidence(deps: Deps, userId: string, entryId: string, fileId: string) {
  await deps.prisma.$transaction(async (tx) => {
    const entry = await repo.ownedLockState(tx, entryId, userId);
    if (!entry) throw ENTRY_NOT_FOUND();
    if (entry.supervisionLocked) throw SIGNED_LOCKED();
    await lockEntry(tx, entryId);
    const detached = await filesRepo.detachEvidence(tx, fileId, userId, entryId);
    if (detached.count !== 1 && (await repo.isSupervisionLocked(tx, entryId))) throw SIGNED_LOCKED();
    if (detached.count !== 1) throw notFound("This file is not evidence of the entry", "EVIDENCE_NOT_FOUND");
    await refreshCompleteness(tx, entryId);
  });
  return {};
}

/** The user's diary entries among `ids`, read-only: what an attestation covers (ADR 0028). */
export async function diaryEntriesByIds(deps: Pick<Deps, "prisma">, userId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  const rows = await repo.ownedDiaryByIds(deps.prisma, userId, ids);
  return rows.map((e) => ({
    id: e.id,
    title: e.title,
    date: dateColumn(e.date),
    hours: e.hours === null ? null : Number(e.hours),
    category: e.category,
    activityType: e.activityType,
    description: e.description,
    values: e.values,
  }));
}
