import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { FILE_MESSAGES } from "../src/modules/files/messages.js";
import { upload } from "./factories.js";
import { call, createUser, refusal, storedFileOfSize, type TestUser, useApp } from "./harness.js";
import { minimalDocx, zip } from "./zip.js";

const h = useApp();
const PDF = Buffer.from("%PDF-1.4\n% a small test document\n");
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("png body"),
]);

/** A supervision entry of `u`'s, made through the API, to attach evidence to. */
const supervisionEntry = async (u: TestUser): Promise<string> =>
  (
    await call(h.app, "POST", "/entries/supervision", {
      token: u.token,
      body: { SupervisionDate: "2026-01-01", SupervisionRole: "Supervisor" },
    })
  ).body.entryId;

describe("POST file/upload", () => {
  it("stores the bytes in S3 and serves them back with a safe disposition", async () => {
    const u = await createUser(h.deps);
    const up = await upload(h, u, "CPR certificate.pdf", PDF);
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      filename: "CPR certificate.pdf",
      contentType: "application/pdf",
      size: PDF.length,
      entryId: null,
    });
    const got = await h.app.inject({ method: "GET", url: `/api/file/${up.body.id}?auth_token=${u.token}` });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect(got.headers["content-type"]).toBe("application/pdf");
    // A PDF may hold script: it is downloaded, never rendered from our origin.
    expect(got.headers["content-disposition"]).toBe(
      `attachment; filename="CPR certificate.pdf"; filename*=UTF-8''CPR%20certificate.pdf`,
    );
    expect(got.headers["x-content-type-options"]).toBe("nosniff");
    expect(got.headers["content-security-policy"]).toMatch(/^default-src 'none';.*\bsandbox$/);
    const stored = await h.deps.prisma.storedFile.findUniqueOrThrow({ where: { id: up.body.id } });
    expect(stored.storageKey).not.toContain("CPR");
  });

  it("judges the type by content: a script named .pdf is refused", async () => {
    const u = await createUser(h.deps);
    const res = await upload(h, u, "notes.pdf", Buffer.from("<script>alert(1)</script>"));
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/not accepted/);
    expect((await call(h.app, "GET", "/file/limit/10/page/1", { token: u.token })).body.total).toBe(0);
  });

  it("refuses files over 10 MB with the required message", async () => {
    const u = await createUser(h.deps);
    const big = Buffer.alloc(10_485_761);
    PDF.copy(big);
    const res = await upload(h, u, "big.pdf", big);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("The file size cannot exceed 10MB");
    const exact = Buffer.alloc(10_485_760);
    PDF.copy(exact);
    expect((await upload(h, u, "exact.pdf", exact)).status).toBe(200);
  });

  it("refuses uploads past 100 MB for non-premium users", async () => {
    const u = await createUser(h.deps, { tier: "BASIC", trialEnd: "2099-01-01" });
    await storedFileOfSize(h.deps, u.id, 99_999_990);
    const res = await upload(h, u, "one-more.pdf", PDF);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/Storage limit reached/);
    const premium = await createUser(h.deps);
    await storedFileOfSize(h.deps, premium.id, 99_999_990);
    expect((await upload(h, premium, "one-more.pdf", PDF)).status).toBe(200);
  });

  it("attaches evidence to the user's own entry only", async () => {
    const u = await createUser(h.deps);
    const other = await createUser(h.deps);
    const entryId = await supervisionEntry(u);
    expect((await upload(h, other, "x.pdf", PDF, { query: `&entryId=${entryId}` })).status).toBe(404);
    const up = await upload(h, u, "notes.pdf", PDF, { query: `&entryId=${entryId}` });
    expect(up.body).toMatchObject({ entryId, entryType: "supervision" });
    const row = (await call(h.app, "GET", "/entries/limit/10/page/1", { token: u.token })).body.items[0];
    expect(row.evidence).toEqual([expect.objectContaining({ id: up.body.id, name: "notes.pdf" })]);
    const form = (await call(h.app, "GET", `/form/entry/${entryId}`, { token: u.token })).body;
    const evidence = form.pages
      .flatMap((p: { items: { identifier: string; value: unknown }[] }) => p.items)
      .find((i: { identifier: string }) => i.identifier === "Evidence");
    expect(evidence.value).toEqual([up.body.id]);
    expect(form.files).toEqual([
      {
        id: up.body.id,
        filename: "notes.pdf",
        contentType: "application/pdf",
        url: `/api/file/${up.body.id}`,
      },
    ]);

    // Removing the evidence keeps the file, unattached.
    expect(
      (await call(h.app, "DELETE", `/entries/${entryId}/file/${up.body.id}`, { token: u.token })).status,
    ).toBe(200);
    expect((await call(h.app, "GET", "/file/unassigned", { token: u.token })).body).toEqual([
      { id: up.body.id, filename: "notes.pdf" },
    ]);
  });

  it("needs a file name and refuses an empty file", async () => {
    const u = await createUser(h.deps);
    const noName = await call(h.app, "POST", "/file/upload", {
      token: u.token,
      payload: PDF,
      headers: { "content-type": "application/pdf" },
    });
    expect(refusal(noName)).toEqual([400, "VALIDATION_ERROR", FILE_MESSAGES.filenameRequired]);
    const empty = await upload(h, u, "empty.pdf", Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: "EMPTY_FILE", message: "The file is empty" });
  });
});

