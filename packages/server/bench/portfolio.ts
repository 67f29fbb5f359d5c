// Portfolio benchmark (issue 9). A worker runs as a child process on a Redis prefix of its own;
// this process requests portfolios through the service and polls their row until Completed.
//
//  1. 100 diary entries, 20 of them with a distinct ~1 MB JPEG as evidence, every profile page
//     and the infographic: wall time from request to Completed, the median of three runs
//     (target < 2 s), and the worker's peak RSS after the first (VmHWM, target < 300 MB).
//  2. The seed's heavy user, 2,000 entries, text only: completes, worker peak RSS < 500 MB.
//  3. Pages per second of (1) beside bare pdfkit (standard font, one page of the same text per
//     entry, no images, no charts; warmed up, median of three) rendered in this process in the
//     same run: the ratio is the figure to compare across machines, the times only make sense
//     here. Printed beside it, not a target: the same bare pages in the fonts a portfolio embeds.
import { randomBytes, randomUUID } from "node:crypto";
import { COMMON_PAGE_CODES } from "@cpd/contract";
import sharp from "sharp";
import { addDays, todayInLondon } from "../src/lib/dates.js";
import { createPdf } from "../src/lib/pdf/fonts.js";
import { requestPortfolio } from "../src/modules/portfolio/service.js";
import { figure, median } from "./harness.js";
import { ensureBenchDatabase } from "./seed.js";
import { barePagesPerSecond, benchResources, createDiaryEntries, peakRssMb, startWorker } from "./worker.js";

const prefix = `cpd_bench_portfolio_${randomUUID().slice(0, 6)}`;
const heavyUser = await ensureBenchDatabase();
const res = await benchResources(prefix);
const deps = res.deps;
const today = todayInLondon();
const ALL_PAGES = [...COMMON_PAGE_CODES, "HCPC_PROFILE"];
const NOTES = "Reflected on the session and how it changes my practice on the ward. ".repeat(12);

/** Users this run makes, removed at the end: the seed counts its own users to know it is complete. */
const made: string[] = [];

