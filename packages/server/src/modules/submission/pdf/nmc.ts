// The NMC pack in the order of the NMC's revalidation forms: practice hours log, CPD log, feedback
// log, the reflective accounts on the form's four prompts, the reflective discussion form and the
// confirmation form (each with its attester's signature), then the declarations.
import { entryLog, recordForms } from "./draw.js";
import { formsSection, type Section } from "./section.js";

export const NMC_SECTIONS: readonly Section[] = [
  formsSection("Practice hours log", "practiceHours", "practiceHours"),
  {
    title: "CPD log",
    metrics: ["cpdHours", "participatoryHours"],
    draw: (doc, _d, c) =>
      entryLog(doc, c.entries, { themesLabel: "Standards of the Code", showDescription: true }),
  },
  formsSection("Practice-related feedback log", "feedback", "feedback", { numbered: true }),
  formsSection("Reflective accounts form", "reflectiveAccounts", "reflectiveAccount", { numbered: true }),
  formsSection("Reflective discussion form", "reflectiveDiscussions", "reflectiveDiscussion", {
    signed: true,
  }),
  formsSection("Confirmation form", "confirmations", "confirmation", { signed: true }),
  {
    title: "Health and character, and professional indemnity declarations",
    metrics: ["healthCharacterDeclarations", "indemnityDeclarations"],
    draw: (doc, d, c) => recordForms(doc, d, c.records),
  },
];
