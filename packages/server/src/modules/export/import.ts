// Restores an export ZIP (build.ts) into this instance: the user, every row (ids kept) and every
// object (keys kept). Refuses when the e-mail address or the user's id is already here, when the
// file is not an export of a known format version, when a row is not the user's, or when an
// object would overwrite one already stored. Objects are uploaded first (streamed from the ZIP),
// then the rows go in one transaction; if that fails the uploaded objects are removed again.
import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import yauzl from "yauzl";
import type { Db } from "../../lib/db.js";
import { isMissingBucket, type Storage } from "../../lib/storage.js";
import * as repo from "./repository.js";
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, EXPORT_TABLES, objectPath } from "./tables.js";

/** A refusal the CLI prints as it is (not a bug). */
export class ImportRefused extends Error {}

type Row = Record<string, unknown>;

interface AccountJson {
  format: string;
  formatVersion: number;
  userId: string;
  organisation: { key: string; name: string } | null;
  tables: Record<string, Row[]>;
  reference: Record<string, Row[]>;
  objects: { key: string; path: string; size: number; contentType: string }[];
  missingObjects: string[];
}

export interface ImportResult {
  userId: string;
  email: string;
  rows: Record<string, number>;
  objects: number;
  /** Rows left out because what they point at is not on this instance (a webinar, an upvoted post). */
  skipped: Record<string, number>;
}

const MAX_ACCOUNT_JSON_BYTES = 1024 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Keys this server makes (`files/<uuid>`, `portfolios/<uuid>.pdf`...): nothing else is written. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)+$/;

/** A column of a row that points at a row of another table. */
type Reference = { column: string; table: string };

/** Rows kept only when what they point at exists here (shared data of another instance). */
const KEEP_IF_PRESENT: Record<string, Reference> = {
  shared_cpd_upvotes: { column: "shared_id", table: "shared_cpd" },
  webinar_registrations: { column: "webinar_id", table: "webinars" },
  event_registrations: { column: "event_id", table: "calendar_events" },
};
/** References set to null when absent here (the row stands on its own). */
const NULL_IF_ABSENT: Record<string, Reference> = {
  video_certificates: { column: "video_id", table: "videos" },
};

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, strictFileNames: true }, (err, zip) =>
      err ? reject(new ImportRefused(`Not a readable ZIP file: ${err.message}`)) : resolve(zip),
    ),
  );
}

function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on("entry", (entry: yauzl.Entry) => {
      if (entries.has(entry.fileName)) {
        reject(new ImportRefused(`The ZIP holds ${entry.fileName} twice`));
        return;
      }
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once("end", () => resolve(entries));
    zip.once("error", reject);
    zip.readEntry();
  });
}

const openEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))),
  );

async function readAccountJson(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>) {
  const entry = entries.get("account.json");
  if (!entry) throw new ImportRefused("The ZIP has no account.json: not an account export");
  if (entry.uncompressedSize > MAX_ACCOUNT_JSON_BYTES) throw new ImportRefused("account.json is too large");
  let doc: AccountJson;
  try {
    doc = JSON.parse((await buffer(await openEntry(zip, entry))).toString("utf8")) as AccountJson;
  } catch {
    throw new ImportRefused("account.json is not valid JSON");
  }
  if (doc?.format !== EXPORT_FORMAT) throw new ImportRefused("account.json is not an account export");
  if (
    !Number.isInteger(doc.formatVersion) ||
    doc.formatVersion < 1 ||
    doc.formatVersion > EXPORT_FORMAT_VERSION
  )
    throw new ImportRefused(
      `Export format version ${doc.formatVersion} is not supported (this server reads up to ${EXPORT_FORMAT_VERSION})`,
    );
  if (typeof doc.userId !== "string" || !UUID.test(doc.userId))
    throw new ImportRefused("account.json names no user");
  if (typeof doc.tables !== "object" || doc.tables === null)
    throw new ImportRefused("account.json has no tables");
  if (!Array.isArray(doc.objects)) throw new ImportRefused("account.json lists no objects");
  return doc;
}

/** Every row must be the user's (see TableSpec.owner), and the user row must be the one named. */
function checkOwnership(doc: AccountJson) {
  const ids = (table: string) => new Set((doc.tables[table] ?? []).map((r) => r.id));
  const owners = { entries: ids("entries"), supervision_shares: ids("supervision_shares") };
  for (const spec of EXPORT_TABLES) {
    const rows = doc.tables[spec.table] ?? [];
    if (!Array.isArray(rows)) throw new ImportRefused(`Table ${spec.table} is not a list of rows`);
    for (const row of rows) {
      if (typeof row !== "object" || row === null)
        throw new ImportRefused(`A row of ${spec.table} is not an object`);
      const value = row[spec.owner.column];
      const mine = spec.owner.of ? owners[spec.owner.of].has(value) : value === doc.userId;
      if (!mine || ("user_id" in row && row.user_id !== doc.userId))
        throw new ImportRefused(`A row of ${spec.table} belongs to someone else`);
    }
  }
  const users = doc.tables.users ?? [];
  if (users.length !== 1) throw new ImportRefused("account.json must hold exactly one user");
  const email = users[0]?.email;
  if (typeof email !== "string" || !email) throw new ImportRefused("The user has no e-mail address");
  return email;
}

