// Revalidation for every UK health regulator (REQ-REVAL-*, ADR 0026): what a regulator requires is
// data (a rule pack per regulator and version, validated at boot against RulePack), what the
// professional holds is their registrations, and what they have done is their CPD entries (tagged
// with what the packs count) and the revalidation records the packs need (practice hours,
// feedback, reflective accounts, discussions, declarations).
import { type Static, Type } from "@sinclair/typebox";
import { endpoint, IsoDate, Nullable, Paged } from "./endpoint.js";
import { ukDate } from "./london-time.js";
import { HttpUrl, IdParams, Int, pageQuery, Text, Uuid } from "./primitives.js";

const tags = ["revalidation"];

/** The regulators a registration can name; OTHER follows the general pack (the user's own target). */
export const REGULATORS = ["NMC", "GPhC", "HCPC", "GDC", "GOC", "GOsC", "GCC", "OTHER"] as const;
export type Regulator = (typeof REGULATORS)[number];
export const RegulatorSchema = Type.Union(REGULATORS.map((r) => Type.Literal(r)));
/** The regulators an organisation can require its members to hold a registration with (REQ-REVAL-09). */
export const REQUIRABLE_REGULATORS = REGULATORS.filter(
  (r): r is Exclude<Regulator, "OTHER"> => r !== "OTHER",
);
export type RequirableRegulator = (typeof REQUIRABLE_REGULATORS)[number];
export const RequirableRegulatorSchema = Type.Union(REQUIRABLE_REGULATORS.map((r) => Type.Literal(r)));

export const REGULATOR_NAMES: Record<Regulator, string> = {
  NMC: "Nursing and Midwifery Council",
  GPhC: "General Pharmaceutical Council",
  HCPC: "Health and Care Professions Council",
  GDC: "General Dental Council",
  GOC: "General Optical Council",
  GOsC: "General Osteopathic Council",
  GCC: "General Chiropractic Council",
  OTHER: "Another body (your own target)",
};

/**
 * What a requirement counts, each computed in SQL over the cycle (the service never loops over
 * entries). CPD metrics count the user's diary entries dated in the cycle, with the revalidation
 * tags (EntryRevalidation) set on them; record metrics count revalidation records of that kind.
 */
export const REQUIREMENT_METRICS = [
  "cpdHours",
  "participatoryHours",
  "verifiableHours",
  "cpdRecords",
  "plannedRecords",
  "practiceHours",
  "feedback",
  "reflectiveAccounts",
  "reflectiveDiscussions",
  "peerDiscussions",
  "healthCharacterDeclarations",
  "indemnityDeclarations",
  "confirmations",
  /** Every value in `values` appears among the themes of the cycle's tagged entries and records. */
  "themesCovered",
] as const;
export type RequirementMetric = (typeof REQUIREMENT_METRICS)[number];

