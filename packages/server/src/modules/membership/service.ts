// Membership changes from the payment provider's signed webhook (REQ-MEMBER-10). The event id makes
// delivery idempotent: the PaymentEvent row is inserted first, in the same transaction as the
// change, with ON CONFLICT DO NOTHING, so a repeat (or a racing copy, which waits on the unique
// index) changes nothing and answers duplicate: true.
import type { IncomingHttpHeaders } from "node:http";
import { LIFECYCLE, LIFECYCLE_MESSAGES, type MembershipEvent } from "@cpd/contract";
import type { Static } from "@sinclair/typebox";
import type { Deps } from "../../deps.js";
import { addMonths, toDateColumn, todayInLondon } from "../../lib/dates.js";
import { AppError } from "../../lib/errors.js";
import { findUser } from "../account/repository.js";
import { recordActivity } from "../activity-log/repository.js";
import { endRenewal, recordPaymentEvent, saveMembership } from "./repository.js";
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
    if (!(await recordPaymentEvent(tx, { id: e.id, type: e.type, userId: e.customer, receivedAt: now })))
      return "duplicate" as const;
    const user = await findUser(tx, e.customer, { organisationId: true, membership: true });
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
      await saveMembership(tx, e.customer, data);
    } else if (e.type === "membership.cancelled") {
      // Runs to its end date; only the renewal stops.
      await endRenewal(tx, e.customer, periodEnd ? toDateColumn(periodEnd) : null);
    } else {
      const data = {
        tier: "BASIC" as const,
        active: false,
        autoRenew: false,
        cancellable: false,
        endDate: toDateColumn(periodEnd ?? today),
      };
      await saveMembership(tx, e.customer, data);
    }
    await recordActivity(tx, {
      at: now,
      action: e.type,
      actorId: e.customer,
      organisationId: user.organisationId,
      details: { eventId: e.id, ...(e.plan ? { plan: e.plan } : {}), ...(periodEnd ? { periodEnd } : {}) },
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
