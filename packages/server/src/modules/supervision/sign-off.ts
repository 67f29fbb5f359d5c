// Signing off a shared record (REQ-SUP-05): the Supervisor first, then the Supervisee,
// which completes it. The first signature freezes the record; each signature records the
// SHA-256 of the canonical record, read under the entry's row lock in the same transaction.
import { randomUUID } from "node:crypto";
import { type api, type BodyOf, SUPERVISION_MESSAGES as M } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { supervisionEmailJob, supervisionEmailJobId } from "../../jobs/definitions/supervision-email.js";
import { AppError, badRequest, forbidden } from "../../lib/errors.js";
import { drawnSignature, type SignatureImage, savedSignature } from "../../lib/signature-image.js";
import { mapDbError } from "../../lib/store-errors.js";
import { signRefusal } from "../../policies/supervision.js";
import { updateEntry } from "../entries/service.js";
import type { Values } from "../forms/rules.js";
import { canonicalHash } from "./canonical.js";
import { partyForEntry, type ResolvedParty, SUPERVISION_NOT_FOUND } from "./party.js";
import * as repo from "./repository.js";
import { recordFacts, withheldFromReviewee } from "./review.js";
import { loadReviewee } from "./reviewee.js";

type CompleteBody = BodyOf<typeof api.completeSupervision>;

const alreadySigned = () => new AppError(409, "ALREADY_SIGNED", M.alreadySigned);

/** The image this party signs with, or the 400 that says why there is none. */
async function signatureFor(deps: Deps, party: ResolvedParty, body: CompleteBody): Promise<SignatureImage> {
  if (body.useGlobalSignature) {
    const owner = await repo.ownerFacts(deps.prisma, party.userId);
    const saved = savedSignature(owner?.personal?.signature);
    if (!saved) throw badRequest(M.noGlobalSignature, "NO_GLOBAL_SIGNATURE");
    return saved;
  }
  if (body.signature === null) throw badRequest(M.signatureRequired, "SIGNATURE_REQUIRED");
  const drawn = drawnSignature(body.signature);
  if (!drawn) throw badRequest(M.signatureInvalid, "SIGNATURE_INVALID");
  return drawn;
}

export async function complete(deps: Deps, token: string | null, body: CompleteBody, ip: string) {
  const party = await partyForEntry(deps, token, body.entryId);
  const byReviewee = party.kind === "reviewee";
  if (body.guest !== byReviewee)
    throw badRequest(
      byReviewee
        ? "A guest signs with guest set to true"
        : "The record's owner signs with guest set to false",
    );
  const form = body.form && Object.keys(body.form).length ? (body.form as Values) : null;
  if (byReviewee && body.useGlobalSignature) throw badRequest(M.globalForGuests, "SIGNATURE_REQUIRED");
  if (byReviewee && form) throw forbidden(M.guestReadOnly, "GUEST_READ_ONLY");

  const before = signRefusal(party, await recordFacts(deps.prisma, party.share, party.entry, deps.now()));
  if (before) throw before;
  // A reviewee signs only what they can read: not while the record holds a finding (ADR 0031).
  if (byReviewee) await withheldFromReviewee(deps, party);
  const image = await signatureFor(deps, party, body);
  // The owner's unsaved answers are saved first, by the entries service's own rules.
  if (form) await updateEntry(deps, party.userId, party.entry.id, form);

  const key = `signatures/${randomUUID()}.${image.extension}`;
  await deps.storage.put(key, image.bytes, image.contentType, image.bytes.length);
  let completed: boolean;
  try {
    completed = await deps.prisma.$transaction(async (tx) => {
      const entry = await repo.lockEntryForUpdate(tx, party.entry.id);
      const share = await repo.shareById(tx, party.share.id);
      if (!entry || !share || share.revokedAt) throw SUPERVISION_NOT_FOUND();
      const now = deps.now();
      const facts = await recordFacts(tx, share, entry, now);
      const denied = signRefusal(party, facts);
      if (denied) throw denied;
      const topics = await repo.topicsOf(tx, entry.id);
      const contentHash = canonicalHash({ entry, share, topics });
      await repo.addSignature(tx, {
        shareId: share.id,
        side: party.side,
        signerName: party.name,
        byReviewee,
        storageKey: key,
        contentHash,
        ipAddress: ip,
        signedAt: now,
      });
      const last = facts.signed.length + 1 === 2;
      await repo.freezeEntry(tx, entry.id, last);
      if (last) await repo.markShareCompleted(tx, share.id, now);
      return last;
    });
  } catch (err) {
    await deps.storage.delete(key).catch((e) => deps.log.warn({ err: e, key }, "orphaned signature image"));
    if (mapDbError(err)?.code === "ALREADY_EXISTS") throw alreadySigned();
    throw err;
  }

  await tellTheOthers(deps, party.share.id, byReviewee, completed);
  const share = await repo.shareById(deps.prisma, party.share.id);
  if (!share) throw SUPERVISION_NOT_FOUND();
  return {
    message: completed ? M.completed : M.signed,
    completed,
    reviewee: await loadReviewee(deps.prisma, share, deps.now()),
  };
}

/** After the commit: the other party hears of a signature, both of completion. Failures are logged only. */
async function tellTheOthers(deps: Deps, shareId: string, byReviewee: boolean, completed: boolean) {
  const jobs: { kind: "signed" | "completed"; recipient: "owner" | "reviewee" }[] = completed
    ? [
        { kind: "completed", recipient: "owner" },
        { kind: "completed", recipient: "reviewee" },
      ]
    : [{ kind: "signed", recipient: byReviewee ? "owner" : "reviewee" }];
  for (const j of jobs) {
    try {
      await deps.queues.enqueue(
        supervisionEmailJob,
        { shareId, ...j },
        supervisionEmailJobId(shareId, j.kind, j.recipient),
      );
    } catch (err) {
      deps.log.error({ err, shareId, ...j }, "could not queue a supervision e-mail; the signature stands");
    }
  }
}
