// Scheduled deletion (REQ-ACCOUNT-01, REQ-ACCOUNT-02): the three calls on an injected clock, and the
// deletion itself on a user with something in every kind of table and object: afterwards no
// table holds the user's id, e-mail or name, and the bucket none of the user's objects.
import { randomUUID } from "node:crypto";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { deletionScheduledMessage, LIFECYCLE_MESSAGES } from "@cpd/contract";
import { afterEach, describe, expect, it } from "vitest";
import { accountDeletionHandler } from "../src/jobs/handlers/account-deletion.js";
import { exportKey, STORAGE_PREFIXES, sendNoticeOnce } from "../src/modules/account-deletion/repository.js";
import { certificateKey } from "../src/modules/videos/issue.js";
import { call, createUser, type Harness, jobContext, refusal, type TestUser, useApp } from "./harness.js";
import { waitForNewMail } from "./mail.js";
import { richUser } from "./rich-user.js";
import { must } from "./supervision-fixtures.js";

const h = useApp({ worker: true });

const realNow = () => new Date();
afterEach(() => {
  h.deps.now = realNow;
});

const URL_ = "/user-account/me/scheduled-deletion";
const get = (u: TestUser) => call(h.app, "GET", URL_, { token: u.token });
const schedule = (u: TestUser, query: string) => call(h.app, "POST", `${URL_}${query}`, { token: u.token });
const cancel = (u: TestUser) => call(h.app, "DELETE", URL_, { token: u.token });
const dateRefusal = [400, "DELETION_DATE", LIFECYCLE_MESSAGES.deletionDate];

describe("scheduling a deletion", () => {
  it("takes 1, 7 or 30 days + 1 from London's today (past UTC midnight), replaces an earlier date, confirms by e-mail", async () => {
    const u = await createUser(h.deps);
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST): today is the 1st.
    h.deps.now = () => new Date("2026-06-30T23:30:00Z");
    expect((await get(u)).body).toEqual({ scheduled: false, scheduledDate: null });

    // Counted from UTC's 30 June, these would be right; from London's 1 July they are not.
    for (const d of ["2026-07-02", "2026-07-08", "2026-07-31"])
      expect(refusal(await schedule(u, `?scheduledDate=${d}`))).toEqual(dateRefusal);
    for (const q of ["", "?deleteNow=false", "?scheduledDate=2026-07-01", "?scheduledDate=2026-07-05"])
      expect(refusal(await schedule(u, q))).toEqual(dateRefusal);
    expect((await get(u)).body).toEqual({ scheduled: false, scheduledDate: null });

    for (const d of ["2026-07-03", "2026-07-09", "2026-08-01"]) {
      const res = await schedule(u, `?scheduledDate=${d}`);
      expect([res.status, res.body]).toEqual([
        200,
        { scheduled: true, scheduledDate: d, message: deletionScheduledMessage(d) },
      ]);
      expect((await get(u)).body).toEqual({ scheduled: true, scheduledDate: d });
    }
    expect(deletionScheduledMessage("2026-08-01")).toBe("Your account will be deleted on 1 August 2026.");
    const mail = await waitForNewMail(u.email, (m) => m.subject.includes("1 August 2026"));
    expect(mail.text).toContain("On 1 August 2026 we will delete it");
    expect(mail.text).toContain(`${h.deps.config.publicUrl}/account-management`);
  });

  it("lets only full members cancel (403), and says when nothing is scheduled (404)", async () => {
    h.deps.now = () => new Date("2026-11-20T12:00:00Z");
    const trial = await createUser(h.deps, { tier: "BASIC", trialEnd: "2027-01-31" });
    must(await schedule(trial, "?scheduledDate=2026-11-28"));
    expect(refusal(await cancel(trial))).toEqual([
      403,
      "FULL_MEMBER_REQUIRED",
      LIFECYCLE_MESSAGES.deletionCancelFullOnly,
    ]);
    expect((await get(trial)).body).toEqual({ scheduled: true, scheduledDate: "2026-11-28" });

    const member = await createUser(h.deps, { tier: "PREMIUM" });
    expect(refusal(await cancel(member))).toEqual([
      404,
      "DELETION_NOT_SCHEDULED",
      LIFECYCLE_MESSAGES.deletionNotScheduled,
    ]);
    must(await schedule(member, "?scheduledDate=2026-12-21"));
    const cancelled = await cancel(member);
    expect([cancelled.status, cancelled.body]).toEqual([200, {}]);
    expect((await get(member)).body).toEqual({ scheduled: false, scheduledDate: null });
    expect((await cancel(member)).status).toBe(404);
  });

  it("is not for an administrator acting as the user", async () => {
    const admin = await createUser(h.deps, { roles: ["Admin"] });
    const u = await createUser(h.deps);
    const acting = { ...u, token: h.deps.tokens.issue({ sub: u.id, tv: 0, imp: admin.id, itv: 0 }, true) };
    expect((await get(acting)).status).toBe(200);
    expect((await schedule(acting, "?deleteNow=true")).status).toBe(403);
    expect((await get(u)).body.scheduled).toBe(false);
  });
});

