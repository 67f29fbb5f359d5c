// HTTP over a real socket (supertest against app.listen): what inject() cannot see — compression
// negotiation, Node's own limits (431, 408), CORS preflight, security headers — and the API
// process's graceful shutdown. Every refusal must still be the error envelope with an enum code.
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { ERROR_CODES } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.js";
import type { Config } from "../src/config.js";
import { createUser, useApp } from "./harness.js";

const h = useApp();
const ORIGIN = "https://app.example.org";
const REQUEST_TIMEOUT_MS = 1_000;

let app: FastifyInstance;
let base: string;

/** The real app with production-like settings: a CORS allow-list, a short request timeout. */
async function listen(config: Partial<Config>) {
  const a = await buildApp({ ...h.deps, config: { ...h.deps.config, ...config } });
  await a.listen({ port: 0, host: "127.0.0.1" });
  const { port } = a.server.address() as net.AddressInfo;
  return { app: a, base: `http://127.0.0.1:${port}` };
}

beforeAll(async () => {
  ({ app, base } = await listen({
    env: "production",
    corsOrigins: [ORIGIN],
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
  }));
});
afterAll(async () => {
  await app?.close();
});

/** The error envelope with a code from the contract's enum, and nothing else. */
function expectEnvelope(body: unknown, statusCode: number, code: string) {
  expect(body).toEqual({ statusCode, error: expect.any(String), message: expect.any(String), code });
  expect(ERROR_CODES).toContain(code);
  expect((body as { message: string }).message.length).toBeGreaterThan(0);
}

/** GET with exact request headers, answering the raw (still encoded) bytes. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
          );
          res.on("error", reject);
        })
        .on("error", reject);
    },
  );
}

/** Writes `text` on a fresh socket and answers everything the server sends until it closes. */
function rawExchange(port: number, text: string, opts: { stallAfterWrite?: boolean } = {}) {
  return new Promise<{ raw: string; ms: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () =>
      resolve({ raw: Buffer.concat(chunks).toString("utf8"), ms: Date.now() - started }),
    );
    if (!opts.stallAfterWrite) socket.end();
    socket.setTimeout(10_000, () => socket.destroy(new Error("the server never closed the connection")));
  });
}

const parseRaw = (raw: string) => {
  const [head = "", body = ""] = raw.split("\r\n\r\n");
  return { status: Number(head.split(" ")[1]), head, body: JSON.parse(body) as unknown };
};

describe("compression", () => {
  it("sends a large JSON answer gzip- or br-encoded when the client accepts it, and identical once decoded", async () => {
    const plain = await rawGet(`${base}/api/docs/json`, {});
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(50_000);

    const gzip = await rawGet(`${base}/api/docs/json`, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.bytes.length).toBeLessThan(plain.bytes.length / 5);
    expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);

    const br = await rawGet(`${base}/api/docs/json`, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
  });

  it("leaves a downloaded file as it was stored (already compressed formats are not encoded again)", async () => {
    const u = await createUser(h.deps);
    const pdf = Buffer.from(`%PDF-1.4\n${"1 0 obj << /Type /Catalog >> endobj\n".repeat(400)}%%EOF\n`);
    const up = await request(base)
      .post("/api/file/upload?filename=report.pdf")
      .set("authorization", `Bearer ${u.token}`)
      .set("content-type", "application/octet-stream")
      .send(pdf);
    expect(up.status).toBe(200);
    const got = await rawGet(`${base}/api/file/${up.body.id}`, {
      authorization: `Bearer ${u.token}`,
      "accept-encoding": "gzip, br",
    });
    expect(got.status).toBe(200);
    expect(got.headers["content-type"]).toBe("application/pdf");
    expect(got.headers["content-encoding"]).toBeUndefined();
    expect(got.bytes.equals(pdf)).toBe(true);
  });
});

