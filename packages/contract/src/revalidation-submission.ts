// The revalidation submission pack (REQ-SUBMIT-01..06): for one registration's pack and current
// cycle, the worker prints a PDF in the regulator's order and prepares copy-ready text for each
// field of the regulator's online form, with the regulator's limits. The labels of the forms and
// their limits are data here, read by the server (PDF, limits) and the SPA (copy buttons).
import { type Static, Type } from "@sinclair/typebox";
import { endpoint, IsoDate, IsoDateTime, Nullable } from "./endpoint.js";
import { countWords, HCPC } from "./hcpc-portal.js";
import { Int, Text, Uuid } from "./primitives.js";
import { type RecordKind, type Regulator, RegulatorSchema } from "./revalidation.js";

const tags = ["revalidation"];

export const SUBMISSION = {
  /** How long a download link works, and how long a made pack is kept. */
  linkMinutes: 10,
  retentionHours: 24,
  pollMs: 2_000,
  /**
   * A pack still Pending or Processing after this long was lost (its job gone with a flushed
   * Redis, or failed without saying so): a new request stops it and makes a new one. A pack of a
   * whole cycle takes seconds (scripts/bench/submission).
   */
  staleMinutes: 15,
} as const;

/** Expired: the file was deleted after `retentionHours` (the row stays, so a late link says so). */
export const SUBMISSION_STATES = ["Pending", "Processing", "Completed", "Failed", "Expired"] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

export const SUBMISSION_MESSAGES = {
  notFound: "No such submission",
  registrationNotFound: "No such registration",
  failed: "The submission pack could not be made. Please try again, or contact support if it keeps failing.",
  unavailable: "Submission packs cannot be made just now. Please try again in a moment.",
  /** The reason given on a pack stopped because it was lost (`staleMinutes`). */
  stale: "The pack took too long and was stopped. A new one was started.",
  expired: `Packs are kept for ${SUBMISSION.retentionHours} hours. Build it again to download it.`,
  /** Printed on the first page until the patient-identifier check exists. */
  confidentiality:
    "Confidentiality: nothing in these records may identify a patient, service user or colleague " +
    "(no names, dates of birth, addresses, hospital or NHS numbers). Check every record before you submit it.",
  notYetSigned: "Not yet signed",
  noRecords: "Nothing recorded yet",
  unmetHeading: "Requirements not yet met",
  allMet: "Every requirement of this cycle is met.",
  /** The pack is refused while what it would print holds a patient identifier (REQ-IDENT-01). */
  identifiersFound: (places: readonly string[]) =>
    `The pack was not made: what it would print looks like it identifies a patient (${places.join("; ")}). ` +
    "Remove the identifier from these records and make the pack again.",
} as const;

/** A field of a regulator's form, with the detail key the record stores it under (a key of RECORD_FIELDS). */
export interface FormField {
  key: string;
  label: string;
}

/**
 * The fields of each record kind's form as the regulator prints them, per regulator; a record's
 * other details are printed after these under their own names, so nothing stored is dropped.
 */
export const SUBMISSION_RECORD_FIELDS: Partial<
  Record<Regulator, Partial<Record<RecordKind, readonly FormField[]>>>
> = {
  NMC: {
    practiceHours: [
      { key: "organisation", label: "Name, address and postcode of the organisation" },
      { key: "scope", label: "Scope of practice" },
      { key: "setting", label: "Work setting" },
      { key: "description", label: "Brief description of your work" },
    ],
    feedback: [
      { key: "source", label: "Where did the feedback come from?" },
      { key: "said", label: "What did the feedback say?" },
      { key: "used", label: "How did you use it to improve your practice?" },
    ],
    // The NMC reflective accounts form's four prompts.
    reflectiveAccount: [
      {
        key: "nature",
        label:
          "What was the nature of the CPD activity and/or practice-related feedback and/or event or experience in your practice?",
      },
      {
        key: "learned",
        label:
          "What did you learn from the CPD activity and/or feedback and/or event or experience in your practice?",
      },
      { key: "changed", label: "How did you change or improve your practice as a result?" },
      { key: "codeRelevance", label: "How is this relevant to the Code?" },
    ],
    reflectiveDiscussion: [
      { key: "withName", label: "NMC registrant's name" },
      { key: "withNumber", label: "NMC Pin" },
      { key: "withEmail", label: "Email address" },
      { key: "withAddress", label: "Professional address including postcode" },
    ],
    confirmation: [
      { key: "confirmerName", label: "Name" },
      {
        key: "confirmerRegistration",
        label: "NMC Pin or other professional registration number and regulator",
      },
      { key: "confirmerEmail", label: "Email address" },
      { key: "confirmerAddress", label: "Professional address including postcode" },
      { key: "statement", label: "What the confirmer confirms" },
    ],
  },
  GPhC: {
    peerDiscussion: [
      { key: "peerRole", label: "Your peer's role" },
      { key: "discussed", label: "What you discussed" },
      { key: "changed", label: "What you changed or will change" },
      { key: "benefit", label: "How it benefits the people using your services" },
    ],
    reflectiveAccount: [
      { key: "areaOfWork", label: "Your area of work" },
      { key: "serviceUsers", label: "The people who use your services" },
      { key: "standards", label: "The standards you reflect on" },
      { key: "example", label: "A real example from your practice" },
    ],
  },
};

