// Uploads as integrators send them: a multipart form (what generated clients and curl -F do) or
// the raw body with its media type. The stored file must be the file, never the envelope.
import { describe, expect, it } from "vitest";
import { call, createUser, refusal, storedFileOfSize, type TestUser, useApp } from "./harness.js";

const h = useApp();
const TEXT = Buffer.from("nineteen bytes here"); // 19 bytes, as in the report
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("png body"),
]);

type Part =
  | { name: string; bytes: Buffer; filename?: string; type?: string }
  | { name: string; value: string };

/** The exact bytes and Content-Type a browser or fetch would send for this form. */
async function multipart(parts: Part[]) {
  const fd = new FormData();
  for (const p of parts) {
    if ("value" in p) fd.append(p.name, p.value);
    else
      fd.append(
        p.name,
        new Blob([new Uint8Array(p.bytes)], { type: p.type ?? "application/octet-stream" }),
        p.filename,
      );
  }
  const req = new Request("http://localhost/", { method: "POST", body: fd });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { "content-type": req.headers.get("content-type") ?? "" },
  };
}

const uploadForm = async (u: TestUser, parts: Part[], query = "") =>
  call(h.app, "POST", `/file/upload${query}`, { token: u.token, ...(await multipart(parts)) });

const download = async (u: TestUser, id: string) =>
  (await h.app.inject({ method: "GET", url: `/api/file/${id}?auth_token=${u.token}` })).rawPayload;

const fileCount = (u: TestUser) => h.deps.prisma.storedFile.count({ where: { userId: u.id } });