describe("limits answer in the error envelope", () => {
  it("413 PAYLOAD_TOO_LARGE for a JSON body over the limit, stated or streamed", async () => {
    const big = JSON.stringify({ email: "a@example.org", password: "x".repeat(1_100_000) });
    const stated = await request(base)
      .post("/api/auth/login")
      .set("content-type", "application/json")
      .send(big);
    expect(stated.status).toBe(413);
    expectEnvelope(stated.body, 413, "PAYLOAD_TOO_LARGE");

    // Chunked: no Content-Length to refuse up front, so the limit is counted while reading.
    const chunked = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = http.request(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (c) => {
          text += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on("error", reject);
      for (let i = 0; i < 12; i++) req.write(Buffer.alloc(100_000, 0x20));
      req.end();
    });
    expect(chunked.status).toBe(413);
    expectEnvelope(chunked.body, 413, "PAYLOAD_TOO_LARGE");
  });

  it("431 HEADERS_TOO_LARGE for headers over Node's limit", async () => {
    const res = await request(base).get("/api/health/live").set("x-padding", "a".repeat(20_000));
    expect(res.status).toBe(431);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expectEnvelope(res.body, 431, "HEADERS_TOO_LARGE");
    // Headers under the limit pass.
    expect((await request(base).get("/api/health/live").set("x-padding", "a".repeat(8_000))).status).toBe(
      200,
    );
  });

  it("408 REQUEST_TIMEOUT for a body that stalls, and the connection is closed", async () => {
    const { port } = app.server.address() as net.AddressInfo;
    const head =
      "POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n";
    const { raw, ms } = await rawExchange(port, `${head}{"email":`, { stallAfterWrite: true });
    const res = parseRaw(raw);
    expect(res.status).toBe(408);
    expectEnvelope(res.body, 408, "REQUEST_TIMEOUT");
    // Closed by the server at the timeout (checked every second), not left open.
    expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + 3_000);
  });

  it("a body that arrives in time is not cut off", async () => {
    const res = await request(base)
      .post("/api/auth/login")
      .send({ email: "nobody@test.example", password: "wrong-password-1" });
    expect(res.status).toBe(401);
    expectEnvelope(res.body, 401, res.body.code);
  });
});

