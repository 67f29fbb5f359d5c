// The attester's way in (ADR 0028), as a supervision reviewee's (REQ-SUP-03): the link's summary
// before the code, the one-time code (lib/guest-code.ts: cooldown, expiry, single use, five wrong
// codes lock), and the guest token it gives. The token starts `ag_` and names one attestation; a
// supervision token (`sg_`) or a session token is never taken here, and an `ag_` token is never
// taken anywhere else (the auth plugin verifies session tokens only).
import { ATTESTATION, type AttestationKind, ATTESTATION_MESSAGES as M, ukMobile } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { attestationCodeJob, attestationCodeJobId } from "../../jobs/definitions/attestation-code.js";
import { maskEmail, maskNumber } from "../../lib/codes.js";
import { sha256 } from "../../lib/crypto.js";
import { AppError, notFound, unauthorized } from "../../lib/errors.js";
import { type CodeRules, guestCode } from "../../lib/guest-code.js";
import { attesterActRefusal } from "../../policies/attestations.js";
import { fullName } from "../supervision/reviewee.js";
import { codeKey, deriveCode } from "./codes.js";
import * as repo from "./repository.js";
import { ATTESTATION_NOT_FOUND } from "./request.js";
import { stateOf } from "./state.js";

/** The attester's guest tokens start `ag_`: never a supervision one (`sg_`), never a session. */
const GUEST_PREFIX = "ag_";

const CODE_RULES: CodeRules<Deps> = {
  key: codeKey,
  derive: deriveCode,
  limits: ATTESTATION,
  prefix: GUEST_PREFIX,
  locked: () => new AppError(403, "ATTESTATION_LOCKED", M.locked),
  messages: M,
  store: repo.codeStore,
  logName: "an attestation code",
  enqueue: (deps, id, requestId) =>
    deps.queues.enqueue(
      attestationCodeJob,
      { attestationId: id, requestId },
      attestationCodeJobId(requestId),
    ),
};

/** The request a public link names, while the attester may still act on it. */
async function openRequest(deps: Deps, id: string) {
  const row = await repo.byId(deps.prisma, id);
  if (!row || row.withdrawnAt) throw notFound(M.linkInvalid, "LINK_INVALID");
  const refused = attesterActRefusal(stateOf(row, deps.now()));
  if (refused) throw refused;
  if (row.lockedAt) throw CODE_RULES.locked();
  return row;
}

const bySms = (deps: Deps, mobile: string | null) =>
  deps.config.sms !== null && mobile !== null && ukMobile(mobile) !== null;

export async function link(deps: Deps, id: string) {
  const row = await openRequest(deps, id);
  const owner = await repo.ownerFacts(deps.prisma, row.userId);
  return {
    professionalName: fullName(owner?.profile),
    kind: row.kind as AttestationKind,
    maskedEmail: maskEmail(row.attesterEmail),
    maskedMobile:
      bySms(deps, row.attesterMobile) && row.attesterMobile ? maskNumber(row.attesterMobile) : null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function code(deps: Deps, id: string, typed: string | null, ip: string) {
  const row = await openRequest(deps, id);
  return guestCode(CODE_RULES, deps, { ...row, bySms: bySms(deps, row.attesterMobile) }, { typed, ip });
}

/**
 * The attestation a guest token opens, checked on every call: 401 without an `ag_` token or once
 * withdrawn (its sessions are gone), 404 when the token is another attestation's.
 */
export async function attesterOf(deps: Deps, token: string | null, id: string) {
  if (!token?.startsWith(GUEST_PREFIX)) throw unauthorized();
  const session = await repo.guestSession(deps.prisma, sha256(token));
  if (!session) throw unauthorized(M.linkInvalid);
  if (session.attestationId !== id.toLowerCase()) throw ATTESTATION_NOT_FOUND();
  const row = await repo.byId(deps.prisma, session.attestationId);
  if (!row) throw unauthorized(M.linkInvalid);
  return row;
}
