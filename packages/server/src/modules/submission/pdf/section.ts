// A section of a submission pack: its title, the pack's requirements it meets (by metric) and how
// it is drawn from what those requirements count.
import type { RequirementMetric } from "@cpd/contract";
import type { SubmissionDocument } from "../load.js";
import type { PackEntry, PackRecord } from "../repository.js";
import { type Judged, recordForms } from "./draw.js";

export interface Counted {
  requirements: Judged[];
  entries: PackEntry[];
  records: PackRecord[];
}

export interface Section {
  title: string;
  metrics: readonly RequirementMetric[];
  /** Only these requirements among those of `metrics` (the generic layout: one section each). */
  requirementIds?: readonly string[];
  /** Printed instead of the "Meets" lines when the section meets no counted requirement. */
  purpose?: string;
  draw: (doc: PDFKit.PDFDocument, d: SubmissionDocument, counted: Counted) => void;
}

/** The section's requirements and, in the pack's order, the entries and records they count. */
export function counted(
  d: SubmissionDocument,
  section: Pick<Section, "metrics" | "requirementIds">,
): Counted {
  const requirements = d.progress.requirements.filter(
    (r) =>
      section.metrics.includes(r.metric as RequirementMetric) &&
      (!section.requirementIds || section.requirementIds.includes(r.id)),
  );
  const entryIds = new Set(requirements.flatMap((r) => r.entryIds));
  const recordIds = new Set(requirements.flatMap((r) => r.recordIds));
  return {
    requirements,
    entries: [...d.entries.values()].filter((e) => entryIds.has(e.id)),
    records: [...d.records.values()].filter((r) => recordIds.has(r.id)),
  };
}

/** The records of one kind among those counted. */
const ofKind = (c: Counted, kind: string) => c.records.filter((r) => r.kind === kind);

/** A section of one kind of record, each on its form, counted by one metric. */
export const formsSection = (
  title: string,
  metric: RequirementMetric,
  kind: string,
  options?: Parameters<typeof recordForms>[3],
): Section => ({
  title,
  metrics: [metric],
  draw: (doc, d, c) => recordForms(doc, d, ofKind(c, kind), options),
});
