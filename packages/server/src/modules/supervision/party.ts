// Who is calling a shared record: the reviewee, by the guest token the 2FA step gave
// (checked against its share on every call, so a reset ends it at once), or the owner,
// by their session token. Every other caller is told the record does not exist.
import { SUPERVISION_MESSAGES as M, otherSide, type SupervisionSide } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { sha256 } from "../../lib/crypto.js";
import { AppError, notFound, unauthorized } from "../../lib/errors.js";
import type { Party } from "../../policies/supervision.js";
import { callerFromToken } from "../account/caller.js";
import * as repo from "./repository.js";
import { fullName, isExpired } from "./reviewee.js";

export const SUPERVISION_NOT_FOUND = () => notFound("Supervision record not found", "SUPERVISION_NOT_FOUND");
export const NOT_SHARED = () => new AppError(409, "NOT_SHARED", M.notShared);
export const LINK_EXPIRED = () => new AppError(410, "LINK_EXPIRED", M.linkExpired);

export const GUEST_PREFIX = "sg_";

export interface ResolvedParty extends Party {
  name: string;
  /** The owner's user id (for the owner, the caller). */
  userId: string;
  share: repo.ShareRow;
  entry: repo.EntryRow;
}

/** The owner's side is the record's role; null when the role was never chosen. */
export function ownerSide(values: unknown): SupervisionSide | null {
  const role = (values as Record<string, unknown> | null)?.SupervisionRole;
  return role === "Supervisor" || role === "Supervisee" ? role : null;
}

async function asParty(deps: Deps, kind: "owner" | "reviewee", share: repo.ShareRow): Promise<ResolvedParty> {
  const entry = await repo.entryById(deps.prisma, share.entryId);
  if (!entry) throw SUPERVISION_NOT_FOUND();
  const reviewee = share.revieweeType as SupervisionSide;
  if (kind === "reviewee")
    return { kind, side: reviewee, name: share.revieweeName, userId: entry.userId, share, entry };
  const owner = await repo.ownerFacts(deps.prisma, entry.userId);
  return {
    kind,
    side: ownerSide(entry.values) ?? otherSide(reviewee),
    name: fullName(owner?.profile),
    userId: entry.userId,
    share,
    entry,
  };
}

/** The reviewee's share from their guest token: 401 once reset, 410 once expired. */
async function guestShare(deps: Deps, token: string, shareId?: string) {
  const session = await repo.guestSession(deps.prisma, sha256(token));
  if (!session) throw unauthorized(M.linkInvalid);
  if (shareId !== undefined && session.shareId !== shareId) throw SUPERVISION_NOT_FOUND();
  const share = await repo.shareById(deps.prisma, session.shareId);
  if (!share || share.revokedAt) throw unauthorized(M.linkInvalid);
  if (isExpired(share, deps.now())) throw LINK_EXPIRED();
  return share;
}

/** The share a guest token opens: 401 once reset, 410 once expired. */
export const guestShareOf = (deps: Deps, token: string) => guestShare(deps, token);

/** The party calling about share `shareId`. */
export async function partyForShare(deps: Deps, token: string | null, shareId: string) {
  if (!token) throw unauthorized();
  if (token.startsWith(GUEST_PREFIX))
    return asParty(deps, "reviewee", await guestShare(deps, token, shareId));
  const caller = await callerFromToken(deps, token);
  const share = await repo.shareById(deps.prisma, shareId);
  if (!share || share.userId !== caller.id || share.revokedAt) throw SUPERVISION_NOT_FOUND();
  return asParty(deps, "owner", share);
}

/** The party signing entry `entryId`: the owner's current share, or the reviewee's own. */
export async function partyForEntry(deps: Deps, token: string | null, entryId: string) {
  if (!token) throw unauthorized();
  if (token.startsWith(GUEST_PREFIX)) {
    const share = await guestShare(deps, token);
    if (share.entryId !== entryId) throw SUPERVISION_NOT_FOUND();
    return asParty(deps, "reviewee", share);
  }
  const caller = await callerFromToken(deps, token);
  const entry = await repo.ownedEntry(deps.prisma, caller.id, entryId);
  if (!entry) throw SUPERVISION_NOT_FOUND();
  const share = await repo.activeShare(deps.prisma, entryId);
  if (!share) throw NOT_SHARED();
  return asParty(deps, "owner", share);
}
