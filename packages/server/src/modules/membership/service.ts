// Membership changes from the payment provider's signed webhook (spec §E). The event id makes
// delivery idempotent: the PaymentEvent row is inserted first, in the same transaction as the
// change, with ON CONFLICT DO NOTHING, so a repeat (or a racing copy, which waits on the unique
// index) changes nothing and answers duplicate: true.
import type { IncomingHttpHeaders } from "node:http";
import { LIFECYCLE, LIFECYCLE_MESSAGES, type MembershipEvent } from "@cpd/contract";
import type { Static } from "@sinclair/typebox";
import type { Deps } from "../../deps.js";
import { addMonths, toDateColumn, todayInLondon } from "../../lib/dates.js";
import { AppError } from "../../lib/errors.js";
import { signatureValid } from "./signature.js";

type Event = Static<typeof MembershipEvent>;

/** Checks the raw bytes' signature before anything is parsed: 503 when unset, 401 when wrong. */
export function verifyWebhook(deps: Deps, raw: Buffer, headers: IncomingHttpHeaders) {
  const secret = deps.config.paymentWebhookSecret;
  if (!secret) throw new AppError(503, "WEBHOOK_UNAVAILABLE", LIFECYCLE_MESSAGES.webhookUnavailable);
  const header = headers["x-signature"];
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  if (
    typeof header !== "string" ||
    !signatureValid(secret, header, raw, nowSeconds, LIFECYCLE.webhookToleranceSeconds)
  ) {
    throw new AppError(401, "WEBHOOK_SIGNATURE", LIFECYCLE_MESSAGES.webhookSignature);
  }
}

const SOURCE_PREFIX = "Direct Debit";

export async function applyMembershipEvent(deps: Deps, e: Event) {
  const now = deps.now();
  const today = todayInLondon(now);
  const outcome = await deps.prisma.$transaction(async (tx) => {
    const recorded = await tx.paymentEvent.createMany({
      data: [{ id: e.id, type: e.type, userId: e.customer, receivedAt: now }],
      skipDuplicates: true,
    });
    if (recorded.count === 0) return "duplicate" as const;
    const user = await tx.user.findUnique({
      where: { id: e.customer },
      select: { organisationId: true, membership: true },
    });
    // Recorded, and answered 200: the provider must not retry an event we cannot apply.
    if (!user) return "unknown-customer" as const;
    const m = user.membership;
    if (m?.tier === "CORPORATE" && m.active) return "corporate" as const;

    const periodEnd = e.periodEnd ?? null;
    if (e.type === "membership.started" || e.type === "membership.renewed") {
      const source = e.plan
        ? `${SOURCE_PREFIX} (${e.plan})`
        : m?.membershipSource?.startsWith(SOURCE_PREFIX)
          ? m.membershipSource
          : `${SOURCE_PREFIX} (monthly)`;
      // Without a period end the plan's length from today (a membership never runs unbounded).
      const endDate = periodEnd ?? addMonths(today, e.plan === "yearly" ? 12 : 1);
      const data = {
        tier: "PREMIUM" as const,
        active: true,
        autoRenew: true,
        cancellable: true,
        endDate: toDateColumn(endDate),
        memberSince: m?.memberSince ?? toDateColumn(today),
        membershipSource: source,
      };
      await tx.membership.upsert({
        where: { userId: e.customer },
        update: data,
        create: { userId: e.customer, ...data },
      });
    } else if (e.type === "membership.cancelled") {
      // Runs to its end date; only the renewal stops.
      await tx.membership.updateMany({
        where: { userId: e.customer },
        data: {
          autoRenew: false,
          cancellable: false,
          ...(periodEnd ? { endDate: toDateColumn(periodEnd) } : {}),
        },
      });
    } else {
      const data = {
        tier: "BASIC" as const,
        active: false,
        autoRenew: false,
        cancellable: false,
        endDate: toDateColumn(periodEnd ?? today),
      };
      await tx.membership.upsert({
        where: { userId: e.customer },
        update: data,
        create: { userId: e.customer, ...data },
      });
    }
    await tx.activityLog.create({
      data: {
        at: now,
        action: e.type,
        actorId: e.customer,
        organisationId: user.organisationId,
        details: { eventId: e.id, ...(e.plan ? { plan: e.plan } : {}), ...(periodEnd ? { periodEnd } : {}) },
      },
    });
    return "applied" as const;
  });
  if (outcome === "unknown-customer")
    deps.log.warn(
      { eventId: e.id, type: e.type },
      "membership event for an unknown customer; recorded, not applied",
    );
  if (outcome === "corporate")
    deps.log.info(
      { eventId: e.id, type: e.type },
      "membership event for a corporate member; recorded, ignored",
    );
  // Session facts hold no membership (modules/account/session.ts): nothing cached to invalidate.
  return { received: true as const, duplicate: outcome === "duplicate" };
}