/** The kinds of revalidation record; each record metric counts one kind. */
export const RECORD_KINDS = [
  "practiceHours",
  "feedback",
  "reflectiveAccount",
  "reflectiveDiscussion",
  "peerDiscussion",
  "healthCharacterDeclaration",
  "indemnityDeclaration",
  "confirmation",
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
/** A record kind as a sentence names it: [one, many]. */
export const RECORD_KIND_LABELS: Record<RecordKind, readonly [string, string]> = {
  practiceHours: ["practice hours record", "practice hours records"],
  feedback: ["piece of feedback", "pieces of feedback"],
  reflectiveAccount: ["reflective account", "reflective accounts"],
  reflectiveDiscussion: ["reflective discussion", "reflective discussions"],
  peerDiscussion: ["peer discussion", "peer discussions"],
  healthCharacterDeclaration: ["health and character declaration", "health and character declarations"],
  indemnityDeclaration: ["indemnity declaration", "indemnity declarations"],
  confirmation: ["confirmation", "confirmations"],
};
export const RecordKindSchema = Type.Union(RECORD_KINDS.map((k) => Type.Literal(k)));

/** How a CPD activity was done (the packs' "method"); participatory is a separate flag. */
export const CPD_METHODS = [
  "course",
  "conference",
  "e-learning",
  "workshop",
  "reading",
  "peer discussion",
  "supervision",
  "teaching",
  "work-based learning",
  "other",
] as const;
export const CpdMethodSchema = Type.Union(CPD_METHODS.map((m) => Type.Literal(m)));

const Code = (description: string) =>
  Text({ pattern: "^[a-z0-9][a-z0-9-]{0,62}$", maxLength: 63, description });
const Theme = Text({
  minLength: 1,
  maxLength: 120,
  description: "a theme, standard, outcome or domain of a pack",
});

export const PackSource = Type.Object(
  { title: Text({ minLength: 1, maxLength: 300 }), url: HttpUrl(), published: Type.Optional(IsoDate) },
  { additionalProperties: false },
);

export const Requirement = Type.Object(
  {
    id: Code("the requirement's id, stable across versions of a pack"),
    title: Text({ minLength: 1, maxLength: 300 }),
    metric: Type.Union(REQUIREMENT_METRICS.map((m) => Type.Literal(m))),
    /** The amount to reach: hours or items; for themesCovered, the number of values. */
    target: Type.Number({ minimum: 0, maximum: 100_000 }),
    /** The target is per register held (NMC: 450 practice hours per registration). */
    perRegister: Type.Optional(Type.Boolean()),
    /** Only registrations holding one of these registers (GDC: 100, 75 or 50 hours by title). */
    registers: Type.Optional(
      Type.Array(Code("register code"), { minItems: 1, maxItems: 20, uniqueItems: true }),
    ),
    /** themesCovered: the values that must all appear. */
    values: Type.Optional(Type.Array(Theme, { minItems: 1, maxItems: 50 })),
    /** The url of one of the pack's sources, where the figure is published. */
    source: HttpUrl(),
    help: Type.Optional(Text({ maxLength: 2_000 })),
  },
  { additionalProperties: false },
);
export type Requirement = Static<typeof Requirement>;

export const PackWarningRule = Type.Union([
  /** HCPC: consecutive CPD activities this many months apart or more. */
  Type.Object(
    { kind: Type.Literal("gap"), months: Int(1, 120), source: HttpUrl() },
    { additionalProperties: false },
  ),
  /** GDC: every window of `months` consecutive months inside the cycle holds at least `hours` CPD hours. */
  Type.Object(
    {
      kind: Type.Literal("rollingMinimum"),
      months: Int(1, 120),
      hours: Type.Number({ minimum: 0, maximum: 10_000 }),
      source: HttpUrl(),
    },
    { additionalProperties: false },
  ),
  /** GPhC: a reflective account must name one of this year's standards. */
  Type.Object(
    {
      kind: Type.Literal("namedThemes"),
      recordKind: RecordKindSchema,
      values: Type.Array(Theme, { minItems: 1, maxItems: 50 }),
      source: HttpUrl(),
    },
    { additionalProperties: false },
  ),
]);
export type PackWarningRule = Static<typeof PackWarningRule>;

/** One regulator's requirements for one version: a data file, never code (ADR 0026). */
export const RulePack = Type.Object(
  {
    id: Code("pack id, e.g. nmc-2019"),
    regulator: RegulatorSchema,
    title: Text({ minLength: 1, maxLength: 200 }),
    version: Text({ minLength: 1, maxLength: 40 }),
    /** The pack judges cycles starting on or after this date (until a later version's). */
    effectiveFrom: IsoDate,
    registers: Type.Array(
      Type.Object(
        { code: Code("register code"), title: Text({ minLength: 1, maxLength: 120 }) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 20 },
    ),
    cycle: Type.Object(
      {
        lengthMonths: Int(1, 120),
        /** What the registration's date is: the revalidation date (NMC) or the renewal date. */
        anchor: Type.Union([Type.Literal("revalidation"), Type.Literal("renewal")]),
      },
      { additionalProperties: false },
    ),
    /** Days before the anchor date by which the submission is due (0: on the date). */
    deadlineDaysBefore: Int(0, 365),
    /** The submission window opens this many days before the anchor date, if the regulator has one. */
    windowOpensDaysBefore: Type.Optional(Int(1, 730)),
    /** Themes, standards, outcomes or domains entries and records can be tagged with. */
    themes: Type.Array(Theme, { maxItems: 50 }),
    requirements: Type.Array(Requirement, { minItems: 1, maxItems: 40 }),
    warnings: Type.Array(PackWarningRule, { maxItems: 20 }),
    sources: Type.Array(PackSource, { minItems: 1, maxItems: 30 }),
    /** The record fields a pack's forms ask for, by record kind (labels shown in the SPA). */
    recordFields: Type.Optional(
      Type.Record(
        Type.String({ pattern: "^[a-zA-Z]{1,40}$" }),
        Type.Array(Text({ minLength: 1, maxLength: 200 }), { maxItems: 20 }),
      ),
    ),
  },
  { additionalProperties: false },
);
export type RulePack = Static<typeof RulePack>;

export const REVALIDATION = {
  maxRegistrations: 10,
  maxRegistersPerRegistration: 3,
  maxThemes: 20,
  maxRecordDetails: 20,
  detailMaxLength: 20_000,
  titleMaxLength: 200,
  /** Reminder e-mails, days before a deadline while a requirement is short (REQ-REVAL-REMIND). */
  reminderDays: [180, 90, 30, 7],
  /** Identity documents: days before expiry. */
  documentReminderDays: [30, 7],
  /** The forecast's pace: hours and items of the last this-many days. */
  paceDays: 90,
  recordsPerPage: 50,
} as const;

/** The renewal dates a registration may name: a cycle's dates stay inside what every store holds. */
export const RENEWAL_DATES = { from: "2000-01-01", to: "2099-12-31" } as const;

/** What the revalidation calls answer when they refuse (codes in errors.ts). */
export const REVALIDATION_MESSAGES = {
  unknownRegister: "A register is not one of this regulator's registers",
  ownTargetRequired: "Another body needs your own hours target and cycle length",
  recordNotFound: "No such revalidation record",
  requirementNotFound: "No such registration or requirement",
  renewalDateRange: "The revalidation or renewal date must be in the years 2000 to 2099",
  entryNotFound: "No such CPD diary entry",
  practiceHoursNeeded: "A practice-hours record needs the hours worked",
  endBeforeStart: "The period cannot end before it starts",
  recordDeleted: "Record deleted",
  /** A theme, standard, outcome or domain no rule pack names (the packs' `themes`). */
  themeUnknown: (theme: string) =>
    `"${theme}" is not a theme, standard, outcome or domain of any regulator's rules`,
  /** The member's organisation requires a registration with this regulator (REQ-REVAL-09). */
  registrationRequired: (regulator: Regulator) =>
    `Your organisation requires a registration with the ${REGULATOR_NAMES[regulator]} (${regulator}): add it to your registrations`,
} as const;

/** The warnings the rules give beside a cycle's progress (rules.ts); dates as the product shows them. */
export const REVALIDATION_WARNING_MESSAGES = {
  gap: (from: string, to: string) =>
    `No CPD is recorded between ${ukDate(from)} and ${ukDate(to)}: a gap of this length needs explaining`,
  rollingMinimum: (from: string, to: string, done: number, hours: number) =>
    `Only ${done} of the ${hours} CPD hours required between ${ukDate(from)} and ${ukDate(to)} are recorded`,
  namedThemes: (kind: RecordKind, count: number, values: readonly string[]) =>
    count === 1
      ? `1 ${RECORD_KIND_LABELS[kind][0]} in this cycle names none of: ${values.join("; ")}`
      : `${count} ${RECORD_KIND_LABELS[kind][1]} in this cycle name none of: ${values.join("; ")}`,
} as const;

// --- registrations ---------------------------------------------------------------------------------

export const RegistrationInput = Type.Object(
  {
    /** A registration the caller already holds keeps its id (else matched by regulator and number). */
    id: Type.Optional(Uuid()),
    regulator: RegulatorSchema,
    /** Register codes of the regulator's pack (NMC: nurse and midwife is one registration, two registers). */
    registers: Type.Array(Code("register code"), {
      minItems: 1,
      maxItems: REVALIDATION.maxRegistersPerRegistration,
      uniqueItems: true,
    }),
    registrationNumber: Text({ minLength: 1, maxLength: 32, pattern: "^[A-Za-z0-9][A-Za-z0-9 /-]{0,31}$" }),
    /** The revalidation or renewal date the cycle ends on. */
    renewalDate: IsoDate,
    /** Reminder e-mails before the deadline while a requirement is short. */
    reminders: Type.Optional(Type.Boolean({ default: true })),
    /** The general pack (OTHER): the user's own hours target and cycle length. */
    targetHours: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 10_000 }))),
    cycleMonths: Type.Optional(Nullable(Int(1, 120))),
  },
  { additionalProperties: false },
);
export const Registration = Type.Object({
  id: Uuid(),
  regulator: RegulatorSchema,
  registers: Type.Array(Text()),
  registrationNumber: Text(),
  renewalDate: IsoDate,
  reminders: Type.Boolean(),
  targetHours: Nullable(Type.Number()),
  cycleMonths: Nullable(Type.Integer()),
});
export type Registration = Static<typeof Registration>;

