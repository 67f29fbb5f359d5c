// Checking a printed hash against a signed attestation (ADR 0028), as supervision's verification
// (REQ-SUP-06): public, so it says only whether the hash is the one the signature covers, whether
// the covered records have changed since, the kind and when it was signed: no names, no records.
import { type AttestationKind, ATTESTATION_MESSAGES as M } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { changedSinceSigning } from "./covered.js";
import * as repo from "./repository.js";
import { ATTESTATION_NOT_FOUND } from "./request.js";

export async function verify(deps: Deps, id: string, hash: string) {
  const row = await repo.byId(deps.prisma, id);
  if (!row) throw ATTESTATION_NOT_FOUND();
  const kind = row.kind as AttestationKind;
  if (!row.signedHash || !row.signedAt)
    return {
      matches: false,
      signed: false,
      kind,
      signedAt: null,
      recordChangedSinceSigning: false,
      message: M.verifyUnsigned,
    };
  const matches = row.signedHash === hash.toLowerCase();
  return {
    matches,
    signed: true,
    kind,
    signedAt: row.signedAt.toISOString(),
    recordChangedSinceSigning: await changedSinceSigning(deps, row),
    message: matches ? M.verifyMatches : M.verifyDiffers,
  };
}
