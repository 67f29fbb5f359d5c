// What the attester does with their guest token (ADR 0028): read exactly the covered records,
// sign with the regulator's form's details and a drawn signature, or decline with a reason. The
// signature covers the SHA-256 of the canonical records and details (covered.ts).
import { randomUUID } from "node:crypto";
import {
  type AttestationKind,
  type api,
  type BodyOf,
  CONFIRMATION_STATEMENT,
  ATTESTATION_MESSAGES as M,
  type SignerDetails,
} from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { attestationEmailJob, attestationEmailJobId } from "../../jobs/definitions/attestation-email.js";
import { AppError, badRequest } from "../../lib/errors.js";
import { drawnSignature } from "../../lib/signature-image.js";
import { attesterActRefusal, attesterReadRefusal } from "../../policies/attestations.js";
import { entryFindings, recordFindings, refuseSharedRead } from "../identifiers/gate.js";
import { fullName } from "../supervision/reviewee.js";
import { type Covered, contentHash, coveredContent } from "./covered.js";
import { attesterOf } from "./guest.js";
import * as repo from "./repository.js";
import { stateOf } from "./state.js";

type SignBody = BodyOf<typeof api.signAttestation>;

const closed = () => new AppError(409, "ATTESTATION_CLOSED", M.alreadyClosed);
const statementFor = (kind: string) => (kind === "nmcConfirmation" ? CONFIRMATION_STATEMENT : null);

async function readable(deps: Deps, token: string | null, id: string) {
  const row = await attesterOf(deps, token, id);
  const refused = attesterReadRefusal(stateOf(row, deps.now()));
  if (refused) throw refused;
  return row;
}

async function actionable(deps: Deps, token: string | null, id: string) {
  const row = await attesterOf(deps, token, id);
  const refused = attesterActRefusal(stateOf(row, deps.now()));
  if (refused) throw refused;
  return row;
}

/**
 * The covered records are read as they are now, and the professional can change them after the
 * request (ADR 0031): the attester's read and signature are refused while they hold what stopped
 * the request (records' patient identifiers, entries' unresolved findings), named without titles.
 */
async function refuseFindingsNow(deps: Deps, row: { userId: string; entryIds: string[] }, covered: Covered) {
  const found = [
    ...recordFindings(covered.records),
    ...(await entryFindings(deps, row.userId, row.entryIds)),
  ];
  refuseSharedRead(found.map((f) => ({ ...f, recordTitle: "" })));
}

export async function view(deps: Deps, token: string | null, id: string) {
  const row = await readable(deps, token, id);
  await repo.markOpened(deps.prisma, row.id, deps.now());
  const [owner, covered] = await Promise.all([
    repo.ownerFacts(deps.prisma, row.userId),
    coveredContent(deps, row),
  ]);
  await refuseFindingsNow(deps, row, covered);
  const opened = await repo.byId(deps.prisma, row.id);
  return {
    id: row.id,
    kind: row.kind as AttestationKind,
    state: stateOf(opened ?? row, deps.now()),
    professionalName: fullName(owner?.profile),
    regulator: row.regulator,
    registrationNumber: row.registrationNumber,
    attesterName: row.attesterName,
    statement: statementFor(row.kind),
    expiresAt: row.expiresAt.toISOString(),
    records: covered.records,
    entries: covered.entries.map(({ values: _, ...e }) => e),
  };
}

/** The signer's details, trimmed, or the 400 naming the first wrong one. */
function checkDetails(deps: Deps, kind: string, d: SignerDetails): SignerDetails {
  const trimmed = {
    name: d.name.trim(),
    registrationNumber: d.registrationNumber.trim(),
    regulator: d.regulator.trim(),
    email: d.email.trim(),
    address: d.address.trim(),
    postcode: d.postcode.trim().toUpperCase(),
    date: d.date,
  };
  const blank = Object.entries(trimmed).find(([, v]) => !v);
  if (blank) throw badRequest(`${blank[0]} is required`, "VALIDATION_ERROR");
  if (d.date > deps.today()) throw badRequest(M.dateInFuture, "VALIDATION_ERROR");
  const wanted = statementFor(kind);
  const given = d.statement?.trim() || null;
  if (wanted === null && given !== null) throw badRequest(M.statementNotAsked, "STATEMENT_MISMATCH");
  if (wanted !== null && given !== wanted) throw badRequest(M.statementRequired, "STATEMENT_MISMATCH");
  return { ...trimmed, statement: given };
}

export async function sign(deps: Deps, token: string | null, id: string, body: SignBody, ip: string) {
  const row = await actionable(deps, token, id);
  const details = checkDetails(deps, row.kind, body.details);
  const image = drawnSignature(body.signature);
  if (!image) throw badRequest(M.signatureInvalid, "SIGNATURE_INVALID");

  const covered = await coveredContent(deps, row);
  await refuseFindingsNow(deps, row, covered);
  const hash = contentHash(row, covered, details);
  const key = `signatures/attestation-${randomUUID()}.${image.extension}`;
  await deps.storage.put(key, image.bytes, image.contentType, image.bytes.length);
  const now = deps.now();
  const signed = await repo
    .sign(deps.prisma, row.id, { hash, signer: details, signatureKey: key, ip, now })
    .catch(async (err) => {
      await deps.storage.delete(key).catch(() => undefined);
      throw err;
    });
  if (!signed) {
    // Declined, withdrawn, expired or signed meanwhile: the image is not kept.
    await deps.storage.delete(key).catch((e) => deps.log.warn({ err: e, key }, "orphaned signature image"));
    throw closed();
  }
  await tellTheProfessional(deps, row.id, "signed");
  return { message: M.signed, hash, signedAt: now.toISOString() };
}

export async function decline(deps: Deps, token: string | null, id: string, reason: string) {
  const row = await actionable(deps, token, id);
  const why = reason.trim();
  if (!why) throw badRequest(M.reasonRequired, "VALIDATION_ERROR");
  if (!(await repo.decline(deps.prisma, row.id, why, deps.now()))) throw closed();
  await tellTheProfessional(deps, row.id, "declined");
  return { message: M.declined };
}

/** After the change: the professional hears of it. A failure is logged only; the change stands. */
async function tellTheProfessional(deps: Deps, id: string, kind: "signed" | "declined") {
  try {
    await deps.queues.enqueue(
      attestationEmailJob,
      { attestationId: id, kind },
      attestationEmailJobId(id, kind),
    );
  } catch (err) {
    deps.log.error({ err, id, kind }, "could not queue an attestation e-mail; the change stands");
  }
}