/** Read and replaced whole: the one resource both endpoints name. */
const registrations = {
  path: "/profile/registrations",
  tags,
  auth: true,
  response: Type.Object({ items: Type.Array(Registration) }),
} as const;
export const getRegistrations = endpoint({
  method: "GET",
  ...registrations,
  summary: "The caller's professional registrations (regulator, registers, number, renewal date)",
});
export const putRegistrations = endpoint({
  method: "PUT",
  ...registrations,
  summary:
    "Replace the caller's registrations (at most 10; registers must be the regulator pack's); kept ones keep their ids",
  /** 422: the caller's organisation requires a regulator the registrations leave out. */
  errors: [422],
  body: Type.Object(
    { items: Type.Array(RegistrationInput, { maxItems: REVALIDATION.maxRegistrations }) },
    { additionalProperties: false },
  ),
});

// --- packs -----------------------------------------------------------------------------------------

export const PackSummary = Type.Object({
  id: Text(),
  regulator: RegulatorSchema,
  title: Text(),
  version: Text(),
  effectiveFrom: IsoDate,
  registers: Type.Array(Type.Object({ code: Text(), title: Text() })),
  themes: Type.Array(Text()),
  sources: Type.Array(Type.Object({ title: Text(), url: Text(), published: Type.Optional(IsoDate) })),
});
export const revalidationPacks = endpoint({
  method: "GET",
  path: "/revalidation/packs",
  summary: "The regulators' rule packs the product ships (every version, with its published sources)",
  tags,
  auth: true,
  response: Type.Object({ items: Type.Array(PackSummary) }),
});

