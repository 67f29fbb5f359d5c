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

export async function features(deps: Deps, userId: string) {
  const [flags, org] = await Promise.all([platformFlags(deps), organisationOf(deps, userId)]);
  return enabledFeatures(
    flags,
    org ? { features: org.features as Record<string, boolean>, allFeatures: org.allFeatures } : null,
  );
}

export async function featuresForUser(deps: Deps, userId: string) {
  const [enabled, account] = await Promise.all([features(deps, userId), loadAccount(deps.pool, userId)]);
  if (!account) throw notFound(MESSAGES.noUserFound, "USER_NOT_FOUND");
  return userFeatures(enabled, canUseFeatures(membershipFacts(account), deps.today()));
}

export async function usage(deps: Deps, userId: string) {
  const account = await loadAccount(deps.pool, userId);
  if (!account) throw notFound(MESSAGES.noUserFound, "USER_NOT_FOUND");
  const { rows } = await deps.pool.query<{ entries: number; storage: number }>({
    name: "usage",
    text: `SELECT (SELECT count(*)::int FROM entries WHERE user_id = $1) AS entries,
                  (SELECT COALESCE(sum(size), 0)::bigint FROM files WHERE user_id = $1) AS storage`,
    values: [userId],
  });
  const full = isFullMember(membershipFacts(account), deps.today());
  const row = rows[0] ?? { entries: 0, storage: 0 };
  return {
    entries: row.entries,
    storage: row.storage,
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
    colourHex: string | null;
    loginLink: string | null;
    usesOauth: boolean;
    videoUrl: string | null;
  } | null,
): Branding {
  return {
    organisationId: org?.id ?? null,
    organisationName: org?.name ?? null,
    logoUrl: org?.logoUrl ?? null,
    loginLogoUrl: org?.loginLogoUrl ?? null,
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

export async function welcomeVideo(deps: Deps, userId: string) {
  return { videoUrl: (await branding(deps, userId)).videoUrl };
}

/** The support chat identity, signed here so the browser cannot claim another user. */
export async function supportChatIdentity(deps: Deps, userId: string) {
  const account = await loadAccount(deps.pool, userId);
  if (!account) throw notFound(MESSAGES.noUserFound, "USER_NOT_FOUND");
  const name = `${account.first_name} ${account.last_name}`.trim();
  const iat = Math.floor(deps.now().getTime() / 1000);
  const token = signHs256(
    { user_id: account.id, email: account.email, name, iat, exp: iat + 24 * 3600 },
    deps.config.supportChatSecret,
  );
  return { token, name };
}
