#!/usr/bin/env node
// Fault: the file store's disk fills up. Uploads stream straight to S3 (no local spool), so the
// upload path's disk is the store's: MinIO then answers 507 (XMinioStorageFull) to writes, having
// read part of the body. Here a small proxy in front of a private s3rver does the same once a byte
// budget is spent (s3rver itself crashes on a real ENOSPC, which would test the fake, not us).
// Expected: raw and multipart uploads over the budget answer 503 with a clear message, leave no
// file row and no object behind; files stored before still read back; once space is freed,
// uploads work again without restarting anything.
import { readdirSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import * as f from "./lib.mjs";

const PORT = 3990;
const S3_PORT = 3999;
const FULL_PORT = 3998;
const { directory: dir, make } = f.privateS3(S3_PORT, "full");

/** Bytes of object data the "disk" still takes; Infinity once space is freed. */
let room = 64 * 1024;
const FULL =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>XMinioStorageFull</Code>' +
  "<Message>Storage backend has reached its minimum free drive threshold.</Message></Error>";

const isWrite = (req) => req.method === "PUT" || (req.method === "POST" && /uploadId=/.test(req.url ?? ""));
const disk = http.createServer((req, res) => {
  const size = Number(req.headers["content-length"] ?? 0);
  if (isWrite(req) && size > room) {
    // Like MinIO: take some of the body, then refuse; nothing is written.
    let seen = 0;
    req.on("data", (chunk) => {
      seen += chunk.length;
      if (seen > 16 * 1024 && !res.headersSent) refuse();
    });
    req.on("end", () => refuse());
    const refuse = () => {
      if (res.headersSent) return;
      res.writeHead(507, { "content-type": "application/xml", connection: "close" }).end(FULL);
    };
    return;
  }
  if (isWrite(req)) room -= size;
  const upstream = http.request(
    { host: "127.0.0.1", port: S3_PORT, method: req.method, path: req.url, headers: req.headers },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on("error", () => res.destroy());
  req.pipe(upstream);
});

/** Object files s3rver holds for the bucket (its data files, not its metadata). */
const objects = () => {
  const walk = (d) =>
    readdirSync(d).flatMap((n) => {
      const p = path.join(d, n);
      return statSync(p).isDirectory() ? walk(p) : [p];
    });
  return walk(path.join(dir, "faults")).filter((p) => p.endsWith("._S3rver_object")).length;
};

await f.guard("storage-full", async () => {
  const db = await f.database();
  const store = make();
  await store.run();
  await new Promise((resolve) => disk.listen(FULL_PORT, "127.0.0.1", resolve));
  f.startApi(PORT, f.s3Env(`http://127.0.0.1:${FULL_PORT}`));
  const base = `http://127.0.0.1:${PORT}`;
  await f.waitHttp(`${base}/api/health/live`);
  const user = await f.createUser(db);
  const token = await f.login(base, user);
  const pdf = (n, size) => Buffer.concat([Buffer.from(`%PDF-1.7\nfull ${n}\n`), Buffer.alloc(size, 0x20)]);
  const answer = async (res) => {
    const body = await res.json().catch(() => ({}));
    return { status: res.status, code: body.code, message: body.message };
  };
  const raw = async (n, size) =>
    answer(
      await fetch(`${base}/api/file/upload?filename=full-${n}.pdf`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/pdf" },
        body: pdf(n, size),
        signal: AbortSignal.timeout(30_000),
      }),
    );
  const multipart = async (n, size) => {
    const form = new FormData();
    form.append("file", new Blob([pdf(n, size)], { type: "application/pdf" }), `full-${n}.pdf`);
    return answer(
      await fetch(`${base}/api/file/upload`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
        signal: AbortSignal.timeout(30_000),
      }),
    );
  };
  const rows = async () =>
    Number((await db.query("SELECT count(*) FROM files WHERE user_id = $1", [user.id])).rows[0].count);

  const small = await raw(1, 2_000);
  const rowsBefore = await rows();
  const objectsBefore = objects();
  const rawWhileFull = await raw(2, 400_000);
  const multipartWhileFull = await multipart(3, 400_000);
  const rowsWhileFull = await rows();
  const objectsWhileFull = objects();
  room = Number.POSITIVE_INFINITY;
  const afterwards = await multipart(4, 400_000);
  const rowsAfter = await rows();
  const { rows: first } = await db.query(
    "SELECT id::text FROM files WHERE user_id = $1 ORDER BY created_at LIMIT 1",
    [user.id],
  );
  const readBack = await fetch(`${base}/api/file/${first[0]?.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const intact = readBack.ok && Buffer.from(await readBack.arrayBuffer()).equals(pdf(1, 2_000));
  await db.end();
  disk.close();
  await store.close();
  const refused = (r) =>
    r.status === 503 &&
    r.code === "SERVICE_UNAVAILABLE" &&
    /^File storage is (full|unavailable)/.test(r.message ?? "");
  const ok =
    small.status === 200 &&
    refused(rawWhileFull) &&
    refused(multipartWhileFull) &&
    rowsWhileFull === rowsBefore &&
    objectsWhileFull === objectsBefore &&
    afterwards.status === 200 &&
    rowsAfter === rowsBefore + 1 &&
    intact;
  await f.finish("storage-full", ok, {
    small,
    rawWhileFull,
    multipartWhileFull,
    afterwards,
    rowsBefore,
    rowsWhileFull,
    rowsAfter,
    objectsBefore,
    objectsWhileFull,
    intact,
  });
});