// --- progress --------------------------------------------------------------------------------------

export const RequirementProgress = Type.Object({
  id: Text(),
  title: Text(),
  metric: Text(),
  target: Type.Number(),
  done: Type.Number(),
  met: Type.Boolean(),
  /** themesCovered: the values not yet covered. */
  missing: Type.Array(Text()),
  /** The diary entries that count towards it. */
  entryIds: Type.Array(Uuid()),
  /** The revalidation records that count towards it. */
  recordIds: Type.Array(Uuid()),
  /** At the pace of the last 90 days, the date the target is reached (null: met, or no pace). */
  forecast: Nullable(IsoDate),
  source: Text(),
});
export const RevalidationWarning = Type.Object({
  code: Type.Union([Type.Literal("gap"), Type.Literal("rollingMinimum"), Type.Literal("namedThemes")]),
  message: Text(),
});
/** A cycle's status (ADR 0026). */
export const REVALIDATION_STATUSES = ["met", "onTrack", "short", "overdue"] as const;

export const RevalidationProgress = Type.Object({
  registration: Registration,
  pack: Type.Object({ id: Text(), title: Text(), version: Text(), regulator: RegulatorSchema }),
  cycleStart: IsoDate,
  cycleEnd: IsoDate,
  deadline: IsoDate,
  windowOpens: Nullable(IsoDate),
  daysToDeadline: Type.Integer(),
  /** onTrack: every requirement met or forecast met by the deadline; short; overdue: past the deadline and short. */
  status: Type.Union([
    Type.Literal("met"),
    Type.Literal("onTrack"),
    Type.Literal("short"),
    Type.Literal("overdue"),
  ]),
  requirements: Type.Array(RequirementProgress),
  warnings: Type.Array(RevalidationWarning),
});
export type RevalidationProgress = Static<typeof RevalidationProgress>;

