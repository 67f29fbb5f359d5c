// The HCPC audit PDF: a cover (whose CPD, which range), the summary of practice, the
// statement against the four standards, each selected activity with its answered
// items as text (a gap of 3 months or more with the user's explanation, ADR 0027), and the
// selected evidence by name. Text only.
import { ENTRY_TYPE_DOCUMENT_LABELS, type EntryType, gapKey, HCPC_STANDARDS, ukDate } from "@cpd/contract";
import type { Prisma } from "../../generated/prisma/client.js";
import { footerOnEveryPage } from "../../lib/pdf/blocks.js";
import { BRAND_BLUE as ACCENT, INK, MUTED } from "../../lib/pdf/colours.js";
import { createPdf, FONT } from "../../lib/pdf/fonts.js";
import { writeRichText } from "../../lib/pdf/rich-text.js";
import { richTextToPlain } from "../../lib/pdf/rich-text-parse.js";
import { writeText } from "../../lib/pdf/text.js";
import { answeredSections } from "../forms/answers.js";
import type { FormDef } from "../forms/definitions.js";
import type { Values } from "../forms/rules.js";
import { formById } from "../forms/service.js";

export interface HcpcPdfEntry {
  id: string;
  type: string;
  formId: string | null;
  title: string;
  date: string;
  hours: number | null;
  category: string | null;
  values: Values;
}

export interface HcpcPdfInput {
  owner: string;
  dateFrom: string;
  dateTo: string;
  today: string;
  summary: string;
  standards: [string, string, string, string];
  entries: HcpcPdfEntry[];
  /** The explained gaps, by the dates of the activities either side. */
  gaps: { from: string; to: string; explanation: string }[];
  evidence: { name: string; entryTitle: string }[];
}

const MARGIN = 56;

export async function renderHcpcPdf(db: Prisma.TransactionClient, input: HcpcPdfInput) {
  // Each form version once, however many entries use it.
  const forms = new Map<string, Promise<FormDef>>();
  const formOf = (e: HcpcPdfEntry) => {
    const key = `${e.type}:${e.formId ?? "current"}`;
    let f = forms.get(key);
    if (!f) {
      f = formById(db, e.formId, e.type as EntryType);
      forms.set(key, f);
    }
    return f;
  };
  const defs = await Promise.all(input.entries.map(formOf));

  const doc = createPdf({
    size: "A4",
    margins: { top: MARGIN, bottom: 64, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: "HCPC CPD audit", Author: input.owner, Creator: "CPD platform" },
  });
  const width = doc.page.width - 2 * MARGIN;
  const heading = (text: string, size = 15) => {
    doc.moveDown(1).fillColor(ACCENT).fontSize(size);
    writeText(doc, text, { bold: true, width, x: MARGIN });
  };
  const label = (text: string) => {
    doc.moveDown(0.5).fillColor(MUTED).fontSize(9);
    writeText(doc, text.toUpperCase(), { bold: true, width });
  };
  // Stored answers keep their formatting (ADR 0023); an empty one prints `otherwise`.
  const body = (text: string, otherwise = "") => {
    doc.moveDown(0.15).fillColor(INK).fontSize(11);
    writeRichText(doc, richTextToPlain(text) ? text : otherwise, { x: MARGIN, width, lineGap: 2 });
  };

  // Cover
  doc.rect(0, 0, doc.page.width, 8).fill(ACCENT);
  doc.fillColor(ACCENT).font(FONT.bold).fontSize(11);
  writeText(doc, "HCPC CPD AUDIT", { bold: true, x: MARGIN, y: 120, width, characterSpacing: 1 });
  doc.moveDown(0.6).fillColor(INK).fontSize(26);
  writeText(doc, input.owner || "CPD profile", { bold: true, width });
  doc.moveDown(0.4).fillColor(MUTED).fontSize(13);
  writeText(doc, `CPD activities from ${ukDate(input.dateFrom)} to ${ukDate(input.dateTo)}`, { width });
  doc.moveDown(0.3);
  writeText(
    doc,
    `${input.entries.length} activities · ${input.evidence.length} pieces of evidence · prepared ${ukDate(input.today)}`,
    { width },
  );

  doc.addPage();
  heading("Summary of practice", 18);
  body(input.summary, "No summary written.");

  doc.addPage();
  heading("Statement", 18);
  HCPC_STANDARDS.forEach(({ text: title }, i) => {
    doc.moveDown(0.8).fillColor(INK).fontSize(11);
    writeText(doc, title, { bold: true, width });
    body(input.standards[i] ?? "", "Not answered.");
  });

  doc.addPage();
  heading("CPD activities", 18);
  const gaps = new Map(input.gaps.map((g) => [gapKey(g), g]));
  input.entries.forEach((e, i) => {
    const def = defs[i] as FormDef;
    const prev = input.entries[i - 1];
    const gap = prev && gaps.get(gapKey({ from: prev.date, to: e.date }));
    if (gap) {
      doc.moveDown(1).fillColor(ACCENT).fontSize(11);
      writeText(doc, `Gap from ${ukDate(gap.from)} to ${ukDate(gap.to)}: explanation`, {
        bold: true,
        width,
        x: MARGIN,
      });
      doc.moveDown(0.15).fillColor(INK).fontSize(11);
      writeText(doc, gap.explanation, { width, x: MARGIN, lineGap: 2 });
    }
    if (i > 0) {
      doc
        .moveDown(0.8)
        .moveTo(MARGIN, doc.y)
        .lineTo(MARGIN + width, doc.y)
        .lineWidth(0.5)
        .strokeColor("#c8ced4")
        .stroke();
    }
    heading(e.title || "Untitled entry", 13);
    const meta = [
      ENTRY_TYPE_DOCUMENT_LABELS[e.type as EntryType] ?? e.type,
      `Date: ${ukDate(e.date)}`,
      e.hours !== null && `Hours: ${e.hours}`,
      e.category && `Category: ${e.category}`,
    ].filter(Boolean);
    doc.moveDown(0.2).fillColor(MUTED).fontSize(10);
    writeText(doc, meta.join("   ·   "), { width });
    for (const item of answeredSections(def, e.values).flatMap((section) => section.items)) {
      label(item.label);
      body(Array.isArray(item.value) ? item.value.map((x) => `• ${x}`).join("\n") : item.value);
    }
  });

  doc.addPage();
  heading("Evidence", 18);
  if (input.evidence.length)
    for (const f of input.evidence) body(`• ${f.name}${f.entryTitle ? ` (${f.entryTitle})` : ""}`);
  else body("No evidence selected.");

  footerOnEveryPage(doc, (page, pages) => `${input.owner} · HCPC CPD audit · Page ${page} of ${pages}`, {
    x: MARGIN,
    width,
    colour: MUTED,
  });
  doc.end();
  return doc;
}