// ---- the deletion ------------------------------------------------------------------------------

const FIRST_NAME = `Zephyrine${randomUUID().slice(0, 8)}`;

/**
 * The whole-record member (rich-user.ts) and what else deletion must find: a portfolio the user
 * asked for as a manager of another member, a video certificate's PDF (a key derived from its id,
 * kept in My Files too), an export, a link token and an activity-log row of the user's.
 */
async function deletableUser(harness: Harness) {
  const { me } = await richUser(harness, { firstName: FIRST_NAME });
  const db = harness.deps.prisma;
  const { storage } = harness.deps;
  const pdf = Buffer.from("%PDF-1.4\n% test\n%%EOF\n");

  const other = await createUser(harness.deps);
  const otherPortfolio = `portfolios/${randomUUID()}.pdf`;
  await storage.put(otherPortfolio, pdf, "application/pdf", pdf.length);
  await db.portfolioRequest.create({
    data: {
      userId: other.id,
      requestedById: me.id,
      request: { diaryEntries: [] },
      estimatedPages: 1,
      delivery: "download",
      state: "Completed",
      storageKey: otherPortfolio,
      size: pdf.length,
    },
  });
  // A video certificate, issued the way the worker does it.
  const cert = await db.videoCertificate.create({
    data: { userId: me.id, videoName: "Airway", state: "Issued" },
  });
  await storage.put(certificateKey(cert.id), pdf, "application/pdf", pdf.length);
  await db.storedFile.create({
    data: {
      userId: me.id,
      storageKey: certificateKey(cert.id),
      filename: "Certificate - Airway.pdf",
      contentType: "application/pdf",
      size: pdf.length,
    },
  });
  const exported = await db.accountExport.create({ data: { userId: me.id, state: "Completed" } });
  await storage.put(exportKey(exported.id), pdf, "application/zip", pdf.length);
  await db.accountExport.update({ where: { id: exported.id }, data: { storageKey: exportKey(exported.id) } });
  await db.accountLinkToken.create({
    data: {
      tokenHash: randomUUID(),
      userId: me.id,
      purpose: "confirm-email",
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  const registered = await db.activityLog.create({
    data: { action: "account.registered", actorId: me.id, details: { source: "test" } },
  });
  return { me, other, registeredLogId: registered.id };
}

/** Every key in the bucket. */
async function bucketKeys(harness: Harness): Promise<string[]> {
  const { client, bucket } = harness.deps.storage;
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ""));
    token = page.NextContinuationToken;
  } while (token);
  return keys;
}

/** The storage keys the user's rows name, read here straight from the tables (not by the code under test). */
async function keysOfUser(harness: Harness, userId: string): Promise<string[]> {
  const rows = await harness.deps.prisma.$queryRaw<{ key: string }[]>`
    SELECT storage_key AS key FROM files WHERE user_id = ${userId}::uuid
    UNION ALL SELECT image_key FROM profiles WHERE user_id = ${userId}::uuid AND image_key IS NOT NULL
    UNION ALL SELECT storage_key FROM portfolio_requests
               WHERE (user_id = ${userId}::uuid OR requested_by_id = ${userId}::uuid) AND storage_key IS NOT NULL
    UNION ALL SELECT g.storage_key FROM supervision_signatures g
               JOIN supervision_shares s ON s.id = g.share_id WHERE s.user_id = ${userId}::uuid
    UNION ALL SELECT storage_key FROM account_exports WHERE user_id = ${userId}::uuid AND storage_key IS NOT NULL`;
  return rows.map((r) => r.key).sort();
}

interface Column {
  table: string;
  column: string;
  type: string;
}

const columns = (harness: Harness) =>
  harness.deps.prisma.$queryRaw<Column[]>`
    SELECT c.table_name AS table, c.column_name AS column, c.data_type AS type
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
     ORDER BY 1, 2`;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every table.column (uuid, text or JSON) whose value is or holds `needle`. */
async function whereFound(harness: Harness, cols: Column[], needle: string) {
  const found: string[] = [];
  for (const c of cols) {
    const exact = c.type === "uuid";
    if (!exact && !["text", "jsonb", "json", "character varying", "ARRAY"].includes(c.type)) continue;
    const sql = exact
      ? `SELECT count(*)::int AS n FROM ${quote(c.table)} WHERE ${quote(c.column)}::text = $1`
      : `SELECT count(*)::int AS n FROM ${quote(c.table)} WHERE strpos(lower(${quote(c.column)}::text), lower($1)) > 0`;
    const [row] = await harness.deps.prisma.$queryRawUnsafe<{ n: number }[]>(sql, needle);
    if (row && row.n > 0) found.push(`${c.table}.${c.column}`);
  }
  return found;
}

/** The payment provider's record of a payment outlives the account (schema: no foreign key). */
const KEPT_BY_DESIGN = ["payment_events.user_id"];

