import { PassThrough, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { releaseOnceSent } from "./storage.js";

/** A destination that takes each write once the test says so, as a socket takes it once sent. */
function slowSink() {
  const taken: Buffer[] = [];
  const pending: (() => void)[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      pending.push(() => {
        taken.push(Buffer.from(chunk));
        cb();
      });
    },
  });
  return { sink, taken, pending };
}

describe("releaseOnceSent", () => {
  it("frees a chunk that owns its memory only once the destination has taken it", async () => {
    const body = releaseOnceSent(new PassThrough());
    const { sink, taken, pending } = slowSink();
    body.pipe(sink);
    const own = Buffer.from(new Uint8Array(70_000).fill(7).buffer);
    const slab = new Uint8Array(100_000).fill(9);
    const part = Buffer.from(slab.buffer, 10, 50_000); // a view into a larger buffer: left alone
    body.write(own);
    body.write(part);
    await new Promise((r) => setImmediate(r));
    expect(own.length).toBe(70_000); // still being sent
    for (let i = 0; i < 2; i++) {
      while (pending.length) pending.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    expect(taken.map((c) => c.length)).toEqual([70_000, 50_000]);
    expect(taken[0]?.every((b) => b === 7)).toBe(true);
    expect(own.length).toBe(0); // freed
    expect(part.length).toBe(50_000);
    expect(slab[10]).toBe(9);
  });
});
