import { Type } from "@sinclair/typebox";
import { MESSAGES, PERSONAL_PROFILE_LIMITS, TAG_MAX_LENGTH } from "./constants.js";
import { endpoint, IsoDate, Message, Nullable } from "./endpoint.js";
import { ERROR_MESSAGES, Text } from "./primitives.js";
import { SUPERVISION } from "./supervision-model.js";

const tags = ["profile"];
const text = (max: number) => Type.Optional(Nullable(Text({ maxLength: max })));
const L = PERSONAL_PROFILE_LIMITS;

/** Fields an organisation may set for its members (REQ-PROFILE-02, organisation settings). */
export const LOCKABLE_FIELDS = ["hoursPerYear", "startDate", "reportInterval"] as const;

const editable = {
  profession: text(L.profession),
  employer: text(L.employer),
  businessWebsiteAssociated: text(L.businessWebsiteAssociated),
  registrationNumber: text(L.registrationNumber),
  hoursPerYear: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 999 }))),
  startDate: Type.Optional(Nullable(IsoDate)),
  reportInterval: Type.Optional(
    Nullable(
      Type.Integer({ minimum: 1, maximum: 10, description: "Length of the reporting period in years" }),
    ),
  ),
  qualifications: text(L.qualifications),
  signature: Type.Optional(Nullable(Text({ maxLength: 200_000, description: "Image data URL" }))),
  interests: Type.Optional(Type.Array(Text({ maxLength: 100 }), { maxItems: 50 })),
  summaryOfWork: text(L.summaryOfWork),
  jobDescription: text(L.jobDescription),
  personalStatement: text(L.personalStatement),
  hcpcStandard1: text(L.hcpcStandard1),
  hcpcStandard2: text(L.hcpcStandard2),
  hcpcStandard3: text(L.hcpcStandard3),
  hcpcStandard4: text(L.hcpcStandard4),
};

export const PersonalProfileUpdate = Type.Object(editable);

export const PersonalProfile = Type.Object({
  profession: Nullable(Text()),
  employer: Nullable(Text()),
  businessWebsiteAssociated: Nullable(Text()),
  registrationNumber: Nullable(Text()),
  hoursPerYear: Nullable(Type.Number()),
  startDate: Nullable(IsoDate),
  reportInterval: Nullable(Type.Integer()),
  qualifications: Nullable(Text()),
  signature: Nullable(Text()),
  interests: Type.Array(Text()),
  summaryOfWork: Nullable(Text()),
  jobDescription: Nullable(Text()),
  personalStatement: Nullable(Text()),
  hcpcStandard1: Nullable(Text()),
  hcpcStandard2: Nullable(Text()),
  hcpcStandard3: Nullable(Text()),
  hcpcStandard4: Nullable(Text()),
  organisation: Nullable(Type.Object({ id: Type.Integer(), name: Text() })),
  /** Fields the organisation sets: shown disabled, ignored on save. */
  lockedFields: Type.Array(Text()),
});

export const getPersonalProfile = endpoint({
  method: "GET",
  path: "/personal-profile",
  summary: "Professional information and qualifications",
  tags,
  auth: true,
  response: PersonalProfile,
});

export const putPersonalProfile = endpoint({
  method: "PUT",
  path: "/personal-profile",
  summary: "Save professional information; answers the saved profile",
  tags,
  auth: true,
  body: PersonalProfileUpdate,
  response: PersonalProfile,
});

export const Tags = Type.Object(
  {
    tags: Type.Array(
      Text({ maxLength: TAG_MAX_LENGTH, [ERROR_MESSAGES]: { maxLength: MESSAGES.tagTooLong } }),
      {
        maxItems: 500,
        uniqueItems: true,
        [ERROR_MESSAGES]: { uniqueItems: MESSAGES.duplicateTag },
        description: `Each trimmed, at most ${TAG_MAX_LENGTH} characters; the same tag twice (ignoring case) is refused`,
      },
    ),
  },
  { examples: [{ tags: ["Audit", "Leadership", "Sepsis"] }] },
);

export const getTags = endpoint({
  method: "GET",
  path: "/personal-profile/tags",
  summary: "The user's tags",
  tags,
  auth: true,
  response: Tags,
});

export const putTags = endpoint({
  method: "PUT",
  path: "/personal-profile/tags",
  summary: "Replace the user's tags (trimmed, at most 50 characters, no duplicates)",
  tags,
  auth: true,
  body: Tags,
  response: Tags,
});

/**
 * The signature saved in the profile (REQ-SUP-05), drawn on the sign-off's pad: the owner may sign
 * a supervision with it; a reviewee never can (ADR 0022).
 */
export const ProfileSignature = Type.Object({
  signature: Nullable(Text({ description: "A PNG data URL, or null when none is saved" })),
});

export const getProfileSignature = endpoint({
  method: "GET",
  path: "/personal-profile/signature",
  summary: "The signature saved in the profile (null when none)",
  tags,
  auth: true,
  response: ProfileSignature,
});

export const putProfileSignature = endpoint({
  method: "PUT",
  path: "/personal-profile/signature",
  summary: "Save (or replace) the profile's signature: a PNG drawn on the signature pad, as a data URL",
  tags,
  auth: true,
  body: Type.Object({
    signature: Text({ maxLength: SUPERVISION.signatureMaxChars, description: "data:image/png;base64,..." }),
  }),
  response: Type.Composite([Message, ProfileSignature]),
});

export const deleteProfileSignature = endpoint({
  method: "DELETE",
  path: "/personal-profile/signature",
  summary: "Delete the profile's saved signature",
  tags,
  auth: true,
  response: Message,
});
