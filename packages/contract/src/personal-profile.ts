import { Type } from "@sinclair/typebox";
import { PERSONAL_PROFILE_LIMITS } from "./constants.js";
import { endpoint, IsoDate, Nullable } from "./endpoint.js";

const tags = ["profile"];
const text = (max: number) => Type.Optional(Nullable(Type.String({ maxLength: max })));
const L = PERSONAL_PROFILE_LIMITS;

/** Fields an organisation may set for its members (spec 1 §3, organisation settings). */
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
  signature: Type.Optional(Nullable(Type.String({ maxLength: 200_000, description: "Image data URL" }))),
  interests: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
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
  profession: Nullable(Type.String()),
  employer: Nullable(Type.String()),
  businessWebsiteAssociated: Nullable(Type.String()),
  registrationNumber: Nullable(Type.String()),
  hoursPerYear: Nullable(Type.Number()),
  startDate: Nullable(IsoDate),
  reportInterval: Nullable(Type.Integer()),
  qualifications: Nullable(Type.String()),
  signature: Nullable(Type.String()),
  interests: Type.Array(Type.String()),
  summaryOfWork: Nullable(Type.String()),
  jobDescription: Nullable(Type.String()),
  personalStatement: Nullable(Type.String()),
  hcpcStandard1: Nullable(Type.String()),
  hcpcStandard2: Nullable(Type.String()),
  hcpcStandard3: Nullable(Type.String()),
  hcpcStandard4: Nullable(Type.String()),
  organisation: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** Fields the organisation sets: shown disabled, ignored on save. */
  lockedFields: Type.Array(Type.String()),
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

export const Tags = Type.Object({ tags: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 500 }) });

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