describe("CORS and security headers", () => {
  it("allows a preflight from a configured origin", async () => {
    const res = await request(base)
      .options("/api/auth/login")
      .set("origin", ORIGIN)
      .set("access-control-request-method", "POST")
      .set("access-control-request-headers", "content-type,authorization");
    expect(res.status).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(res.headers["access-control-allow-methods"]).toMatch(/POST/);
  });

  it("does not allow another origin (no allow-origin header, so the browser refuses)", async () => {
    const pre = await request(base)
      .options("/api/auth/login")
      .set("origin", "https://evil.example.com")
      .set("access-control-request-method", "POST");
    expect(pre.headers["access-control-allow-origin"]).toBeUndefined();
    const get = await request(base).get("/api/health/live").set("origin", "https://evil.example.com");
    expect(get.status).toBe(200);
    expect(get.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("sends CSP, nosniff, a referrer policy and HSTS (production)", async () => {
    const res = await request(base).get("/api/health/live");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
  });

  it("answers an unknown API path 404 in the envelope, with the same headers", async () => {
    const res = await request(base).get("/api/no-such-route");
    expect(res.status).toBe(404);
    expectEnvelope(res.body, 404, "ROUTE_NOT_FOUND");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

// --- the API process: SIGTERM drains in-flight requests, then exits by the deadline -------------

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function freePort() {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/** Starts src/main.ts (as `node --import tsx`, one process) and waits until it answers. */
async function startApi(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverRoot,
    env: {
      ...process.env,
      ...(h.deps.config.jwtSecret ? { JWT_SECRET: h.deps.config.jwtSecret } : {}),
      SUPPORT_CHAT_SECRET: h.deps.config.supportChatSecret,
      REDIS_PREFIX: h.deps.config.redisPrefix,
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      HOST: "127.0.0.1",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (c) => {
    stderr += c;
  });
  // The API's log (JSON lines on stdout, at LOG_LEVEL), to wait on what it has done.
  let stdout = "";
  child.stdout?.on("data", (c) => {
    stdout += c;
  });
  const logged = (msg: string, url: string) =>
    stdout
      .split("\n")
      .filter(Boolean)
      .some((line) => {
        try {
          const entry = JSON.parse(line) as { msg?: string; req?: { url?: string } };
          return entry.msg === msg && entry.req?.url === url;
        } catch {
          return false; // a line still being written
        }
      });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on("exit", (code) => resolve({ code, at: Date.now() })),
  );
  try {
    await vi.waitFor(
      async () => {
        if (child.exitCode !== null) return; // reported below, without waiting longer
        const up = await fetch(`http://127.0.0.1:${port}/api/health/live`).then(
          (r) => r.ok,
          () => false,
        );
        if (!up) throw new Error("not answering yet");
      },
      { timeout: 90_000, interval: 200 },
    );
  } catch {
    child.kill("SIGKILL");
    throw new Error(`the API did not start: ${stderr}`);
  }
  if (child.exitCode !== null) throw new Error(`the API exited while starting: ${stderr}`);
  return { child, port, exited, logged };
}

// Each test boots the API from its sources (tsx): slow on a busy machine, hence the longer limit.
const PROCESS_TEST_MS = 120_000;

describe("shutdown of the API process", () => {
  let running: ChildProcess | undefined;
  afterAll(() => {
    if (running && running.exitCode === null) running.kill("SIGKILL");
  });

  /** Starts the API with `shutdownMs` to finish requests in flight, and opens a connection to it. */
  async function startConnected(shutdownMs: string) {
    const api = await startApi({ SHUTDOWN_TIMEOUT_MS: shutdownMs, LOG_LEVEL: "info" });
    running = api.child;
    const socket = net.connect(api.port, "127.0.0.1");
    await new Promise((r) => socket.once("connect", r));
    return { api, socket };
  }

  it(
    "on SIGTERM finishes the request in flight, stops answering and exits 0",
    async () => {
      // A request in flight: headers sent, body still coming when SIGTERM arrives.
      const { api, socket } = await startConnected("8000");
      const body = JSON.stringify({ email: "nobody@test.example", password: "wrong-password-1" });
      socket.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
      );
      let answer = "";
      socket.on("data", (c) => {
        answer += c;
      });
      const closed = new Promise((r) => socket.on("close", r));
      // In flight once the API has read its headers (Fastify logs each request as it arrives).
      await vi.waitFor(() => expect(api.logged("incoming request", "/api/auth/login")).toBe(true), {
        timeout: 10_000,
        interval: 50,
      });
      const signalled = Date.now();
      api.child.kill("SIGTERM");
      // New connections are refused (once it has stopped listening) while the old request drains.
      await vi.waitFor(
        () => expect(fetch(`http://127.0.0.1:${api.port}/api/health/live`)).rejects.toThrow(),
        { timeout: 5_000, interval: 50 },
      );
      expect(answer).toBe("");
      socket.write(body.slice(5));
      await closed;
      expect(parseRaw(answer).status).toBe(401);
      const { code, at } = await api.exited;
      expect(code).toBe(0);
      expect(at - signalled).toBeLessThan(8_000);
    },
    PROCESS_TEST_MS,
  );

  it(
    "exits non-zero at SHUTDOWN_TIMEOUT_MS when a request never finishes",
    async () => {
      const { api, socket } = await startConnected("1500");
      socket.on("error", () => {});
      socket.write(
        "POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
      );
      await vi.waitFor(() => expect(api.logged("incoming request", "/api/auth/login")).toBe(true), {
        timeout: 10_000,
        interval: 50,
      });
      const signalled = Date.now();
      api.child.kill("SIGTERM");
      const { code, at } = await api.exited;
      socket.destroy();
      expect(code).toBe(1);
      expect(at - signalled).toBeGreaterThanOrEqual(1_400);
      expect(at - signalled).toBeLessThan(5_000);
    },
    PROCESS_TEST_MS,
  );
});
