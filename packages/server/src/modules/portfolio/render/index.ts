// The portfolio as one A4 PDF: front page, contents, profile pages, infographic and the entries,
// streamed to `out`. Pages stay buffered until the end so the contents page numbers and the
// "Page N of M" footers can be written once the page count is known.

import { ukDate } from "@cpd/contract";
import { streamPdf } from "../../../lib/pdf/stream.js";
import { type ContentsLine, contentsPageCount, fillContents } from "./contents.js";
import { drawEntry, photoCount, warmImages } from "./entries.js";
import { drawFrontPage } from "./front-page.js";
import { drawInfographic } from "./infographic.js";
import { A4_DOCUMENT, accentColour, currentPage, heading, MUTED, PAGE, paragraph } from "./layout.js";
import { drawPageFurniture } from "./page-furniture.js";
import { drawProfilePage } from "./profile-pages.js";
import type {
  PortfolioDocument,
  PortfolioEntry,
  PortfolioProfilePage,
  ProgressFn,
  RenderResult,
} from "./types.js";

export type { PortfolioDocument, ProgressFn, RenderResult } from "./types.js";

/** Profile pages printed before the infographic (the contract's page order); the rest follow it. */
const BEFORE_INFOGRAPHIC = new Set([
  "PROFESSIONAL_INFORMATION",
  "SUMMARY_OF_WORK",
  "JOB_DESCRIPTION",
  "PERSONAL_STATEMENT",
  "PROFILE_PICTURE",
]);

type Block = { kind: "profile"; page: PortfolioProfilePage } | { kind: "infographic" };

/** Profile pages in the given order, with the infographic where the contract's order puts it. */
export function pageBlocks(input: Pick<PortfolioDocument, "profilePages" | "infographic">): Block[] {
  const blocks: Block[] = input.profilePages.map((page) => ({ kind: "profile", page }));
  if (input.infographic) {
    const at = input.profilePages.findIndex((p) => !BEFORE_INFOGRAPHIC.has(p.code));
    blocks.splice(at === -1 ? blocks.length : at, 0, { kind: "infographic" });
  }
  return blocks;
}

export const ENTRIES_TITLE = "CPD records";

export async function renderPortfolio(
  input: PortfolioDocument,
  out: NodeJS.WritableStream,
  onProgress?: ProgressFn,
): Promise<RenderResult> {
  const brandColour = input.branding ? accentColour(input.branding.colourHex) : null;
  const accent = brandColour ?? accentColour(null);
  const options = {
    ...A4_DOCUMENT,
    autoFirstPage: false,
    info: {
      Title: [input.title.line1, input.title.line2].filter(Boolean).join(" – ") || "CPD portfolio",
      Author: input.owner.name,
      Creator: "CPD platform",
    },
  };
  return streamPdf(out, options, async (doc) => {
    let furnitureFrom = 0;
    if (input.include.includes("FRONT_PAGE")) {
      // addPage's options replace the document's, so the size is given again.
      doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
      await drawFrontPage(doc, input);
      furnitureFrom = 1;
    }

    const blocks = pageBlocks(input);
    let contents: { first: number; pages: number } | null = null;
    if (input.include.includes("CONTENTS_PAGE")) {
      // One line per profile page, the infographic and the entries' section, one per entry.
      const pages = contentsPageCount(blocks.length + 1 + input.entryCount);
      contents = { first: currentPage(doc), pages };
      for (let i = 0; i < pages; i++) doc.addPage();
    }

    const lines: ContentsLine[] = [];
    for (const block of blocks) {
      doc.addPage();
      if (block.kind === "profile") {
        lines.push({ kind: "section", label: block.page.title, page: currentPage(doc) });
        await drawProfilePage(doc, block.page, accent);
      } else if (input.infographic) {
        lines.push({ kind: "section", label: "CPD summary", page: currentPage(doc) });
        drawInfographic(doc, input.infographic, accent);
      }
    }

    let done = 0;
    for await (const entry of prefetched(input.entries)) {
      doc.addPage();
      if (done === 0) lines.push({ kind: "section", label: ENTRIES_TITLE, page: currentPage(doc) });
      lines.push({
        kind: "entry",
        label: entry.title || "Untitled entry",
        date: ukDate(entry.date),
        page: currentPage(doc),
      });
      await drawEntry(doc, entry, accent);
      done++;
      await onProgress?.(done, Math.max(input.entryCount, done));
    }
    if (done === 0) {
      doc.addPage();
      lines.push({ kind: "section", label: ENTRIES_TITLE, page: currentPage(doc) });
      heading(doc, ENTRIES_TITLE, { size: 22, colour: accent, linesBelow: 1 });
      paragraph(doc, "No CPD records were selected for this portfolio.", 11, MUTED);
    }

    if (contents) fillContents(doc, contents.first, contents.pages, lines, accent);
    drawPageFurniture(doc, {
      from: furnitureFrom,
      owner: input.owner.name,
      title: input.title.line1,
      accent,
    });
  });
}

/**
 * How far entries are read ahead of the one being drawn: entries are small (text), photos are not.
 * Reading only three ahead left the renderer waiting on most photos' fetch (ADR 0034); the photos
 * ahead (fetched, or being fetched and shrunk) stay at most PHOTOS_AHEAD, about 1-2 MB each.
 */
const ENTRIES_AHEAD = 50;
const PHOTOS_AHEAD = 8;

async function* prefetched(entries: AsyncIterable<PortfolioEntry>) {
  const it = entries[Symbol.asyncIterator]();
  const ahead: PortfolioEntry[] = [];
  let photos = 0;
  let reading: Promise<void> | null = null;
  let ended = false;
  let failed = null as { err: unknown } | null;
  // Reads one at a time (the source is a database cursor); the photos warm in parallel.
  const fill = () => {
    if (reading || ended || failed || ahead.length >= ENTRIES_AHEAD || photos >= PHOTOS_AHEAD) return;
    reading = it.next().then(
      (r) => {
        reading = null;
        if (r.done) ended = true;
        else {
          photos += warmImages(r.value);
          ahead.push(r.value);
          fill();
        }
      },
      (err: unknown) => {
        reading = null;
        failed = { err }; // thrown where the entry it stands for would have been drawn
      },
    );
  };
  try {
    for (;;) {
      fill();
      while (!ahead.length) {
        if (failed) throw failed.err;
        if (ended) return;
        await reading;
        fill();
      }
      const next = ahead.shift() as PortfolioEntry;
      photos -= photoCount(next);
      yield next;
    }
  } finally {
    await it.return?.();
  }
}
