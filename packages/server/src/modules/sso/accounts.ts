// Who a verified provider identity is on this platform: an account of the organisation logs in;
// an unknown address gets an account in the organisation (just in time); an address whose
// account is personal or another organisation's is refused.
import type { Deps } from "../../deps.js";
import { mapDbError } from "../../lib/store-errors.js";
import { createProviderMember, findUserByEmail, recordProviderLogin } from "../account/repository.js";
import { recordActivity } from "../activity-log/repository.js";

export interface ProviderIdentity {
  email: string;
  firstName: string;
  lastName: string;
}

export type AccountOutcome = { userId: string } | { refused: "SSO_OTHER_ORGANISATION" };

const NAME_MAX = 100;
const name = (value: unknown, fallback: string) =>
  (typeof value === "string" && value.trim() ? value.trim() : fallback).slice(0, NAME_MAX);

/** The names a provider's claims give (given/family name, else the parts of `name`). */
export function namesFromClaims(claims: Record<string, unknown>) {
  const [first, ...rest] = typeof claims.name === "string" ? claims.name.trim().split(/\s+/) : [];
  return {
    firstName: name(claims.given_name, first ?? ""),
    lastName: name(claims.family_name, rest.join(" ")),
  };
}

async function existing(deps: Deps, organisationId: number, email: string): Promise<AccountOutcome | null> {
  const user = await findUserByEmail(deps.prisma, email, {
    id: true,
    organisationId: true,
    emailConfirmedAt: true,
  });
  if (!user) return null;
  if (user.organisationId !== organisationId) return { refused: "SSO_OTHER_ORGANISATION" };
  const now = deps.now();
  // The provider has verified the address: an unconfirmed account of the organisation is now confirmed.
  await recordProviderLogin(deps.prisma, user.id, now, !user.emailConfirmedAt);
  return { userId: user.id };
}

/** A corporate member of the organisation, confirmed by the provider, without a password. */
async function createMember(deps: Deps, organisationId: number, who: ProviderIdentity) {
  const now = deps.now();
  return deps.prisma.$transaction(async (tx) => {
    const user = await createProviderMember(
      tx,
      {
        email: who.email,
        organisationId,
        firstName: who.firstName,
        lastName: who.lastName,
        today: deps.today(),
      },
      now,
    );
    // No personal data in the log: the account's id and its organisation only.
    await recordActivity(tx, {
      action: "account.registered",
      actorId: user.id,
      organisationId,
      at: now,
      details: { via: "sso" },
    });
    return user.id;
  });
}

export async function accountFor(
  deps: Deps,
  organisationId: number,
  who: ProviderIdentity,
): Promise<AccountOutcome> {
  const found = await existing(deps, organisationId, who.email);
  if (found) return found;
  try {
    return { userId: await createMember(deps, organisationId, who) };
  } catch (err) {
    // Two first sign-ins of one address at once: the other created the account (users.email is unique).
    if (mapDbError(err)?.code !== "ALREADY_EXISTS") throw err;
    const winner = await existing(deps, organisationId, who.email);
    if (!winner) throw err;
    return winner;
  }
}
