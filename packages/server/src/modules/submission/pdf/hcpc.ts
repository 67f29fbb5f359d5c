// The HCPC pack: the parts of the CPD profile HCPC asks for on audit (summary of practice history,
// the statement of how the standards are met, the CPD activities); the HCPC portal stays.
import { HCPC } from "@cpd/contract";
import { entryLog, labelled } from "./draw.js";
import type { Section } from "./section.js";

export const HCPC_SECTIONS: readonly Section[] = [
  {
    title: "Summary of practice history",
    metrics: [],
    purpose: `Part 1 of the CPD profile (at most ${HCPC.summaryWords} words).`,
    draw: (doc, d) => labelled(doc, "Summary of practice history", d.hcpcSummary),
  },
  {
    title: "Statement of how you have met our standards",
    metrics: ["themesCovered"],
    draw: (doc, d) => {
      for (const [i, text] of d.hcpcStandards.entries()) labelled(doc, `Standard ${i + 1}`, text);
    },
  },
  {
    title: "CPD activities",
    metrics: ["cpdRecords"],
    draw: (doc, _d, c) => entryLog(doc, c.entries, { themesLabel: "Standards", showDescription: true }),
  },
];
