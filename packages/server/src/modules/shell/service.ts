// What the application shell loads: features, usage, branding, dashboard
// settings and the support chat identity.
import { type api, FREE_STORAGE_BYTES, MESSAGES, type ResponseOf, TRIAL_ENTRY_LIMIT } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { signHs256 } from "../../lib/crypto.js";
import { forbidden, notFound } from "../../lib/errors.js";
import {
  canUseFeatures,
  enabledFeatures,
  isFullMember,
  loadAccount,
  membershipFacts,
  userFeatures,
} from "../account/index.js";
import { storageUsed } from "../files/repository.js";
import { logoAddress } from "../organisations/logos.js";

type Branding = ResponseOf<typeof api.branding>;

async function platformFlags(deps: Deps): Promise<Record<string, boolean>> {
  const rows = await deps.prisma.featureFlag.findMany();
  return Object.fromEntries(rows.map((r) => [r.name, r.enabled]));
}

async function organisationOf(deps: Deps, userId: string) {
  const u = await deps.prisma.user.findUnique({ where: { id: userId }, select: { organisation: true } });
  if (!u) throw notFound(MESSAGES.noUserFound, "USER_NOT_FOUND");
  return u.organisation;
}

type Organisation = Awaited<ReturnType<typeof organisationOf>>;
type Account = NonNullable<Awaited<ReturnType<typeof loadAccount>>>;

const featuresOf = (flags: Record<string, boolean>, org: Organisation) =>
  enabledFeatures(
    flags,
    org ? { features: org.features as Record<string, boolean>, allFeatures: org.allFeatures } : null,
  );

const userFeaturesOf = (deps: Deps, enabled: ReturnType<typeof featuresOf>, account: Account) =>
  userFeatures(enabled, canUseFeatures(membershipFacts(account), deps.today()));

async function accountOf(deps: Deps, userId: string): Promise<Account> {
  const account = await loadAccount(deps.pool, userId);
  if (!account) throw notFound(MESSAGES.noUserFound, "USER_NOT_FOUND");
  return account;
}

export async function features(deps: Deps, userId: string) {
  const [flags, org] = await Promise.all([platformFlags(deps), organisationOf(deps, userId)]);
  return featuresOf(flags, org);
}

export async function featuresForUser(deps: Deps, userId: string) {
  const [enabled, account] = await Promise.all([features(deps, userId), accountOf(deps, userId)]);
  return userFeaturesOf(deps, enabled, account);
}

/**
 * The shell's own parts of `GET shell/start` (ADR 0038), each what its own call answers, from one
 * load of the platform's flags, the organisation and the account (their calls load them apart).
 * The support chat identity is optional: without it the SPA asks again.
 */
export async function shellParts(deps: Deps, userId: string) {
  const [flags, org, account] = await Promise.all([
    platformFlags(deps),
    organisationOf(deps, userId),
    accountOf(deps, userId),
  ]);
  const enabled = featuresOf(flags, org);
  return {
    features: enabled,
    userFeatures: userFeaturesOf(deps, enabled, account),
    branding: brandingOf(deps, org),
    supportChat: optionalSupportChat(deps, account),
  };
}

function optionalSupportChat(deps: Deps, account: Account) {
  try {
    return supportChatOf(deps, account);
  } catch {
    return null;
  }
}

/** REQ-MEMBER-04 feature access: a full member, or a trial that has not expired. */
export async function featureAccess(deps: Deps, userId: string) {
  const account = await accountOf(deps, userId);
  return canUseFeatures(membershipFacts(account), deps.today());
}

/**
 * The gauge counts what the allowance limits (ADR 0020): the account's entries of
 * TRIAL_COUNTED_ENTRY_TYPE, the same count the trial status and the entry limit use.
 */
export async function usage(deps: Deps, userId: string) {
  const account = await accountOf(deps, userId);
  const storage = await storageUsed(deps.pool, userId);
  const facts = membershipFacts(account);
  const full = isFullMember(facts, deps.today());
  return {
    entries: facts.diaryEntries,
    storage,
    entriesLimit: full ? null : TRIAL_ENTRY_LIMIT,
    storageLimit: full ? null : FREE_STORAGE_BYTES,
  };
}

function brandingOf(
  deps: Deps,
  org: {
    id: number;
    name: string;
    logoUrl: string | null;
    loginLogoUrl: string | null;
    logoKey: string | null;
    loginLogoKey: string | null;
    colourHex: string | null;
    loginLink: string | null;
    usesOauth: boolean;
    videoUrl: string | null;
  } | null,
): Branding {
  return {
    organisationId: org?.id ?? null,
    organisationName: org?.name ?? null,
    // Only logos this origin serves: the page's security policy shows no other (ADR 0021).
    logoUrl: org ? logoAddress(org, "logo") : null,
    loginLogoUrl: org ? logoAddress(org, "login-logo") : null,
    colourHex: org?.colourHex ?? null,
    loginLink: org?.loginLink ?? null,
    usesOauth: org?.usesOauth ?? false,
    videoUrl: org?.videoUrl ?? deps.config.welcomeVideoUrl,
  };
}

export async function branding(deps: Deps, userId: string) {
  return brandingOf(deps, await organisationOf(deps, userId));
}

export async function brandingByKey(deps: Deps, key: string) {
  const org = await deps.prisma.organisation.findUnique({ where: { key } });
  if (!org) throw notFound("No organisation uses this address", "ORGANISATION_NOT_FOUND");
  if (!org.enabled) throw forbidden(MESSAGES.organisationDisabled, "ORGANISATION_DISABLED");
  return brandingOf(deps, org);
}

/** The SPA's public configuration, as the operator set it at boot (ADR 0024). */
export const publicConfig = (deps: Deps) => deps.config.shell;

export async function welcomeVideo(deps: Deps, userId: string) {
  return { videoUrl: (await branding(deps, userId)).videoUrl };
}

/** The support chat identity, signed here so the browser cannot claim another user. */
export async function supportChatIdentity(deps: Deps, userId: string) {
  return supportChatOf(deps, await accountOf(deps, userId));
}

function supportChatOf(deps: Deps, account: Account) {
  const name = `${account.first_name} ${account.last_name}`.trim();
  const iat = Math.floor(deps.now().getTime() / 1000);
  const token = signHs256(
    { user_id: account.id, email: account.email, name, iat, exp: iat + 24 * 3600 },
    deps.config.supportChatSecret,
  );
  return { token, name };
}
