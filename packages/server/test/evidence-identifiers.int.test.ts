// Patient identifiers in evidence (ADR 0031): a file's name is checked as it is uploaded, and the
// worker reads an uploaded PDF's or Word document's text and keeps what the detector finds, shown
// where the owner lists the file. Damaged and encrypted files are marked failed, never a 5xx.
import { randomInt } from "node:crypto";
import { classifyTenDigits, IDENTIFIER_MESSAGES, passesModulus11 } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { upload } from "./factories.js";
import { call, createUser, jobsSettled, randomIp, type TestUser, useApp, whileRedisDown } from "./harness.js";
import { pdfOf, spaced } from "./identifier-fixtures.js";
import { minimalDocx } from "./zip.js";

const h = useApp({ worker: true });

/** Ten digits from `nine` and the digit that makes them `kind`, or null when no digit does. */
function withCheckDigit(nine: string, kind: "chi-number" | "nhs-number"): string | null {
  for (let d = 0; d <= 9; d++) if (classifyTenDigits(`${nine}${d}`) === kind) return `${nine}${d}`;
  return null;
}

/** A Scottish CHI number: a real date (15 March 1972) and a serial, its modulus 11 check digit computed here. */
function chiNumber(): string {
  for (;;) {
    const chi = withCheckDigit(`150372${randomInt(100, 1000)}`, "chi-number");
    if (chi && passesModulus11(chi)) return chi;
  }
}

