// An early refusal over a real socket: a 413 (or any answer sent while the body is still arriving)
// must reach a client that is still sending, not end as "fetch failed" because the connection was
// reset under it (plugins/transport.ts, registerLingeringClose).
import net from "node:net";
import { MAX_FILE_BYTES } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { FILE_MESSAGES } from "../src/modules/files/messages.js";
import { createUser, useApp } from "./harness.js";

const h = useApp();
let app: FastifyInstance;
let base: string;
let port: number;

beforeAll(async () => {
  app = await buildApp(h.deps);
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as net.AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await app?.close();
});

const ELEVEN_MB = 11 * 1024 * 1024;
/** Bytes a PDF starts with, so the upload is refused for its size, not its type. */
const pdfOfSize = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(Buffer.from("%PDF-1.7\n"));
  return bytes;
};

async function expectTooLarge(res: Response, message?: string) {
  expect(res.status).toBe(413);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({
    statusCode: 413,
    error: "Payload Too Large",
    code: "PAYLOAD_TOO_LARGE",
    message: message ?? expect.any(String),
  });
}

describe("Node's fetch reads the 413 of an oversize body", () => {
  it("an 11 MB profile image, raw and as a multipart form", async () => {
    const u = await createUser(h.deps);
    const auth = { authorization: `Bearer ${u.token}` };
    const raw = await fetch(`${base}/api/profile/image`, {
      method: "POST",
      headers: { ...auth, "content-type": "image/png" },
      body: new Uint8Array(ELEVEN_MB),
    });
    await expectTooLarge(raw);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(ELEVEN_MB)], { type: "image/png" }), "me.png");
    await expectTooLarge(
      await fetch(`${base}/api/profile/image`, { method: "POST", headers: auth, body: form }),
    );
  });

  it("an evidence file over its limit, as a multipart form and raw", async () => {
    const u = await createUser(h.deps);
    const auth = { authorization: `Bearer ${u.token}` };
    const form = new FormData();
    form.append("file", new Blob([pdfOfSize(MAX_FILE_BYTES + 1)], { type: "application/pdf" }), "big.pdf");
    const multipart = await fetch(`${base}/api/file/upload`, { method: "POST", headers: auth, body: form });
    await expectTooLarge(multipart, FILE_MESSAGES.tooLarge);
    const raw = await fetch(`${base}/api/file/upload?filename=big.pdf`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/pdf" },
      body: pdfOfSize(ELEVEN_MB),
    });
    await expectTooLarge(raw, FILE_MESSAGES.tooLarge);
  });

  it("a JSON body over the JSON limit", async () => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@example.org", password: "x".repeat(3_000_000) }),
    });
    await expectTooLarge(res, "The request body is too large");
  });
});

interface Exchange {
  answer: string;
  written: number;
  writeError?: string;
  closed: boolean;
}

/** A raw connection to the app: what it answered, what was written, and whether it was reset. */
function exchange(allowHalfOpen: boolean, onData?: () => void) {
  const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen });
  const result: Exchange = { answer: "", written: 0, closed: false };
  const done = new Promise<Exchange>((resolve) => {
    socket.on("data", (d: Buffer) => {
      result.answer += d.toString("latin1");
      onData?.();
    });
    socket.on("error", (err: NodeJS.ErrnoException) => {
      result.writeError = err.code ?? err.message;
    });
    socket.on("close", () => {
      result.closed = true;
      resolve(result);
    });
  });
  return { socket, result, done };
}

/**
 * Sends `head` and the first chunk, waits for the whole answer, then goes on sending the rest of
 * the body as a slow client would: what was written, and whether the server reset the connection.
 */
function sendAfterAnswer(head: string, total: number, chunkSize = 256 * 1024): Promise<Exchange> {
  const chunk = Buffer.alloc(chunkSize, 0x20);
  let answered = false;
  // Half-open: the server's end of the answer does not end this side, which goes on sending.
  const { socket, result, done } = exchange(true, () => {
    // The envelope is the answer's last part: then the rest of the body is sent.
    if (!answered && result.answer.endsWith("}")) {
      answered = true;
      writeRest();
    }
  });
  function writeRest() {
    while (result.written < total && !result.writeError) {
      const n = Math.min(chunkSize, total - result.written);
      result.written += n;
      if (!socket.write(n === chunkSize ? chunk : chunk.subarray(0, n))) {
        socket.once("drain", writeRest);
        return;
      }
    }
    if (result.written >= total) socket.end();
  }
  socket.write(head);
  result.written = Math.min(chunkSize, total);
  socket.write(chunk.subarray(0, result.written));
  return done;
}

describe("after an early answer the rest of the body is read, within bounds", () => {
  it("a client still sending after the 413 is not reset, and the connection ends once the body is in", async () => {
    const u = await createUser(h.deps);
    const head = `POST /api/profile/image HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${u.token}\r\nContent-Type: image/png\r\nContent-Length: ${ELEVEN_MB}\r\n\r\n`;
    const res = await sendAfterAnswer(head, ELEVEN_MB);
    expect(res.answer).toMatch(/^HTTP\/1\.1 413 .*\r\n/);
    expect(res.answer.toLowerCase()).toContain("connection: close");
    expect(res.answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
    expect(res.writeError).toBeUndefined();
    expect([res.written, res.closed]).toEqual([ELEVEN_MB, true]);
  });

  it("a body that goes on past the bound is cut off", async () => {
    // Chunked, so there is no length to refuse up front; 1 MB JSON limit, so at most 16 MB is read.
    const head =
      "POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
    const size = 1024 * 1024;
    const chunk = `${size.toString(16)}\r\n${" ".repeat(size)}\r\n`;
    const total = 200 * chunk.length;
    const { socket, result, done } = exchange(false);
    const next = () => {
      while (result.written < total && !result.writeError && !result.closed) {
        result.written += chunk.length;
        if (!socket.write(chunk)) return void socket.once("drain", next);
      }
    };
    socket.write(head);
    next();
    const res = await done;
    expect(res.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(res.closed).toBe(true);
    expect(res.written).toBeLessThan(total);
  });
});
