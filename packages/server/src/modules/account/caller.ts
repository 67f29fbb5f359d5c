// The caller a session token names, as every authenticated call judges it (the auth plugin, and
// supervision calls that also take a guest token). Here, not in plugins/, so modules may use it
// (docs/decisions/0015-module-boundaries-and-jobs.md).
import { MESSAGES, ROLES } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { unauthorized } from "../../lib/errors.js";
import type { Caller } from "../../policies/index.js";
import { loadSession } from "./session.js";

/**
 * The signed-in member a session token names, judged as every authenticated call
 * judges it; 401 otherwise. Calls that also take a supervision guest token use it
 * to recognise the record's owner.
 */
export async function callerFromToken(deps: Deps, token: string | null): Promise<Caller> {
  const claims = token ? deps.tokens.verify(token) : null;
  if (!claims) throw unauthorized();
  // Roles and organisation come from the database, never from the token.
  const session = await loadSession(deps.pool, claims.sub);
  // A retired token (password changed, logged out, roles changed) or a deleted user.
  if (!session || session.tokenVersion !== claims.tv) throw unauthorized();
  // An organisation switched off signs its members out (login refuses them with the same message).
  if (!session.organisationEnabled && !claims.imp) {
    throw unauthorized(MESSAGES.organisationDisabled, "ORGANISATION_DISABLED");
  }
  if (claims.imp) {
    // Impersonation lasts only while the impersonator is still a signed-in administrator.
    const by = await loadSession(deps.pool, claims.imp);
    if (!by?.roles.includes(ROLES.admin) || by.tokenVersion !== claims.itv) throw unauthorized();
  }
  return {
    id: claims.sub,
    roles: session.roles,
    organisationId: session.organisationId,
    impersonatedBy: claims.imp,
  };
}