describe("My Files: list, rename, delete", () => {
  it("lists newest first, searches and sorts by name", async () => {
    const u = await createUser(h.deps);
    for (const name of ["b-report.pdf", "a-cert.png", "c-notes.pdf"])
      await upload(h, u, name, name.endsWith("png") ? PNG : PDF);
    const names = async (qs: string) =>
      (await call(h.app, "GET", `/file/limit/10/page/1${qs}`, { token: u.token })).body.items.map(
        (f: { filename: string }) => f.filename,
      );
    expect(await names("")).toEqual(["c-notes.pdf", "a-cert.png", "b-report.pdf"]);
    expect(await names("?sortBy=filename&sortDesc=false")).toEqual([
      "a-cert.png",
      "b-report.pdf",
      "c-notes.pdf",
    ]);
    expect(await names("?filter=CERT")).toEqual(["a-cert.png"]);
    const page2 = (await call(h.app, "GET", "/file/limit/2/page/2", { token: u.token })).body;
    expect(page2).toMatchObject({ total: 3 });
    expect(page2.items).toHaveLength(1);
  });

  it("renames keeping the extension, and refuses other users", async () => {
    const u = await createUser(h.deps);
    const other = await createUser(h.deps);
    const { id } = (await upload(h, u, "scan.pdf", PDF)).body;
    expect(
      (await call(h.app, "PUT", `/file/${id}`, { token: u.token, body: { newFilename: "BLS 2026" } })).body
        .filename,
    ).toBe("BLS 2026.pdf");
    expect(
      (await call(h.app, "PUT", `/file/${id}`, { token: u.token, body: { newFilename: "" } })).status,
    ).toBe(400);
    expect(
      (await call(h.app, "PUT", `/file/${id}`, { token: other.token, body: { newFilename: "mine" } })).status,
    ).toBe(404);
    expect((await call(h.app, "GET", `/file/${id}`, { token: other.token })).status).toBe(404);
  });

  it("deletes the file, its bytes and its place in the entry", async () => {
    const u = await createUser(h.deps);
    const entryId = await supervisionEntry(u);
    const up = (await upload(h, u, "x.pdf", PDF, { query: `&entryId=${entryId}` })).body;
    const key = (await h.deps.prisma.storedFile.findUniqueOrThrow({ where: { id: up.id } })).storageKey;
    expect((await call(h.app, "DELETE", `/file/${up.id}`, { token: u.token })).status).toBe(200);
    expect(await h.deps.storage.get(key)).toBeNull();
    const entry = await h.deps.prisma.entry.findUniqueOrThrow({ where: { id: entryId } });
    expect(entry.values).not.toHaveProperty("Evidence");
    const row = (await call(h.app, "GET", "/entries/limit/10/page/1", { token: u.token })).body.items[0];
    expect(row).toMatchObject({ id: entryId, evidence: [] });
    expect((await call(h.app, "DELETE", `/file/${up.id}`, { token: u.token })).status).toBe(404);
  });

  it("counts stored bytes in usage", async () => {
    const u = await createUser(h.deps);
    await upload(h, u, "a.pdf", PDF);
    expect((await call(h.app, "GET", "/usage", { token: u.token })).body.storage).toBe(PDF.length);
  });
});

