// Professional information, the organisation's locked fields, and tags.
import {
  type api,
  type BodyOf,
  type LOCKABLE_FIELDS,
  MESSAGES,
  PERSONAL_TEXT_FIELDS,
  type ResponseOf,
  SUPERVISION_MESSAGES,
} from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { dateColumn, toDateColumn } from "../../lib/dates.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { savedSignature } from "../../lib/signature-image.js";
import { findUser } from "../account/repository.js";
import { normaliseTags } from "../profile/rules.js";
import { replaceTags, savePersonalProfile } from "./repository.js";

type PersonalProfile = ResponseOf<typeof api.getPersonalProfile>;
type Update = BodyOf<typeof api.putPersonalProfile>;

/** The limited text fields and the signature (which has no limit of its own). */
const TEXT_FIELDS = [...PERSONAL_TEXT_FIELDS, "signature"] as const;

async function load(deps: Deps, userId: string) {
  const user = await findUser(deps.prisma, userId, {
    personal: true,
    organisation: {
      select: { id: true, name: true, cpdHours: true, startDate: true, reportInterval: true },
    },
  });
  if (!user) throw notFound(MESSAGES.noUserFound, "USER_NOT_FOUND");
  return user;
}

/** Organisation values that are set override the person's own and lock them. */
function organisationOverrides(org: Awaited<ReturnType<typeof load>>["organisation"]) {
  const o: Partial<Pick<PersonalProfile, (typeof LOCKABLE_FIELDS)[number]>> = {};
  if (org?.cpdHours != null) o.hoursPerYear = Number(org.cpdHours);
  if (org?.startDate != null) o.startDate = dateColumn(org.startDate);
  if (org?.reportInterval != null) o.reportInterval = org.reportInterval;
  return o;
}

export async function getPersonalProfile(deps: Deps, userId: string): Promise<PersonalProfile> {
  const { personal: p, organisation: org } = await load(deps, userId);
  const overrides = organisationOverrides(org);
  const text = Object.fromEntries(TEXT_FIELDS.map((f) => [f, p?.[f] ?? null])) as Record<
    (typeof TEXT_FIELDS)[number],
    string | null
  >;
  return {
    ...text,
    hoursPerYear: p?.hoursPerYear != null ? Number(p.hoursPerYear) : null,
    startDate: dateColumn(p?.startDate),
    reportInterval: p?.reportInterval ?? null,
    interests: p?.interests ?? [],
    ...overrides,
    organisation: org ? { id: org.id, name: org.name } : null,
    lockedFields: Object.keys(overrides),
  };
}

export async function putPersonalProfile(deps: Deps, userId: string, body: Update): Promise<PersonalProfile> {
  const { organisation } = await load(deps, userId);
  const locked = new Set(Object.keys(organisationOverrides(organisation)));
  const data: Record<string, unknown> = {};
  // The signature is offered at sign-off: only an image sign-off can use (a PNG or JPEG data URL).
  const signature = body.signature?.trim();
  if (signature && !savedSignature(signature))
    throw badRequest(SUPERVISION_MESSAGES.signatureInvalid, "SIGNATURE_INVALID");
  for (const f of TEXT_FIELDS) {
    const v = body[f];
    if (v !== undefined) data[f] = v?.trim() ? v.trim() : null;
  }
  if (body.interests !== undefined)
    data.interests = [...new Set(body.interests.map((i) => i.trim()).filter(Boolean))];
  // Locked fields are the organisation's: silently keep them as they are.
  if (body.hoursPerYear !== undefined && !locked.has("hoursPerYear")) data.hoursPerYear = body.hoursPerYear;
  if (body.startDate !== undefined && !locked.has("startDate")) data.startDate = toDateColumn(body.startDate);
  if (body.reportInterval !== undefined && !locked.has("reportInterval"))
    data.reportInterval = body.reportInterval;
  await savePersonalProfile(deps.prisma, userId, data);
  return getPersonalProfile(deps, userId);
}

export async function getTags(deps: Deps, userId: string) {
  const rows = await deps.prisma.userTag.findMany({
    where: { userId },
    orderBy: [{ position: "asc" }, { name: "asc" }],
    select: { name: true },
  });
  return { tags: rows.map((r) => r.name) };
}

export async function putTags(deps: Deps, userId: string, tags: string[]) {
  const clean = normaliseTags(tags);
  await replaceTags(deps.prisma, userId, clean);
  return { tags: clean };
}
