// Additional profile fields (REQ-PROFILE-07): groups of fields an organisation defines, which its
// members answer on the profile's Additional Information tabs. The server checks each answer
// against its field's type, options and required flag.
import { type Static, Type } from "@sinclair/typebox";
import { endpoint } from "./endpoint.js";
import { SerialId, Text } from "./primitives.js";

export const ADDITIONAL_FIELD_TYPES = ["LongText", "ShortText", "Dropdown", "List"] as const;
export type AdditionalFieldType = (typeof ADDITIONAL_FIELD_TYPES)[number];

export const ADDITIONAL_FIELD_LIMITS = {
  groups: 20,
  fieldsPerGroup: 50,
  options: 100,
  title: 200,
  help: 1000,
  /** Longest answer of each type. */
  ShortText: 200,
  LongText: 5000,
} as const;

export const ADDITIONAL_FIELD_MESSAGES = {
  required: (title: string) => `${title} is required`,
  tooLong: (title: string, max: number) => `${title} must be at most ${max} characters`,
  option: (title: string) => `${title} must be one of its options`,
  unknown: "That field is not one of your organisation's fields",
  noOrganisation: "Additional fields come from your organisation, and you do not belong to one",
} as const;

const FieldId = Text({ minLength: 1, maxLength: 50, pattern: "^[A-Za-z0-9_-]+$" });

export const AdditionalField = Type.Object({
  fieldId: FieldId,
  title: Text({ minLength: 1, maxLength: ADDITIONAL_FIELD_LIMITS.title }),
  type: Type.Union(ADDITIONAL_FIELD_TYPES.map((t) => Type.Literal(t))),
  /** The options of a Dropdown (pick one) or a List (pick any); empty for texts. */
  values: Type.Array(Text({ minLength: 1, maxLength: ADDITIONAL_FIELD_LIMITS.title }), {
    maxItems: ADDITIONAL_FIELD_LIMITS.options,
  }),
  help: Text({ maxLength: ADDITIONAL_FIELD_LIMITS.help }),
  required: Type.Boolean(),
});
export type AdditionalField = Static<typeof AdditionalField>;

export const AdditionalFieldGroup = Type.Object({
  title: Text({ minLength: 1, maxLength: ADDITIONAL_FIELD_LIMITS.title }),
  fields: Type.Array(AdditionalField, { maxItems: ADDITIONAL_FIELD_LIMITS.fieldsPerGroup }),
});
export type AdditionalFieldGroup = Static<typeof AdditionalFieldGroup>;

const Groups = Type.Array(AdditionalFieldGroup, { maxItems: ADDITIONAL_FIELD_LIMITS.groups });

/** One answer: a text, the Dropdown's option, or the List's chosen options. */
export const AdditionalFieldValue = Type.Object({
  fieldId: FieldId,
  value: Type.Union([
    Text({ maxLength: ADDITIONAL_FIELD_LIMITS.LongText }),
    Type.Array(Text({ maxLength: ADDITIONAL_FIELD_LIMITS.title }), {
      maxItems: ADDITIONAL_FIELD_LIMITS.options,
    }),
  ]),
});
export type AdditionalFieldValue = Static<typeof AdditionalFieldValue>;

export const additionalFields = endpoint({
  method: "GET",
  path: "/personal-profile/additional-fields",
  summary: "The caller's organisation's additional profile field groups (none without an organisation)",
  tags: ["profile"],
  auth: true,
  response: Groups,
});

export const additionalFieldValues = endpoint({
  method: "GET",
  path: "/personal-profile/additional-fields/values",
  summary: "The caller's answers to the additional fields",
  tags: ["profile"],
  auth: true,
  response: Type.Array(AdditionalFieldValue),
});

export const saveAdditionalFieldValues = endpoint({
  method: "PUT",
  path: "/personal-profile/additional-fields/values",
  summary:
    "Replace the caller's answers: each checked against its field's type, options and required flag (a field left out is cleared)",
  tags: ["profile"],
  auth: true,
  body: Type.Array(AdditionalFieldValue, {
    maxItems: ADDITIONAL_FIELD_LIMITS.groups * ADDITIONAL_FIELD_LIMITS.fieldsPerGroup,
  }),
  response: Type.Array(AdditionalFieldValue),
});

export const getOrganisationAdditionalFields = endpoint({
  method: "GET",
  path: "/organisations/:id/additional-fields",
  summary: "The additional profile fields the organisation asks its members",
  tags: ["organisation"],
  auth: true,
  params: Type.Object({ id: SerialId() }),
  response: Groups,
});

export const putOrganisationAdditionalFields = endpoint({
  method: "PUT",
  path: "/organisations/:id/additional-fields",
  summary:
    "Replace the organisation's additional profile fields (field ids unique; members' answers to removed fields are deleted)",
  tags: ["organisation"],
  auth: true,
  params: Type.Object({ id: SerialId() }),
  body: Groups,
  response: Groups,
});
