// Pure rules of the attestation screens (ADR 0028): the states in words, which kinds a
// registration's regulator asks for, what the professional may do with a request, and the checks
// of the request and signing forms (the contract's limits and messages, which the server answers
// with too).
import {
  ATTESTATION,
  ATTESTATION_KIND_INFO,
  ATTESTATION_KINDS,
  ATTESTATION_MESSAGES,
  type Attestation,
  type AttestationKind,
  type AttestationState,
  Email,
  RECORD_FIELDS,
  RECORD_KIND_LABELS,
  type RecordKind,
  type Regulator,
  type SignerDetails,
  SUBMISSION_RECORD_FIELDS,
  ukMobile,
} from "@cpd/contract";
import { ApiError } from "../../lib/api-error";

export const STATE_TEXT: Record<AttestationState, string> = {
  sent: "Sent",
  opened: "Opened",
  signed: "Signed",
  declined: "Declined",
  expired: "Expired",
  withdrawn: "Withdrawn",
};

/** White text on these keeps at least 4.5:1; the state is also written, never colour alone. */
export const STATE_COLOURS: Record<AttestationState, string> = {
  sent: "#1c5f8c",
  opened: "#1c5f8c",
  signed: "#1e6b30",
  declined: "#a51d1d",
  expired: "#5c5f66",
  withdrawn: "#5c5f66",
};
export const CHANGED_TEXT = "Record changed since signing";
export const CHANGED_COLOUR = "#9c3d00";

/** The kinds of attestation a registration's regulator asks for (none: no section). */
export const kindsFor = (regulator: Regulator): AttestationKind[] =>
  ATTESTATION_KINDS.filter((k) => ATTESTATION_KIND_INFO[k].regulator === regulator);

/** Still waiting for the attester: it can be withdrawn or chased. */
export const isOpen = (a: Pick<Attestation, "state">) => a.state === "sent" || a.state === "opened";

/** When the next reminder may go (null: now), from the last one and the contract's wait. */
export function nextReminderAt(a: Pick<Attestation, "lastReminderAt">, nowMs: number): number | null {
  if (!a.lastReminderAt) return null;
  const at = Date.parse(a.lastReminderAt) + ATTESTATION.reminderHours * 3_600_000;
  return at > nowMs ? at : null;
}

const EMAIL = new RegExp(Email().pattern ?? "", "u");

// --- asking for an attestation ----------------------------------------------------------------------

export interface RequestDraft {
  kind: AttestationKind | null;
  name: string;
  email: string;
  mobile: string;
  recordIds: string[];
  entryIds: string[];
}
export type RequestErrors = Partial<Record<"kind" | "name" | "email" | "mobile" | "covered", string>>;

export function requestErrors(d: RequestDraft): RequestErrors {
  const e: RequestErrors = {};
  if (!d.kind) e.kind = "Choose what you are asking for";
  if (!d.name.trim()) e.name = ATTESTATION_MESSAGES.nameRequired;
  const email = d.email.trim();
  if (!email) e.email = "Enter their e-mail address";
  else if (!EMAIL.test(email)) e.email = "Enter an e-mail address like name@example.com";
  if (d.mobile.trim() && !ukMobile(d.mobile)) e.mobile = ATTESTATION_MESSAGES.mobileInvalid;
  const covered = d.recordIds.length + d.entryIds.length;
  if (covered === 0) e.covered = ATTESTATION_MESSAGES.noRecords;
  else if (covered > ATTESTATION.maxRecords)
    e.covered = `Choose at most ${ATTESTATION.maxRecords} records and entries in all`;
  return e;
}

// --- the attester's form ----------------------------------------------------------------------------

/** The signer's details as typed (the contract's fields, as strings), and the confirmer's tick. */
export type SignerDraft = Record<Exclude<keyof SignerDetails, "statement">, string> & { confirmed: boolean };
export type SignerField = keyof SignerDraft;
export type SignerErrors = Partial<Record<SignerField, string>>;

const POSTCODE = /^[A-Za-z0-9 ]+$/;

export function signerErrors(d: SignerDraft, today: string, statement: string | null): SignerErrors {
  const e: SignerErrors = {};
  if (!d.name.trim()) e.name = "Enter your name";
  if (!d.registrationNumber.trim()) e.registrationNumber = "Enter your PIN or registration number";
  if (!d.regulator.trim()) e.regulator = "Enter the body you are registered with";
  const email = d.email.trim();
  if (!email) e.email = "Enter your e-mail address";
  else if (!EMAIL.test(email)) e.email = "Enter an e-mail address like name@example.com";
  if (!d.address.trim()) e.address = "Enter your professional address";
  const postcode = d.postcode.trim();
  if (postcode.length < 2 || !POSTCODE.test(postcode)) e.postcode = "Enter a postcode, letters and digits";
  if (!d.date) e.date = "Enter the date as DD/MM/YYYY";
  else if (d.date > today) e.date = ATTESTATION_MESSAGES.dateInFuture;
  if (statement !== null && !d.confirmed) e.confirmed = ATTESTATION_MESSAGES.statementRequired;
  return e;
}

export const toSignerDetails = (d: SignerDraft, statement: string | null): SignerDetails => ({
  name: d.name.trim(),
  registrationNumber: d.registrationNumber.trim(),
  regulator: d.regulator.trim(),
  email: d.email.trim(),
  address: d.address.trim(),
  postcode: d.postcode.trim(),
  date: d.date,
  statement: statement ?? null,
});

/** Answers that mean the attester's link cannot be used at all: the page says why instead. */
export function linkProblem(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  if (err.status === 404) return ATTESTATION_MESSAGES.linkInvalid;
  if (err.status === 410) return ATTESTATION_MESSAGES.linkExpired;
  if (err.status === 403) return ATTESTATION_MESSAGES.locked;
  if (err.status === 409) return err.message || ATTESTATION_MESSAGES.alreadyClosed;
  return null;
}

/** "Reflective account": a record kind as a heading names it (the contract's words). */
export const kindTitle = (kind: RecordKind) => {
  const [one] = RECORD_KIND_LABELS[kind];
  return one.charAt(0).toUpperCase() + one.slice(1);
};

/** "codeRelevance" as "Code relevance": a detail the regulator's form does not name. */
const keyWords = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A record's details as [label, text], in the order and with the questions of the regulator's
 * form (the attester reads what the regulator asks), then any other detail under its own name.
 * Labels are the contract's (the regulator's wording first, then the record form's), which keeps
 * the attester's page out of the revalidation feature's chunk.
 */
export function detailRows(
  kind: RecordKind,
  details: Record<string, string>,
  regulator: string,
): [string, string][] {
  const fields = [
    ...(SUBMISSION_RECORD_FIELDS[regulator as Regulator]?.[kind] ?? []),
    ...RECORD_FIELDS[kind],
  ];
  const rank = (key: string) => {
    const i = fields.findIndex((f) => f.key === key);
    return i < 0 ? fields.length : i;
  };
  return Object.entries(details)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([key, text]) => [fields.find((f) => f.key === key)?.label ?? keyWords(key), text]);
}
