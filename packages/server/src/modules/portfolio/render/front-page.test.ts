import { Writable } from "node:stream";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { BACKGROUNDS } from "./backgrounds.js";
import { OWNER, portfolio } from "./fixtures.js";
import { renderPortfolio } from "./index.js";
import type { PortfolioDocument } from "./types.js";

async function frontPage(overrides: Partial<PortfolioDocument>) {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(c: Buffer, _e, cb) {
      chunks.push(c);
      cb();
    },
  });
  const input = portfolio([], { include: ["FRONT_PAGE"], profilePages: [], infographic: null, ...overrides });
  await renderPortfolio(input, out);
  const pdf = Buffer.concat(chunks);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return { pdf, text: text[0] ?? "" };
}

describe("front page", () => {
  it("has ten distinct backgrounds", () => {
    expect(BACKGROUNDS).toHaveLength(10);
    expect(new Set(BACKGROUNDS.map((b) => b.pattern)).size).toBe(10);
    expect(new Set(BACKGROUNDS.map((b) => `${b.palette.strong}${b.palette.soft}`)).size).toBe(10);
  });

  it("prints the titles, owner and date range in every cover style", async () => {
    for (const cover of ["classic", "modern", "minimal"] as const) {
      const { text } = await frontPage({ cover, background: 7 });
      expect(text).toContain("My CPD portfolio");
      expect(text).toContain("HCPC audit 2026");
      expect(text).toContain(OWNER);
      expect(text).toContain("01/01/2026 – 30/06/2026");
      expect(text).not.toContain("Page 1 of");
    }
  });

  it("shows the organisation's name and logo when branded, and survives a broken logo", async () => {
    const logo = await sharp({ create: { width: 800, height: 300, channels: 4, background: "#00000000" } })
      .png()
      .toBuffer();
    const branded = await frontPage({ branding: { name: "Ysbyty Gwynedd", colourHex: "#6a1b9a", logo } });
    expect(branded.text).toContain("Ysbyty Gwynedd");
    expect(branded.pdf.toString("latin1")).toMatch(/\/Subtype \/Image/);
    const broken = await frontPage({
      branding: { name: "Ysbyty Gwynedd", colourHex: "not a colour", logo: Buffer.from("nope") },
    });
    expect(broken.text).toContain("Ysbyty Gwynedd");
    expect(broken.pdf.toString("latin1")).not.toMatch(/\/Subtype \/Image/);
  });
});
