// One entry as a printable A4 PDF: a header, the answered items under their
// section titles, tags and the evidence list, with page numbers.
import { ENTRY_TYPE_DOCUMENT_LABELS, ITEM_TYPES as T, ukDate } from "@cpd/contract";
import { bulletList, footerOnEveryPage, keepTogether } from "../../lib/pdf/blocks.js";
import { BRAND_BLUE as ACCENT, INK, MUTED } from "../../lib/pdf/colours.js";
import { createPdf } from "../../lib/pdf/fonts.js";
import { writeRichText } from "../../lib/pdf/rich-text.js";
import { writeText } from "../../lib/pdf/text.js";
import { COLUMN_ITEMS, type FormDef } from "../forms/definitions.js";
import type { Values } from "../forms/rules.js";

export interface EntryPdfInput {
  type: string;
  title: string;
  date: string | null;
  hours: number | null;
  category: string | null;
  values: Values;
  tags: string[];
  evidence: { id: string; filename: string }[];
  owner: string;
  form: FormDef;
  today: string;
  /** A shared supervision record's review: topics, comments and signatures. */
  supervision?: SupervisionSection | null;
}

/** The "Supervision review" section; times already London wall-clock text. */
export interface SupervisionSection {
  revieweeName: string;
  revieweeSide: string;
  topics: {
    title: string;
    actions: string;
    completed: boolean;
    comments: { author: string; at: string; body: string }[];
  }[];
  signatures: {
    side: string;
    signerName: string;
    signedAt: string;
    /** The drawn image (PNG or JPEG); null when it could not be read. */
    image: Buffer | null;
    hash: string;
    verifyUrl: string;
  }[];
}

const LABELS: Record<string, string> = ENTRY_TYPE_DOCUMENT_LABELS;

export function renderEntryPdf(input: EntryPdfInput): PDFKit.PDFDocument {
  const doc = createPdf({
    size: "A4",
    margins: { top: 56, bottom: 64, left: 56, right: 56 },
    bufferPages: true,
    info: {
      Title: input.title || LABELS[input.type] || "CPD entry",
      Author: input.owner,
      Creator: "CPD platform",
    },
  });
  const width = doc.page.width - 112;

  doc.rect(0, 0, doc.page.width, 8).fill(ACCENT);
  doc.fillColor(ACCENT).fontSize(10);
  writeText(doc, (LABELS[input.type] ?? "CPD entry").toUpperCase(), {
    x: 56,
    y: 40,
    characterSpacing: 1,
    bold: true,
  });
  doc.moveDown(0.4).fillColor(INK).fontSize(20);
  writeText(doc, input.title || "Untitled entry", { width, bold: true });
  const meta = [
    input.date && `Date: ${ukDate(input.date)}`,
    input.hours !== null && `Hours: ${input.hours}`,
    input.category && `Category: ${input.category}`,
  ].filter(Boolean);
  doc.moveDown(0.3).fontSize(10).fillColor(MUTED);
  writeText(doc, [input.owner, ...meta].join("   ·   "), { width });
  doc
    .moveDown(0.8)
    .moveTo(56, doc.y)
    .lineTo(56 + width, doc.y)
    .lineWidth(0.5)
    .strokeColor("#c8ced4")
    .stroke();

  const fileName = new Map(input.evidence.map((f) => [f.id, f.filename]));
  // The header already shows these.
  const inHeader = new Set<string>([
    ...COLUMN_ITEMS.title,
    ...COLUMN_ITEMS.date,
    ...COLUMN_ITEMS.hours,
    ...COLUMN_ITEMS.category,
  ]);
  for (const page of input.form.pages) {
    const answered = page.items.filter((i) => {
      const v = input.values[i.identifier];
      return (
        i.type !== T.upload &&
        !inHeader.has(i.identifier) &&
        v !== undefined &&
        (Array.isArray(v) ? v.length > 0 : v.trim() !== "")
      );
    });
    if (!answered.length) continue;
    doc.moveDown(1).fillColor(ACCENT).fontSize(13);
    writeText(doc, page.title, { x: 56, y: doc.y, width, bold: true });
    for (const item of answered) {
      const v = input.values[item.identifier] as string | string[];
      doc.moveDown(0.5).fillColor(MUTED).fontSize(9);
      writeText(doc, item.title.toUpperCase(), { width, bold: true });
      doc.moveDown(0.15).fillColor(INK).fontSize(11);
      if (Array.isArray(v))
        bulletList(
          doc,
          v.map((x) => fileName.get(x) ?? x),
          { x: 56, width, size: 11 },
        );
      else if (item.type === T.date) writeText(doc, ukDate(v), { width });
      else if (item.type === T.checkbox) writeText(doc, v === "1" ? "Yes" : "No", { width });
      // Editor HTML keeps its formatting, plain text its line breaks (ADR 0023).
      else writeRichText(doc, v, { x: 56, width, lineGap: 2 });
    }
  }

  doc.moveDown(1).fillColor(ACCENT).fontSize(13);
  writeText(doc, "Tags and evidence", { x: 56, y: doc.y, width, bold: true });
  doc.moveDown(0.4).fillColor(INK).fontSize(11);
  writeText(doc, input.tags.length ? `Tags: ${input.tags.join(", ")}` : "No tags", { width });
  doc.moveDown(0.3);
  if (input.evidence.length)
    bulletList(
      doc,
      input.evidence.map((f) => f.filename),
      { x: 56, width, size: 11 },
    );
  else writeText(doc, "No evidence attached", { width });

  if (input.supervision) supervisionSection(doc, input.supervision, width);

  footerOnEveryPage(doc, (page, pages) => `Generated ${ukDate(input.today)} · Page ${page} of ${pages}`, {
    x: 56,
    width,
    colour: MUTED,
  });
  doc.end();
  return doc;
}

