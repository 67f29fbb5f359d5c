// Supervision records shared with an external reviewee (REQ-SUP-01..05): the
// reviewee, topics, comments and signatures as the form shows them, the limits
// and messages, and the sign-off rules. The server enforces these rules and the
// SPA shows them from the same functions.
import { Type } from "@sinclair/typebox";
import { IsoDateTime, Nullable } from "./endpoint.js";
import { Text } from "./primitives.js";

export const SUPERVISION_SIDES = ["Supervisor", "Supervisee"] as const;
export type SupervisionSide = (typeof SUPERVISION_SIDES)[number];
export const SupervisionSideSchema = Type.Union(SUPERVISION_SIDES.map((s) => Type.Literal(s)));
export const otherSide = (side: SupervisionSide): SupervisionSide =>
  side === "Supervisor" ? "Supervisee" : "Supervisor";

export const SUPERVISION = {
  /** Share expiry options, in days (REQ-SUP-02). */
  expiryDays: [1, 7, 14, 30] as readonly number[],
  /** The 2FA code: digits, lifetime, resend cooldown, wrong codes before the share locks. */
  codeLength: 6,
  codeMinutes: 10,
  resendSeconds: 30,
  maxWrongCodes: 5,
  maxTopics: 20,
  topicTitleMax: 200,
  topicActionsMax: 2000,
  commentMax: 2000,
  nameMax: 200,
  numberMax: 30,
  /** The signature pad (REQ-SUP-05) and the largest drawn signature accepted, in bytes of PNG. */
  pad: { width: 734, height: 178 },
  signatureMaxBytes: 200_000,
  /** A data URL of that size in base64, with its prefix. */
  signatureMaxChars: 270_000,
} as const;

export const SUPERVISION_MESSAGES = {
  nameRequired: "The reviewee's name is required",
  emailRequired: "The reviewee's email address is required",
  emailInvalid: "Please enter a valid email address for the reviewee",
  numberRequired: "The reviewee's phone number is required",
  numberInvalid: "Please enter a valid phone number for the reviewee",
  expiryRequired: "Please choose when the link expires: 1, 7, 14 or 30 days",
  topicTitleRequired: "Every topic needs a title",
  tooManyTopics: "A supervision record has at most 20 topics",
  topicsOwnerOnly: "Only the record's owner can change its topics",
  topicAdded: "Topic added",
  topicSaved: "Topic saved",
  topicRemoved: "Topic removed",
  profileSignatureSaved: "Your signature has been saved",
  profileSignatureDeleted: "Your saved signature has been deleted",
  roleRequired: "Choose your role (Supervisor or Supervisee) and save the record before sharing it",
  typeMismatch: "The reviewee must take the other role: you are the {role}",
  notSupervision: "Only supervision records can be shared with a reviewee",
  alreadyShared: "This supervision record is already shared. Reset sharing to share it again.",
  notShared: "This supervision record is not shared",
  shared: "Shared Successfully",
  reset: "Sharing has been reset. Earlier links no longer work.",
  completedLocked: "This supervision has been completed and can no longer be edited",
  signedLocked: "This supervision has been signed; it can no longer be edited. Reset sharing to change it.",
  codeSent: "We have sent you a 6-digit code. It is valid for 10 minutes.",
  codeWait: "Please wait before asking for another code.",
  codeExpired: "Authentication code expired.",
  codeWrong: "That code is not right. Check the latest code we sent and try again.",
  locked: "Too many wrong codes. Ask the person who shared this record to reset sharing and share it again.",
  linkInvalid: "This review link is no longer valid. Ask the person who shared it to share it again.",
  linkExpired: "This review link has expired. Ask the person who shared it to share it again.",
  authenticated: "You can now review the supervision record.",
  commentBlank: "Please enter a comment",
  topicNotFound: "This topic is not part of the supervision record",
  reviewerOnly: "Only the Supervisor can mark topics as completed",
  signatureRequired: "Please draw your signature or use your saved signature",
  signatureInvalid: "The signature must be a PNG image drawn on the signature pad",
  noGlobalSignature: "You have no saved signature. Please draw your signature.",
  globalForGuests: "Please draw your signature",
  guestReadOnly: "The record's fields are read-only for the reviewee",
  notSaved: "Save the record before signing off",
  alreadySigned: "You have already signed this supervision",
  waitSupervisor: "Waiting for the Supervisor to sign off.",
  waitSupervisee: "Waiting for the Supervisee to sign off.",
  signed: "Signed off. The other side has been told.",
  completed: "The supervision is complete. Both sides have signed.",
  verifyMatches: "This document matches the signed supervision record.",
  verifyDiffers: "This document does not match the signed supervision record.",
  verifyUnsigned: "This supervision record has not been signed.",
} as const;

