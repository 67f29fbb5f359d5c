// Reading and discussing a shared record (REQ-SUP-04): the view, its evidence, comments on
// topics and the Supervisor side's Completed ticks. Changes take the entry's row lock, the
// lock a sign-off takes, so nothing is added to a record while it is being signed.
import type { SupervisionSide } from "@cpd/contract";
import { IDENTIFIER_FINDING_MESSAGES, SUPERVISION_MESSAGES as M } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { AppError, badRequest, notFound } from "../../lib/errors.js";
import {
  commentRefusal,
  guestEntryRefusal,
  type RecordFacts,
  readRefusal,
  toggleRefusal,
} from "../../policies/supervision.js";
import { callerFromToken } from "../account/caller.js";
import { entryFormOf, getEntryForm } from "../forms/service.js";
import { refuseSharedRead, refuseTypedForShare, sharedRecordWithheld } from "../identifiers/gate.js";
import {
  GUEST_PREFIX,
  guestShareOf,
  partyForShare,
  type ResolvedParty,
  SUPERVISION_NOT_FOUND,
} from "./party.js";
import * as repo from "./repository.js";
import { commentOut, fullName, revieweeForEntry, shareStatus, topicOut } from "./reviewee.js";

const TOPIC_NOT_FOUND = () => notFound(M.topicNotFound, "TOPIC_NOT_FOUND");
const EVIDENCE_NOT_FOUND = () => notFound("Evidence not found", "EVIDENCE_NOT_FOUND");

/** A topic with its comments as the API answers it, read with `tx` (under the entry lock). */
export async function topicAnswer(tx: Parameters<typeof repo.topicWithComments>[0], topicId: string) {
  const topic = await repo.topicWithComments(tx, topicId);
  if (!topic) throw TOPIC_NOT_FOUND();
  return topicOut(topic);
}

/** The share's state as the policies judge it, read with `db` (a transaction's, under the entry lock). */
export async function recordFacts(
  db: Parameters<typeof repo.signaturesOf>[0],
  share: repo.ShareRow,
  entry: Pick<repo.EntryRow, "supervisionLocked">,
  now: Date,
): Promise<RecordFacts> {
  const signatures = await repo.signaturesOf(db, share.id);
  return {
    status: shareStatus(share, now),
    locked: entry.supervisionLocked,
    signed: signatures.map((s) => s.side as SupervisionSide),
  };
}

const fileUrl = (shareId: string, fileId: string) => `/api/supervision/${shareId}/files/${fileId}`;

/**
 * What of the record as it is now the reviewee may not read (ADR 0031): the owner changes the
 * entry, its topics and its evidence after sharing. The reviewee's read is refused while the
 * entry's text or its topics hold a finding; evidence with a patient identifier, or still being
 * read, is left out. The owner reads everything and is told what their reviewer cannot.
 */
export async function withheldFromReviewee(deps: Deps, party: ResolvedParty) {
  const topics = await repo.topicsOf(deps.prisma, party.entry.id);
  const withheld = await sharedRecordWithheld(deps, party.userId, party.entry, topics);
  if (party.kind === "reviewee") refuseSharedRead(withheld.findings);
  return withheld;
}

export async function view(deps: Deps, token: string | null, shareId: string) {
  const party = await partyForShare(deps, token, shareId);
  const refusal = readRefusal(party, { status: shareStatus(party.share, deps.now()) });
  if (refusal) throw refusal;
  const withheld = await withheldFromReviewee(deps, party);
  const guest = party.kind === "reviewee";
  const form = await entryFormOf(deps, party.userId, party.entry.id, revieweeForEntry, {
    guest,
    fileUrl: (fileId) => fileUrl(shareId, fileId),
    ...(guest && { hiddenFiles: withheld.files }),
  });
  const owner = await repo.ownerFacts(deps.prisma, party.userId);
  const record = withheld.findings.length > 0;
  const files = withheld.files.size;
  return {
    form: { ...form, shared: true },
    ownerName: fullName(owner?.profile),
    viewer: { kind: party.kind, side: party.side, name: party.name },
    ...((record || files) && {
      withheld: {
        record,
        files,
        message: guest
          ? IDENTIFIER_FINDING_MESSAGES.withheldFiles(files)
          : IDENTIFIER_FINDING_MESSAGES.withheldFromReviewer(record, files),
      },
    }),
  };
}