/** How a limit counts: characters (code points) or words (as HCPC counts them). */
export const LIMIT_UNITS = ["characters", "words"] as const;
export type LimitUnit = (typeof LIMIT_UNITS)[number];

export interface OnlineFormField {
  key: string;
  label: string;
  limit: number;
  unit: LimitUnit;
  /** One copy field per record of this kind (its title names it); absent: one for the cycle. */
  perRecord?: RecordKind;
}

/**
 * The regulator's online form: what the professional types into it, and the form's limits. Text
 * over a limit is flagged (overLimit), never cut: the professional decides what to shorten. NMC
 * Online takes no evidence, only confirmations and the partner's and confirmer's details, and the
 * NMC publishes no field limits: its limits here are our caps, sized for names, PINs and addresses.
 */
export const ONLINE_FORMS: Partial<Record<Regulator, { name: string; fields: readonly OnlineFormField[] }>> =
  {
    NMC: {
      name: "NMC Online (MyNMC)",
      fields: [
        {
          key: "practiceHours",
          label: "Practice hours in the last three years",
          limit: 6,
          unit: "characters",
        },
        { key: "cpdHours", label: "CPD hours", limit: 6, unit: "characters" },
        { key: "participatoryHours", label: "Participatory CPD hours", limit: 6, unit: "characters" },
        {
          key: "withName",
          label: "Reflective discussion: NMC registrant's name",
          limit: 100,
          unit: "characters",
          perRecord: "reflectiveDiscussion",
        },
        {
          key: "withNumber",
          label: "Reflective discussion: NMC Pin",
          limit: 8,
          unit: "characters",
          perRecord: "reflectiveDiscussion",
        },
        {
          key: "confirmerName",
          label: "Confirmer's name",
          limit: 100,
          unit: "characters",
          perRecord: "confirmation",
        },
        {
          key: "confirmerRegistration",
          label: "Confirmer's NMC Pin or other registration number",
          limit: 30,
          unit: "characters",
          perRecord: "confirmation",
        },
        {
          key: "confirmerEmail",
          label: "Confirmer's email address",
          limit: 254,
          unit: "characters",
          perRecord: "confirmation",
        },
        {
          key: "confirmerAddress",
          label: "Confirmer's professional address and postcode",
          limit: 300,
          unit: "characters",
          perRecord: "confirmation",
        },
      ],
    },
    GPhC: {
      name: "myGPhC",
      fields: [
        {
          key: "peerRole",
          label: "Peer discussion: your peer's role",
          limit: 1_000,
          unit: "characters",
          perRecord: "peerDiscussion",
        },
        {
          key: "discussed",
          label: "Peer discussion: what you discussed",
          limit: 1_000,
          unit: "characters",
          perRecord: "peerDiscussion",
        },
        {
          key: "changed",
          label: "Peer discussion: what you changed",
          limit: 1_000,
          unit: "characters",
          perRecord: "peerDiscussion",
        },
        {
          key: "benefit",
          label: "Peer discussion: the benefit to the people using your services",
          limit: 1_000,
          unit: "characters",
          perRecord: "peerDiscussion",
        },
        {
          key: "areaOfWork",
          label: "Reflective account: your area of work",
          limit: 1_000,
          unit: "characters",
          perRecord: "reflectiveAccount",
        },
        {
          key: "serviceUsers",
          label: "Reflective account: the people who use your services",
          limit: 1_000,
          unit: "characters",
          perRecord: "reflectiveAccount",
        },
        {
          key: "example",
          label: "Reflective account: a real example from your practice",
          limit: 3_000,
          unit: "characters",
          perRecord: "reflectiveAccount",
        },
      ],
    },
    HCPC: {
      name: "HCPC CPD Online",
      fields: [
        { key: "summary", label: "Summary of practice history", limit: HCPC.summaryWords, unit: "words" },
        {
          key: "statement",
          label: "Statement of how you have met our standards",
          limit: HCPC.statementWords,
          unit: "words",
        },
      ],
    },
  };

