// Organisations as administrators configure them: features, branding, single sign-on
// (the client secret sealed, never answered) and managers.
import {
  type api,
  type BodyOf,
  FEATURE_NAMES,
  type LogoKind,
  type ParamsOf,
  type QueryOf,
  ROLES,
} from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { mapDbError } from "../../lib/store-errors.js";
import type { Caller } from "../../policies/index.js";
import { bumpTokenVersions, grantRole, revokeRole } from "../account/repository.js";
import { invalidateSession } from "../account/session.js";
import { actingAccount, recordActivity } from "../activity-log/repository.js";
import { logoAddress, logoColumnsOnSave, logoNotice, storeLogo } from "../organisations/logos.js";
import {
  containsPattern,
  createOrganisation,
  updateOrganisationSelect,
} from "../organisations/repository.js";
import { sealClientSecret } from "../sso/provider.js";

type Fields = BodyOf<typeof api.createOrganisation>;
type Tx = Parameters<Parameters<Deps["prisma"]["$transaction"]>[0]>[0];

const SELECT = {
  id: true,
  key: true,
  name: true,
  enabled: true,
  governingBodyType: true,
  features: true,
  logoUrl: true,
  loginLogoUrl: true,
  logoKey: true,
  loginLogoKey: true,
  loginLink: true,
  colourHex: true,
  videoUrl: true,
  usesOauth: true,
  oidcIssuer: true,
  oidcClientId: true,
  oidcClientSecret: true,
  createdAt: true,
  _count: { select: { users: true } },
  users: {
    where: { roles: { some: { role: ROLES.organisationManager } } },
    select: { id: true, email: true, profile: { select: { firstName: true, lastName: true } } },
    orderBy: { email: "asc" as const },
  },
} as const;

type Row = NonNullable<Awaited<ReturnType<typeof load>>>;
const load = (db: Tx | Deps["prisma"], id: number) =>
  db.organisation.findUnique({ where: { id }, select: SELECT });

function toAnswer(o: Row) {
  const { oidcClientSecret, _count, users, createdAt, features, logoKey, loginLogoKey, ...rest } = o;
  return {
    ...rest,
    // Our own address for a logo we serve; a foreign one as it is, with a notice (ADR 0021).
    logoUrl: logoAddress(o, "logo", { foreign: true }),
    loginLogoUrl: logoAddress(o, "login-logo", { foreign: true }),
    logoNotice: logoNotice(o),
    features: (features ?? {}) as Record<string, boolean>,
    oidcClientSecretSet: Boolean(oidcClientSecret),
    managers: users.map((u) => ({
      id: u.id,
      email: u.email,
      name: `${u.profile?.firstName ?? ""} ${u.profile?.lastName ?? ""}`.trim(),
    })),
    userCount: _count.users,
    createdAt: createdAt.toISOString(),
  };
}

export async function list(
  deps: Deps,
  page: ParamsOf<typeof api.adminOrganisations>,
  q: QueryOf<typeof api.adminOrganisations>,
) {
  const filter = q.filter?.trim() ? containsPattern(q.filter.trim()) : null;
  const where = filter
    ? {
        OR: [
          { name: { contains: q.filter?.trim(), mode: "insensitive" as const } },
          { key: { contains: q.filter?.trim(), mode: "insensitive" as const } },
        ],
      }
    : {};
  const [rows, total] = await deps.prisma.$transaction([
    deps.prisma.organisation.findMany({
      where,
      select: SELECT,
      orderBy: [{ name: "asc" }, { id: "asc" }],
      skip: (page.page - 1) * page.perPage,
      take: page.perPage,
    }),
    deps.prisma.organisation.count({ where }),
  ]);
  return { items: rows.map(toAnswer), total };
}

export async function get(deps: Deps, id: number) {
  const o = await load(deps.prisma, id);
  if (!o) throw notFound("Organisation not found", "ORGANISATION_NOT_FOUND");
  return toAnswer(o);
}

function checkFields(f: Fields) {
  const unknown = Object.keys(f.features).filter((k) => !(FEATURE_NAMES as readonly string[]).includes(k));
  if (unknown.length) throw badRequest(`Unknown feature: ${unknown.join(", ")}`, "VALIDATION_ERROR");
  if (!f.name.trim()) throw badRequest("Please enter the organisation's name", "VALIDATION_ERROR");
}

/** The columns of the form's fields; the secret only when one is given (null removes it). */
function columns(deps: Deps, f: Fields) {
  return {
    key: f.key,
    name: f.name.trim(),
    enabled: f.enabled,
    governingBodyType: f.governingBodyType,
    features: f.features,
    ...(f.loginLink === undefined ? {} : { loginLink: f.loginLink }),
    colourHex: f.colourHex,
    videoUrl: f.videoUrl,
    usesOauth: f.usesOauth,
    oidcIssuer: f.oidcIssuer,
    oidcClientId: f.oidcClientId,
    ...(f.oidcClientSecret === undefined
      ? {}
      : {
          oidcClientSecret:
            f.oidcClientSecret === null ? null : sealClientSecret(deps.config, f.oidcClientSecret),
        }),
  };
}

