// Third-party attestations of revalidation (REQ-ATTEST-01..08, ADR 0028): a professional asks a
// person without an account (a reflective-discussion partner, a confirmer, a peer) to vouch for
// named records. The attester proves it is them with a one-time code, as a supervision reviewee
// does, and gets a guest token for that one attestation (`ag_`, never accepted anywhere else).
import { type Static, Type } from "@sinclair/typebox";
import { endpoint, IsoDate, IsoDateTime, Message, Nullable, Paged } from "./endpoint.js";
import { Email, IdParams, pageQuery, Text, Uuid } from "./primitives.js";
import { type Regulator, RevalidationRecord } from "./revalidation.js";
import { guestCodeAnswer } from "./supervision.js";
import { SUPERVISION } from "./supervision-model.js";

const tags = ["attestations"];

/** The kinds of attestation the packs ask for, each tied to one regulator. */
export const ATTESTATION_KINDS = [
  "nmcReflectiveDiscussion",
  "nmcConfirmation",
  "gphcPeerDiscussion",
  "gocPeerReview",
  "goscPeerReview",
] as const;
export type AttestationKind = (typeof ATTESTATION_KINDS)[number];
export const AttestationKindSchema = Type.Union(ATTESTATION_KINDS.map((k) => Type.Literal(k)));

export const ATTESTATION_KIND_INFO: Record<AttestationKind, { regulator: Regulator; label: string }> = {
  nmcReflectiveDiscussion: { regulator: "NMC", label: "NMC reflective discussion" },
  nmcConfirmation: { regulator: "NMC", label: "NMC confirmation" },
  gphcPeerDiscussion: { regulator: "GPhC", label: "GPhC peer discussion" },
  gocPeerReview: { regulator: "GOC", label: "GOC peer review" },
  goscPeerReview: { regulator: "GOsC", label: "GOsC peer review" },
};

/** What a confirmer signs to (the NMC's confirmation form); other kinds have none. */
export const CONFIRMATION_STATEMENT =
  "I confirm that I have seen and discussed the evidence of the revalidation requirements listed, " +
  "and that I am satisfied they have been met.";

export const ATTESTATION_STATES = ["sent", "opened", "signed", "declined", "expired", "withdrawn"] as const;
export type AttestationState = (typeof ATTESTATION_STATES)[number];
export const AttestationStateSchema = Type.Union(ATTESTATION_STATES.map((s) => Type.Literal(s)));

export const ATTESTATION = {
  /** A request lasts this many days from its creation (then "expired"). */
  expiryDays: 30,
  /** A reminder at most once per this many hours. */
  reminderHours: 24,
  /** The 2FA code, as supervision's (REQ-SUP-03). */
  codeLength: 6,
  codeMinutes: 10,
  resendSeconds: 30,
  maxWrongCodes: 5,
  maxRecords: 20,
  nameMax: 200,
  mobileMax: 30,
  registrationNumberMax: 32,
  regulatorMax: 100,
  addressMax: 500,
  postcodeMax: 10,
  reasonMax: 2000,
  statementMax: 2000,
  perPage: 50,
  signatureMaxChars: SUPERVISION.signatureMaxChars,
} as const;

export const ATTESTATION_MESSAGES = {
  created: "Request sent: the attester has been e-mailed a link",
  withdrawn: "Request withdrawn: its link no longer works",
  reminded: "Reminder sent",
  remindTooSoon: "A reminder was sent in the last 24 hours: you can send another one tomorrow",
  notFound: "Attestation not found",
  linkInvalid: "This link is not valid. Please ask for a new one.",
  linkExpired: "This request has expired. Please ask the professional to send a new one.",
  locked: "Too many wrong codes: this link is locked. Please ask the professional to send a new one.",
  codeSent: "A code has been sent",
  codeWrong: "The code is not right. Please check it and try again.",
  codeExpired: "The code has expired. Please ask for a new one.",
  codeWait: "Please wait before asking for another code",
  authenticated: "Code accepted",
  noRecords: "Choose at least one record for the attestation to cover",
  recordNotFound: "A chosen record is not one of your revalidation records or diary entries",
  registrationNotFound: "No such registration",
  kindRegulator: "This kind of attestation is not one your registration's regulator asks for",
  mobileInvalid: "Please enter a UK mobile number (07…), or leave it empty",
  nameRequired: "The attester's name is required",
  notOpen: "This request is no longer open",
  alreadySigned: "This request has already been signed",
  alreadyClosed: "This request has been signed, declined, withdrawn or has expired",
  statementRequired: "Please confirm the statement exactly as shown",
  statementNotAsked: "This kind of attestation has no statement to confirm",
  dateInFuture: "The date cannot be in the future",
  signatureRequired: "Please draw your signature",
  signatureInvalid: "The signature must be a PNG drawn on the signature pad",
  signed: "Thank you: your attestation is signed",
  declined: "You have declined this request",
  reasonRequired: "Please give a reason",
  verifyMatches: "This hash matches the signed attestation",
  verifyDiffers: "This hash does not match the signed attestation",
  verifyUnsigned: "This attestation has not been signed",
} as const;

