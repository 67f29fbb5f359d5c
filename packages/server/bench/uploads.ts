// Benchmark of streamed uploads: ten 10 MB files at once through
// POST /api/file/upload (the app in a child process, bench/serve.ts) against
// ten direct S3 PutObject calls of the same bytes to the same S3 server from
// this process. BENCH_ROUNDS (5) rounds, each a pair of the two back to back (alternating which
// goes first); prints the median MB/s (1 MB = 2^20 bytes) of both, the median of the rounds'
// ratios (issue 30's target >= 0.95), the API process's CPU time per round and its peak RSS over
// all rounds above its RSS once warmed up (target < 10 MB), sampled every 20 ms in it.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { Readable } from "node:stream";
import { DeleteObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import { loadConfig } from "../src/config.js";
import { figure, median, start, stop } from "./harness.js";
import { ensureBenchDatabase, tokenFor } from "./seed.js";

const FILES = 10;
const SIZE = 10 * 1024 * 1024; // MAX_FILE_BYTES: the largest accepted upload
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
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

// The body as a stream, as the app's put sends it: the SDK then signs it UNSIGNED-PAYLOAD, where
// a Buffer body would be hashed (SHA-256) first, slowing the direct side the app does not pay.
const put = (key: string) =>
  s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: Readable.from([body]),
      ContentLength: body.length,
    }),
  );
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

const cpu = () =>
  new Promise<number>((resolve) => {
    app.once("message", (m) => resolve((m as { cpu: number }).cpu));
    app.send("cpu");
  });

const direct: number[] = [];
const api: number[] = [];
const ratios: number[] = [];
const growth: number[] = [];
// The API's RSS once warm: memory a round keeps (freed but not given back) counts in the next ones.
const baseline = (await rss()).rss;
let peak = baseline;
const appCpu: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const keys = Array.from({ length: FILES }, (_, i) => `bench-direct/${round}-${i}`);
  const directSide = async () => {
    direct.push(await timed((i) => put(keys[i] as string)));
    await remove(keys);
  };
  const apiSide = async () => {
    await rss(); // the peak from here
    const cpu0 = await cpu();
    api.push(await timed((i) => upload(`bench-upload-${round}-${i}`)));
    appCpu.push((await cpu()) - cpu0);
    const after = await rss();
    growth.push((after.peak - baseline) / MB);
    peak = Math.max(peak, after.peak);
    await cleanApp();
  };
  // Each pair back to back, alternating which side goes first, so a burst of someone else's load
  // on a shared machine falls on both sides alike (harness.ts, compare).
  if (round % 2 === 1) {
    await directSide();
    await apiSide();
  } else {
    await apiSide();
    await directSide();
  }
  ratios.push((api.at(-1) as number) / (direct.at(-1) as number));
  console.log(
    `round ${round}: direct S3 ${direct.at(-1)?.toFixed(1)} MB/s, API ${api.at(-1)?.toFixed(1)} MB/s (${ratios.at(-1)?.toFixed(2)}), API RSS +${growth.at(-1)?.toFixed(1)} MB over warm, API CPU ${((appCpu.at(-1) as number) / 1000).toFixed(0)} ms`,
  );
}
await stop(app);
await db.end();
s3.destroy();

const [d, a, r, g] = [median(direct), median(api), median(ratios), (peak - baseline) / MB];
console.log(`\nten ${SIZE / MB} MB files at once, median of ${ROUNDS} rounds (bucket ${bucket}):`);
console.log(`direct S3 PutObject              ${d.toFixed(1).padStart(7)} MB/s`);
console.log(`POST /api/file/upload            ${a.toFixed(1).padStart(7)} MB/s`);
console.log(`API process CPU per round        ${(median(appCpu) / 1000).toFixed(0).padStart(7)} ms`);
console.log(
  `ratio (median of the rounds' API / direct) ${r.toFixed(2)} (target >= 0.95) ${r >= 0.95 ? "OK" : "BELOW TARGET"}`,
);
console.log(
  `API peak RSS over its warm RSS, all rounds ${g.toFixed(1)} MB (target < 10 MB) ${g < 10 ? "OK" : "OVER TARGET"}`,
);
// Issue 30's targets for the table of scripts/bench/all.
figure("uploads-vs-s3", r, ">=", 0.95);
figure("uploads-rss-mb", g, "<=", 10);
