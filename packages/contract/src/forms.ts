import { Type } from "@sinclair/typebox";
import { endpoint, Nullable } from "./endpoint.js";
import { IdParams, Text } from "./primitives.js";
import { Reviewee } from "./supervision-model.js";

const tags = ["forms"];

/** Item type codes (REQ-ENTRY-02). */
export const ITEM_TYPES = {
  text: 1,
  longText: 2,
  multiSelect: 3,
  dropdown: 4,
  number: 5,
  checkbox: 7,
  upload: 8,
  date: 9,
  url: 10,
} as const;

export const ENTRY_TYPES = ["diary", "reflection", "supervision"] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** Planned-CPD reminder recurrence, in months (REQ-ENTRY-05). */
export const RECURRENCE_OPTIONS = [
  { months: 1, label: "Monthly" },
  { months: 3, label: "Quarterly" },
  { months: 12, label: "Annually" },
  { months: 24, label: "Biennium" },
  { months: 36, label: "Triennial" },
  { months: 48, label: "Quadrennial" },
  { months: 60, label: "Quinquennial" },
] as const;

/**
 * NHS Knowledge and Skills Framework dimensions: the six core, then the specific ones
 * (docs/decisions/0019-entry-form-options.md). Offered on diary and reflection forms when the
 * entriesSettings.showKSF setting is on.
 */
export const KSF_DIMENSIONS = [
  "C1 Communication",
  "C2 Personal and people development",
  "C3 Health, safety and security",
  "C4 Service improvement",
  "C5 Quality",
  "C6 Equality and diversity",
  "HWB1 Promotion of health and wellbeing and prevention of adverse effects on health and wellbeing",
  "HWB2 Assessment and care planning to meet health and wellbeing needs",
  "HWB3 Protection of health and wellbeing",
  "HWB4 Enablement to address health and wellbeing needs",
  "HWB5 Provision of care to meet health and wellbeing needs",
  "HWB6 Assessment and treatment planning",
  "HWB7 Interventions and treatments",
  "HWB8 Biomedical investigation and intervention",
  "HWB9 Equipment and devices to meet health and wellbeing needs",
  "HWB10 Products to meet health and wellbeing needs",
  "EF1 Systems, vehicles and equipment",
  "EF2 Environments and buildings",
  "EF3 Transport and logistics",
  "IK1 Information processing",
  "IK2 Information collection and analysis",
  "IK3 Knowledge and information resources",
  "G1 Learning and development",
  "G2 Development and innovation",
  "G3 Procurement and commissioning",
  "G4 Financial management",
  "G5 Services and project management",
  "G6 People management",
  "G7 Capacity and capability",
  "G8 Public relations and marketing",
] as const;

/** The four pillars of Advanced Clinical Practice, offered when entriesSettings.showACP is on. */
export const ACP_PILLARS = [
  "Clinical practice",
  "Leadership and management",
  "Education",
  "Research",
] as const;

/** The form items the entry options add, by the setting that shows them (ADR 0019). */
export const ENTRY_OPTION_FIELDS = {
  showKSF: { identifier: "KSFDimensions", title: "KSF dimensions" },
  showACP: { identifier: "ACPPillars", title: "Advanced Clinical Practice pillars" },
} as const;
export type EntryOption = keyof typeof ENTRY_OPTION_FIELDS;

/** What the entry form says when an update fails and it reloads the saved entry (ADR 0019). */
export const ENTRY_DRAFT_MESSAGES = {
  reloadedTitle: "Your latest changes were not saved",
  reloaded:
    "The entry was reloaded as it was last saved. Your unsaved changes are kept here: restore them to carry on, or discard them.",
  restore: "Restore my changes",
  discard: "Discard them",
  fieldSaved: "Saved",
} as const;

export const FormValue = Type.Union([
  Text({ maxLength: 20_000 }),
  Type.Array(Text({ maxLength: 2_000 }), { maxItems: 200 }),
]);

