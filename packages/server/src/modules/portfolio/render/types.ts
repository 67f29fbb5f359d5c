// What the portfolio renderer needs: loaded by the job from ids, nothing from HTTP.
// Entries arrive as an async iterable so a 2,000-entry portfolio is never all in memory.

interface PortfolioTextSection {
  heading: string;
  text: string;
}

/** A profile page (professional information, summary of work, a governing body's page...). */
export interface PortfolioProfilePage {
  /** A page code of the contract (PAGE_CODES). */
  code: string;
  title: string;
  /** Label/value rows (professional information). */
  rows?: { label: string; value: string }[];
  sections?: PortfolioTextSection[];
  /** PROFILE_PICTURE: the image bytes (any format sharp reads). */
  image?: Buffer | null;
  /** A governing body's page: where its standards are published (docs/decisions/0025-governing-body-pages.md). */
  source?: { publisher: string; publication: string; url: string; effective: string | null };
  /** CLINICAL_SKILLS_GRAPHICAL: bars drawn as vector shapes, a title and one bar per value. */
  chart?: { title: string; bars: { label: string; value: number }[] };
}

export interface PortfolioInfographic {
  /** Every month of the range, oldest first: "2026-01" -> hours. */
  hoursByMonth: { month: string; hours: number }[];
  categories: { name: string; hours: number }[];
  standards: { name: string; count: number }[];
  totalHours: number;
  diaryCount: number;
  reflectionCount: number;
}

export interface PortfolioEvidence {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** Loads the file's bytes; called for raster images only (jpeg, png, gif, webp). */
  load?: () => Promise<Buffer>;
}

export interface PortfolioEntry {
  id: string;
  type: "diary" | "reflection" | "supervision";
  title: string;
  date: string | null;
  hours: number | null;
  category: string | null;
  /** The answered form items, grouped by the form's page titles. */
  sections: { title: string; items: { label: string; value: string | string[] }[] }[];
  tags: string[];
  /** Only the evidence the user selected. */
  evidence: PortfolioEvidence[];
}

export interface PortfolioDocument {
  owner: { name: string };
  title: { line1: string; line2: string };
  /** 1-10. */
  background: number;
  cover: "classic" | "modern" | "minimal";
  /** Organisation branding when includeBranding was asked and the user has an organisation. */
  branding: { name: string; colourHex: string | null; logo: Buffer | null } | null;
  range: { from: string; to: string };
  /** Page codes the user included (FRONT_PAGE, CONTENTS_PAGE, ...). */
  include: string[];
  profilePages: PortfolioProfilePage[];
  infographic: PortfolioInfographic | null;
  /** How many entries `entries` will yield (contents page size is fixed before rendering). */
  entryCount: number;
  entries: AsyncIterable<PortfolioEntry>;
  generatedOn: string;
}

export interface RenderResult {
  pages: number;
}

export type ProgressFn = (done: number, total: number) => void | Promise<void>;
