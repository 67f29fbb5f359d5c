import { type Static, Type } from "@sinclair/typebox";
import { MAX_FILE_BYTES } from "./constants.js";
import { Empty, endpoint, IsoDate, Nullable } from "./endpoint.js";
import { Text } from "./primitives.js";

const tags = ["profile"];

export const TrialStatus = Type.Object({
  isTrialUser: Type.Boolean(),
  trialEndDate: Nullable(IsoDate),
  trialEntriesUsed: Type.Integer(),
  trialEntriesLimit: Type.Integer(),
  isTrialExpired: Type.Boolean(),
  deletionDate: Nullable(IsoDate),
  accountCreatedDate: IsoDate,
});

export const Profile = Type.Object({
  firstName: Text(),
  lastName: Text(),
  jobTitle: Nullable(Text()),
  nickname: Nullable(Text()),
  mobileNumber: Nullable(Text()),
  mobileVerified: Type.Boolean(),
  emailAddress: Text(),
  alternativeEmail: Nullable(Text()),
  alternativeEmailVerified: Type.Boolean(),
  fullMember: Type.Boolean(),
  tags: Type.Array(Text()),
  hasImage: Type.Boolean(),
  organisation: Nullable(Type.Object({ id: Type.Integer(), name: Text() })),
  trialStatus: TrialStatus,
});

export const ProfileUpdate = Type.Object({
  firstName: Text({ maxLength: 100 }),
  lastName: Text({ maxLength: 100 }),
  jobTitle: Type.Optional(Nullable(Text({ maxLength: 200 }))),
  nickname: Type.Optional(Nullable(Text({ maxLength: 100 }))),
  mobileNumber: Type.Optional(Nullable(Text({ maxLength: 30 }))),
  alternativeEmail: Type.Optional(Nullable(Text({ maxLength: 254 }))),
});

export const getProfile = endpoint({
  method: "GET",
  path: "/profile",
  summary: "The user's profile",
  tags,
  auth: true,
  response: Profile,
});

export const updateProfile = endpoint({
  method: "PUT",
  path: "/profile",
  summary: "Update the basic details",
  tags,
  auth: true,
  body: ProfileUpdate,
  response: Profile,
});

export const Membership = Type.Object({
  tier: Type.Union([Type.Literal("BASIC"), Type.Literal("PREMIUM"), Type.Literal("CORPORATE")]),
  active: Type.Boolean(),
  memberSince: Nullable(IsoDate),
  endDate: Nullable(IsoDate),
  autoRenew: Type.Boolean(),
  membershipSource: Nullable(Text()),
  cancellable: Type.Boolean(),
  /** The external direct-debit page where the user upgrades (opened in a new tab); null if not set up. */
  upgradeUrl: Nullable(Text()),
});

/** A member with no paid membership (what the card shows before any payment), upgrade link apart. */
export const NO_MEMBERSHIP: Omit<Static<typeof Membership>, "upgradeUrl"> = {
  tier: "BASIC",
  active: false,
  memberSince: null,
  endDate: null,
  autoRenew: false,
  membershipSource: null,
  cancellable: false,
};

export const getMembership = endpoint({
  method: "GET",
  path: "/profile/membership",
  summary: "The membership card",
  tags,
  auth: true,
  response: Membership,
});

export const cancelMembership = endpoint({
  method: "POST",
  path: "/profile/membership/cancel",
  summary: "Cancel the renewal of a cancellable membership",
  tags,
  auth: true,
  response: Membership,
});

export const PROFILE_IMAGE_TYPES = ["image/jpeg", "image/png"];

export const uploadProfileImage = endpoint({
  method: "POST",
  path: "/profile/image",
  summary: "Upload the profile image (raw JPEG or PNG body, at most 10 MB)",
  tags,
  auth: true,
  rawBody: { contentTypes: PROFILE_IMAGE_TYPES, maxBytes: MAX_FILE_BYTES },
  response: Empty,
});

export const getProfileImage = endpoint({
  method: "GET",
  path: "/profile/image",
  summary: "The profile image; the token may be passed as ?token= for <img> tags",
  tags,
  auth: true,
  query: Type.Object({ token: Type.Optional(Text()) }),
  response: Type.Any(),
  binary: true,
  produces: PROFILE_IMAGE_TYPES,
});

export const GoverningBodies = Type.Array(Text({ minLength: 1, maxLength: 100 }), { maxItems: 20 });

export const getGoverningBodies = endpoint({
  method: "GET",
  path: "/profile/governing-bodies",
  summary: "The user's governing bodies",
  tags,
  auth: true,
  response: GoverningBodies,
});

export const putGoverningBodies = endpoint({
  method: "PUT",
  path: "/profile/governing-bodies",
  summary: "Replace the user's governing bodies",
  tags,
  auth: true,
  body: GoverningBodies,
  response: GoverningBodies,
});

export const governingBodyOptions = endpoint({
  method: "GET",
  path: "/profile/governing-bodies/options",
  summary: "The governing bodies a user can choose",
  tags,
  auth: true,
  response: GoverningBodies,
});