function supervisionSection(doc: PDFKit.PDFDocument, s: SupervisionSection, width: number) {
  doc.moveDown(1);
  keepTogether(doc, 120);
  doc.fillColor(ACCENT).fontSize(13);
  writeText(doc, "Supervision review", { x: 56, y: doc.y, width, bold: true });
  doc.moveDown(0.4).fillColor(INK).fontSize(11);
  writeText(doc, `Reviewee: ${s.revieweeName} (${s.revieweeSide})`, { width });
  for (const t of s.topics) {
    doc.moveDown(0.6);
    keepTogether(doc, 60);
    doc.fillColor(INK).fontSize(11);
    writeText(doc, `${t.title} (${t.completed ? "Completed" : "Not completed"})`, {
      x: 56,
      width,
      bold: true,
    });
    if (t.actions) {
      doc.moveDown(0.15).fillColor(MUTED).fontSize(10);
      writeText(doc, `Actions: ${t.actions}`, { x: 56, width });
    }
    for (const c of t.comments) {
      doc.moveDown(0.3).fillColor(MUTED).fontSize(9);
      writeText(doc, `${c.author} · ${c.at}`, { x: 68, width: width - 12, bold: true });
      doc.fillColor(INK).fontSize(10);
      writeRichText(doc, c.body, { x: 68, width: width - 12, lineGap: 1 });
    }
  }
  for (const sig of s.signatures) {
    doc.moveDown(1);
    keepTogether(doc, 170);
    doc.fillColor(ACCENT).fontSize(11);
    writeText(doc, `Signed by the ${sig.side}: ${sig.signerName}`, { x: 56, width, bold: true });
    doc.moveDown(0.2).fillColor(INK).fontSize(10);
    writeText(doc, `Signed at ${sig.signedAt} (UK time)`, { x: 56, width });
    if (sig.image) {
      try {
        const top = doc.y + 4;
        doc.image(sig.image, 56, top, { fit: [220, 60] });
        doc.y = top + 64;
      } catch {
        // An unreadable image leaves the hash to attest the signature.
      }
    }
    doc.x = 56;
    doc.fillColor(MUTED).fontSize(8);
    writeText(doc, `SHA-256: ${sig.hash}`, { x: 56, width });
    writeText(doc, `Verify at ${sig.verifyUrl}`, { x: 56, width });
  }
}
