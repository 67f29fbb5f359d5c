import { PassThrough, Readable, type Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { minimalDocx, zip } from "../../../test/zip.js";
import { AppError } from "../../lib/errors.js";
import { feed, ooxmlCheck, UploadGuard, utf8Check } from "./upload-checks.js";

/** Reads a stream to its end; answers the error's status, or "ok". */
async function drain(...streams: [Readable, ...Transform[]]) {
  const sink = new PassThrough();
  sink.resume();
  try {
    await pipeline([...streams, sink]);
    return "ok";
  } catch (err) {
    return err instanceof AppError ? err.statusCode : err;
  }
}
/** Runs chunks through a check. */
const run = (check: Transform, chunks: Buffer[]) => drain(Readable.from(chunks), check);

const split = (b: Buffer, size: number) =>
  Array.from({ length: Math.ceil(b.length / size) }, (_, i) => b.subarray(i * size, (i + 1) * size));

describe("upload checks", () => {
  it("takes UTF-8 text across chunk boundaries and refuses invalid or NUL bytes anywhere", async () => {
    const text = Buffer.from(`\ufeff${"é😀 notes ".repeat(5000)}`);
    expect(await run(utf8Check(), split(text, 97))).toBe("ok");
    const bad = Buffer.concat([text, Buffer.from([0xc3])]); // a cut character at the very end
    expect(await run(utf8Check(), split(bad, 1000))).toBe(415);
    const latin1 = Buffer.concat([text, Buffer.from("caf\xe9 ", "latin1"), text]);
    expect(await run(utf8Check(), split(latin1, 1000))).toBe(415);
    expect(await run(utf8Check(), [text, Buffer.from([0])])).toBe(415);
  });

  it("passes an Office package and refuses a ZIP renamed, whatever the chunking", async () => {
    const big = Buffer.alloc(300_000, 7); // the directory is far from the start
    const docx = minimalDocx({ "word/media/image1.png": big });
    expect(await run(ooxmlCheck("docx"), split(docx, 4096))).toBe("ok");
    expect(await run(ooxmlCheck("docx"), [docx])).toBe("ok");
    expect(await run(ooxmlCheck("xlsx"), split(docx, 4096))).toBe(415);
    const renamed = zip({ "holiday/1.jpg": big, "notes.txt": "x" });
    expect(await run(ooxmlCheck("docx"), split(renamed, 4096))).toBe(415);
    expect(await run(ooxmlCheck("docx"), split(docx.subarray(0, -10), 4096))).toBe(415);
  });

  it("stops a body over, under or slower than allowed", async () => {
    const quick = { idleMs: 1000, totalMs: 1000 };
    expect(await run(new UploadGuard(10, quick), [Buffer.alloc(10)])).toBe("ok");
    expect(await run(new UploadGuard(10, quick), [Buffer.alloc(6), Buffer.alloc(5)])).toBe(413);
    expect(await run(new UploadGuard(10, quick), [Buffer.alloc(9)])).toBe(400);

    const stalled = new PassThrough();
    const guard = new UploadGuard(10, { idleMs: 50, totalMs: 10_000 });
    feed(stalled, guard);
    stalled.write(Buffer.alloc(3));
    const started = Date.now();
    expect(await drain(guard)).toBe(408);
    expect(Date.now() - started).toBeLessThan(1000);
    // The source is only let go of, never destroyed: its socket can still carry the answer.
    expect(stalled.destroyed).toBe(false);
  });

  it("stops a body that keeps trickling past the total time", async () => {
    const slow = new PassThrough();
    const guard = new UploadGuard(1000, { idleMs: 1000, totalMs: 120 });
    feed(slow, guard);
    const drip = setInterval(() => slow.write(Buffer.alloc(1)), 20);
    const result = drain(guard);
    expect(await result).toBe(408);
    clearInterval(drip);
  });
});
