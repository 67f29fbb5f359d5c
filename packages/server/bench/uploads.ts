// Benchmark of streamed uploads: ten 10 MB files at once through
// POST /api/file/upload (the app in a child process, bench/serve.ts) against
// ten direct S3 PutObject calls of the same bytes to the same S3 server from
// this process. Three rounds each; prints the median MB/s (1 MB = 2^20 bytes)
// of both, their ratio (target >= 0.5) and the median peak RSS growth of the
// API process during a round (target < 50 MB), sampled every 20 ms in it.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { DeleteObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import { loadConfig } from "../src/config.js";
import { figure, median, start, stop } from "./harness.js";
import { ensureBenchDatabase, tokenFor } from "./seed.js";

const FILES = 10;
const SIZE = 10 * 1024 * 1024; // MAX_FILE_BYTES: the largest accepted upload
const ROUNDS = 3;
const PORT = 3913;
const MB = 1024 * 1024;

const config = loadConfig({ ...process.env, LOG_LEVEL: "silent" });
const userId = await ensureBenchDatabase();
const token = tokenFor(userId, config.jwtSecret);
const body = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(SIZE - 9)]);
const s3 = new S3Client({
  endpoint: config.s3.endpoint,
  region: config.s3.region,
  forcePathStyle: true,
  credentials: { accessKeyId: config.s3.accessKeyId, secretAccessKey: config.s3.secretAccessKey },
  requestChecksumCalculation: "WHEN_REQUIRED",
  responseChecksumValidation: "WHEN_REQUIRED",
});
const bucket = config.s3.bucket;
const db = new pg.Client({ connectionString: config.databaseUrl });
await db.connect();

function upload(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        method: "POST",
        path: `/api/file/upload?filename=${name}.pdf`,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/pdf",
          "content-length": body.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          res.statusCode === 200
            ? resolve()
            : reject(new Error(`upload answered ${res.statusCode}: ${Buffer.concat(chunks)}`)),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const put = (key: string) =>
  s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentLength: body.length }));
const remove = (keys: string[]) =>
  Promise.all(keys.map((Key) => s3.send(new DeleteObjectCommand({ Bucket: bucket, Key }))));

/** Ten transfers at once; answers MB/s over the wall time of all ten. */
async function timed(one: (i: number) => Promise<unknown>) {
  const t0 = performance.now();
  await Promise.all(Array.from({ length: FILES }, (_, i) => one(i)));
  return (FILES * SIZE) / MB / ((performance.now() - t0) / 1000);
}

/** Deletes what the app stored: the files rows of the bench user and their objects. */
async function cleanApp() {
  const { rows } = await db.query<{ storage_key: string }>(
    "DELETE FROM files WHERE user_id = $1 AND filename LIKE 'bench-upload-%' RETURNING storage_key",
    [userId],
  );
  await remove(rows.map((r) => r.storage_key));
}

const app = await start("app", PORT);
const rss = () =>
  new Promise<{ rss: number; peak: number }>((resolve) => {
    app.once("message", (m) => resolve(m as { rss: number; peak: number }));
    app.send("rss");
  });

// Warm-up: one unmeasured round each way (connections, lazy modules, JIT).
const warm = Array.from({ length: FILES }, (_, i) => `bench-direct/warm-${i}`);
await timed((i) => put(warm[i] as string));
await timed((i) => upload(`bench-upload-warm-${i}`));
await Promise.all([remove(warm), cleanApp()]);

const direct: number[] = [];
const api: number[] = [];
const growth: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const keys = Array.from({ length: FILES }, (_, i) => `bench-direct/${round}-${i}`);
  direct.push(await timed((i) => put(keys[i] as string)));
  await remove(keys);
  const before = await rss();
  api.push(await timed((i) => upload(`bench-upload-${round}-${i}`)));
  const after = await rss();
  growth.push((after.peak - before.rss) / MB);
  await cleanApp();
  console.log(
    `round ${round}: direct S3 ${direct.at(-1)?.toFixed(1)} MB/s, API ${api.at(-1)?.toFixed(1)} MB/s, API RSS +${growth.at(-1)?.toFixed(1)} MB`,
  );
}
await stop(app);
await db.end();
s3.destroy();

const [d, a, g] = [median(direct), median(api), median(growth)];
console.log(`\nten ${SIZE / MB} MB files at once, median of ${ROUNDS} rounds (bucket ${bucket}):`);
console.log(`direct S3 PutObject              ${d.toFixed(1).padStart(7)} MB/s`);
console.log(`POST /api/file/upload            ${a.toFixed(1).padStart(7)} MB/s`);
console.log(`ratio ${(a / d).toFixed(2)} (target >= 0.50) ${a / d >= 0.5 ? "OK" : "BELOW TARGET"}`);
console.log(`API peak RSS growth ${g.toFixed(1)} MB (target < 50 MB) ${g < 50 ? "OK" : "OVER TARGET"}`);
// Issue 30's targets for the table of scripts/bench/all.
figure("uploads-vs-s3", a / d, ">=", 0.95);
figure("uploads-rss-mb", g, "<=", 10);
