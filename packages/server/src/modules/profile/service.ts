// The profile: basic details, membership, image and governing bodies.

import type { Readable } from "node:stream";
import { type api, GOVERNING_BODIES, MESSAGES, NO_MEMBERSHIP, type ResponseOf } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { dateColumn } from "../../lib/dates.js";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.js";
import { Storage } from "../../lib/storage.js";
import { isFullMember, membershipFacts, trialStatus } from "../account/index.js";
import { findUser, loadAccount } from "../account/repository.js";
import { type Channel, dropPendingCodes } from "../contact/repository.js";
import { stopRenewal } from "../membership/repository.js";
import { upgradeLink } from "../membership/signature.js";
import {
  findProfile,
  profileOf,
  setGoverningBodies,
  setProfileImage,
  updateBasicDetails,
} from "./repository.js";
import { type BasicDetailsInput, sniffImageType, validateBasicDetails } from "./rules.js";

type Profile = ResponseOf<typeof api.getProfile>;
type Membership = ResponseOf<typeof api.getMembership>;

export async function getProfile(deps: Deps, userId: string): Promise<Profile> {
  const a = await loadAccount(deps.pool, userId);
  if (!a) throw notFound(MESSAGES.noUserFound, "USER_NOT_FOUND");
  const today = deps.today();
  const facts = membershipFacts(a);
  return {
    firstName: a.first_name,
    lastName: a.last_name,
    jobTitle: a.job_title,
    nickname: a.nickname,
    mobileNumber: a.mobile_number,
    mobileVerified: a.mobile_verified,
    emailAddress: a.email,
    alternativeEmail: a.alternative_email,
    alternativeEmailVerified: a.alternative_email_verified,
    fullMember: isFullMember(facts, today),
    tags: a.tags,
    hasImage: a.has_image,
    organisation:
      a.organisation_id !== null ? { id: a.organisation_id, name: a.organisation_name ?? "" } : null,
    trialStatus: trialStatus(facts, today),
  };
}

export async function updateProfile(deps: Deps, userId: string, input: BasicDetailsInput): Promise<Profile> {
  const current = await profileOf(deps.prisma, userId);
  if (!current) throw notFound(MESSAGES.noUserFound, "USER_NOT_FOUND");
  // A field left out keeps its value; null or "" clears it.
  const keep = <K extends keyof BasicDetailsInput>(k: K, was: BasicDetailsInput[K]) =>
    input[k] === undefined ? was : input[k];
  const v = validateBasicDetails({
    firstName: input.firstName,
    lastName: input.lastName,
    jobTitle: keep("jobTitle", current.jobTitle),
    nickname: keep("nickname", current.nickname),
    mobileNumber: keep("mobileNumber", current.mobileNumber),
    alternativeEmail: keep("alternativeEmail", current.alternativeEmail),
  });
  // A changed contact detail must be verified again, and a code sent to the old one is void.
  const changed: Channel[] = [
    ...(v.mobileNumber !== current.mobileNumber ? (["mobile"] as const) : []),
    ...(v.alternativeEmail !== current.alternativeEmail ? (["alternative-email"] as const) : []),
  ];
  await deps.prisma.$transaction([
    updateBasicDetails(deps.prisma, userId, {
      ...v,
      mobileVerified: changed.includes("mobile") ? false : current.mobileVerified,
      alternativeEmailVerified: changed.includes("alternative-email")
        ? false
        : current.alternativeEmailVerified,
    }),
    dropPendingCodes(deps.prisma, userId, changed),
  ]);
  return getProfile(deps, userId);
}

const membershipAnswer = (
  deps: Deps,
  user: { id: string; email: string },
  m: {
    tier: Membership["tier"];
    active: boolean;
    memberSince: Date | null;
    endDate: Date | null;
    autoRenew: boolean;
    membershipSource: string | null;
    cancellable: boolean;
  },
): Membership => ({
  tier: m.tier,
  active: m.active,
  memberSince: dateColumn(m.memberSince),
  endDate: dateColumn(m.endDate),
  autoRenew: m.autoRenew,
  membershipSource: m.membershipSource,
  cancellable: m.cancellable,
  upgradeUrl: upgradeLink(deps.config.upgradeUrl, user.id, user.email),
});

export async function getMembership(deps: Deps, userId: string): Promise<Membership> {
  const user = await findUser(deps.prisma, userId, { id: true, email: true, membership: true });
  if (!user) throw notFound(MESSAGES.noUserFound, "USER_NOT_FOUND");
  return membershipAnswer(
    deps,
    user,
    user.membership ?? { ...NO_MEMBERSHIP, memberSince: null, endDate: null },
  );
}

/** Stops the renewal; the membership runs to its end date. */
export async function cancelMembership(deps: Deps, userId: string): Promise<Membership> {
  const updated = await stopRenewal(deps.prisma, userId);
  if (updated.count !== 1) throw conflict(MESSAGES.notCancellable, "NOT_CANCELLABLE");
  return getMembership(deps, userId);
}

export async function saveProfileImage(deps: Deps, userId: string, body: Buffer) {
  const type = sniffImageType(body.subarray(0, 16));
  if (!type) throw new AppError(415, "UNSUPPORTED_IMAGE", MESSAGES.imageType);
  const key = Storage.newKey("profile-images");
  await deps.storage.put(key, body, type, body.length);
  const previous = await findProfile(deps.prisma, userId, { imageKey: true });
  await setProfileImage(deps.prisma, userId, key, type);
  // Remove the old object only once the new one is referenced: nothing is lost on failure.
  if (previous?.imageKey) await deps.storage.delete(previous.imageKey).catch(() => undefined);
  return {};
}

export async function getProfileImage(
  deps: Deps,
  userId: string,
): Promise<{ body: Readable; contentType: string; contentLength?: number }> {
  const p = await findProfile(deps.prisma, userId, { imageKey: true, imageContentType: true });
  if (!p?.imageKey) throw notFound("No profile image has been uploaded", "NO_IMAGE");
  const obj = await deps.storage.get(p.imageKey);
  if (!obj) throw notFound("No profile image has been uploaded", "NO_IMAGE");
  return {
    body: obj.body,
    // Uploads are checked to be one of PROFILE_IMAGE_TYPES; older rows without a type were JPEG.
    contentType: p.imageContentType ?? "image/jpeg",
    contentLength: obj.contentLength,
  };
}

export const governingBodyOptions = () => [...GOVERNING_BODIES];

export async function getGoverningBodies(deps: Deps, userId: string) {
  const p = await findProfile(deps.prisma, userId, { governingBodies: true });
  if (!p) throw notFound(MESSAGES.noUserFound, "USER_NOT_FOUND");
  return p.governingBodies;
}

export async function putGoverningBodies(deps: Deps, userId: string, names: string[]) {
  const allowed = new Set<string>(GOVERNING_BODIES);
  const unknown = names.filter((n) => !allowed.has(n));
  if (unknown.length)
    throw badRequest(`Unknown governing body: ${unknown.join(", ")}`, "UNKNOWN_GOVERNING_BODY");
  const governingBodies = [...new Set(names)];
  await setGoverningBodies(deps.prisma, userId, governingBodies);
  return governingBodies;
}