/** An NHS number starting 4 (never a CHI date, nor an H&C or test number). */
function nhsNumber(): string {
  for (;;) {
    const nhs = withCheckDigit(String(randomInt(400_000_000, 500_000_000)), "nhs-number");
    if (nhs) return nhs;
  }
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
/** A Word document whose body is these paragraphs, each a list of runs (a number may span runs). */
const docxOf = (paragraphs: string[][]) =>
  minimalDocx({
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs
      .map(
        (runs) =>
          `<w:p>${runs.map((r) => `<w:r><w:t xml:space="preserve">${esc(r)}</w:t></w:r>`).join("")}</w:p>`,
      )
      .join("")}</w:body></w:document>`,
  });

interface Finding {
  kind: string;
  severity: string;
  reason: string;
  source: string;
  start: number;
  end: number;
  excerpt?: string;
}
interface Listed {
  id: string;
  filename: string;
  textCheck?: string;
  identifierFindings?: Finding[];
  moreFindings?: number;
}

/** Uploads and answers the file as the upload answered it (the test fails unless it is a 200). */
async function uploaded(u: TestUser, filename: string, bytes: Buffer): Promise<Listed> {
  const res = await upload(h, u, filename, bytes, { ip: randomIp() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Listed;
}

/** The file as My Files lists it once its text check has run. */
async function afterCheck(u: TestUser, id: string): Promise<Listed> {
  // The worker's first PDF loads pdf.js: allow for a busy test machine.
  await jobsSettled(h, (d) => d.fileId === id, { timeoutMs: 90_000 });
  const res = await call(h.app, "GET", "/file/limit/100/page/1", { token: u.token });
  expect(res.status).toBe(200);
  const file = (res.body.items as Listed[]).find((f) => f.id === id);
  if (!file) throw new Error(`file ${id} not listed`);
  return file;
}

describe("patient identifiers in evidence", { timeout: 120_000 }, () => {
  it("flags a PDF holding a valid CHI number once the worker has read it, with a masked excerpt", async () => {
    const u = await createUser(h.deps);
    const chi = chiNumber();
    const pdf = await pdfOf(["Case review for supervision", `Patient CHI ${chi} seen in clinic on Tuesday.`]);
    const up = await uploaded(u, "Case review.pdf", pdf);
    expect(up.textCheck === "pending" || up.textCheck === "done").toBe(true);

    const file = await afterCheck(u, up.id);
    expect(file.textCheck).toBe("done");
    expect(file.identifierFindings).toEqual([
      expect.objectContaining({
        kind: "chi-number",
        severity: "identifier",
        source: "text",
        reason: IDENTIFIER_MESSAGES["chi-number"],
      }),
    ]);
    const [finding] = file.identifierFindings as Finding[];
    expect(finding && finding.end - finding.start).toBe(10);
    // The excerpt shows where, never what: no digit of the number survives.
    expect(finding?.excerpt).toMatch(/Patient CHI •{10} seen in clinic/);
    expect(finding?.excerpt).not.toMatch(/[0-9]/);
    expect(JSON.stringify(file)).not.toContain(chi);
    const row = await h.deps.prisma.storedFile.findUniqueOrThrow({ where: { id: up.id } });
    expect(JSON.stringify(row.identifierFindings)).not.toContain(chi);
  });

  it("flags a Word document holding an NHS number written across runs", async () => {
    const u = await createUser(h.deps);
    const nhs = spaced(nhsNumber());
    const docx = docxOf([
      ["Reflection on a handover"],
      ["NHS no: ", nhs.slice(0, 7), nhs.slice(7)],
      ["Learning points."],
    ]);
    const up = await uploaded(u, "Handover reflection.docx", docx);
    const file = await afterCheck(u, up.id);
    expect(file.textCheck).toBe("done");
    expect(file.identifierFindings).toEqual([
      expect.objectContaining({ kind: "nhs-number", severity: "identifier", source: "text" }),
    ]);
    expect(file.identifierFindings?.[0]?.excerpt).toBe(
      // Thirty characters either side, the lines joined by spaces.
      "…lection on a handover NHS no: ••• ••• •••• Learning points.",
    );
  });

  it("finds nothing in a clean PDF, and checks the file name at upload", async () => {
    const u = await createUser(h.deps);
    const up = await uploaded(
      u,
      "Sepsis notes.pdf",
      await pdfOf(["Reflective notes on sepsis recognition, 3 hours."]),
    );
    expect(up.identifierFindings).toBeUndefined();
    const file = await afterCheck(u, up.id);
    expect(file.textCheck).toBe("done");
    expect(file.identifierFindings).toBeUndefined();

    // The name is judged as the upload answers, before any job: and as it is now, after a rename.
    const nhs = nhsNumber();
    const named = await uploaded(u, `Letter ${nhs}.pdf`, await pdfOf(["A clean letter."]));
    expect(named.identifierFindings).toEqual([
      {
        kind: "nhs-number",
        severity: "identifier",
        source: "filename",
        reason: IDENTIFIER_MESSAGES["nhs-number"],
        start: 7,
        end: 17,
      },
    ]);
    const renamed = await call(h.app, "PUT", `/file/${named.id}`, {
      token: u.token,
      body: { newFilename: "Letter" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.identifierFindings).toBeUndefined();
  });

  it("marks a damaged or encrypted PDF failed, answers no 5xx, and goes on with the next file", async () => {
    const u = await createUser(h.deps);
    const corrupt = Buffer.concat([
      Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog"),
      Buffer.alloc(2000, 0x37),
    ]);
    const bad = await uploaded(u, "Scan.pdf", corrupt);
    const locked = await uploaded(
      u,
      "Locked.pdf",
      await pdfOf([`CHI ${chiNumber()}`], { userPassword: "secret" }),
    );
    const docx = await uploaded(u, "Not really.docx", minimalDocx({ "word/document.xml": "<w:document" }));

    for (const id of [bad.id, locked.id]) {
      const file = await afterCheck(u, id);
      expect(file.textCheck).toBe("failed");
      expect(file.identifierFindings).toBeUndefined();
    }
    // A Word part with no text at all is read as empty, not failed.
    expect((await afterCheck(u, docx.id)).textCheck).toBe("done");
    const got = await h.app.inject({ method: "GET", url: `/api/file/${bad.id}?auth_token=${u.token}` });
    expect(got.statusCode).toBe(200);

    const after = await uploaded(u, "After.pdf", await pdfOf([`CHI ${chiNumber()}`]));
    const file = await afterCheck(u, after.id);
    expect(file.textCheck).toBe("done");
    expect(file.identifierFindings?.map((f) => f.kind)).toEqual(["chi-number"]);
  });

  it("keeps an upload made while the queue is away, saying the file could not be checked", async () => {
    const u = await createUser(h.deps);
    const pdf = await pdfOf([`CHI ${chiNumber()}`]);
    const up = await whileRedisDown(h, () => uploaded(u, "Offline.pdf", pdf));
    expect(up.textCheck).toBe("failed");
    const row = await h.deps.prisma.storedFile.findUniqueOrThrow({ where: { id: up.id } });
    expect(row.textCheck).toBe("failed");
  });

  it("does not read images", async () => {
    const u = await createUser(h.deps);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from("png"),
    ]);
    const up = await uploaded(u, "Ward.png", png);
    expect(up.textCheck).toBeUndefined();
    const row = await h.deps.prisma.storedFile.findUniqueOrThrow({ where: { id: up.id } });
    expect(row.textCheck).toBeNull();
  });
});
