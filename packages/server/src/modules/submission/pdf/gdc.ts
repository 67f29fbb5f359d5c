// The GDC pack: the activity log with each activity's development outcomes, the personal
// development plan (the planned activities) and the annual statement figures.

import { writeText } from "../../../lib/pdf/text.js";
import { CONTENT_WIDTH, hoursText, INK, MARGIN } from "../../portfolio/render/layout.js";
import { entryLog, nothingYet } from "./draw.js";
import type { Section } from "./section.js";

export const GDC_SECTIONS: readonly Section[] = [
  {
    title: "Activity log with development outcomes",
    metrics: ["verifiableHours"],
    draw: (doc, _d, c) =>
      entryLog(doc, c.entries, { themesLabel: "Development outcomes", showDescription: true }),
  },
  {
    title: "Personal development plan",
    metrics: [],
    purpose: "The planned activities of the cycle, with the outcomes they aim at.",
    draw: (doc, d) =>
      entryLog(
        doc,
        [...d.entries.values()].filter((e) => e.planned),
        { themesLabel: "Development outcomes" },
      ),
  },
  {
    title: "Annual statement figures",
    metrics: ["verifiableHours"],
    draw: (doc, d) => {
      if (!d.years.length) return nothingYet(doc);
      doc.fontSize(11).fillColor(INK);
      for (const y of d.years)
        writeText(
          doc,
          `${y.year}: ${hoursText(y.verifiableHours)} verifiable CPD hours (${hoursText(y.hours)} in all)`,
          {
            x: MARGIN.left,
            y: doc.y,
            width: CONTENT_WIDTH,
          },
        );
    },
  },
];
