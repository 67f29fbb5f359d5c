// The submission pack's PDF (REQ-SUBMIT-02..05): a first page with the registration, the cycle,
// every unmet requirement and the confidentiality reminder, then the regulator's sections in the
// regulator's order, each saying which requirement it meets; a footer on every page.
import { REGULATOR_NAMES, SUBMISSION_MESSAGES, ukDate } from "@cpd/contract";
import { streamPdf } from "../../../lib/pdf/stream.js";
import {
  A4_DOCUMENT,
  columnFooter,
  columnList,
  columnText,
  framedText,
  heading,
  INK,
  lineHeight,
  MUTED,
  paragraph,
} from "../../portfolio/render/layout.js";
import type { SubmissionDocument } from "../load.js";
import { ACCENT, doneOfTarget, meetsLines } from "./draw.js";
import { GDC_SECTIONS } from "./gdc.js";
import { genericSections } from "./generic.js";
import { GPHC_SECTIONS } from "./gphc.js";
import { HCPC_SECTIONS } from "./hcpc.js";
import { NMC_SECTIONS } from "./nmc.js";
import { counted, type Section } from "./section.js";

/** The regulator's sections, in its order; other packs list each requirement and what counts. */
function sectionsFor(d: SubmissionDocument): readonly Section[] {
  switch (d.pack.regulator) {
    case "NMC":
      return NMC_SECTIONS;
    case "GPhC":
      return GPHC_SECTIONS;
    case "HCPC":
      return HCPC_SECTIONS;
    case "GDC":
      return GDC_SECTIONS;
    default:
      return genericSections(d);
  }
}

const PACK_TITLE = "Revalidation submission pack";

function firstPage(doc: PDFKit.PDFDocument, d: SubmissionDocument, sections: readonly Section[]) {
  const p = d.progress;
  heading(doc, PACK_TITLE, { size: 22, colour: ACCENT, linesBelow: 2 });
  doc.fontSize(11).fillColor(INK);
  const lines = [
    d.owner,
    `${REGULATOR_NAMES[p.registration.regulator]}: registration ${p.registration.registrationNumber}`,
    `${d.pack.title} (version ${d.pack.version})`,
    `Cycle ${ukDate(p.cycleStart)} to ${ukDate(p.cycleEnd)}; submit by ${ukDate(p.deadline)}`,
    `Made on ${ukDate(d.today)}`,
  ];
  for (const l of lines) columnText(doc, l);
  doc.moveDown(0.8);

  // The reminder sits in a box of its own so it is read before anything is submitted.
  doc.fontSize(10);
  framedText(doc, SUBMISSION_MESSAGES.confidentiality, ACCENT);

  const unmet = p.requirements.filter((r) => !r.met);
  heading(doc, SUBMISSION_MESSAGES.unmetHeading, { size: 14, colour: ACCENT, linesBelow: 2 });
  doc.fillColor(INK);
  if (!unmet.length) paragraph(doc, SUBMISSION_MESSAGES.allMet);
  else
    columnList(
      doc,
      unmet.map(
        (r) =>
          `${r.title}: ${doneOfTarget(r)}` +
          (r.missing.length ? ` (not yet covered: ${r.missing.join("; ")})` : ""),
      ),
      11,
      2,
    );
  if (p.warnings.length) {
    doc.moveDown(0.4);
    doc.fillColor(MUTED);
    columnList(
      doc,
      p.warnings.map((w) => w.message),
      10,
    );
  }
  doc.moveDown(0.8);
  heading(doc, "Sections", { size: 14, colour: ACCENT, linesBelow: 2 });
  doc.fillColor(INK);
  columnList(
    doc,
    sections.map((s, i) => `${i + 1}. ${s.title}`),
  );
}

export function renderSubmission(
  d: SubmissionDocument,
  out: NodeJS.WritableStream,
): Promise<{ pages: number }> {
  const options = {
    ...A4_DOCUMENT,
    info: { Title: PACK_TITLE, Author: d.owner, Creator: "CPD platform" },
  };
  return streamPdf(out, options, (doc) => {
    const sections = sectionsFor(d);
    firstPage(doc, d, sections);
    sections.forEach((s, i) => {
      doc.addPage();
      heading(doc, `${i + 1}. ${s.title}`, { size: 18, colour: ACCENT, linesBelow: 2 });
      const c = counted(d, s);
      meetsLines(doc, c.requirements, s.purpose ?? "Meets no counted requirement of this pack.");
      doc.y += lineHeight(4);
      s.draw(doc, d, c);
    });
    const owner = d.owner || "Revalidation";
    columnFooter(doc, (page, pages) => `${owner} · ${d.pack.title} · Page ${page} of ${pages}`);
  });
}
