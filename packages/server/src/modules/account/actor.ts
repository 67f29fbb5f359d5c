import type { Deps } from "../../deps.js";
import type { Actor, Caller } from "../../policies/index.js";

/** The caller's facts the policies decide on: roles and organisation (from the database). */
export async function actorOf(deps: Deps, caller: Caller): Promise<Actor> {
  if (caller.organisationId !== undefined) return { ...caller, organisationId: caller.organisationId };
  const u = await deps.prisma.user.findUnique({
    where: { id: caller.id },
    select: { organisationId: true },
  });
  return { id: caller.id, roles: caller.roles, organisationId: u?.organisationId ?? null };
}
