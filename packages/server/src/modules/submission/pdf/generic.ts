// Packs without a regulator-specific layout (GOC, GOsC, GCC, another body): for each requirement,
// what counts towards it.
import type { RequirementMetric } from "@cpd/contract";
import type { SubmissionDocument } from "../load.js";
import { entryLog, recordForms } from "./draw.js";
import type { Section } from "./section.js";

export const genericSections = (d: SubmissionDocument): Section[] =>
  d.progress.requirements.map((r) => ({
    title: r.title,
    metrics: [r.metric as RequirementMetric],
    requirementIds: [r.id],
    draw: (doc, data, c) => {
      if (c.entries.length || !c.records.length) entryLog(doc, c.entries, { themesLabel: "Themes" });
      if (c.records.length) recordForms(doc, data, c.records);
    },
  }));
