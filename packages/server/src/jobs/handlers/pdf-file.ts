// A PDF rendered to a temporary file (bounded memory, known length for the upload), then stored.
// The object's key names the row the job fills, so a retried or taken-over job overwrites the same
// file; the temporary file is removed whatever happens.
import { createReadStream, createWriteStream } from "node:fs";
import { stat, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { JobContext, JobRun } from "../job.js";

/** Renders to a temporary file named after `name`, uploads it under `key`; its pages and bytes. */
export async function renderToStorage(
  ctx: JobContext & JobRun,
  name: string,
  key: string,
  render: (out: NodeJS.WritableStream) => Promise<{ pages: number }>,
): Promise<{ pages: number; size: number }> {
  const file = path.join(tmpdir(), `${name}-${process.pid}-${ctx.attempt}.pdf`);
  try {
    const { pages } = await render(createWriteStream(file));
    const { size } = await stat(file);
    await ctx.storage.put(key, createReadStream(file), "application/pdf", size);
    return { pages, size };
  } finally {
    await unlink(file).catch(() => undefined);
  }
}
