// The reviewee's 2FA (REQ-SUP-03): a null code sends one (at most one per 30 s), the
// right code (once) gives a guest session for this share, five wrong codes lock it.
// The step is lib/guest-code.ts's, shared with attestations (ADR 0028).
import { SUPERVISION_MESSAGES as M, SUPERVISION } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { supervisionCodeJob, supervisionCodeJobId } from "../../jobs/definitions/supervision-code.js";
import { AppError } from "../../lib/errors.js";
import { type CodeRules, guestCode } from "../../lib/guest-code.js";
import { codeKey, deriveCode } from "./codes.js";
import { GUEST_PREFIX } from "./party.js";
import * as repo from "./repository.js";
import { codeBySms, openShare } from "./share.js";

const shareLocked = () => new AppError(403, "SHARE_LOCKED", M.locked);

const RULES: CodeRules<Deps> = {
  key: codeKey,
  derive: deriveCode,
  limits: SUPERVISION,
  prefix: GUEST_PREFIX,
  locked: shareLocked,
  messages: M,
  store: repo.codeStore,
  logName: "a supervision code",
  enqueue: (deps, id, requestId) =>
    deps.queues.enqueue(supervisionCodeJob, { shareId: id, requestId }, supervisionCodeJobId(requestId)),
};

export async function authenticate(deps: Deps, shareId: string, typed: string | null, ip: string) {
  const share = await openShare(deps, shareId);
  if (share.lockedAt) throw shareLocked();
  return guestCode(RULES, deps, { ...share, bySms: codeBySms(deps, share.revieweeNumber) }, { typed, ip });
}