/** Guest tokens of an attestation: `ag_` and 43 URL-safe characters (never a supervision `sg_` one). */
export const AttestationToken = Text({ minLength: 10, maxLength: 100, pattern: "^ag_[A-Za-z0-9_-]+$" });

const RecordIds = Type.Array(Uuid(), { maxItems: ATTESTATION.maxRecords, uniqueItems: true });

export const AttesterInput = Type.Object(
  {
    name: Text({ minLength: 1, maxLength: ATTESTATION.nameMax }),
    email: Email(),
    /** A UK mobile: the code also goes by SMS. */
    mobile: Type.Optional(Nullable(Text({ maxLength: ATTESTATION.mobileMax }))),
  },
  { additionalProperties: false },
);

/** What the attester fills in (the regulator's form) when signing. */
export const SignerDetails = Type.Object(
  {
    name: Text({ minLength: 1, maxLength: ATTESTATION.nameMax }),
    /** NMC PIN or another registration number. */
    registrationNumber: Text({ minLength: 1, maxLength: ATTESTATION.registrationNumberMax }),
    /** The body they are registered with (NMC, GMC, HCPC, ...). */
    regulator: Text({ minLength: 1, maxLength: ATTESTATION.regulatorMax }),
    email: Email(),
    address: Text({ minLength: 1, maxLength: ATTESTATION.addressMax }),
    postcode: Text({ minLength: 2, maxLength: ATTESTATION.postcodeMax, pattern: "^[A-Za-z0-9 ]+$" }),
    date: IsoDate,
    /** For a confirmer: the statement confirmed (CONFIRMATION_STATEMENT); null or absent otherwise. */
    statement: Type.Optional(Nullable(Text({ maxLength: ATTESTATION.statementMax }))),
  },
  { additionalProperties: false },
);
export type SignerDetails = Static<typeof SignerDetails>;

export const Attestation = Type.Object({
  id: Uuid(),
  kind: AttestationKindSchema,
  registrationId: Uuid(),
  state: AttestationStateSchema,
  attester: Type.Object({ name: Text(), email: Text(), mobile: Nullable(Text()) }),
  recordIds: Type.Array(Uuid()),
  entryIds: Type.Array(Uuid()),
  createdAt: IsoDateTime,
  expiresAt: IsoDateTime,
  openedAt: Nullable(IsoDateTime),
  signedAt: Nullable(IsoDateTime),
  declinedAt: Nullable(IsoDateTime),
  declineReason: Nullable(Text()),
  withdrawnAt: Nullable(IsoDateTime),
  lastReminderAt: Nullable(IsoDateTime),
  /** The SHA-256 the signature covers (printed on the pack; GET /verify/attestation/{id}?hash=). */
  signedHash: Nullable(Text()),
  /** A covered record has changed since it was signed (computed when read). */
  recordChangedSinceSigning: Type.Boolean(),
  signer: Nullable(SignerDetails),
});
export type Attestation = Static<typeof Attestation>;

export const createAttestation = endpoint({
  method: "POST",
  path: "/revalidation/attestations",
  summary:
    "Ask a person to attest (reflective discussion, confirmation, peer discussion or review); they are e-mailed a link",
  tags,
  auth: true,
  status: 201,
  errors: [409],
  body: Type.Object(
    {
      kind: AttestationKindSchema,
      registrationId: Uuid(),
      attester: AttesterInput,
      /** The caller's revalidation records it covers. */
      recordIds: RecordIds,
      /** The caller's CPD diary entries it covers. */
      entryIds: RecordIds,
    },
    { additionalProperties: false },
  ),
  response: Attestation,
});

export const listAttestations = endpoint({
  method: "GET",
  path: "/revalidation/attestations",
  summary: "The caller's attestation requests, newest first, with their states",
  tags,
  auth: true,
  query: Type.Object(
    { registrationId: Type.Optional(Uuid()), ...pageQuery(ATTESTATION.perPage) },
    { additionalProperties: false },
  ),
  response: Paged(Attestation),
});

