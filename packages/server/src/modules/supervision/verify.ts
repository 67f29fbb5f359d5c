// Checking a printed hash against the signed record (REQ-SUP-06): public, so it says only
// whether the hash is one a signature recorded and whether the record still hashes the same.
import { SUPERVISION_MESSAGES as M } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { canonicalHash } from "./canonical.js";
import { SUPERVISION_NOT_FOUND } from "./party.js";
import * as repo from "./repository.js";
import { signatureOut } from "./reviewee.js";

export async function verify(deps: Deps, shareId: string, hash: string) {
  const share = await repo.shareById(deps.prisma, shareId);
  if (!share) throw SUPERVISION_NOT_FOUND();
  // A reset voids the share's signatures: they attest nothing any more.
  if (share.revokedAt)
    return {
      matches: false,
      recordIntact: false,
      completed: false,
      signatures: [],
      message: M.verifyDiffers,
    };
  const [entry, topics, signatures] = await Promise.all([
    repo.entryById(deps.prisma, share.entryId),
    repo.topicsOf(deps.prisma, share.entryId),
    repo.signaturesOf(deps.prisma, share.id),
  ]);
  if (!entry) throw SUPERVISION_NOT_FOUND();
  const out = signatures.map(signatureOut);
  const completed = share.completedAt !== null;
  if (!signatures.length)
    return { matches: false, recordIntact: true, completed, signatures: out, message: M.verifyUnsigned };
  const now = canonicalHash({ entry, share, topics });
  const recordIntact = signatures.every((s) => s.contentHash === now);
  const wanted = hash.toLowerCase();
  const matches = recordIntact && signatures.some((s) => s.contentHash === wanted);
  return {
    matches,
    recordIntact,
    completed,
    signatures: out,
    message: matches ? M.verifyMatches : M.verifyDiffers,
  };
}