/** The length of a text as a form counts it. */
export const lengthIn = (text: string, unit: LimitUnit) =>
  unit === "words" ? countWords(text) : Array.from(text).length;

export const CopyField = Type.Object({
  key: Text(),
  label: Text(),
  /** The record the field is about (its title), when the form asks it once per record. */
  group: Nullable(Text()),
  /** The whole text, never cut. */
  text: Text(),
  limit: Type.Integer(),
  unit: Type.Union(LIMIT_UNITS.map((u) => Type.Literal(u))),
  /** The text's length in `unit`. */
  length: Type.Integer(),
  overLimit: Type.Boolean(),
});
export type CopyField = Static<typeof CopyField>;

export const UnmetRequirement = Type.Object({
  id: Text(),
  title: Text(),
  target: Type.Number(),
  done: Type.Number(),
  /** themesCovered: the values not yet covered. */
  missing: Type.Array(Text()),
});

export const SubmissionStatus = Type.Object({
  id: Uuid(),
  registrationId: Uuid(),
  regulator: RegulatorSchema,
  packId: Text(),
  cycleStart: IsoDate,
  cycleEnd: IsoDate,
  state: Type.Union(SUBMISSION_STATES.map((s) => Type.Literal(s))),
  /** A link to the PDF that works for a few minutes, once Completed. */
  downloadLink: Nullable(Text()),
  reason: Nullable(Text()),
  pages: Nullable(Type.Integer()),
  /** What the pack's first page lists as not met (Completed only; empty before). */
  unmet: Type.Array(UnmetRequirement),
  /** The regulator's online form and the text for each field (Completed only; null: no online form). */
  onlineForm: Nullable(Type.Object({ name: Text(), fields: Type.Array(CopyField) })),
  createdAt: IsoDateTime,
  completedAt: Nullable(IsoDateTime),
});
export type SubmissionStatus = Static<typeof SubmissionStatus>;

export const requestSubmission = endpoint({
  method: "POST",
  path: "/revalidation/:registrationId/submission",
  summary:
    "Make the submission pack (PDF and the online form's text) for one of the caller's registrations, for its " +
    "current cycle, in the worker; while one is Pending or Processing for that registration, that one is answered",
  tags,
  auth: true,
  status: 202,
  params: Type.Object({ registrationId: Uuid({ description: "The registration's id (UUID)" }) }),
  response: Type.Object({ id: Uuid(), state: Type.Union(SUBMISSION_STATES.map((s) => Type.Literal(s))) }),
});

export const submissionStatus = endpoint({
  method: "GET",
  path: "/revalidation/submission/:id",
  summary:
    "A submission pack's state; once Completed, a short-lived PDF link, the unmet requirements and the online form's text",
  tags,
  auth: true,
  params: Type.Object({ id: Uuid({ description: "The submission's id (UUID)" }) }),
  response: SubmissionStatus,
});

export const submissionFile = endpoint({
  method: "GET",
  path: "/revalidation/submission/:id/file",
  errors: [410],
  summary: "The submission pack's PDF, through the signed link the state call gives (valid for minutes)",
  tags,
  auth: false,
  params: Type.Object({ id: Uuid({ description: "The submission's id (UUID)" }) }),
  query: Type.Object(
    {
      expires: Int(0, 99_999_999_999),
      signature: Text({ pattern: "^[A-Za-z0-9_-]{43}$" }),
    },
    { additionalProperties: false },
  ),
  response: Type.String({ description: "application/pdf" }),
  binary: true,
  produces: ["application/pdf"],
});
