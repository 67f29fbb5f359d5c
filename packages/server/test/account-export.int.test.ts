// Whole-record export (REQ-ACCOUNT-04): a rich user asks for an export, the real worker writes the ZIP
// and e-mails the account page's link, the user downloads their own export (no one else's),
// retention removes it, and the import CLI's function restores it into a fresh database and
// bucket with every row (ids kept) and every object's bytes.
import { spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { fileURLToPath } from "node:url";
import { DeleteBucketCommand, DeleteObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { LIFECYCLE_MESSAGES } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { ImportRefused, importAccount } from "../src/cli/import-account.js";
import { exportRetentionHandler } from "../src/jobs/handlers/export-retention.js";
import { createDb, type Db } from "../src/lib/db.js";
import { Storage } from "../src/lib/storage.js";
import * as exportTables from "../src/modules/export/tables.js";
import { call, createUser, jobContext, randomIp, refusal, type TestUser, useApp } from "./harness.js";
import { waitForNewMail } from "./mail.js";
import { richUser } from "./rich-user.js";
import { uploadPng } from "./supervision-fixtures.js";

const h = useApp({ worker: true });

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Every row of the user's, by table, as the export reads them (secrets removed). */
async function rowsOf(db: Db, userId: string) {
  const out: Record<string, unknown[]> = {};
  for (const spec of [...exportTables.EXPORT_TABLES, ...exportTables.REFERENCE_TABLES]) {
    const rows = await db.$queryRawUnsafe<{ row: string }[]>(exportTables.rowsSql(spec), userId);
    out[spec.table] = rows.map((r) => JSON.parse(r.row));
  }
  return out;
}

/** The keys of every object the user's rows name. */
function keysIn(rows: Record<string, unknown[]>) {
  const keys: string[] = [];
  for (const spec of exportTables.EXPORT_TABLES)
    for (const o of spec.objects ?? [])
      for (const row of rows[spec.table] as Record<string, unknown>[]) {
        const key = row[o.column];
        if (typeof key === "string") keys.push(key);
      }
  return keys.sort();
}

async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const out = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        buffer(stream).then((b) => {
          out.set(entry.fileName, b);
          zip.readEntry();
        }, reject);
      });
    });
    zip.on("end", resolve);
    zip.on("error", reject);
    zip.readEntry();
  });
  return out;
}

const requestExport = (u: TestUser) =>
  call(h.app, "POST", "/user-account/me/export", { token: u.token, ip: randomIp() });
const download = (u: TestUser | null, id: string) =>
  call(h.app, "GET", `/user-account/me/export/${id}`, u ? { token: u.token } : {});