const Changed = Type.Composite([Message, Type.Object({ attestation: Attestation })]);

export const withdrawAttestation = endpoint({
  method: "POST",
  path: "/revalidation/attestations/:id/withdraw",
  summary: "Withdraw an unsigned request: its link and guest sessions stop working",
  tags,
  auth: true,
  errors: [409],
  params: IdParams,
  response: Changed,
});

export const remindAttestation = endpoint({
  method: "POST",
  path: "/revalidation/attestations/:id/remind",
  summary: "E-mail the attester a reminder (an open request, at most once a day)",
  tags,
  auth: true,
  errors: [409, 429],
  params: IdParams,
  response: Changed,
});

// --- the attester's calls (no account) ------------------------------------------------------------

export const attestationLink = endpoint({
  method: "GET",
  path: "/attestation/:id/link",
  summary:
    "What an attestation link is for, before the code: who asks, the kind, where the code goes (masked)",
  tags,
  auth: false,
  errors: [403, 409, 410],
  params: IdParams,
  response: Type.Object({
    professionalName: Text(),
    kind: AttestationKindSchema,
    maskedEmail: Text(),
    maskedMobile: Nullable(Text({ description: "Set when the code is also sent by SMS" })),
    expiresAt: IsoDateTime,
  }),
});

export const attestationCode = endpoint({
  method: "POST",
  path: "/attestation/:id/code",
  summary:
    "The attester's code: null sends one (e-mail, and SMS to a mobile); the right code gives a guest token",
  tags,
  auth: false,
  errors: [403, 409, 410, 429],
  params: IdParams,
  body: Type.Object({ code: Nullable(Text({ maxLength: 20 })) }, { additionalProperties: false }),
  response: guestCodeAnswer(AttestationToken),
});

/** A CPD diary entry as the attester sees it. */
export const AttestedEntry = Type.Object({
  id: Uuid(),
  title: Text(),
  date: Nullable(IsoDate),
  hours: Nullable(Type.Number()),
  category: Nullable(Text()),
  activityType: Nullable(Text()),
  description: Nullable(Text()),
});

const guestCall = { tags, auth: false, attester: true, errors: [401, 409, 410] } as const;

export const attestationView = endpoint({
  method: "GET",
  path: "/attestation/:id",
  summary: "The attestation for its attester (guest token): exactly the covered records, read-only",
  ...guestCall,
  params: IdParams,
  response: Type.Object({
    id: Uuid(),
    kind: AttestationKindSchema,
    state: AttestationStateSchema,
    professionalName: Text(),
    regulator: Text(),
    registrationNumber: Text(),
    attesterName: Text(),
    /** The statement a confirmer confirms; null for other kinds. */
    statement: Nullable(Text()),
    expiresAt: IsoDateTime,
    records: Type.Array(RevalidationRecord),
    entries: Type.Array(AttestedEntry),
  }),
});

export const signAttestation = endpoint({
  method: "POST",
  path: "/attestation/:id/sign",
  summary: "Sign the attestation with the attester's details and a drawn signature (guest token)",
  ...guestCall,
  params: IdParams,
  body: Type.Object(
    {
      details: SignerDetails,
      signature: Text({
        maxLength: ATTESTATION.signatureMaxChars,
        description: "A PNG drawn on the signature pad, as a data URL",
      }),
    },
    { additionalProperties: false },
  ),
  response: Type.Composite([Message, Type.Object({ hash: Text(), signedAt: IsoDateTime })]),
});

export const declineAttestation = endpoint({
  method: "POST",
  path: "/attestation/:id/decline",
  summary: "Decline the attestation, with a reason the professional reads (guest token)",
  ...guestCall,
  params: IdParams,
  body: Type.Object(
    { reason: Text({ minLength: 1, maxLength: ATTESTATION.reasonMax }) },
    { additionalProperties: false },
  ),
  response: Message,
});

export const verifyAttestation = endpoint({
  method: "GET",
  path: "/verify/attestation/:id",
  summary: "Whether a hash printed for an attestation is the one its signature covers",
  tags,
  auth: false,
  params: IdParams,
  query: Type.Object({ hash: Text({ pattern: "^[0-9a-fA-F]{64}$", maxLength: 64 }) }),
  response: Type.Object({
    matches: Type.Boolean(),
    signed: Type.Boolean(),
    kind: AttestationKindSchema,
    signedAt: Nullable(IsoDateTime),
    /** A covered record now hashes differently from what was signed. */
    recordChangedSinceSigning: Type.Boolean(),
    message: Text(),
  }),
});
