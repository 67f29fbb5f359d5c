// Every write of memberships and payment_events (docs/decisions/0016-table-ownership.md).
// Functions taking `db` accept the client or a transaction's.
import type { Prisma } from "../../generated/prisma/client.js";

type Client = Prisma.TransactionClient;

/** Records a payment provider's event; false when its id was recorded before (a repeat). */
export async function recordPaymentEvent(
  db: Client,
  e: { id: string; type: string; userId: string; receivedAt: Date },
): Promise<boolean> {
  const recorded = await db.paymentEvent.createMany({
    data: [{ id: e.id, type: e.type, userId: e.userId, receivedAt: e.receivedAt }],
    skipDuplicates: true,
  });
  return recorded.count !== 0;
}

/** Sets the user's membership (creates it for a user who had none). */
export const saveMembership = (
  db: Client,
  userId: string,
  data: Omit<Prisma.MembershipUncheckedCreateInput, "userId">,
) => db.membership.upsert({ where: { userId }, update: data, create: { userId, ...data } });

/** The provider stopped the renewal: the membership runs to its end date (the one given, if any). */
export const endRenewal = (db: Client, userId: string, endDate: Date | null) =>
  db.membership.updateMany({
    where: { userId },
    data: { autoRenew: false, cancellable: false, ...(endDate ? { endDate } : {}) },
  });

/** The member stops the renewal of a cancellable, active membership; answers the count (1 or 0). */
export const stopRenewal = (db: Client, userId: string) =>
  db.membership.updateMany({
    where: { userId, cancellable: true, active: true },
    data: { autoRenew: false, cancellable: false },
  });

/** Active CORPORATE memberships for new members of an organisation, one statement. */
export const createCorporateMemberships = (db: Client, userIds: string[], memberSince: Date | null) =>
  db.membership.createMany({
    data: userIds.map((userId) => ({
      userId,
      tier: "CORPORATE" as const,
      active: true,
      memberSince,
      membershipSource: "Organisation",
    })),
  });