/** The object keys the rows name: only these may be written. */
function referencedKeys(doc: AccountJson) {
  const keys = new Set<string>();
  for (const spec of EXPORT_TABLES)
    for (const o of spec.objects ?? [])
      for (const row of doc.tables[spec.table] ?? []) {
        const key = row[o.column];
        if (typeof key === "string" && key) keys.add(key);
      }
  return keys;
}

async function objectExists(storage: Storage, key: string) {
  try {
    await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: key }));
    return true;
  } catch (err) {
    if (isMissingBucket(err)) return false;
    throw err;
  }
}

type Tx = repo.ImportTx;

/** Whether a row's reference (`ref.column`) names a row of `ref.table` already here. */
async function referenceFound(tx: Tx, ref: Reference, rows: Row[]) {
  const ids = rows.map((r) => r[ref.column]);
  const wanted = [...new Set(ids.filter((v): v is string => typeof v === "string" && UUID.test(v)))];
  const present = wanted.length ? await repo.existingIds(tx, ref.table, wanted) : new Set<string>();
  return (r: Row) => present.has(String(r[ref.column]).toLowerCase());
}

// The rows go in through export/repository.ts, the documented exception to table ownership
// (docs/decisions/0016-table-ownership.md).
const insertRows = repo.insertRows;

/** The target's id of each exported form version: the same version already here, or the exported row. */
async function restoreForms(tx: Tx, forms: Row[]) {
  const map = new Map<string, string>();
  for (const form of forms) {
    await insertRows(tx, "form_definitions", [form], "ON CONFLICT DO NOTHING");
    const row = await repo.formVersionId(tx, form.identifier, form.version);
    if (row) map.set(String(form.id), row.id);
  }
  return map;
}

async function restoreRows(db: Db, doc: AccountJson) {
  const counts: Record<string, number> = {};
  const skipped: Record<string, number> = {};
  await db.$transaction(
    async (tx) => {
      const forms = await restoreForms(tx, doc.reference?.form_definitions ?? []);
      let organisationId: number | null = null;
      if (doc.organisation?.key) {
        const org = await repo.organisationIdByKey(tx, doc.organisation.key);
        organisationId = org?.id ?? null;
      }
      for (const spec of EXPORT_TABLES) {
        let rows = doc.tables[spec.table] ?? [];
        if (spec.table === "users") rows = rows.map((r) => ({ ...r, organisation_id: organisationId }));
        if (spec.table === "entries")
          rows = rows.map((r) => ({
            ...r,
            form_id: r.form_id ? (forms.get(String(r.form_id)) ?? null) : null,
          }));
        const keep = KEEP_IF_PRESENT[spec.table];
        if (keep) {
          const kept = rows.filter(await referenceFound(tx, keep, rows));
          if (kept.length < rows.length) skipped[spec.table] = rows.length - kept.length;
          rows = kept;
        }
        const nullable = NULL_IF_ABSENT[spec.table];
        if (nullable) {
          const found = await referenceFound(tx, nullable, rows);
          rows = rows.map((r) => (found(r) ? r : { ...r, [nullable.column]: null }));
        }
        // A payment event id is the provider's: one already recorded here stays as it is.
        await insertRows(
          tx,
          spec.table,
          rows,
          spec.table === "payment_events" ? "ON CONFLICT DO NOTHING" : "",
        );
        counts[spec.table] = rows.length;
      }
    },
    { timeout: 30 * 60_000 },
  );
  return { counts, skipped };
}

export async function importAccount(
  target: { db: Db; storage: Storage },
  zipPath: string,
): Promise<ImportResult> {
  const zip = await openZip(zipPath);
  try {
    const entries = await listEntries(zip);
    const doc = await readAccountJson(zip, entries);
    const email = checkOwnership(doc);
    const taken = await repo.userWithEmailOrId(target.db, email.toLowerCase(), doc.userId);
    if (taken)
      throw new ImportRefused(`An account with the e-mail address ${email} (or this id) already exists here`);

    const allowed = referencedKeys(doc);
    for (const o of doc.objects) {
      if (typeof o?.key !== "string" || !SAFE_KEY.test(o.key) || o.key.split("/").includes(".."))
        throw new ImportRefused(`Object key ${String(o?.key)} is not one this server makes`);
      if (!allowed.has(o.key)) throw new ImportRefused(`Object ${o.key} is named by no row`);
      if (!entries.has(objectPath(o.key))) throw new ImportRefused(`Object ${o.key} is missing from the ZIP`);
      if (await objectExists(target.storage, o.key))
        throw new ImportRefused(`Object ${o.key} already exists in this storage; nothing was imported`);
    }

    const uploaded: string[] = [];
    try {
      for (const o of doc.objects) {
        const entry = entries.get(objectPath(o.key)) as yauzl.Entry;
        await target.storage.put(
          o.key,
          await openEntry(zip, entry),
          typeof o.contentType === "string" ? o.contentType : "application/octet-stream",
          entry.uncompressedSize,
        );
        uploaded.push(o.key);
      }
      const { counts, skipped } = await restoreRows(target.db, doc);
      return { userId: doc.userId, email, rows: counts, objects: uploaded.length, skipped };
    } catch (err) {
      for (const key of uploaded) await target.storage.delete(key).catch(() => undefined);
      throw err;
    }
  } finally {
    zip.close();
  }
}
