// The GPhC pack: the year's records as myGPhC takes them: the CPD records (planned and unplanned),
// the peer discussion and the reflective account.
import { entryLog } from "./draw.js";
import { formsSection, type Section } from "./section.js";

export const GPHC_SECTIONS: readonly Section[] = [
  {
    title: "CPD records",
    metrics: ["cpdRecords", "plannedRecords"],
    draw: (doc, _d, c) =>
      entryLog(doc, c.entries, { themesLabel: "Standards", showPlanned: true, showDescription: true }),
  },
  formsSection("Peer discussion", "peerDiscussions", "peerDiscussion", { signed: true }),
  formsSection("Reflective account", "reflectiveAccounts", "reflectiveAccount"),
];
