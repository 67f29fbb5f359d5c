import { Writable } from "node:stream";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { entry, OWNER, portfolio } from "./fixtures.js";
import { ENTRIES_TITLE, pageBlocks, renderPortfolio } from "./index.js";
import type { PortfolioDocument, ProgressFn } from "./types.js";

async function render(input: PortfolioDocument, onProgress?: ProgressFn) {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk);
      cb();
    },
  });
  const result = await renderPortfolio(input, out, onProgress);
  const pdf = Buffer.concat(chunks);
  const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: false,
  });
  return { result, pdf, totalPages, pages: text };
}

/** Contents lines "[date] label ... page" as label -> printed page number. */
function contentsNumbers(pages: string[], from: number, count: number): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const text of pages.slice(from, from + count))
    for (const line of text.split("\n")) {
      const m = /^(?:\d\d\/\d\d\/\d{4} )?(.+?) (\d+)$/.exec(line.trim());
      if (m?.[1] && m[2] && !line.startsWith("Page ")) numbers.set(m[1], Number(m[2]));
    }
  return numbers;
}

/** 1-based number of the first page after `after` whose text contains `needle`. */
const pageOf = (pages: string[], needle: string, after: number) =>
  pages.findIndex((t, i) => i >= after && t.includes(needle)) + 1;

const LONG_TITLE =
  "A very long title about a multidisciplinary team meeting on the management of complex regional pain syndrome in adolescents and young adults after lower limb fractures";

