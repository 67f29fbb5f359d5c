// Writes a user's whole record as a ZIP file (REQ-ACCOUNT-04): account.json (the rows, by table, read in
// one consistent snapshot) and files/<key> for every stored object the rows name. Rows are read
// through a cursor and objects are streamed from S3 one at a time, so memory stays bounded
// however large the record is.
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { finished, pipeline } from "node:stream/promises";
import yazl from "yazl";
import type { Db } from "../../lib/db.js";
import type { Storage } from "../../lib/storage.js";
import {
  EXCLUDED_TABLES,
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  EXPORT_TABLES,
  objectPath,
  REFERENCE_TABLES,
  rowsSql,
  type TableSpec,
} from "./tables.js";

const FETCH_ROWS = 500;
/** A long record may take a while to read; the snapshot's transaction must outlive it. */
const SNAPSHOT_TIMEOUT_MS = 30 * 60_000;

interface ExportedObject {
  key: string;
  path: string;
  size: number;
  contentType: string;
}

interface WantedObject {
  key: string;
  contentType: string | null;
}

/** A writable file that respects back-pressure. */
function jsonFile(path: string) {
  const out = createWriteStream(path);
  return {
    async write(s: string) {
      if (!out.write(s)) await once(out, "drain");
    },
    async close() {
      out.end();
      await finished(out);
    },
  };
}

/**
 * Writes account.json's rows (everything but the objects' list, which `finishAccountJson` adds)
 * and answers the objects the rows name. One REPEATABLE READ transaction: every table is read
 * as of the same moment.
 */
async function writeRows(
  db: Db,
  userId: string,
  meta: Record<string, unknown>,
  out: ReturnType<typeof jsonFile>,
) {
  const wanted = new Map<string, WantedObject>();
  const head = JSON.stringify({
    format: EXPORT_FORMAT,
    formatVersion: EXPORT_FORMAT_VERSION,
    ...meta,
    excluded: EXCLUDED_TABLES,
  });
  await out.write(`${head.slice(0, -1)},\n"tables":{`);
  const writeTables = async (
    tx: Pick<Db, "$executeRawUnsafe" | "$queryRawUnsafe">,
    specs: readonly TableSpec[],
  ) => {
    let firstTable = true;
    for (const spec of specs) {
      await out.write(`${firstTable ? "" : ","}\n${JSON.stringify(spec.table)}:[`);
      firstTable = false;
      await tx.$executeRawUnsafe(`DECLARE export_rows NO SCROLL CURSOR FOR ${rowsSql(spec)}`, userId);
      let first = true;
      for (;;) {
        const rows = await tx.$queryRawUnsafe<{ row: string }[]>(`FETCH ${FETCH_ROWS} FROM export_rows`);
        for (const { row } of rows) {
          await out.write(`${first ? "" : ","}\n${row}`);
          first = false;
          if (spec.objects) {
            const parsed = JSON.parse(row) as Record<string, unknown>;
            for (const o of spec.objects) {
              const key = parsed[o.column];
              if (typeof key !== "string" || !key) continue;
              const type = o.contentTypeColumn ? parsed[o.contentTypeColumn] : null;
              wanted.set(key, { key, contentType: typeof type === "string" ? type : null });
            }
          }
        }
        if (rows.length < FETCH_ROWS) break;
      }
      await tx.$executeRawUnsafe("CLOSE export_rows");
      await out.write("]");
    }
  };
  await db.$transaction(
    async (tx) => {
      await writeTables(tx, EXPORT_TABLES);
      await out.write('},\n"reference":{');
      await writeTables(tx, REFERENCE_TABLES);
      await out.write("}");
    },
    { isolationLevel: "RepeatableRead", timeout: SNAPSHOT_TIMEOUT_MS },
  );
  return [...wanted.values()];
}

/**
 * Builds the export of `userId` into `zipPath` (account.json written to `jsonPath` first).
 * Objects missing from storage are listed as missing rather than failing the export.
 */
export async function writeAccountZip(
  db: Db,
  storage: Storage,
  userId: string,
  meta: { exportId: string; exportedAt: string; organisation: { key: string; name: string } | null },
  jsonPath: string,
  zipPath: string,
) {
  const json = jsonFile(jsonPath);
  let wanted: WantedObject[];
  try {
    wanted = await writeRows(db, userId, { userId, ...meta }, json);
  } finally {
    await json.close().catch(() => undefined);
  }

  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(zipPath));
  const failed = new Promise<never>((_, reject) => zip.on("error", reject));
  // Awaited below; marked handled now so a failure between the awaits cannot crash the worker.
  written.catch(() => undefined);
  failed.catch(() => undefined);
  const objects: ExportedObject[] = [];
  const missing: string[] = [];
  try {
    for (const w of wanted) {
      const obj = await storage.get(w.key);
      if (!obj) {
        missing.push(w.key);
        continue;
      }
      const path = objectPath(w.key);
      zip.addReadStream(obj.body, path, obj.contentLength !== undefined ? { size: obj.contentLength } : {});
      // One object at a time: the next GET starts once this body has been read into the ZIP.
      await Promise.race([finished(obj.body), failed]);
      objects.push({
        key: w.key,
        path,
        size: obj.contentLength ?? 0,
        contentType: w.contentType ?? obj.contentType ?? "application/octet-stream",
      });
    }
    const tail = createWriteStream(jsonPath, { flags: "a" });
    tail.end(`,\n"objects":${JSON.stringify(objects)},\n"missingObjects":${JSON.stringify(missing)}\n}\n`);
    await finished(tail);
    zip.addFile(jsonPath, "account.json");
    zip.end();
    await Promise.race([written, failed]);
  } catch (err) {
    (zip.outputStream as NodeJS.ReadableStream & { destroy?: (e?: Error) => void }).destroy?.();
    await written.catch(() => undefined);
    throw err;
  }
  return { objects, missing };
}
