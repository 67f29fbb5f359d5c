// The Professional Information form as edited (strings for inputs) and its conversion to the API body.
import { type api, type BodyOf, PERSONAL_TEXT_FIELDS, type ResponseOf, ukDate } from "@cpd/contract";
import { ukToIso } from "../../lib/uk-date";

type Personal = ResponseOf<typeof api.getPersonalProfile>;
type PersonalUpdate = BodyOf<typeof api.putPersonalProfile>;

const TEXT_FIELDS = PERSONAL_TEXT_FIELDS;
export type TextField = (typeof TEXT_FIELDS)[number];

export type PersonalForm = Record<TextField, string> & {
  hoursPerYear: string;
  startDate: string;
  reportInterval: string;
  interests: string[];
};

export function toForm(p: Personal): PersonalForm {
  const form = {} as PersonalForm;
  for (const f of TEXT_FIELDS) form[f] = p[f] ?? "";
  form.hoursPerYear = p.hoursPerYear === null ? "" : String(p.hoursPerYear);
  form.startDate = ukDate(p.startDate);
  form.reportInterval = p.reportInterval === null ? "" : String(p.reportInterval);
  form.interests = [...p.interests];
  return form;
}

/** Locked fields are left out: the organisation sets them and the server ignores them. */
export function toBody(form: PersonalForm, locked: readonly string[]): PersonalUpdate {
  const body: PersonalUpdate = { interests: form.interests };
  for (const f of TEXT_FIELDS) body[f] = form[f].trim() || null;
  const num = (s: string) => (s.trim() === "" ? null : Number(s));
  if (!locked.includes("hoursPerYear")) body.hoursPerYear = num(form.hoursPerYear);
  if (!locked.includes("startDate")) body.startDate = ukToIso(form.startDate) || null;
  if (!locked.includes("reportInterval")) body.reportInterval = num(form.reportInterval);
  return body;
}

export function sameForm(a: PersonalForm, b: PersonalForm): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const START_DATE_ERROR = "Please enter the start date as DD/MM/YYYY";

/** The form's own errors before saving (the server checks everything again). */
export function personalFormErrors(form: PersonalForm, locked: readonly string[]): { startDate?: string } {
  if (!locked.includes("startDate") && ukToIso(form.startDate) === null)
    return { startDate: START_DATE_ERROR };
  return {};
}