describe("POST file/upload as multipart/form-data", () => {
  it("stores the file part's bytes (not the envelope) under the part's filename", async () => {
    const u = await createUser(h.deps);
    const res = await uploadForm(u, [
      { name: "file", bytes: TEXT, filename: "notes.txt", type: "text/plain" },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ filename: "notes.txt", contentType: "text/plain", size: 19 });
    expect((await download(u, res.body.id)).equals(TEXT)).toBe(true);
  });

  it("takes ?filename= over the part's name, ignores other fields, and attaches evidence by entryId", async () => {
    const u = await createUser(h.deps);
    const entry = await call(h.app, "POST", "/entries/supervision", {
      token: u.token,
      body: { SupervisionDate: "2026-01-01", SupervisionRole: "Supervisor" },
    });
    const res = await uploadForm(
      u,
      [
        { name: "note", value: "ignored" },
        { name: "file", bytes: PNG, filename: "IMG_0001.png", type: "image/png" },
      ],
      `?filename=${encodeURIComponent("Ward round.png")}&entryId=${entry.body.entryId}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      filename: "Ward round.png",
      size: PNG.length,
      entryId: entry.body.entryId,
    });
    expect((await download(u, res.body.id)).equals(PNG)).toBe(true);
  });

  it("still judges the type by the bytes, whatever the part declares", async () => {
    const u = await createUser(h.deps);
    const res = await uploadForm(u, [
      {
        name: "file",
        bytes: Buffer.from("<script>alert(1)</script>"),
        filename: "a.pdf",
        type: "application/pdf",
      },
    ]);
    expect(res.status).toBe(415);
    expect(res.body.code).toBe("UNSUPPORTED_FILE_TYPE");
    expect(await fileCount(u)).toBe(0);
  });

  it("refuses a form without a part named file, an empty file and a file over 10 MB, storing nothing", async () => {
    const u = await createUser(h.deps);
    const noFile = await uploadForm(u, [{ name: "file", value: "just text" }], "?filename=a.txt");
    expect(refusal(noFile)).toEqual([
      400,
      "VALIDATION_ERROR",
      'The multipart form must hold the file in a part named "file"',
    ]);
    const misnamed = await uploadForm(u, [{ name: "upload", bytes: TEXT, filename: "a.txt" }]);
    expect(misnamed.status).toBe(400);
    const empty = await uploadForm(u, [{ name: "file", bytes: Buffer.alloc(0), filename: "empty.pdf" }]);
    expect(refusal(empty)).toEqual([400, "EMPTY_FILE", "The file is empty"]);
    const big = Buffer.alloc(10_485_761);
    Buffer.from("%PDF-1.4\n").copy(big);
    const tooBig = await uploadForm(u, [{ name: "file", bytes: big, filename: "big.pdf" }]);
    expect(refusal(tooBig)).toEqual([413, "PAYLOAD_TOO_LARGE", "The file size cannot exceed 10MB"]);
    expect(await fileCount(u)).toBe(0);
    const exact = Buffer.alloc(10_485_760);
    Buffer.from("%PDF-1.4\n").copy(exact);
    const fits = await uploadForm(u, [{ name: "file", bytes: exact, filename: "exact.pdf" }]);
    expect(fits.status).toBe(200);
    expect(fits.body.size).toBe(10_485_760);
    expect((await download(u, fits.body.id)).equals(exact)).toBe(true);
  });

  it("checks the 100 MB limit of a non-premium user against the file's real size", async () => {
    const u = await createUser(h.deps, { tier: "BASIC", trialEnd: "2099-01-01" });
    await storedFileOfSize(h.deps, u.id, 99_999_990);
    const over = await uploadForm(u, [
      { name: "file", bytes: Buffer.from("%PDF-1.4 eleven+"), filename: "a.pdf" },
    ]);
    expect(over.status).toBe(403);
    expect(over.body.code).toBe("STORAGE_QUOTA");
    const fits = await uploadForm(u, [{ name: "file", bytes: Buffer.from("%PDF-1"), filename: "b.pdf" }]);
    expect(fits.status).toBe(200);
    expect(await fileCount(u)).toBe(2);
  });
});

describe("POST file/upload: other media types", () => {
  /** A raw body of `type` (none when undefined), as a client that does not send a form would. */
  const sendRaw = (u: TestUser, type: string | undefined, payload: string | Buffer) =>
    call(h.app, "POST", "/file/upload?filename=notes.txt", {
      token: u.token,
      payload,
      headers: type ? { "content-type": type } : {},
    });

  it("refuses JSON, a url-encoded form, HTML and a body without a type with 415, storing nothing", async () => {
    const u = await createUser(h.deps);
    for (const type of ["application/json", "application/x-www-form-urlencoded", "text/html", undefined]) {
      const res = await sendRaw(u, type, type === "application/json" ? '{"a":1}' : "a=1");
      expect([type, res.status, res.body.code]).toEqual([type, 415, "UNSUPPORTED_MEDIA_TYPE"]);
      expect(res.body.message).toMatch(/multipart\/form-data/);
    }
    expect(await fileCount(u)).toBe(0);
  });

  it("takes the raw body in the file's own media type", async () => {
    const u = await createUser(h.deps);
    const res = await sendRaw(u, "text/plain; charset=utf-8", TEXT);
    expect([res.status, (await download(u, res.body.id)).equals(TEXT)]).toEqual([200, true]);
  });
});

describe("POST profile/image as multipart/form-data", () => {
  it("stores the image part and refuses a part that is not a JPEG or PNG", async () => {
    const u = await createUser(h.deps);
    const up = await call(h.app, "POST", "/profile/image", {
      token: u.token,
      ...(await multipart([{ name: "file", bytes: PNG, filename: "me.png", type: "image/png" }])),
    });
    expect(up.status).toBe(200);
    const got = await h.app.inject({ method: "GET", url: `/api/profile/image?token=${u.token}` });
    expect(got.rawPayload.equals(PNG)).toBe(true);
    const gif = await call(h.app, "POST", "/profile/image", {
      token: u.token,
      ...(await multipart([{ name: "file", bytes: Buffer.from("GIF89a....."), filename: "me.gif" }])),
    });
    expect(gif.status).toBe(415);
    const after = await h.app.inject({ method: "GET", url: `/api/profile/image?token=${u.token}` });
    expect(after.rawPayload.equals(PNG)).toBe(true);
  });
});
