// The copy-ready text of a regulator's online form (REQ-SUBMIT-04): each field of ONLINE_FORMS
// (contract) filled from the cycle's figures, the counted records and the profile text, with its
// length counted as the form counts it. A text over its limit is flagged, never cut.
import {
  type CopyField,
  lengthIn,
  ONLINE_FORMS,
  type Regulator,
  type RequirementMetric,
} from "@cpd/contract";
import type { PackRecord } from "./repository.js";

export interface FormSources {
  /** Done per metric (the cycle's progress). */
  done: Partial<Record<RequirementMetric, number>>;
  /** The counted records, oldest first. */
  records: readonly PackRecord[];
  hcpcSummary: string;
  hcpcStandards: readonly string[];
}

/** Hours as people type them: 1, 1.5, 0.25. */
const hours = (h: number | undefined) => (h === undefined ? "" : `${Number(h.toFixed(2))}`);

/** The text of a field asked once for the cycle. */
function cycleText(key: string, s: FormSources): string {
  switch (key) {
    case "practiceHours":
    case "cpdHours":
    case "participatoryHours":
      return hours(s.done[key]);
    case "summary":
      return s.hcpcSummary;
    case "statement":
      return s.hcpcStandards.filter((t) => t.trim()).join("\n\n");
    default:
      return "";
  }
}

export function onlineForm(
  regulator: Regulator,
  s: FormSources,
): { name: string; fields: CopyField[] } | null {
  const form = ONLINE_FORMS[regulator];
  if (!form) return null;
  const fields: CopyField[] = [];
  const push = (f: (typeof form.fields)[number], group: string | null, text: string) => {
    const length = lengthIn(text, f.unit);
    fields.push({
      key: f.key,
      label: f.label,
      group,
      text,
      limit: f.limit,
      unit: f.unit,
      length,
      overLimit: length > f.limit,
    });
  };
  for (const f of form.fields) {
    if (!f.perRecord) {
      push(f, null, cycleText(f.key, s));
      continue;
    }
    for (const r of s.records) if (r.kind === f.perRecord) push(f, r.title, r.details[f.key] ?? "");
  }
  return { name: form.name, fields };
}