export const revalidation = endpoint({
  method: "GET",
  path: "/revalidation",
  summary:
    "For each of the caller's registrations: the pack, the cycle, the deadline and each requirement's progress",
  tags,
  auth: true,
  response: Type.Object({
    items: Type.Array(RevalidationProgress),
    /**
     * The regulator the caller's organisation requires a registration with, when the caller holds
     * none with it (the SPA asks them to add it); null otherwise (REQ-REVAL-09).
     */
    requiredRegistration: Nullable(RequirableRegulatorSchema),
  }),
});

// --- the tags a CPD entry carries for the packs ------------------------------------------------------

export const EntryRevalidation = Type.Object(
  {
    participatory: Type.Boolean(),
    planned: Type.Boolean(),
    verifiable: Type.Boolean(),
    method: Nullable(CpdMethodSchema),
    themes: Type.Array(Theme, { maxItems: REVALIDATION.maxThemes, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type EntryRevalidation = Static<typeof EntryRevalidation>;
const entryRevalidation = {
  path: "/revalidation/entries/:id",
  tags,
  auth: true,
  params: IdParams,
  response: EntryRevalidation,
} as const;
export const getEntryRevalidation = endpoint({
  method: "GET",
  ...entryRevalidation,
  summary: "What a CPD entry counts for the packs (participatory, planned, verifiable, method, themes)",
});
export const putEntryRevalidation = endpoint({
  method: "PUT",
  ...entryRevalidation,
  summary: "Set what a CPD entry counts for the packs",
  body: EntryRevalidation,
});

// --- revalidation records --------------------------------------------------------------------------

export const RevalidationRecordInput = Type.Object(
  {
    kind: RecordKindSchema,
    title: Text({ minLength: 1, maxLength: REVALIDATION.titleMaxLength }),
    date: IsoDate,
    /** Practice hours: the last day of the period. */
    endDate: Type.Optional(Nullable(IsoDate)),
    hours: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 10_000, multipleOf: 0.25 }))),
    /** The form's fields by name (organisation, setting, scope, source, what was said, how it was used, ...). */
    details: Type.Record(
      Type.String({ pattern: "^[a-zA-Z]{1,40}$" }),
      Text({ maxLength: REVALIDATION.detailMaxLength }),
      {
        maxProperties: REVALIDATION.maxRecordDetails,
      },
    ),
    themes: Type.Array(Theme, { maxItems: REVALIDATION.maxThemes, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export const RevalidationRecord = Type.Object({
  id: Uuid(),
  kind: RecordKindSchema,
  title: Text(),
  date: IsoDate,
  endDate: Nullable(IsoDate),
  hours: Nullable(Type.Number()),
  details: Type.Record(Type.String(), Text()),
  themes: Type.Array(Text()),
  updatedAt: Text(),
});
export type RevalidationRecord = Static<typeof RevalidationRecord>;

export const revalidationRecords = endpoint({
  method: "GET",
  path: "/revalidation/records",
  summary: "The caller's revalidation records, newest first, optionally of one kind",
  tags,
  auth: true,
  query: Type.Object(
    { kind: Type.Optional(RecordKindSchema), ...pageQuery(REVALIDATION.recordsPerPage) },
    { additionalProperties: false },
  ),
  response: Paged(RevalidationRecord),
});
export const createRevalidationRecord = endpoint({
  method: "POST",
  path: "/revalidation/records",
  summary:
    "Add a practice-hours, feedback, reflective account, discussion, declaration or confirmation record",
  tags,
  auth: true,
  status: 201,
  body: RevalidationRecordInput,
  response: RevalidationRecord,
});
export const updateRevalidationRecord = endpoint({
  method: "PUT",
  path: "/revalidation/records/:id",
  summary: "Replace one of the caller's revalidation records",
  tags,
  auth: true,
  params: IdParams,
  body: RevalidationRecordInput,
  response: RevalidationRecord,
});
export const deleteRevalidationRecord = endpoint({
  method: "DELETE",
  path: "/revalidation/records/:id",
  summary: "Delete one of the caller's revalidation records",
  tags,
  auth: true,
  params: IdParams,
  response: Type.Object({ message: Type.String() }),
});