describe("identity-documents", () => {
  it("records a passport with its expiry and a standard file name, lists and deletes it with its file", async () => {
    const u = await createUser(h.deps);
    const file = (await upload(h, u, "IMG_2041.png", PNG)).body;
    const noExpiry = await call(h.app, "POST", "/identity-documents", {
      token: u.token,
      body: { uploadStorageId: file.id, type: "PASSPORT", name: "My passport" },
    });
    expect(noExpiry.status).toBe(400);
    expect(noExpiry.body.message).toBe("Please enter the expiry date for your document.");
    const doc = await call(h.app, "POST", "/identity-documents", {
      token: u.token,
      body: { uploadStorageId: file.id, type: "PASSPORT", name: " My passport ", expiryDate: "2031-05-01" },
    });
    expect(doc.status).toBe(200);
    expect(doc.body).toMatchObject({
      name: "My passport",
      type: "PASSPORT",
      expiryDate: "2031-05-01",
      filename: "Passport.png",
      fileType: "image/png",
    });

    const list = (await call(h.app, "GET", "/identity-documents", { token: u.token })).body;
    expect(list.map((d: { id: string }) => d.id)).toEqual([doc.body.id]);
    expect((await call(h.app, "GET", "/identity-documents?type=DBS_PVG", { token: u.token })).body).toEqual(
      [],
    );
    // Personal documents are not listed in My Files.
    expect((await call(h.app, "GET", "/file/limit/10/page/1", { token: u.token })).body.total).toBe(0);

    expect(
      (await call(h.app, "DELETE", `/identity-documents/${doc.body.id}`, { token: u.token })).status,
    ).toBe(200);
    expect(await h.deps.prisma.storedFile.findUnique({ where: { id: file.id } })).toBeNull();
  });

  it("checks the name, the type and the owner", async () => {
    const u = await createUser(h.deps);
    const other = await createUser(h.deps);
    const file = (await upload(h, u, "dbs.pdf", PDF)).body;
    const post = (token: string, body: object) => call(h.app, "POST", "/identity-documents", { token, body });
    expect(
      (await post(u.token, { uploadStorageId: file.id, type: "DBS_PVG", name: "  " })).body.message,
    ).toBe("Please enter a document name.");
    expect(
      (await post(u.token, { uploadStorageId: file.id, type: "DBS_PVG", name: "x".repeat(101) })).status,
    ).toBe(400);
    expect((await post(u.token, { uploadStorageId: file.id, type: "LIBRARY_CARD", name: "x" })).status).toBe(
      400,
    );
    expect((await post(other.token, { uploadStorageId: file.id, type: "DBS_PVG", name: "x" })).status).toBe(
      404,
    );
    const ok = await post(u.token, { uploadStorageId: file.id, type: "DBS_PVG", name: "Enhanced DBS" });
    expect(ok.body).toMatchObject({ expiryDate: null, filename: "dbs.pdf" });
    expect(
      (await call(h.app, "DELETE", `/identity-documents/${ok.body.id}`, { token: other.token })).status,
    ).toBe(404);
    const docx = (await upload(h, u, "cv.docx", minimalDocx())).body;
    expect(docx.contentType).toMatch(/wordprocessingml/);
    expect((await post(u.token, { uploadStorageId: docx.id, type: "OTHER", name: "CV" })).status).toBe(415);
  });
});

const files = async (u: TestUser) =>
  (await call(h.app, "GET", "/file/limit/10/page/1", { token: u.token })).body.items as {
    filename: string;
  }[];