/** '1' or '0', as the Completed flags are sent (REQ-SUP-01). */
export const Flag = Type.Union([Type.Literal("1"), Type.Literal("0")]);

export const SupervisionComment = Type.Object({
  Id: Text(),
  Comment: Text(),
  CommentBy: Text(),
  CommentDate: IsoDateTime,
  SupervisionId: Text(),
  TopicId: Text(),
  /** Written by the external reviewee (else by the record's owner). */
  ByReviewee: Type.Boolean(),
});

export const SupervisionTopic = Type.Object({
  TopicId: Text(),
  TopicTitle: Text(),
  TopicActions: Text(),
  Completed: Flag,
  Comments: Type.Array(SupervisionComment),
});

/** What a signature attests: who, when, and the SHA-256 of the record they signed. */
export const SignatureRecord = Type.Object({
  side: SupervisionSideSchema,
  signerName: Text(),
  signedAt: IsoDateTime,
  contentHash: Text({ description: "SHA-256 (hex) of the canonical record version signed" }),
  byReviewee: Type.Boolean(),
});

export const SUPERVISION_STATUSES = ["shared", "expired", "locked", "completed"] as const;
export type SupervisionStatus = (typeof SUPERVISION_STATUSES)[number];

export const Reviewee = Type.Object({
  /** The share's id: the guest link is /review/supervision/{Id}. */
  Id: Text(),
  RevieweeType: SupervisionSideSchema,
  RevieweeName: Text(),
  RevieweeEmail: Text(),
  RevieweeNumber: Text(),
  ExpiresAt: IsoDateTime,
  /** The owner's signature, and the reviewee's. */
  Signature: Nullable(SignatureRecord),
  RevieweeSignature: Nullable(SignatureRecord),
  Completed: Flag,
  Status: Type.Union(SUPERVISION_STATUSES.map((s) => Type.Literal(s))),
  Topics: Type.Array(SupervisionTopic),
});

export interface SignOffInput {
  /** The entry exists (saved at least once). */
  saved: boolean;
  viewerSide: SupervisionSide;
  /** Sides that have signed in the current share. */
  signed: readonly SupervisionSide[];
  status: SupervisionStatus | null;
}

export interface SignOffState {
  canSign: boolean;
  /** The waiting message to show, if any. */
  waiting: string | null;
  /** Topics can be ticked (the Supervisor side, before anyone signs). */
  canToggleTopics: boolean;
  /** Comments can be added (either side, before anyone signs). */
  canComment: boolean;
}

/**
 * REQ-SUP-05: the Supervisor signs first, then the Supervisee, which completes the
 * session. The first signature freezes the record (what was signed cannot change
 * under it); a reset of sharing voids an unfinished signing.
 */
export function signOffState({ saved, viewerSide, signed, status }: SignOffInput): SignOffState {
  const active = status === "shared" || status === "locked";
  const open = active && signed.length === 0;
  const base = { canToggleTopics: open && viewerSide === "Supervisor", canComment: open };
  if (!saved || !active) return { ...base, canSign: false, waiting: null };
  const supervisorSigned = signed.includes("Supervisor");
  if (viewerSide === "Supervisor") {
    return supervisorSigned
      ? { ...base, canSign: false, waiting: SUPERVISION_MESSAGES.waitSupervisee }
      : { ...base, canSign: true, waiting: null };
  }
  return supervisorSigned
    ? { ...base, canSign: !signed.includes("Supervisee"), waiting: null }
    : { ...base, canSign: false, waiting: SUPERVISION_MESSAGES.waitSupervisor };
}

/** A UK mobile number in E.164 (+447…), or null: SMS codes go only to mobiles. */
export function ukMobile(number: string): string | null {
  const digits = number.replace(/[\s()-]/g, "");
  const m = /^(?:\+44|0044|0)(7\d{9})$/.exec(digits);
  return m ? `+44${m[1]}` : null;
}

/** A phone number as the share form takes it: digits with spaces, brackets, dashes and a leading +. */
export function validPhoneNumber(number: string): boolean {
  if (!/^\+?[\d\s()-]+$/.test(number)) return false;
  const digits = number.replace(/\D/g, "");
  return digits.length >= 7 && digits.length <= 15;
}
