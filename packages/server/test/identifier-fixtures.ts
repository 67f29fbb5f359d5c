// Shared by the patient-identifier tests (ADR 0029): numbers made here, never copied from a list,
// and an app whose log lines a test can read.
import { randomInt } from "node:crypto";
import { Writable } from "node:stream";
import type { FastifyServerOptions } from "fastify";
import PDFDocument from "pdfkit";
import { buildApp, loggerOptions } from "../src/app.js";
import type { Deps } from "../src/deps.js";

/** A random NHS number (first digit 4: never a CHI date nor an H&C number), its check digit computed here. */
export function nhsNumber(): string {
  for (;;) {
    const nine = String(randomInt(400_000_000, 500_000_000));
    const total = [...nine].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0);
    const check = (11 - (total % 11)) % 11;
    if (check !== 10) return `${nine}${check}`;
  }
}
export const spaced = (ten: string) => `${ten.slice(0, 3)} ${ten.slice(3, 6)} ${ten.slice(6)}`;

/** A PDF (pdfkit) whose text is these lines, as evidence uploads carry. */
export function pdfOf(lines: string[], options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

/** An app with the production logger's options at the most verbose level, its lines kept. */
export async function appWithLogs(deps: Deps) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = { ...(loggerOptions("trace") as object), stream } as FastifyServerOptions["logger"];
  const app = await buildApp(deps, { logger });
  return { app, logs: () => lines.join("") };
}
