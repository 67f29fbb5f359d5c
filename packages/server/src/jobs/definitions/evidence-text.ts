import { pdfJob } from "./shared.js";

/**
 * Reads an uploaded PDF's or Word document's text and keeps what the patient-identifier detector
 * finds in it with the file (ADR 0031). The payload is the file's id only; the job id derives from
 * it, so one upload is read once. On the pdf queue: parsing a document is CPU work like a render.
 */
export const evidenceTextJob = pdfJob("evidence-text", "fileId");

export const evidenceTextJobId = (fileId: string) => `evidence-text-${fileId}`;
