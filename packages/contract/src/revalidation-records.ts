// The text fields of each revalidation record kind, defined once (ADR 0026): the SPA's record form
// asks them, the server stores them under `details[key]`, and the submission pack and the copy-ready
// online-form text (revalidation-submission.ts) print them under the regulator's own wording.
import type { RecordKind, Regulator } from "./revalidation.js";

/** One text field of a record, stored under `details[key]`. */
export interface RecordField {
  key: string;
  label: string;
  long?: boolean;
  /** Required whenever the form shows the field. */
  required?: boolean;
  /** Asked only of someone holding a registration with one of these regulators; absent: of everyone. */
  regulators?: readonly Regulator[];
}

const NMC: readonly Regulator[] = ["NMC"];
const GPHC: readonly Regulator[] = ["GPhC"];

export const RECORD_FIELDS: Record<RecordKind, readonly RecordField[]> = {
  practiceHours: [
    { key: "organisation", label: "Organisation", required: true },
    { key: "setting", label: "Setting" },
    { key: "scope", label: "Scope of practice" },
    { key: "description", label: "Brief description of your work", long: true },
  ],
  feedback: [
    { key: "source", label: "Who gave the feedback", required: true },
    { key: "said", label: "What was said", long: true, required: true },
    { key: "used", label: "How you used it to improve your practice", long: true },
  ],
  reflectiveAccount: [
    {
      key: "nature",
      label: "What was the nature of the CPD activity or feedback?",
      long: true,
      required: true,
    },
    { key: "learned", label: "What did you learn from it?", long: true, required: true },
    {
      key: "changed",
      label: "How did you change or improve your practice as a result?",
      long: true,
      required: true,
    },
    {
      key: "codeRelevance",
      label: "How is this relevant to the Code?",
      long: true,
      required: true,
      regulators: NMC,
    },
    { key: "areaOfWork", label: "Your area of work", long: true, regulators: GPHC },
    { key: "serviceUsers", label: "The people who use your services", long: true, regulators: GPHC },
    { key: "standards", label: "The standards you reflect on", long: true, regulators: GPHC },
    { key: "example", label: "A real example from your practice", long: true, regulators: GPHC },
  ],
  reflectiveDiscussion: [
    { key: "withName", label: "Name of the person you discussed with", required: true },
    { key: "withNumber", label: "Their registration number" },
    { key: "withEmail", label: "Their e-mail address", regulators: NMC },
    { key: "withAddress", label: "Their professional address and postcode", regulators: NMC },
    { key: "notes", label: "Notes", long: true },
  ],
  peerDiscussion: [
    { key: "withName", label: "Name of your peer", required: true },
    { key: "withNumber", label: "Their registration number" },
    { key: "peerRole", label: "Your peer's role", regulators: GPHC },
    { key: "discussed", label: "What you discussed", long: true, regulators: GPHC },
    { key: "changed", label: "What you changed or will change", long: true, regulators: GPHC },
    {
      key: "benefit",
      label: "How it benefits the people using your services",
      long: true,
      regulators: GPHC,
    },
    { key: "notes", label: "Notes", long: true },
  ],
  healthCharacterDeclaration: [{ key: "statement", label: "Statement", long: true, required: true }],
  indemnityDeclaration: [{ key: "statement", label: "Statement", long: true, required: true }],
  confirmation: [
    { key: "confirmerName", label: "Name of the person confirming", required: true },
    {
      key: "confirmerRegistration",
      label: "Their registration number and regulator",
      regulators: NMC,
    },
    { key: "confirmerEmail", label: "Their e-mail address", regulators: NMC },
    { key: "confirmerAddress", label: "Their professional address and postcode", regulators: NMC },
    { key: "statement", label: "Statement", long: true, required: true },
  ],
};

/** The fields a record form asks of someone holding registrations with these regulators. */
export const recordFieldsFor = (kind: RecordKind, held: readonly Regulator[]): readonly RecordField[] =>
  RECORD_FIELDS[kind].filter((f) => !f.regulators || f.regulators.some((r) => held.includes(r)));