/** Managers are members of the organisation; the role moves to exactly the listed addresses. */
async function setManagers(tx: Tx, organisationId: number, emails: string[]) {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  const members = await tx.user.findMany({
    where: { email: { in: wanted }, organisationId },
    select: { id: true, email: true },
  });
  const outsider = wanted.find((e) => !members.some((m) => m.email === e));
  if (outsider) {
    throw badRequest(`${outsider} is not a member of this organisation`, "MANAGER_NOT_MEMBER");
  }
  const current = await tx.userRole.findMany({
    where: { role: ROLES.organisationManager, user: { organisationId } },
    select: { userId: true },
  });
  const keep = new Set(members.map((m) => m.id));
  const removed = current.map((c) => c.userId).filter((id) => !keep.has(id));
  const added = members.map((m) => m.id).filter((id) => !current.some((c) => c.userId === id));
  if (removed.length) await revokeRole(tx, ROLES.organisationManager, removed);
  if (added.length) await grantRole(tx, ROLES.organisationManager, added);
  // A role change applies to the next call: their tokens are retired.
  const changed = [...added, ...removed];
  if (changed.length) await bumpTokenVersions(tx, changed);
  return { added, removed };
}

function ssoComplete(o: {
  usesOauth: boolean;
  oidcIssuer: string | null;
  oidcClientId: string | null;
  oidcClientSecret: string | null;
}) {
  if (o.usesOauth && (!o.oidcIssuer || !o.oidcClientId || !o.oidcClientSecret)) {
    throw badRequest(
      "Single sign-on needs the issuer, the client id and the client secret",
      "SSO_INCOMPLETE",
    );
  }
}

const keyTaken = () => conflict("An organisation with this key already exists", "ALREADY_EXISTS");

export async function create(deps: Deps, caller: Caller, f: Fields) {
  checkFields(f);
  try {
    const logos = await logoColumnsOnSave(deps, null, f);
    const { id, changed } = await deps.prisma.$transaction(async (tx) => {
      const o = await createOrganisation(tx, { ...columns(deps, f), ...logos.data });
      ssoComplete(o);
      const managers = await setManagers(tx, o.id, f.managers);
      await recordActivity(tx, {
        action: "organisation.created",
        actorId: actingAccount(caller),
        organisationId: o.id,
        details: { key: f.key, name: f.name, managersAdded: managers.added },
      });
      return { id: o.id, changed: [...managers.added, ...managers.removed] };
    });
    for (const u of changed) invalidateSession(u);
    return get(deps, id);
  } catch (err) {
    if (mapDbError(err)?.code === "ALREADY_EXISTS") throw keyTaken();
    throw err;
  }
}

export async function configure(deps: Deps, caller: Caller, id: number, f: Fields) {
  checkFields(f);
  let changedUsers: string[] = [];
  let replaced: string[] = [];
  try {
    await deps.prisma.$transaction(async (tx) => {
      const before = await load(tx, id);
      if (!before) throw notFound("Organisation not found", "ORGANISATION_NOT_FOUND");
      const logos = await logoColumnsOnSave(deps, before, f);
      replaced = logos.replaced;
      const after = await updateOrganisationSelect(tx, id, { ...columns(deps, f), ...logos.data }, SELECT);
      ssoComplete(after);
      const managers = await setManagers(tx, id, f.managers);
      changedUsers = [...managers.added, ...managers.removed];
      const was = toAnswer(before) as Record<string, unknown>;
      const now = toAnswer(after) as Record<string, unknown>;
      const changed: Record<string, unknown> = {};
      for (const k of Object.keys(now)) {
        if (k === "managers" || k === "userCount") continue;
        if (JSON.stringify(was[k]) !== JSON.stringify(now[k])) changed[k] = [was[k] ?? null, now[k] ?? null];
      }
      if (f.oidcClientSecret !== undefined) changed.oidcClientSecret = "changed";
      await recordActivity(tx, {
        action: "organisation.configured",
        actorId: actingAccount(caller),
        organisationId: id,
        details: { changed, managersAdded: managers.added, managersRemoved: managers.removed } as never,
      });
    });
  } catch (err) {
    if (mapDbError(err)?.code === "ALREADY_EXISTS") throw keyTaken();
    throw err;
  }
  for (const u of changedUsers) invalidateSession(u);
  // Removed logos' objects go only once nothing refers to them.
  for (const key of replaced) await deps.storage.delete(key).catch(() => undefined);
  return get(deps, id);
}

/** Uploads an organisation's logo or login page logo into our storage (ADR 0021). */
export async function uploadLogo(deps: Deps, caller: Caller, id: number, kind: LogoKind, body: Buffer) {
  const before = await load(deps.prisma, id);
  if (!before) throw notFound("Organisation not found", "ORGANISATION_NOT_FOUND");
  const stored = await storeLogo(deps, before, kind, body);
  await deps.prisma.$transaction(async (tx) => {
    await updateOrganisationSelect(tx, id, stored.data, { id: true });
    await recordActivity(tx, {
      action: "organisation.configured",
      actorId: actingAccount(caller),
      organisationId: id,
      details: { changed: { [kind]: "uploaded" } },
    });
  });
  if (stored.replaced) await deps.storage.delete(stored.replaced).catch(() => undefined);
  return get(deps, id);
}
