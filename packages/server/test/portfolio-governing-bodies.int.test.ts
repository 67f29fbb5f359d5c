// The governing bodies' portfolio pages (REQ-PORT-03, docs/decisions/0025-governing-body-pages.md):
// each page code prints its body's published standards and their source from the data file, the
// NMC future nurse page is not the NMC Code again, and the Clinical Skills chart is vector drawing.
// The worker's loader reads the real database and the fake Clinical Skills service.
import type { AddressInfo } from "node:net";
import { GOVERNING_BODY_PAGE_CODES, PAGE_TITLES } from "@cpd/contract";
import { extractText, getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClinicalSkillsServer, FAKE_API_KEY } from "../../../scripts/fakes/clinical-skills.mjs";
import { HttpClinicalSkillsConnector } from "../src/connectors/clinical-skills/connector.js";
import { todayInLondon } from "../src/lib/dates.js";
import { loadPortfolio } from "../src/modules/portfolio/load.js";
import { standardsForPage } from "../src/modules/portfolio/standards/index.js";
import { diary, portfolioBytes, portfolioRequest } from "./factories.js";
import { call, createUser, randomIp, type TestUser, useApp } from "./harness.js";

const h = useApp();
const fake = createClinicalSkillsServer();
let fakeUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", () => resolve()));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  h.deps.clinicalSkills = new HttpClinicalSkillsConnector(fakeUrl, FAKE_API_KEY);
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

const today = todayInLondon();
const BODIES = Object.keys(GOVERNING_BODY_PAGE_CODES);
const BODY_CODES = Object.values(GOVERNING_BODY_PAGE_CODES).flat();

async function portfolioPdf(u: TestUser, include: string[], diaryEntries: string[] = []) {
  const config = { ...h.deps.config, clinicalSkills: { url: fakeUrl, apiKey: FAKE_API_KEY } };
  const request = portfolioRequest({ include, title: { line1: "Standards", line2: "" }, diaryEntries });
  const doc = await loadPortfolio(h.deps.prisma, h.deps.storage, config, { userId: u.id, request }, today);
  const pdf = await getDocumentProxy(new Uint8Array(await portfolioBytes(doc)));
  const { text } = await extractText(pdf, { mergePages: false });
  return { pdf, pages: (text as string[]).map((t) => t.replace(/\s+/g, " ")) };
}

/** The page whose heading is the page code's title (the entries' section comes last). */
const pageFor = (pages: string[], code: string) => {
  const i = pages.findIndex((t) => t.startsWith(PAGE_TITLES[code] ?? code));
  expect(i, `no page for ${code}`).toBeGreaterThanOrEqual(0);
  return { index: i, text: pages[i] as string };
};

describe("governing-body portfolio pages", () => {
  it("prints each body's standards, publication and source address, never 'No standards are recorded'", async () => {
    const me = await createUser(h.deps);
    await h.deps.prisma.profile.update({ where: { userId: me.id }, data: { governingBodies: BODIES } });
    const nmc = await diary(h, me, {
      DiaryDate: today,
      DiaryHours: "1",
      ActivityType: "Other",
      Field116: "Other",
      Field222: "Handover audit",
    });
    await h.deps.prisma.entry.update({
      where: { id: nmc },
      data: { standards: ["NMC 1: Prioritise people", "NMC 3: Preserve safety"] },
    });

    const { pages } = await portfolioPdf(me, BODY_CODES, [nmc]);
    const all = pages.join(" ");
    expect(all).not.toContain("No standards are recorded");
    for (const code of BODY_CODES) {
      const set = standardsForPage(code);
      // Every page code has its standards, with the published address they come from.
      expect(set?.source, code).toMatch(/^https:\/\/\S+$/);
      if (!set) continue;
      // A page may run onto the next: the page and the one after it.
      const { index } = pageFor(pages, code);
      const text = `${pages[index]} ${pages[index + 1] ?? ""}`;
      expect(text, code).toContain(set.publication);
      expect(text.replace(/\s/g, ""), code).toContain(`Source:${set.source}`);
      if (set.effective) expect(text, code).toContain(`Effective ${set.effective}`);
      for (const item of set.items) expect(text, `${code} ${item.ref}`).toContain(item.title);
    }

    // The NMC Code's themes, with the entries that record them; the future nurse page is the platforms.
    const code = pageFor(pages, "NMC_STANDARDS").text;
    expect(code).toContain("Prioritise people 1 selected entry");
    expect(code).toContain("Practise effectively 0 selected entries");
    const fen = pageFor(pages, "NMC_FEN_STANDARDS").text;
    expect(fen).toContain("Future nurse: Standards of proficiency for registered nurses");
    expect(fen).toContain("Platform 7 Coordinating care");
    expect(fen).not.toContain("Prioritise people");
    expect(code).not.toContain("Being an accountable professional");
  });

  it("draws the linked Clinical Skills account's counters as a vector bar chart", async () => {
    const me = await createUser(h.deps);
    const link = await call(h.app, "POST", "/clinical-skills/auth/link", {
      token: me.token,
      ip: randomIp(),
      body: { emailAddress: "demo@example.org", password: "Skills123!" },
    });
    expect(link.status).toBe(200);

    const { pdf, pages } = await portfolioPdf(me, ["CLINICAL_SKILLS_TEXTUAL", "CLINICAL_SKILLS_GRAPHICAL"]);
    const list = pageFor(pages, "CLINICAL_SKILLS_TEXTUAL");
    expect(list.text).toContain("Skills logged in the past 30 days 36");
    const chart = pageFor(pages, "CLINICAL_SKILLS_GRAPHICAL");
    expect(chart.text).toContain("Skills and shifts logged (demo@example.org)");
    for (const label of ["Skills, past 7 days", "Shifts, past 30 days"]) expect(chart.text).toContain(label);

    // Vector drawing: filled rectangles (one per bar above 0) and stroked axis lines on that page only.
    const { OPS } = await getResolvedPDFJS();
    const paints = async (index: number) => {
      const { fnArray, argsArray } = await (await pdf.getPage(index + 1)).getOperatorList();
      // pdf.js folds a path and its painting into one constructPath whose first argument is the paint.
      const painted = fnArray.flatMap((fn, i) =>
        fn === OPS.constructPath ? [(argsArray[i] as unknown[])[0] as number] : [],
      );
      return {
        fills: painted.filter((op) => op === OPS.fill || op === OPS.eoFill).length,
        strokes: painted.filter((op) => op === OPS.stroke).length,
      };
    };
    const drawn = await paints(chart.index);
    expect(drawn.fills).toBeGreaterThanOrEqual(4);
    expect(drawn.strokes).toBeGreaterThanOrEqual(3);
    expect((await paints(list.index)).fills).toBe(0);
  });
});