export const FormItem = Type.Object({
  identifier: Text(),
  title: Text(),
  type: Type.Integer({ minimum: 1, maximum: 10 }),
  value: Type.Optional(Nullable(FormValue)),
  values: Type.Optional(Type.Array(Text())),
  required: Type.Boolean(),
  helpText: Type.Optional(Text()),
  disabled: Type.Optional(Type.Boolean()),
  /** Page titles this item (a checkbox or an option) switches on. */
  activators: Type.Optional(Type.Array(Text())),
  visible: Type.Optional(Type.Boolean()),
  mandatory: Type.Optional(Type.Boolean()),
  maxLength: Type.Optional(Type.Integer()),
});

const PageFields = {
  title: Text(),
  items: Type.Array(FormItem),
  repeater: Type.Boolean(),
  repeaterType: Nullable(Text()),
  requiresActivation: Type.Boolean(),
  activatedBy: Nullable(Text()),
};

export const FormPage = Type.Object({
  ...PageFields,
  subPages: Type.Array(Type.Object(PageFields)),
});

export const Form = Type.Object({
  identifier: Type.Union(ENTRY_TYPES.map((t) => Type.Literal(t))),
  version: Type.Integer(),
  entryId: Nullable(Text()),
  pages: Type.Array(FormPage),
  guest: Type.Boolean(),
  shared: Type.Boolean(),
  /** A supervision record's share, topics, comments and signatures (null when not shared). */
  reviewee: Nullable(Reviewee),
  /** Filled for an existing entry. */
  tags: Type.Array(Text()),
  /** The member's organisation's tags, offered when tagging the entry. */
  suggestedTags: Type.Optional(Type.Array(Text())),
  /** The entry's evidence files (the upload item's value lists their ids). */
  files: Type.Array(
    Type.Object({
      id: Text(),
      filename: Text(),
      contentType: Text(),
      url: Text(),
    }),
  ),
  editable: Type.Boolean(),
  /**
   * The SHA-256 (lower-case hex) of each text its writer marked as not a patient identifier in this
   * entry, hashed over resolutionKey (REQ-IDENT-03): the editor hides those findings. Empty for a
   * blank form and for a guest.
   */
  identifierResolutions: Type.Array(Text({ pattern: "^[0-9a-f]{64}$" })),
});

const formEndpoint = (identifier: EntryType) =>
  endpoint({
    method: "GET",
    path: `/form/${identifier}`,
    summary: `The current ${identifier} form, with the user's categories and standards`,
    tags,
    auth: true,
    response: Form,
  });

export const diaryForm = formEndpoint("diary");
export const reflectionForm = formEndpoint("reflection");
export const supervisionForm = formEndpoint("supervision");

export const formSchema = endpoint({
  method: "GET",
  path: "/form/schema/:identifier",
  summary: "The JSON Schema of the body POST /entries/{identifier} takes",
  description:
    "Generated from the current form definition, with this user's options (categories, standards, " +
    "activity types) as enums. Each property is one form item (its title, help text and item type: " +
    Object.entries(ITEM_TYPES)
      .map(([name, code]) => `${code} ${name}`)
      .join(", ") +
    "); answers are strings, lists for multi-select and upload items (file ids). Keys that are not " +
    "items are refused with 400 UNKNOWN_FIELD.",
  tags,
  auth: true,
  params: Type.Object({ identifier: Type.Union(ENTRY_TYPES.map((t) => Type.Literal(t))) }),
  response: Type.Object(
    {
      $schema: Text(),
      title: Text(),
      description: Text(),
      type: Type.Literal("object"),
      properties: Type.Record(Text(), Type.Record(Text(), Type.Unknown())),
      required: Type.Array(Text()),
      additionalProperties: Type.Literal(false),
    },
    { description: "A JSON Schema (draft-07) document" },
  ),
});

export const entryForm = endpoint({
  method: "GET",
  path: "/form/entry/:id",
  // 409 IDENTIFIERS_FOUND to a reviewee while the shared record holds a finding (ADR 0031).
  errors: [409],
  summary: "An entry's form (the version it was written with) with its answers filled in",
  description:
    "Its owner calls it with the session token. The reviewee of a shared supervision record may call " +
    "it with their guest token for that one record (read-only: guest and shared true, reviewee filled).",
  tags,
  auth: false,
  guest: true,
  params: IdParams,
  response: Form,
});