/** Asks for an export, waits for the e-mail, and answers its id and the downloaded ZIP. */
async function exportOf(u: TestUser) {
  const asked = await requestExport(u);
  expect([asked.status, asked.body.message]).toEqual([201, LIFECYCLE_MESSAGES.exportRequested]);
  const mail = await waitForNewMail(u.email, (m) => m.subject.includes("export"), new Set(), 60_000);
  expect(mail.text).toContain(`/account-management?export=${asked.body.id}`);
  const res = await download(u, asked.body.id);
  expect(res.status).toBe(200);
  expect(res.res.headers["content-type"]).toBe("application/zip");
  expect(res.res.headers["content-disposition"]).toMatch(/^attachment; filename="cpd-export-/);
  return { id: asked.body.id as string, zip: res.res.rawPayload };
}

describe("the export's coverage", () => {
  it("places every table of the schema: exported, left out for a stated reason, or shared data", async () => {
    const tables = await h.deps.prisma.$queryRawUnsafe<{ name: string }[]>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    const placed = new Set<string>([
      ...exportTables.EXPORT_TABLES.map((t) => t.table),
      ...Object.keys(exportTables.EXCLUDED_TABLES),
      ...exportTables.SHARED_TABLES,
    ]);
    expect(tables.map((t) => t.name).filter((n) => !placed.has(n))).toEqual([]);
  });
});

describe("POST and GET /user-account/me/export", () => {
  it("packs every row and object of a rich user, e-mails the link, and downloads for the owner only", async () => {
    const { me, share } = await richUser(h);
    const other = await createUser(h.deps);
    // Someone else's upvote on my shared entry is their data, not mine.
    const shared = await h.deps.prisma.sharedCpd.findFirstOrThrow({ where: { userId: me.id } });
    await h.deps.prisma.sharedCpdUpvote.create({ data: { sharedId: shared.id, userId: other.id } });

    const { id, zip } = await exportOf(me);
    const files = await unzip(zip);
    const account = JSON.parse((files.get("account.json") as Buffer).toString("utf8"));
    expect(account).toMatchObject({
      format: exportTables.EXPORT_FORMAT,
      formatVersion: exportTables.EXPORT_FORMAT_VERSION,
      userId: me.id,
      exportId: id,
      missingObjects: [],
    });
    expect(Object.keys(account.excluded)).toContain("credentials");
    const expected = await rowsOf(h.deps.prisma, me.id);
    for (const spec of exportTables.EXPORT_TABLES)
      expect(account.tables[spec.table], spec.table).toEqual(expected[spec.table]);
    expect(account.reference.form_definitions).toEqual(expected.form_definitions);
    for (const table of [
      "entries",
      "files",
      "identity_documents",
      "supervision_comments",
      "user_tags",
      "registrations",
      "revalidation_records",
      "entry_revalidation",
    ])
      expect(account.tables[table].length, table).toBeGreaterThan(0);
    expect(account.tables.shared_cpd_upvotes).toEqual([expect.objectContaining({ user_id: me.id })]);
    // Secrets stay behind.
    const shareRow = account.tables.supervision_shares.find((s: { id: string }) => s.id === share.id);
    expect(shareRow).not.toHaveProperty("code_hash");
    expect(account.tables).not.toHaveProperty("credentials");
    expect(account.tables).not.toHaveProperty("password_reset_tokens");
    expect(JSON.stringify(account)).not.toContain("secret-code-hash");

    // Every object, byte for byte, under files/<key>.
    const keys = keysIn(expected);
    expect(keys.length).toBe(6);
    expect(account.objects.map((o: { key: string }) => o.key).sort()).toEqual(keys);
    for (const key of keys) {
      const stored = await h.deps.storage.getBytes(key);
      expect(files.get(exportTables.objectPath(key))?.equals(stored as Buffer), key).toBe(true);
    }
    expect([...files.keys()].sort()).toEqual(["account.json", ...keys.map(exportTables.objectPath)].sort());

    // Only the owner downloads it; others, strangers and guests get nothing.
    expect(refusal(await download(other, id))).toEqual([
      404,
      "EXPORT_NOT_FOUND",
      LIFECYCLE_MESSAGES.exportNotFound,
    ]);
    expect((await download(me, randomUUID())).status).toBe(404);
    expect((await download(null, id)).status).toBe(401);
  });

  it("a double submit makes one export", async () => {
    const me = await createUser(h.deps);
    const answers = await Promise.all([requestExport(me), requestExport(me)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await h.deps.prisma.accountExport.count({ where: { userId: me.id } })).toBe(1);
  });

  it("is not downloadable while processing", async () => {
    const me = await createUser(h.deps);
    const row = await h.deps.prisma.accountExport.create({ data: { userId: me.id } });
    expect(refusal(await download(me, row.id))).toEqual([
      404,
      "EXPORT_NOT_FOUND",
      LIFECYCLE_MESSAGES.exportNotFound,
    ]);
  });

  it("retention deletes the ZIP and marks the export Expired", async () => {
    const me = await createUser(h.deps);
    await uploadPng(h, me);
    const { id } = await exportOf(me);
    const row = await h.deps.prisma.accountExport.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ state: "Completed", storageKey: `exports/${id}.zip` });
    expect(Number(row.size)).toBeGreaterThan(0);
    const completedAt = row.completedAt as Date;
    const hours = h.deps.config.exportRetentionHours;

    // Not yet due: kept.
    await exportRetentionHandler.handle(
      { batch: 10 },
      jobContext(h, { now: () => new Date(completedAt.getTime() + hours * 3_600_000 - 60_000) }),
    );
    expect(await h.deps.storage.get(`exports/${id}.zip`)).not.toBeNull();

    await exportRetentionHandler.handle(
      { batch: 10 },
      jobContext(h, { now: () => new Date(completedAt.getTime() + hours * 3_600_000 + 60_000) }),
    );
    expect(await h.deps.storage.get(`exports/${id}.zip`)).toBeNull();
    expect(await h.deps.prisma.accountExport.findUnique({ where: { id } })).toMatchObject({
      state: "Expired",
      storageKey: null,
    });
    expect(refusal(await download(me, id))).toEqual([
      404,
      "EXPORT_NOT_FOUND",
      LIFECYCLE_MESSAGES.exportNotFound,
    ]);
  });
});

