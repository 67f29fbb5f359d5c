import { describe, expect, it } from "vitest";
import { call, createUser, type TestUser, useApp } from "./harness.js";

const h = useApp();
const PDF = Buffer.from("%PDF-1.4\n% a small test document\n");
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("png body"),
]);

const upload = (u: TestUser, filename: string, bytes: Buffer, extra = "") =>
  call(h.app, "POST", `/file/upload?filename=${encodeURIComponent(filename)}${extra}`, {
    token: u.token,
    payload: bytes,
    headers: { "content-type": "application/octet-stream" },
  });

describe("POST file/upload", () => {
  it("stores the bytes in S3 and serves them back with a safe disposition", async () => {
    const u = await createUser(h.deps);
    const up = await upload(u, "CPR certificate.pdf", PDF);
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
    expect(got.headers["content-disposition"]).toMatch(/^inline; filename="CPR certificate.pdf"/);
    const stored = await h.deps.prisma.storedFile.findUniqueOrThrow({ where: { id: up.body.id } });
    expect(stored.storageKey).not.toContain("CPR");
  });

  it("judges the type by content: a script named .pdf is refused", async () => {
    const u = await createUser(h.deps);
    const res = await upload(u, "notes.pdf", Buffer.from("<script>alert(1)</script>"));
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/not accepted/);
    expect((await call(h.app, "GET", "/file/limit/10/page/1", { token: u.token })).body.total).toBe(0);
  });

  it("refuses files over 10 MB with the spec's message", async () => {
    const u = await createUser(h.deps);
    const big = Buffer.alloc(10_485_761);
    PDF.copy(big);
    const res = await upload(u, "big.pdf", big);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("The file size cannot exceed 10MB");
    const exact = Buffer.alloc(10_485_760);
    PDF.copy(exact);
    expect((await upload(u, "exact.pdf", exact)).status).toBe(200);
  });

  it("refuses uploads past 100 MB for non-premium users", async () => {
    const u = await createUser(h.deps, { tier: "BASIC", trialEnd: "2099-01-01" });
    await h.deps.prisma.storedFile.create({
      data: {
        userId: u.id,
        storageKey: `quota/${u.id}`,
        filename: "old.pdf",
        contentType: "application/pdf",
        size: 99_999_990,
      },
    });
    const res = await upload(u, "one-more.pdf", PDF);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/Storage limit reached/);
    const premium = await createUser(h.deps);
    await h.deps.prisma.storedFile.create({
      data: {
        userId: premium.id,
        storageKey: `quota/${premium.id}`,
        filename: "old.pdf",
        contentType: "application/pdf",
        size: 99_999_990,
      },
    });
    expect((await upload(premium, "one-more.pdf", PDF)).status).toBe(200);
  });

  it("attaches evidence to the user's own entry only", async () => {
    const u = await createUser(h.deps);
    const other = await createUser(h.deps);
    const { entryId } = (
      await call(h.app, "POST", "/entries/supervision", {
        token: u.token,
        body: { SupervisionDate: "2026-01-01", SupervisionRole: "Supervisor" },
      })
    ).body;
    expect((await upload(other, "x.pdf", PDF, `&entryId=${entryId}`)).status).toBe(404);
    const up = await upload(u, "notes.pdf", PDF, `&entryId=${entryId}`);
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

  it("needs a stated size and a file name", async () => {
    const u = await createUser(h.deps);
    expect((await call(h.app, "POST", "/file/upload", { token: u.token, payload: PDF })).status).toBe(400);
    expect((await upload(u, "empty.pdf", Buffer.alloc(0))).status).toBe(400);
  });
});

describe("My Files: list, rename, delete", () => {
  it("lists newest first, searches and sorts by name", async () => {
    const u = await createUser(h.deps);
    for (const name of ["b-report.pdf", "a-cert.png", "c-notes.pdf"])
      await upload(u, name, name.endsWith("png") ? PNG : PDF);
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
    const { id } = (await upload(u, "scan.pdf", PDF)).body;
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
    const { entryId } = (
      await call(h.app, "POST", "/entries/supervision", {
        token: u.token,
        body: { SupervisionDate: "2026-01-01", SupervisionRole: "Supervisor" },
      })
    ).body;
    const up = (await upload(u, "x.pdf", PDF, `&entryId=${entryId}`)).body;
    const key = (await h.deps.prisma.storedFile.findUniqueOrThrow({ where: { id: up.id } })).storageKey;
    expect((await call(h.app, "DELETE", `/file/${up.id}`, { token: u.token })).status).toBe(200);
    expect(await h.deps.storage.get(key)).toBeNull();
    const entry = await h.deps.prisma.entry.findUniqueOrThrow({ where: { id: entryId } });
    expect((entry.values as { Evidence?: string[] }).Evidence).toEqual([]);
    expect((await call(h.app, "DELETE", `/file/${up.id}`, { token: u.token })).status).toBe(404);
  });

  it("counts stored bytes in usage", async () => {
    const u = await createUser(h.deps);
    await upload(u, "a.pdf", PDF);
    expect((await call(h.app, "GET", "/usage", { token: u.token })).body.storage).toBe(PDF.length);
  });
});

describe("identity-documents", () => {
  it("records a passport with its expiry and a standard file name, lists and deletes it with its file", async () => {
    const u = await createUser(h.deps);
    const file = (await upload(u, "IMG_2041.png", PNG)).body;
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
    const file = (await upload(u, "dbs.pdf", PDF)).body;
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
    const docx = (await upload(u, "cv.docx", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).body;
    expect((await post(u.token, { uploadStorageId: docx.id, type: "OTHER", name: "CV" })).status).toBe(415);
  });
});