async function makeUser(entries: number, images: number) {
  const user = await deps.prisma.user.create({
    data: {
      email: `bench-portfolio-${randomUUID()}@bench.example`,
      profile: { create: { firstName: "Zoë", lastName: "Łukasz", governingBodies: ["HCPC"] } },
      personal: {
        create: {
          profession: "Physiotherapist",
          summaryOfWork: NOTES,
          jobDescription: NOTES,
          personalStatement: NOTES,
          hcpcSummary: NOTES,
          hcpcStandard1: NOTES,
          hcpcStandard2: NOTES,
          hcpcStandard3: NOTES,
          hcpcStandard4: NOTES,
        },
      },
    },
  });
  made.push(user.id);
  const ids = await createDiaryEntries(deps.prisma, user.id, entries, (i) => ({
    title: `Bench entry ${i + 1}`,
    date: new Date(`${addDays(today, -(i % 360))}T00:00:00Z`),
    category: ["Clinical Skills", "Leadership", "Research and Audit"][i % 3],
    standards: ["HCPC 1: Keep a continuous, up-to-date and accurate record"],
    tags: ["bench"],
    values: { Field222: `Bench entry ${i + 1}`, Field113: NOTES, ActivityType: "Other" },
  }));
  const evidence: string[] = [];
  for (let i = 0; i < images; i++) {
    // Noise compresses badly: about 1 MB of JPEG, as a phone photo of a certificate is.
    const raw = randomBytes(900 * 700 * 3);
    const jpeg = await sharp(raw, { raw: { width: 900, height: 700, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    const key = `bench/portfolio/${randomUUID()}`;
    await deps.storage.put(key, jpeg, "image/jpeg", jpeg.length);
    const file = await deps.prisma.storedFile.create({
      data: {
        userId: user.id,
        storageKey: key,
        filename: `photo-${i + 1}.jpg`,
        contentType: "image/jpeg",
        size: jpeg.length,
        entryId: ids[i * Math.floor(entries / images)],
      },
    });
    evidence.push(file.id);
  }
  const picture = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#4477aa" } })
    .jpeg()
    .toBuffer();
  const pictureKey = `bench/portfolio/${randomUUID()}`;
  await deps.storage.put(pictureKey, picture, "image/jpeg", picture.length);
  await deps.prisma.profile.update({
    where: { userId: user.id },
    data: { imageKey: pictureKey, imageContentType: "image/jpeg" },
  });
  return { userId: user.id, ids, evidence };
}

async function run(userId: string, diaryEntries: string[], evidenceIds: string[], include: string[]) {
  const t0 = performance.now();
  const { uuid } = await requestPortfolio(deps, userId, {
    dateFrom: addDays(today, -365),
    dateTo: today,
    include,
    title: { line1: "Benchmark portfolio", line2: "Zoë Łukasz" },
    diaryEntries,
    reflectiveEntries: [],
    evidenceIds,
    includeBranding: false,
    selectedPortfolioCover: "modern",
    background: 4,
  });
  for (;;) {
    const row = await deps.prisma.portfolioRequest.findUniqueOrThrow({ where: { id: uuid } });
    if (row.state === "Completed") {
      const ms = (a: Date | null, b: Date | null) => (a && b ? b.getTime() - a.getTime() : Number.NaN);
      return {
        seconds: (performance.now() - t0) / 1000,
        pages: row.pageCount ?? 0,
        waitMs: ms(row.createdAt, row.startedAt),
        buildMs: ms(row.startedAt, row.completedAt),
      };
    }
    if (row.state === "Failed") throw new Error(`portfolio failed: ${row.failureReason}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const worker = startWorker(prefix);
try {
  await new Promise((r) => setTimeout(r, 3000)); // the worker's start-up (tsx) is not the portfolio's time
  const small = await makeUser(100, 20);
  await run(small.userId, small.ids.slice(0, 5), [], ["FRONT_PAGE"]); // warm-up: fonts, sharp, JIT
  // Its time is the median of three runs (one run read 0.48 s and 1.20 s in two runs of this bench
  // on a quiet machine); its peak RSS is the first run's, and the heavy one's comes next, as they
  // always were: the worker keeps more memory after each portfolio, and later runs read higher.
  const runs = [await run(small.userId, small.ids, small.evidence, ALL_PAGES)];
  const rssSmall = peakRssMb(worker.pid as number);

  const heavyRows = await deps.prisma.entry.findMany({
    where: { userId: heavyUser, type: { in: ["diary", "reflection"] }, date: { not: null } },
    select: { id: true, type: true },
  });
  const heavyAll = heavyRows.filter((e) => e.type === "diary").map((e) => e.id);
  const heavyReflections = heavyRows.filter((e) => e.type === "reflection").map((e) => e.id);
  // The 2,000-entry run: every diary entry of the heavy user, over the whole range they span.
  const span = await deps.prisma.entry.aggregate({
    where: { userId: heavyUser },
    _min: { date: true },
    _max: { date: true },
  });
  const big = await (async () => {
    const t0 = performance.now();
    const { uuid } = await requestPortfolio(deps, heavyUser, {
      dateFrom: span._min.date?.toISOString().slice(0, 10) ?? today,
      dateTo: span._max.date?.toISOString().slice(0, 10) ?? today,
      include: ["FRONT_PAGE", "CONTENTS_PAGE", "CPD_INFOGRAPHIC"],
      title: { line1: "Benchmark portfolio", line2: "2,000 entries" },
      diaryEntries: heavyAll,
      reflectiveEntries: heavyReflections,
      evidenceIds: [],
      includeBranding: false,
      selectedPortfolioCover: "classic",
      background: 1,
    });
    for (;;) {
      const row = await deps.prisma.portfolioRequest.findUniqueOrThrow({ where: { id: uuid } });
      if (row.state === "Completed")
        return { seconds: (performance.now() - t0) / 1000, pages: row.pageCount ?? 0 };
      if (row.state === "Failed") throw new Error(`portfolio failed: ${row.failureReason}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const rssBig = peakRssMb(worker.pid as number);
  for (let i = 0; i < 2; i++) runs.push(await run(small.userId, small.ids, small.evidence, ALL_PAGES));
  const rssAfter = peakRssMb(worker.pid as number);
  const middle = median(runs.map((r) => r.seconds));
  const first = runs.find((r) => r.seconds === middle) as (typeof runs)[number];
  const bareRate = await barePagesPerSecond(first.pages, (i) => `Bench entry ${i + 1}`, NOTES);
  // The same pages in the fonts a portfolio embeds (lib/pdf/fonts.ts): what the fonts alone cost.
  const fontRate = await barePagesPerSecond(
    first.pages,
    (i) => `Bench entry ${i + 1}`,
    NOTES,
    () => createPdf({ size: "A4", margin: 56 }),
  );
  const oursRate = first.pages / first.seconds;

  const ok = (b: boolean) => (b ? "ok" : "MISSED");
  console.log("portfolio benchmark (worker in a child process; peak RSS = the worker's VmHWM)");
  console.log(
    `  100 entries, 20 x ~1 MB images, all profile pages: ${first.pages} pages in ${first.seconds.toFixed(2)} s, the median of ${runs.map((r) => r.seconds.toFixed(2)).join(", ")} (target < 2 s: ${ok(first.seconds < 2)})`,
  );
  console.log(`    of which: queued ${first.waitMs} ms, load + render + upload ${first.buildMs} ms`);
  console.log(
    `  worker peak RSS after it: ${rssSmall.toFixed(0)} MB (target < 300 MB: ${ok(rssSmall < 300)})`,
  );
  console.log(
    `  pages/s: ours ${oursRate.toFixed(0)}, bare pdfkit ${bareRate.toFixed(0)}, ratio ${(oursRate / bareRate).toFixed(3)}`,
  );
  console.log(
    `  bare pdfkit in the embedded fonts: ${fontRate.toFixed(0)} pages/s (${(fontRate / bareRate).toFixed(2)} of the standard font's; ours ${(oursRate / fontRate).toFixed(3)} of it)`,
  );
  console.log(
    `  ${heavyRows.length} entries, text only: ${big.pages} pages in ${big.seconds.toFixed(1)} s; worker peak RSS ${rssBig.toFixed(0)} MB (target < 500 MB: ${ok(rssBig < 500)})`,
  );
  console.log(`  worker peak RSS over two more 100-entry runs after it: ${rssAfter.toFixed(0)} MB`);
  // Issue 30's targets, for the table of scripts/bench/all.
  figure("portfolio-100-seconds", first.seconds, "<=", 1);
  figure("portfolio-vs-pdfkit", oursRate / bareRate, ">=", 0.3);
  figure("portfolio-heavy-seconds", big.seconds, "<=", 3);
  figure("portfolio-heavy-rss-mb", rssBig, "<=", 400);
} finally {
  worker.kill("SIGKILL");
  await deps.prisma.portfolioRequest.deleteMany({ where: { userId: heavyUser } });
  await deps.prisma.user.deleteMany({ where: { id: { in: made } } });
  await res.close();
}