describe("import-account", () => {
  it("restores the export into a fresh database and bucket: every row (ids kept) and every object's bytes", async () => {
    const { me, webinar, library, video } = await richUser(h);
    const { zip } = await exportOf(me);
    const source = await rowsOf(h.deps.prisma, me.id);

    const suffix = randomBytes(6).toString("hex");
    const url = new URL(h.deps.config.databaseUrl);
    url.pathname = `/cpd_test_import_${suffix}`;
    const databaseUrl = url.toString();
    const env = { ...process.env, DATABASE_URL: databaseUrl };
    const migrate = spawnSync("node", ["scripts/db.mjs", "deploy"], { cwd: ROOT, env, encoding: "utf8" });
    expect(migrate.status, migrate.stderr).toBe(0);
    const target = createDb(databaseUrl, 2);
    const storage = new Storage({ ...h.deps.config.s3, bucket: `cpd-import-${suffix}` });
    const dir = await mkdtemp(path.join(tmpdir(), "import-test-"));
    try {
      await storage.ensureBucket();
      // The shared catalogue the user's rows point at exists on the other instance too.
      await target.prisma.webinar.create({ data: webinar });
      await target.prisma.videoLibrary.create({ data: library });
      await target.prisma.video.create({ data: video });

      const file = path.join(dir, "export.zip");
      await writeFile(file, zip);
      const result = await importAccount({ db: target.prisma, storage }, file);
      expect(result).toMatchObject({ userId: me.id, email: me.email, skipped: {} });

      const restored = await rowsOf(target.prisma, me.id);
      for (const spec of [...exportTables.EXPORT_TABLES, ...exportTables.REFERENCE_TABLES])
        expect(restored[spec.table], spec.table).toEqual(source[spec.table]);
      const keys = keysIn(source);
      expect(result.objects).toBe(keys.length);
      for (const key of keys) {
        const a = await h.deps.storage.getBytes(key);
        const b = await storage.getBytes(key);
        expect(b?.equals(a as Buffer), key).toBe(true);
      }
      // No password travels: the account signs in after a reset.
      expect(await target.prisma.credential.count({ where: { userId: me.id } })).toBe(0);

      // Once there, the same export is refused and nothing changes.
      await expect(importAccount({ db: target.prisma, storage }, file)).rejects.toBeInstanceOf(ImportRefused);
      expect(await target.prisma.user.count()).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await target.prisma.$disconnect();
      await target.pool.end();
      const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket }));
      for (const o of listed.Contents ?? [])
        await storage.client.send(new DeleteObjectCommand({ Bucket: storage.bucket, Key: o.Key }));
      await storage.client.send(new DeleteBucketCommand({ Bucket: storage.bucket })).catch(() => undefined);
      spawnSync("node", ["scripts/db.mjs", "drop"], { cwd: ROOT, env, encoding: "utf8" });
    }
  }, 240_000);

  it("refuses a file that is not an export, and rows that are someone else's", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "import-test-"));
    try {
      const notZip = path.join(dir, "x.zip");
      await writeFile(notZip, "not a zip");
      await expect(
        importAccount({ db: h.deps.prisma, storage: h.deps.storage }, notZip),
      ).rejects.toBeInstanceOf(ImportRefused);
      // An export whose rows were edited to point at another user.
      const me = await createUser(h.deps);
      const victim = await createUser(h.deps);
      await uploadPng(h, me);
      const { zip } = await exportOf(me);
      const files = await unzip(zip);
      const account = JSON.parse((files.get("account.json") as Buffer).toString("utf8"));
      account.tables.files[0].user_id = victim.id;
      const { zip: build } = await import("./zip.js");
      const edited = path.join(dir, "edited.zip");
      await writeFile(
        edited,
        build({ ...Object.fromEntries(files), "account.json": JSON.stringify(account) }),
      );
      await expect(importAccount({ db: h.deps.prisma, storage: h.deps.storage }, edited)).rejects.toThrow(
        /belongs to someone else/,
      );
      expect(await h.deps.prisma.storedFile.count({ where: { userId: victim.id } })).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
