// Onboarding by link (REQ-AUTH-05): an account made for someone (by their organisation, or by
// the seed) gets an e-mailed link; opening it shows who it is for, and submitting it once sets
// the password and governing body and confirms the address.
import { LIFECYCLE_MESSAGES as M, type ONBOARDING_GOVERNING_BODIES } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { accountEmailJob } from "../../jobs/definitions/account-email.js";
import { notFound } from "../../lib/errors.js";
import { setPassword } from "../auth/service.js";
import * as repo from "./repository.js";

const invalid = () => notFound(M.onboardingInvalid, "ONBOARDING_INVALID");

/**
 * Queues the onboarding e-mail of an existing user. The job issues the link token
 * (LIFECYCLE.onboardingLinkDays) when it sends, so the link never passes through the queue;
 * each call sends a new link, earlier ones stay valid until used or expired.
 */
export async function createOnboardingLink(deps: Pick<Deps, "queues">, userId: string): Promise<void> {
  await createOnboardingLinks(deps, [userId]);
}

/** Many at once (a bulk import): one round trip to Redis. */
export async function createOnboardingLinks(deps: Pick<Deps, "queues">, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await deps.queues.enqueueMany(
    accountEmailJob,
    userIds.map((userId) => ({ userId, kind: "onboarding" as const })),
  );
}

export async function getOnboarding(deps: Deps, token: string) {
  const link = await repo.liveLinkToken(deps.prisma, token, "onboarding", deps.now());
  const user = link && (await repo.onboardingFacts(deps.prisma, link.userId));
  if (!user) throw invalid();
  return {
    email: user.email,
    firstName: user.profile?.firstName ?? "",
    organisationName: user.organisation?.name ?? null,
  };
}

export async function completeOnboarding(
  deps: Deps,
  token: string,
  password: string,
  governingBody: (typeof ONBOARDING_GOVERNING_BODIES)[number],
) {
  const now = deps.now();
  // Claimed first, atomically: of two racing submissions one gets here, the other a 404.
  const claimed = await repo.claimLinkToken(deps.prisma, token, "onboarding", now);
  if (!claimed) throw invalid();
  await setPassword(deps, claimed.userId, password);
  await deps.prisma.$transaction(async (tx) => {
    await repo.completeOnboardingFacts(
      tx,
      claimed.userId,
      governingBody === "Other / None" ? [] : [governingBody],
      now,
    );
    await repo.dropUnusedLinkTokens(tx, claimed.userId, "onboarding");
    await repo.dropUnusedLinkTokens(tx, claimed.userId, "confirm-email");
  });
  return { message: M.onboarded };
}