describe("renderPortfolio", () => {
  it("renders every part, and the contents give the page each entry is on", async () => {
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#88aaff" } })
      .png()
      .toBuffer();
    const entries = [
      entry(1),
      entry(2, {
        title: "Photo of the teaching session",
        evidence: [
          {
            id: "f1",
            name: "whiteboard.png",
            contentType: "image/png",
            size: photo.length,
            load: async () => photo,
          },
        ],
      }),
      entry(3, {
        title: "Certificate from the sepsis course",
        evidence: [{ id: "f2", name: "certificate.pdf", contentType: "application/pdf", size: 123_456 }],
      }),
      entry(4, {
        type: "reflection",
        title: "Reflection on ethics",
        sections: [
          { title: "Reflection", items: [{ label: "What I learned", value: "Σωκράτης: γνῶθι σεαυτόν" }] },
        ],
      }),
      entry(5, { title: LONG_TITLE, sections: [] }),
    ];
    const { result, pdf, totalPages, pages } = await render(portfolio(entries));

    expect(result.pages).toBe(totalPages);
    // Front, contents, 2 profile pages, infographic, one page per (short) entry.
    expect(totalPages).toBeGreaterThanOrEqual(10);
    const all = pages.join("\n");
    for (const e of entries.slice(0, 4)) expect(all).toContain(e.title);
    expect(all).toContain(OWNER);
    expect(all).toContain("Σωκράτης: γνῶθι σεαυτόν");
    expect(all).toContain("whiteboard.png");
    expect(all).toContain("certificate.pdf (PDF document, 121 KB)");
    expect(all).toContain("Total CPD hours");
    // The long title wraps rather than running off the page.
    expect(all.replace(/\s+/g, " ")).toContain(LONG_TITLE);

    // Page 2 is the contents; every number printed there is the page the title is on.
    expect(pages[1]).toContain("Contents");
    const numbers = contentsNumbers(pages, 1, 1);
    const expected = [
      "Professional information",
      "Personal statement",
      "CPD summary",
      ...entries.slice(0, 4).map((e) => e.title),
    ];
    for (const label of expected) {
      expect(numbers.get(label), label).toBe(pageOf(pages, label, 2));
    }
    // The entries' section line points at the first entry.
    expect(numbers.get(ENTRIES_TITLE)).toBe(pageOf(pages, entries[0]?.title ?? "", 2));
    const longLine = [...numbers.entries()].find(([label]) => label.startsWith("A very long title"));
    expect(longLine?.[0].endsWith("…")).toBe(true);
    expect(longLine?.[1]).toBe(pageOf(pages, "A very long title", 2));
    expect(numbers.size).toBe(expected.length + 2);
    expect(new Set(numbers.values()).size).toBe(expected.length + 1);

    // Header and footer on every page but the front page.
    expect(pages[0]).not.toContain("Page 1 of");
    pages.slice(1).forEach((text, i) => {
      expect(text).toContain(`Page ${i + 2} of ${totalPages}`);
      expect(text).toContain("My CPD portfolio");
    });

    // The 3000 px photo is embedded at 1200 px, not at its original size.
    const raw = pdf.toString("latin1");
    expect(raw).toMatch(/\/Width 1200\s*\/Height 800/);
    expect(raw).not.toContain("/Width 3000");
  });

  it("reserves enough contents pages for many entries and numbers them right", async () => {
    const entries = Array.from({ length: 90 }, (_, i) =>
      entry(i + 1, { title: `Entry #${i + 1} of ninety` }),
    );
    const { result, pages } = await render(
      portfolio(entries, { include: ["CONTENTS_PAGE"], profilePages: [], infographic: null }),
    );
    // No front page: contents start on page 1 and take three pages (37 + 42 + 12 lines).
    expect(pages[0]).toContain("Contents");
    expect(pages[2]).toContain("Entry #90 of ninety");
    expect(pages[3]).not.toContain("Contents");
    expect(result.pages).toBe(3 + 90);
    const numbers = contentsNumbers(pages, 0, 3);
    expect(numbers.size).toBe(91);
    for (const e of entries) expect(numbers.get(e.title), e.title).toBe(pageOf(pages, e.title, 3));
    expect(pages[0]).toContain("Page 1 of 93");
  });

  it("lists a photo that fails to load as a file and still renders", async () => {
    const broken = entry(1, {
      evidence: [
        {
          id: "f1",
          name: "lost-photo.jpg",
          contentType: "image/jpeg",
          size: 2_500_000,
          load: async () => {
            throw new Error("NoSuchKey");
          },
        },
        {
          id: "f2",
          name: "not-really.png",
          contentType: "image/png",
          size: 10,
          load: async () => Buffer.from("not an image"),
        },
      ],
    });
    const { result, pages } = await render(portfolio([broken]));
    const all = pages.join("\n");
    expect(all).toContain("lost-photo.jpg (JPEG image, 2.4 MB)");
    expect(all).toContain("not-really.png (PNG image, 10 B)");
    expect(result.pages).toBe(pages.length);
  });

  it("reports progress after each entry, in order, and waits for the callback", async () => {
    const calls: string[] = [];
    const progress: ProgressFn = async (done, total) => {
      await new Promise((r) => setTimeout(r, 5));
      calls.push(`${done}/${total}`);
    };
    const input = portfolio([entry(1), entry(2), entry(3)]);
    const entries = input.entries;
    input.entries = (async function* () {
      for await (const e of entries) {
        calls.push(`yield ${e.id}`);
        yield e;
      }
    })();
    await render(input, progress);
    // Entries are read a few ahead (their photos warm meanwhile); progress follows the drawing, in order,
    // and the last awaited callback has finished before the render resolves.
    expect(calls.filter((c) => c.includes("/"))).toEqual(["1/3", "2/3", "3/3"]);
    expect(calls.filter((c) => c.startsWith("yield"))).toEqual(["yield e1", "yield e2", "yield e3"]);
    expect(calls.indexOf("1/3")).toBeGreaterThan(calls.indexOf("yield e1"));
  });

  it("renders a portfolio with no entries, no front page and no contents", async () => {
    const { result, pages } = await render(
      portfolio([], {
        include: [],
        profilePages: [{ code: "JOB_DESCRIPTION", title: "Job description", sections: [] }],
        infographic: null,
      }),
    );
    expect(result.pages).toBe(2);
    expect(pages[0]).toContain("Job description");
    expect(pages[0]).toContain("Not provided");
    expect(pages[0]).toContain("Page 1 of 2");
    expect(pages[1]).toContain("No CPD records were selected for this portfolio.");
  });

  it("never leaves a heading or item label at the foot of a page", async () => {
    // Sections of uneven length push headings to every position on the page.
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
    const sections = Array.from({ length: 60 }, (_, s) => ({
      title: `Heading ${s + 1} of the form`,
      items: [{ label: `Question ${s + 1}`, value: words(3 + ((s * 7) % 25)) }],
    }));
    const { pages } = await render(
      portfolio([entry(1, { sections, tags: [] })], { include: [], profilePages: [], infographic: null }),
    );
    expect(pages.length).toBeGreaterThan(4);
    const lastBodyLines = pages.map((text) => {
      const lines = text
        .split("\n")
        .filter((l) => !/^Page \d+ of \d+$/.test(l) && !l.includes("My CPD portfolio"));
      return lines.at(-1) ?? "";
    });
    for (const line of lastBodyLines) {
      expect(line).not.toMatch(/^Heading \d+ of the form$/);
      expect(line).not.toMatch(/^QUESTION \d+$/);
    }
    // Every heading is followed on its own page by its question and answer.
    for (const text of pages)
      for (const m of text.matchAll(/Heading (\d+) of the form\n(.*)\n(.*)/g)) {
        expect(m[2]).toBe(`QUESTION ${m[1]}`);
        expect(m[3]).toMatch(/^word0/);
      }
  });

  it("puts the infographic after the common profile pages and before governing-body pages", () => {
    const blocks = pageBlocks({
      profilePages: [
        { code: "PROFESSIONAL_INFORMATION", title: "A" },
        { code: "HCPC_PROFILE", title: "B" },
      ],
      infographic: portfolio([]).infographic,
    });
    expect(blocks.map((b) => (b.kind === "profile" ? b.page.code : b.kind))).toEqual([
      "PROFESSIONAL_INFORMATION",
      "infographic",
      "HCPC_PROFILE",
    ]);
  });
});