describe("deleting an account", () => {
  it("knows every column that holds a storage key, and the bucket holds only the kinds it knows", async () => {
    const keyColumns = (await columns(h))
      .filter((c) => /_key$/.test(c.column))
      .map((c) => `${c.table}.${c.column}`);
    expect(keyColumns).toEqual([
      "account_exports.storage_key",
      "attestations.signature_key",
      "files.storage_key",
      "organisations.login_logo_key",
      "organisations.logo_key",
      "portfolio_requests.storage_key",
      "profiles.image_key",
      "revalidation_submissions.storage_key",
      "supervision_signatures.storage_key",
      "videos.thumbnail_key",
    ]);
    const kinds = new Set((await bucketKeys(h)).map((k) => k.split("/")[0]));
    for (const kind of kinds) expect(STORAGE_PREFIXES).toContain(kind);
  });

  it("deleteNow signs out at once; the job removes every row and object of the user and logs it anonymously", async () => {
    const { me, other, registeredLogId } = await deletableUser(h);
    const keys = await keysOfUser(h, me.id);
    // files (evidence, passport, a large one, certificate), profile image, two portfolios, signature, export
    expect(keys.length).toBe(9);
    const inBucket = new Set(await bucketKeys(h));
    for (const k of keys) expect(inBucket.has(k), k).toBe(true);
    const cols = await columns(h);
    expect(await whereFound(h, cols, me.id)).toEqual(
      expect.arrayContaining([
        "account_exports.user_id",
        "activity_log.actor_id",
        "entries.user_id",
        "files.user_id",
        "identity_documents.user_id",
        "portfolio_requests.requested_by_id",
        "profiles.user_id",
        "supervision_shares.user_id",
        "user_tags.user_id",
        "users.id",
        "video_certificates.user_id",
      ]),
    );
    const started = new Date();

    const res = await schedule(me, "?deleteNow=true");
    expect([res.status, res.body]).toEqual([
      200,
      { scheduled: true, scheduledDate: h.deps.today(), message: LIFECYCLE_MESSAGES.deletedNow },
    ]);
    expect((await get(me)).status).toBe(401);

    await expect
      .poll(() => h.deps.prisma.user.count({ where: { id: me.id } }), {
        message: "the account-deletion job did not delete the user",
        timeout: 30_000,
        interval: 200,
      })
      .toBe(0);

    // No table holds the user's id, address or name (but the payment record, by design).
    expect(await whereFound(h, cols, me.id)).toEqual(KEPT_BY_DESIGN);
    expect(await whereFound(h, cols, me.email)).toEqual([]);
    expect(await whereFound(h, cols, FIRST_NAME)).toEqual([]);
    // Tables named for users' ids, checked by name too.
    const userColumns = cols.filter((c) => /(^|_)user_id$|_by_id$|^actor_id$|owner/.test(c.column));
    expect(userColumns.map((c) => c.table)).toEqual(
      expect.arrayContaining(["files", "entries", "activity_log"]),
    );
    // The other member's portfolio that the user asked for went with the user; the member stays.
    expect(await h.deps.prisma.portfolioRequest.count({ where: { userId: other.id } })).toBe(0);
    expect(await h.deps.prisma.user.count({ where: { id: other.id } })).toBe(1);

    const left = new Set(await bucketKeys(h));
    expect(keys.filter((k) => k.startsWith("certificates/"))).toHaveLength(1);
    expect(keys.filter((k) => left.has(k))).toEqual([]);

    // The log says an account went, and why, and nothing about whose it was.
    const logged = await h.deps.prisma.activityLog.findMany({
      where: { action: "account.deleted", at: { gte: started } },
    });
    expect(logged.some((l) => JSON.stringify(l.details) === JSON.stringify({ reason: "requested" }))).toBe(
      true,
    );
    for (const l of logged) {
      expect(l.actorId).toBeNull();
      const text = JSON.stringify(l).toLowerCase();
      for (const needle of [me.id, me.email, FIRST_NAME]) expect(text).not.toContain(needle.toLowerCase());
    }
    // The user's earlier log rows stay, without the user's id.
    expect(await h.deps.prisma.activityLog.findUnique({ where: { id: registeredLogId } })).toMatchObject({
      action: "account.registered",
      actorId: null,
    });

    // A notice for an account deleted meanwhile is skipped, not sent.
    let sent = 0;
    const notice = { userId: me.id, kind: "deletion-7", dueDate: "2027-01-01", sentAt: new Date() };
    expect(await sendNoticeOnce(h.deps.prisma, notice, async () => void sent++)).toBe(false);
    expect(sent).toBe(0);

    // Running the job again (a retry, or a second request) is fine: nothing left, nothing logged.
    const before = await h.deps.prisma.activityLog.count({
      where: { action: "account.deleted", at: { gte: started } },
    });
    await accountDeletionHandler.handle({ userId: me.id, reason: "requested" }, jobContext(h));
    await accountDeletionHandler.handle({ userId: me.id, reason: "scheduled" }, jobContext(h));
    expect(
      await h.deps.prisma.activityLog.count({ where: { action: "account.deleted", at: { gte: started } } }),
    ).toBe(before);
  });
});