describe("upload content checks", () => {
  it("accepts a real Word document and refuses a ZIP renamed .docx or a Word document renamed .xlsx", async () => {
    const u = await createUser(h.deps);
    // Parts far from the start: the check reads the central directory at the end.
    const docx = minimalDocx({ "word/media/image1.png": Buffer.alloc(200_000, 1) });
    const ok = await upload(h, u, "Reflection.docx", docx);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      size: docx.length,
    });
    const got = await h.app.inject({ method: "GET", url: `/api/file/${ok.body.id}?auth_token=${u.token}` });
    expect(got.rawPayload.equals(docx)).toBe(true);

    const holiday = zip({ "holiday/1.jpg": Buffer.alloc(5000, 2), "notes.txt": "not a document" });
    for (const [name, bytes] of [
      ["holiday.docx", holiday],
      ["holiday.pptx", holiday],
      ["Reflection.xlsx", docx],
      ["cut.docx", docx.subarray(0, docx.length - 100)],
    ] as const) {
      const res = await upload(h, u, name, bytes);
      expect(res.status, name).toBe(415);
      expect(res.body, name).toMatchObject({
        code: "UNSUPPORTED_FILE_TYPE",
        message: expect.stringMatching(/not accepted/),
      });
    }
    expect((await files(u)).map((f) => f.filename)).toEqual(["Reflection.docx"]);
  });

  it("accepts UTF-8 text and refuses HTML renamed .txt or text in another encoding", async () => {
    const u = await createUser(h.deps);
    const notes = Buffer.from("\ufeffReflective notes – ward round, 14/10\nLearning: …\n");
    const ok = await upload(h, u, "notes.txt", notes);
    expect(ok.status).toBe(200);
    expect(ok.body.contentType).toBe("text/plain");
    const got = await h.app.inject({ method: "GET", url: `/api/file/${ok.body.id}?auth_token=${u.token}` });
    expect(got.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(got.headers["content-disposition"]).toMatch(/^attachment; /);

    const refused = [
      ["page.txt", Buffer.from("\n  <!doctype html><script>alert(document.domain)</script>")],
      ["svg.txt", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>")],
      ["frame.txt", Buffer.from("<IFRAME src=//evil.example>")],
      ["latin1.txt", Buffer.from("Caf\xe9 notes", "latin1")],
      // Valid UTF-8 for the sniffed head, then a Latin-1 byte: the whole body is checked.
      ["late.txt", Buffer.concat([Buffer.from("a".repeat(5000)), Buffer.from("caf\xe9", "latin1")])],
      ["utf16.txt", Buffer.from("\ufeffnotes", "utf16le")],
    ] as const;
    for (const [name, bytes] of refused) {
      const res = await upload(h, u, name, bytes);
      expect(res.status, name).toBe(415);
      expect(res.body.code, name).toBe("UNSUPPORTED_FILE_TYPE");
    }
    expect((await files(u)).map((f) => f.filename)).toEqual(["notes.txt"]);
  });

  it("shows raster images inline and downloads everything else", async () => {
    const u = await createUser(h.deps);
    const png = (await upload(h, u, "badge.png", PNG)).body;
    const pdf = (await upload(h, u, "cert.pdf", PDF)).body;
    const disposition = async (id: string, qs = "") =>
      (await h.app.inject({ method: "GET", url: `/api/file/${id}?auth_token=${u.token}${qs}` })).headers[
        "content-disposition"
      ];
    expect(await disposition(png.id)).toMatch(/^inline; filename="badge.png"/);
    expect(await disposition(png.id, "&download=true")).toMatch(/^attachment; filename="badge.png"/);
    expect(await disposition(pdf.id)).toMatch(/^attachment; filename="cert.pdf"/);
  });

  it("strips control, bidi and invisible characters from names on upload and rename", async () => {
    const u = await createUser(h.deps);
    const up = await upload(h, u, "invoice\u202Egpj.pdf", PDF);
    expect(up.body.filename).toBe("invoicegpj.pdf");
    const hidden = await upload(h, u, "\u2066\u200B\u061C\u0085.pdf", PDF);
    expect(hidden.body.filename).toBe("file.pdf");
    const renamed = await call(h.app, "PUT", `/file/${up.body.id}`, {
      token: u.token,
      body: { newFilename: "\u202Dcert\u200F\u200Eificate\u0008\uFEFF" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.filename).toBe("certificate.pdf");
    const blank = await call(h.app, "PUT", `/file/${up.body.id}`, {
      token: u.token,
      body: { newFilename: "\u202E\u2069" },
    });
    expect(blank.body.filename).toBe("file.pdf");
    const stored = await h.deps.prisma.storedFile.findMany({
      where: { userId: u.id },
      orderBy: { filename: "asc" },
    });
    expect(stored.map((f) => f.filename)).toEqual(["file.pdf", "file.pdf"]);
  });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { code?: string; message?: string };
  ms: number;
  /** The server closed the connection after answering. */
  closed: Promise<void>;
}

/** A request over a real socket: the body is written as told, and the end only if `end`. */
function send(
  port: number,
  o: {
    token: string;
    filename: string;
    headers: Record<string, string | number>;
    write: (req: http.ClientRequest) => void;
  },
): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: `/api/file/upload?filename=${encodeURIComponent(o.filename)}`,
        headers: {
          authorization: `Bearer ${o.token}`,
          "content-type": "application/octet-stream",
          ...o.headers,
        },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        const socket = res.socket;
        const closed = new Promise<void>((done) => socket.once("close", () => done()));
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: JSON.parse(Buffer.concat(chunks).toString() || "{}"),
            ms: Date.now() - started,
            closed,
          }),
        );
      },
    );
    req.on("error", reject);
    o.write(req);
  });
}

