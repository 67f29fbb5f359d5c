// Pure rules of the revalidation screens: labels, the record forms' fields, the registrations
// editor's checks and how progress reads (issue 26).
import {
  REVALIDATION,
  type RecordKind,
  type Regulator,
  type RevalidationProgress,
  type RulePack,
  ukDate,
} from "@cpd/contract";

export const RECORD_KIND_LABELS: Record<RecordKind, string> = {
  practiceHours: "Practice hours",
  feedback: "Feedback",
  reflectiveAccount: "Reflective account",
  reflectiveDiscussion: "Reflective discussion",
  peerDiscussion: "Peer discussion",
  healthCharacterDeclaration: "Health and character declaration",
  indemnityDeclaration: "Professional indemnity declaration",
  confirmation: "Confirmation",
};

/** The NMC's four themes of the Code, asked for on a reflective account. */
export const CODE_THEMES = [
  "Prioritise people",
  "Practise effectively",
  "Preserve safety",
  "Promote professionalism and trust",
] as const;

/** Record kinds whose form asks for themes (the reflective account asks for the Code's four). */
export const KIND_HAS_THEMES: Record<RecordKind, boolean> = {
  practiceHours: false,
  feedback: true,
  reflectiveAccount: true,
  reflectiveDiscussion: true,
  peerDiscussion: true,
  healthCharacterDeclaration: false,
  indemnityDeclaration: false,
  confirmation: false,
};

/** What a registration's form holds while it is edited (strings as typed). */
export interface RegistrationDraft {
  key: string;
  /** The saved registration's id, sent back so the server keeps it (REQ-REVAL-02). */
  id?: string;
  regulator: Regulator | null;
  registers: string[];
  registrationNumber: string;
  renewalDate: string;
  reminders: boolean;
  targetHours: string;
  cycleMonths: string;
}

export type RegistrationErrors = Partial<
  Record<
    "regulator" | "registers" | "registrationNumber" | "renewalDate" | "targetHours" | "cycleMonths",
    string
  >
>;

const NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 /-]{0,31}$/;

/** The editor's own checks, mirroring RegistrationInput; the server's answer is shown as well. */
export function registrationErrors(d: RegistrationDraft): RegistrationErrors {
  const e: RegistrationErrors = {};
  if (!d.regulator) e.regulator = "Choose your regulator";
  if (d.registers.length === 0) e.registers = "Choose at least one register";
  else if (d.registers.length > REVALIDATION.maxRegistersPerRegistration)
    e.registers = `Choose at most ${REVALIDATION.maxRegistersPerRegistration} registers`;
  const number = d.registrationNumber.trim();
  if (!number) e.registrationNumber = "Enter your registration number";
  else if (!NUMBER_PATTERN.test(number))
    e.registrationNumber = "Use letters, digits, spaces, / and - (up to 32 characters)";
  if (!d.renewalDate) e.renewalDate = "Enter the date as DD/MM/YYYY";
  if (d.regulator === "OTHER") {
    const hours = Number(d.targetHours);
    if (d.targetHours.trim() === "" || !Number.isFinite(hours) || hours < 0 || hours > 10_000)
      e.targetHours = "Enter a target between 0 and 10,000 hours";
    const months = Number(d.cycleMonths);
    if (d.cycleMonths.trim() === "" || !Number.isInteger(months) || months < 1 || months > 120)
      e.cycleMonths = "Enter a whole number of months between 1 and 120";
  }
  return e;
}

/** The registers a regulator's packs name (every version's, each code once). */
export function registersOf(
  packs: Pick<RulePack, "regulator" | "registers">[],
  regulator: Regulator | null,
): { value: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const p of packs) {
    if (p.regulator !== regulator) continue;
    for (const r of p.registers) if (!seen.has(r.code)) seen.set(r.code, r.title);
  }
  return [...seen].map(([value, label]) => ({ value, label }));
}

const HOURS_METRICS = new Set(["cpdHours", "participatoryHours", "verifiableHours", "practiceHours"]);

const trim = (n: number) => String(Math.round(n * 100) / 100);

/** "100 of 900 hours", "2 of 5", "3 of 4 themes". */
export function amountText(r: { metric: string; done: number; target: number }): string {
  if (HOURS_METRICS.has(r.metric)) return `${trim(r.done)} of ${trim(r.target)} hours`;
  if (r.metric === "themesCovered") return `${trim(r.done)} of ${trim(r.target)} themes`;
  return `${trim(r.done)} of ${trim(r.target)}`;
}

/** The bar's fill, 0 to 100 (a zero target counts as full). */
export function percent(done: number, target: number): number {
  if (target <= 0) return 100;
  return Math.max(0, Math.min(100, Math.round((done / target) * 100)));
}

export const STATUS_TEXT: Record<RevalidationProgress["status"], string> = {
  met: "All requirements met",
  onTrack: "On track",
  short: "Short",
  overdue: "Overdue",
};

// White text on these keeps at least 4.5:1.
export const STATUS_COLOURS: Record<RevalidationProgress["status"], string> = {
  met: "#1e6b30",
  onTrack: "#1c5f8c",
  short: "#9c3d00",
  overdue: "#a51d1d",
};

/** "Due in 12 days on 01/03/2027", "Due today", "3 days overdue (01/03/2027)". */
export function deadlineText(daysToDeadline: number, deadline: string): string {
  if (daysToDeadline === 0) return `Due today (${ukDate(deadline)})`;
  if (daysToDeadline < 0) {
    const n = -daysToDeadline;
    return `${n} ${n === 1 ? "day" : "days"} overdue (due ${ukDate(deadline)})`;
  }
  return `Due in ${daysToDeadline} ${daysToDeadline === 1 ? "day" : "days"}, on ${ukDate(deadline)}`;
}

/** The line under a requirement's bar: met, or the forecast (null: no recent pace to forecast from). */
export function forecastText(r: { met: boolean; forecast: string | null }, deadline: string): string | null {
  if (r.met) return "Met";
  if (!r.forecast) return null;
  const late = r.forecast > deadline;
  return `At your recent pace, reached by ${ukDate(r.forecast)}${late ? " (after the deadline)" : ""}`;
}