/**
 * An entry's form (GET form/entry/{id}): its owner's by the session token, or the reviewee's by
 * their guest token, which opens only the shared entry, read-only, as the share's view shows it
 * (ADR 0022).
 */
export async function entryForm(deps: Deps, token: string | null, entryId: string) {
  if (!token?.startsWith(GUEST_PREFIX)) {
    const caller = await callerFromToken(deps, token);
    return getEntryForm(deps, caller.id, entryId, revieweeForEntry);
  }
  const share = await guestShareOf(deps, token);
  const denied = guestEntryRefusal(share, entryId);
  if (denied) throw denied;
  return (await view(deps, token, share.id)).form;
}

/** One evidence file of the shared entry, for either party. */
export async function openEvidence(deps: Deps, token: string | null, shareId: string, fileId: string) {
  const party = await partyForShare(deps, token, shareId);
  const file = await repo.evidenceFile(deps.prisma, party.entry.id, fileId);
  if (!file) throw EVIDENCE_NOT_FOUND();
  if (party.kind === "reviewee" && (await withheldFromReviewee(deps, party)).files.has(fileId))
    throw new AppError(409, "IDENTIFIERS_FOUND", IDENTIFIER_FINDING_MESSAGES.fileWithheld, {
      findings: [],
      total: 1,
    });
  const obj = await deps.storage.get(file.storageKey);
  if (!obj) throw EVIDENCE_NOT_FOUND();
  return { body: obj.body, filename: file.filename, contentType: file.contentType, size: Number(file.size) };
}

/** Runs a change to a topic (or, with a null topic, to the list) under the entry's row lock, after the policy's say. */
export async function underLock<T>(
  deps: Deps,
  party: ResolvedParty,
  topicId: string | null,
  refusal: (facts: RecordFacts) => Error | null,
  change: (tx: Parameters<Parameters<Deps["prisma"]["$transaction"]>[0]>[0]) => Promise<T>,
): Promise<T> {
  return deps.prisma.$transaction(async (tx) => {
    const entry = await repo.lockEntryForUpdate(tx, party.entry.id);
    const share = await repo.shareById(tx, party.share.id);
    if (!entry || !share || share.revokedAt) throw SUPERVISION_NOT_FOUND();
    if (topicId !== null && !(await repo.topicOf(tx, entry.id, topicId))) throw TOPIC_NOT_FOUND();
    const denied = refusal(await recordFacts(tx, share, entry, deps.now()));
    if (denied) throw denied;
    return change(tx);
  });
}

export async function comment(
  deps: Deps,
  token: string | null,
  shareId: string,
  topicId: string,
  text: string,
) {
  const party = await partyForShare(deps, token, shareId);
  const body = text.trim();
  return underLock(
    deps,
    party,
    topicId,
    (facts) => {
      const refusal =
        commentRefusal(party, facts) ?? (body ? null : badRequest(M.commentBlank, "COMMENT_REQUIRED"));
      // A comment is part of the record that leaves (the signed PDF): identifiers stop it, as a topic's.
      if (!refusal) refuseTypedForShare(party.entry, [["topicComment", body]]);
      return refusal;
    },
    async (tx) => {
      const row = await repo.addComment(tx, {
        topicId,
        shareId,
        body,
        authorName: party.name,
        byReviewee: party.kind === "reviewee",
        createdAt: deps.now(),
      });
      return commentOut(row, topicId);
    },
  );
}

export async function toggleTopic(deps: Deps, token: string | null, shareId: string, topicId: string) {
  const party = await partyForShare(deps, token, shareId);
  // The side decides before anything else: the Supervisee's side is never told more.
  const bySide = toggleRefusal(party, { status: "shared", locked: false, signed: [] });
  if (bySide) throw bySide;
  return underLock(
    deps,
    party,
    topicId,
    (facts) => toggleRefusal(party, facts),
    async (tx) => {
      await repo.flipTopic(tx, topicId);
      return topicAnswer(tx, topicId);
    },
  );
}