describe("uploads over a real socket", () => {
  const timeouts = { idleMs: 1000, totalMs: 2500 };
  let app: FastifyInstance;
  let port: number;
  const putKeys: string[] = [];
  beforeAll(async () => {
    // The same app with short upload timeouts, and a storage that tells which keys it wrote.
    const storage = Object.create(h.deps.storage) as typeof h.deps.storage;
    storage.put = (key, ...rest) => {
      putKeys.push(key);
      return h.deps.storage.put(key, ...rest);
    };
    app = await buildApp({ ...h.deps, storage, config: { ...h.deps.config, uploadTimeouts: timeouts } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app?.close());

  it("answers 411 to an upload without a stated size (chunked)", async () => {
    const u = await createUser(h.deps);
    const res = await send(port, {
      token: u.token,
      filename: "chunked.pdf",
      headers: { "transfer-encoding": "chunked" },
      write: (req) => req.end(PDF),
    });
    expect(res.status).toBe(411);
    expect(res.body).toMatchObject({
      code: "LENGTH_REQUIRED",
      message: "The upload must state its size (Content-Length)",
    });
    expect(await files(u)).toEqual([]);
  });

  it("stops an upload that stalls with a 408 after the idle timeout, stores nothing and closes the connection", async () => {
    const u = await createUser(h.deps);
    const before = putKeys.length;
    // Past the sniffed head, so the S3 upload has begun when the client goes quiet.
    const sent = Buffer.concat([PDF, Buffer.alloc(8000, 0x20)]);
    const res = await send(port, {
      token: u.token,
      filename: "stalled.pdf",
      headers: { "content-length": 100_000 },
      write: (req) => req.write(sent),
    });
    expect(res.status).toBe(408);
    expect(res.body).toMatchObject({ code: "REQUEST_TIMEOUT", message: expect.stringMatching(/too slow/) });
    expect(res.ms).toBeGreaterThanOrEqual(timeouts.idleMs - 50);
    expect(res.ms).toBeLessThan(timeouts.totalMs);
    expect(res.headers.connection).toBe("close");
    await res.closed;
    const key = putKeys[before];
    expect(key).toMatch(/^files\//);
    expect(await h.deps.storage.get(key as string)).toBeNull();
    expect(await files(u)).toEqual([]);
  });

  it("stores a large body sent in pieces byte for byte, its chunks' memory freed as sent, and leaves the client's buffers whole", async () => {
    const u = await createUser(h.deps);
    // Random bytes after the signature: a chunk freed before S3 had it would show as lost bytes.
    const body = Buffer.concat([PDF, randomBytes(3 * 1024 * 1024 + 12_345)]);
    const copy = Buffer.from(body);
    const text = Buffer.from("plain words, line after line\n".repeat(40_000));
    for (const [name, bytes] of [
      ["big.pdf", body],
      ["big.txt", text],
    ] as const) {
      const res = await send(port, {
        token: u.token,
        filename: name,
        headers: { "content-length": bytes.length },
        write: (req) => {
          req.write(bytes.subarray(0, 100_000));
          setTimeout(() => req.end(bytes.subarray(100_000)), 20);
        },
      });
      expect(res.status).toBe(200);
      const row = await h.deps.prisma.storedFile.findUniqueOrThrow({
        where: { id: (res.body as { id: string }).id },
      });
      expect(Number(row.size)).toBe(bytes.length);
      expect((await h.deps.storage.getBytes(row.storageKey))?.equals(bytes)).toBe(true);
    }
    expect(body.equals(copy)).toBe(true);
  });

  it("stops an upload still trickling at the total timeout", async () => {
    const u = await createUser(h.deps);
    let drip: NodeJS.Timeout | undefined;
    const res = await send(port, {
      token: u.token,
      filename: "slow.pdf",
      headers: { "content-length": 100_000 },
      write: (req) => {
        req.write(PDF);
        // A byte every 200 ms never trips the 1 s idle timeout.
        drip = setInterval(() => req.write(" "), 200);
      },
    });
    clearInterval(drip);
    expect(res.status).toBe(408);
    expect(res.ms).toBeGreaterThanOrEqual(timeouts.totalMs - 50);
    expect(res.ms).toBeLessThan(timeouts.totalMs + 2000);
    expect(await files(u)).toEqual([]);
  });

  it("still takes a whole upload sent slowly in pieces", async () => {
    const u = await createUser(h.deps);
    const body = Buffer.concat([PDF, Buffer.alloc(3000, 0x20)]);
    const res = await send(port, {
      token: u.token,
      filename: "pieces.pdf",
      headers: { "content-length": body.length },
      write: (req) => {
        req.write(body.subarray(0, 1000));
        setTimeout(() => req.write(body.subarray(1000, 2000)), 400);
        setTimeout(() => req.end(body.subarray(2000)), 800);
      },
    });
    expect(res.status).toBe(200);
    expect((await files(u)).map((f) => f.filename)).toEqual(["pieces.pdf"]);
  });
});
