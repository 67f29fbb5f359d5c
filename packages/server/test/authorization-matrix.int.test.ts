// The authorisation matrix: every call of the contract's route table, as each
// role, against someone else's resource (the "victim's") and, where the call
// takes an id, against the caller's own. Each answer is compared with the status
// written below; any unexpected allow (2xx where a refusal is expected) fails,
// and so does any unexpected refusal. A call added to the contract without its
// row here fails the coverage test.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { api, type EndpointDef, SHARED_CPD_CATEGORIES } from "@cpd/contract";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The same fake service ./scripts/start runs, over real HTTP on a free port.
import { createClinicalSkillsServer, FAKE_API_KEY } from "../../../scripts/fakes/clinical-skills.mjs";
import { signWebhook } from "../../../scripts/fakes/payment.mjs";
import { HttpClinicalSkillsConnector } from "../src/connectors/clinical-skills/connector.js";
import { addDays, todayInLondon } from "../src/lib/dates.js";
import { createEntry } from "../src/modules/entries/service.js";
import { signedPortfolioPath } from "../src/modules/portfolio/signed-link.js";
import { issueLinkToken, type LinkPurpose } from "../src/modules/registration/repository.js";
import { DEFAULT_SETTINGS } from "../src/modules/shell/settings.js";
import { share } from "../src/modules/supervision/share.js";
import { uploadThumbnail } from "../src/modules/videos/service.js";
import { startWorkers } from "../src/worker.js";
import { coverable, openAttestation } from "./attestation-fixtures.js";
import {
  NEW_ORGANISATION_SETTINGS,
  portfolioRequest,
  storedRegistration,
  storedSubmission,
} from "./factories.js";
import {
  call,
  createOrganisation,
  createUser,
  PASSWORD,
  randomIp,
  type TestUser,
  testConfig,
  type UserOptions,
  useApp,
} from "./harness.js";
import { waitForNewMail } from "./mail.js";
import { waitForSms } from "./sms.js";
import { signature } from "./supervision-fixtures.js";

const h = useApp();
const fake = createClinicalSkillsServer();
/** The real worker: the annual-review call answers the PDF it renders. */
let worker: ReturnType<typeof startWorkers> | null = null;

const ROLES = [
  "anonymous",
  "trial",
  "basic",
  "premium",
  "corporate",
  "managerSame",
  "managerOther",
  "admin",
] as const;
type Role = (typeof ROLES)[number];
type Member = Exclude<Role, "anonymous">;
type Statuses = Record<Role, number>;
type Endpoint = keyof typeof api;

// ---- expected answers -------------------------------------------------------------------

/** Public calls: the same answer whoever calls. */
const everyone = (status: number): Statuses => Object.fromEntries(ROLES.map((r) => [r, status])) as Statuses;
/** Signed-in calls: 401 without a token, `status` for every role but those named. */
const signedIn = (status: number, except: Partial<Statuses> = {}): Statuses => ({
  ...everyone(status),
  anonymous: 401,
  ...except,
});
/** Someone else's resource: nobody reaches it through its id (no IDOR), whatever their role. */
const othersOnly404 = signedIn(404);
/** Features (REQ-MEMBER-04) need a full membership or a trial that has not ended. */
const withFeature = (status: number, except: Partial<Statuses> = {}) =>
  signedIn(status, { basic: 403, ...except });
/** Admins and organisation managers only; other members are refused the whole call. */
const managersOnly = (except: Partial<Statuses> = {}) =>
  signedIn(403, { managerSame: 200, managerOther: 200, admin: 200, ...except });
/** Changing an item: its organisation's manager and admins; everyone else is told it does not exist. */
const manages = (ofOrganisation: boolean) =>
  signedIn(404, { admin: 200, ...(ofOrganisation ? { managerSame: 200 } : {}) });
/** Seeing an item of the victim's organisation: its members only. */
const orgMembersOnly = (status = 200) => signedIn(404, { corporate: status, managerSame: status });

// ---- fixtures ---------------------------------------------------------------------------

interface Own {
  user: TestUser;
  entryId: string;
  fileId: string;
}

interface Fixtures {
  orgA: number;
  orgB: number;
  /** An organisation that signs its members on (single sign-on): it owns their address and password. */
  ssoOrg: number;
  victim: TestUser;
  /** The victim's entry, file, entry with evidence, document and share. */
  entryId: string;
  fileId: string;
  evidenceEntryId: string;
  evidenceFileId: string;
  documentId: string;
  shareId: string;
  /** Calendar items of the victim's organisation (orgA) and of the platform. */
  orgEvent: string;
  platformEvent: string;
  orgWebinar: string;
  platformWebinar: string;
  users: Record<Member, Own>;
}
const f = {} as Fixtures;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("matrix png body"),
]);
/** A real 1x1 PNG (the logo upload decodes what it stores). */
const LOGO_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const LOGO_DATA_URL = `data:image/png;base64,${LOGO_PNG.toString("base64")}`;
const hoursFromNow = (n: number) => new Date(Date.now() + n * 3600_000).toISOString();
const slug = () => `matrix-${randomUUID().slice(0, 8)}`;

const roleOptions = (role: Member): UserOptions =>
  (
    ({
      trial: { tier: "BASIC", trialEnd: addDays(todayInLondon(), 30) },
      basic: { tier: "BASIC" },
      premium: { tier: "PREMIUM" },
      corporate: { tier: "CORPORATE", organisationId: f.orgA },
      managerSame: {
        tier: "CORPORATE",
        organisationId: f.orgA,
        roles: ["User-Basic", "Organisation-Manager"],
      },
      managerOther: {
        tier: "CORPORATE",
        organisationId: f.orgB,
        roles: ["User-Basic", "Organisation-Manager"],
      },
      admin: { tier: "PREMIUM", roles: ["User-Basic", "Admin"] },
    }) satisfies Record<Member, UserOptions>
  )[role];

/** A setup call made as `u`, which must succeed; its JSON answer. */
async function as(u: TestUser, method: "GET" | "POST" | "PUT", url: string, body?: unknown) {
  const res = await call(h.app, method, url, { token: u.token, body, ip: randomIp() });
  if (res.status !== 200)
    throw new Error(`setup ${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const diary = (extra: Record<string, unknown> = {}) => ({
  Field222: "Matrix entry",
  DiaryDate: todayInLondon(),
  DiaryHours: "1",
  ActivityType: "Other",
  Field116: "Other",
  ...extra,
});
const newEntry = async (u: TestUser, extra: Record<string, unknown> = {}): Promise<string> =>
  (await as(u, "POST", "/entries/diary", diary(extra))).entryId;
async function newFile(u: TestUser): Promise<string> {
  const res = await call(h.app, "POST", "/file/upload?filename=matrix.png", {
    token: u.token,
    payload: PNG,
    headers: { "content-type": "application/octet-stream" },
    ip: randomIp(),
  });
  if (res.status !== 200) throw new Error(`setup upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}
const newDocument = async (u: TestUser): Promise<string> =>
  (
    await as(u, "POST", "/identity-documents", {
      uploadStorageId: await newFile(u),
      type: "PROFESSIONAL_REGISTRATION",
      name: "Registration",
    })
  ).id;
const REGISTRATION = {
  regulator: "OTHER",
  registers: ["own"],
  registrationNumber: "MATRIX 1",
  renewalDate: "2027-06-30",
  targetHours: 30,
  cycleMonths: 12,
};
const ENTRY_TAGS = { participatory: true, planned: false, verifiable: true, method: "course", themes: [] };
const RECORD = { kind: "feedback", title: "Matrix feedback", date: "2026-06-01", details: {}, themes: [] };
/** A revalidation record of `u`'s, made in the database. */
const newRecord = async (u: TestUser): Promise<string> =>
  (
    await h.deps.prisma.revalidationRecord.create({
      data: { userId: u.id, kind: "feedback", title: "Matrix", date: new Date("2026-06-01T00:00:00Z") },
    })
  ).id;
/** An open attestation request of `u`'s, made in the database (ADR 0028). */
const newAttestation = async (u: TestUser) => (await openAttestation(h.deps, u.id)).id;
/** A request body for `u`'s own registration and record. */
async function attestationBody(u: TestUser) {
  const { registrationId, recordId } = await coverable(h.deps, u.id);
  return {
    kind: "nmcReflectiveDiscussion",
    registrationId,
    attester: { name: "Matrix Attester", email: `attester-${randomUUID()}@test.example` },
    recordIds: [recordId],
    entryIds: [],
  };
}
/** The attester's calls take only an attestation's guest token: no member session opens them. */
const attesterCalls = (body?: () => unknown | Promise<unknown>): Case[] => [
  {
    target: "the victim's attestation, with a member session",
    request: async () => ({ params: { id: await newAttestation(f.victim) }, body: await body?.() }),
    expect: everyone(401),
  },
];
const shareBody = {
  title: "Matrix share",
  description: "Worth reading",
  category: SHARED_CPD_CATEGORIES[0],
  websiteUrl: "https://example.org/cpd",
};
/** A share made in the database: basic members may hold shares from before they lost the feature. */
const newShare = async (u: TestUser): Promise<string> =>
  (await h.deps.prisma.sharedCpd.create({ data: { entryId: await newEntry(u), userId: u.id, ...shareBody } }))
    .id;
const newEvent = async (organisationId: number | null) =>
  (
    await h.deps.prisma.calendarEvent.create({
      data: {
        title: "Matrix event",
        description: "d",
        happensAt: new Date(hoursFromNow(48)),
        endsAt: new Date(hoursFromNow(50)),
        organisationId,
      },
    })
  ).id;
const newWebinar = async (organisationId: number | null) =>
  (
    await h.deps.prisma.webinar.create({
      data: {
        webinarIdStr: slug(),
        title: "Matrix webinar",
        description: "d",
        startDate: new Date(hoursFromNow(48)),
        endDate: new Date(hoursFromNow(49)),
        organisationId,
      },
    })
  ).webinarIdStr;
/** A one-time login token (the QR code), optionally approved by `by`. */
async function newOtp(by?: TestUser): Promise<string> {
  const res = await call(h.app, "POST", "/auth/otp", { ip: randomIp() });
  if (by) await as(by, "POST", "/auth/otp/approve", { token: res.body.token });
  return res.body.token;
}
const linkClinicalSkills = (u: TestUser) =>
  as(u, "POST", "/clinical-skills/auth/link", { emailAddress: "demo@example.org", password: "Skills123!" });
const eventBody = (organisationId?: number) => ({
  title: "Matrix event",
  description: "d",
  happensAt: hoursFromNow(24),
  endsAt: hoursFromNow(25),
  ...(organisationId ? { organisationId } : {}),
});
const webinarBody = (webinarIdStr: string, organisationId?: number) => ({
  webinarIdStr,
  title: "Matrix webinar",
  webinarDescription: "d",
  startDate: hoursFromNow(24),
  endDate: hoursFromNow(25),
  ...(organisationId ? { organisationId } : {}),
});

// ---- portfolio fixtures -------------------------------------------------------------------

const portfolioBody = (entryId: string) =>
  portfolioRequest({ title: { line1: "Matrix", line2: "" }, diaryEntries: [entryId] });
/** A portfolio request row of `u`'s (state Queued): the status call only reads it. */
const newPortfolioRow = async (u: TestUser) =>
  (
    await h.deps.prisma.portfolioRequest.create({
      data: {
        userId: u.id,
        requestedById: u.id,
        request: portfolioBody(randomUUID()),
        estimatedPages: 9,
        delivery: "download",
      },
    })
  ).id;
/** A completed portfolio of the victim's with its file in storage, and a signed link to it. */
async function completedPortfolioLink(valid: boolean) {
  const id = await newPortfolioRow(f.victim);
  const key = `portfolios/${id}.pdf`;
  await h.deps.storage.put(key, Buffer.from("%PDF-1.4 matrix"), "application/pdf");
  await h.deps.prisma.portfolioRequest.update({
    where: { id },
    data: { state: "Completed", storageKey: key, expiresAt: new Date(Date.now() + 3_600_000) },
  });
  const link = new URL(signedPortfolioPath(h.deps.config.jwtSecret, id, Date.now() + 600_000), "http://x");
  return {
    params: { id },
    query: {
      expires: link.searchParams.get("expires") ?? "",
      signature: valid ? (link.searchParams.get("signature") ?? "") : "A".repeat(43),
    },
  };
}

// ---- submission pack fixtures (REQ-SUBMIT-01) ------------------------------------------------

/** An NMC registration of `u`'s, made in the database. */
const newRegistration = (u: TestUser) => storedRegistration(h, u.id);
/** A submission row of `u`'s (state Pending, no job): the status call only reads it. */
const newSubmissionRow = (u: TestUser, data: { state?: string; storageKey?: string } = {}) =>
  storedSubmission(h, u.id, data);
/** A completed pack of the victim's with its file in storage, and a signed link to it. */
async function completedSubmissionLink(valid: boolean) {
  const id = await newSubmissionRow(f.victim, { state: "Completed" });
  const key = `submissions/${id}.pdf`;
  await h.deps.storage.put(key, Buffer.from("%PDF-1.4 matrix"), "application/pdf");
  await h.deps.prisma.revalidationSubmission.update({ where: { id }, data: { storageKey: key } });
  const status = await as(f.victim, "GET", `/revalidation/submission/${id}`);
  const link = new URL(status.downloadLink);
  return {
    params: { id },
    query: {
      expires: link.searchParams.get("expires") ?? "",
      signature: valid ? (link.searchParams.get("signature") ?? "") : "A".repeat(43),
    },
  };
}

// ---- HCPC portal and videos fixtures (made on first use) ---------------------------------

const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
};
/** A portal link to the victim's 2020 entries (12, a week apart), one with an evidence file. */
const victimPortal = once(async () => {
  const entryIds: string[] = [];
  for (let i = 0; i < 12; i++) {
    const date = new Date(Date.UTC(2020, 0, 6 + 7 * i));
    const row = await h.deps.prisma.entry.create({
      data: { userId: f.victim.id, type: "diary", title: `Portal ${i}`, date, values: {} },
    });
    entryIds.push(row.id);
  }
  const evidenceId = await newFile(f.victim);
  await h.deps.prisma.storedFile.update({ where: { id: evidenceId }, data: { entryId: entryIds[0] } });
  const token = randomBytes(32).toString("base64url");
  await h.deps.prisma.hcpcAccess.create({
    data: {
      tokenHash: createHash("sha256").update(token).digest("hex"),
      userId: f.victim.id,
      dateFrom: new Date("2020-01-01T00:00:00Z"),
      dateTo: new Date("2020-12-31T00:00:00Z"),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  return { token, entryIds, evidenceId };
});
/** The portal's guest calls: anyone holding the link gets in; an unknown link is a 404. */
const portalCalls = (
  extra: (p: { token: string; entryIds: string[]; evidenceId: string }) => Req = () => ({}),
): Case[] => [
  {
    target: "the victim's portal link",
    request: async () => {
      const p = await victimPortal();
      const req = extra(p);
      return { ...req, params: { id: p.token, ...req.params } };
    },
    expect: everyone(200),
  },
  {
    target: "an unknown link",
    request: async () => {
      const req = extra(await victimPortal());
      return { ...req, params: { ...req.params, id: randomBytes(32).toString("base64url") } };
    },
    expect: everyone(404),
  },
];
const videoLibrary = (premium = false) =>
  h.deps.prisma.videoLibrary.create({
    data: { name: `Matrix ${premium ? "premium " : ""}${slug()}`, premium },
  });
const newVideo = async (premium = false) =>
  h.deps.prisma.video.create({
    data: {
      videoId: slug(),
      libraryId: (await videoLibrary(premium)).id,
      name: "Matrix video",
      url: "https://videos.example.org/matrix",
      duration: 60,
    },
  });
const standingVideo = once(() => newVideo());
const videoBody = () => ({
  videoId: slug(),
  name: "Matrix video",
  url: "https://videos.example.org/m",
  duration: 60,
});
const adminOnly = signedIn(403, { admin: 200 });
/** A call on the victim's organisation: its managers and admins; members who manage nothing 403; other managers 404. */
const orgManagers = (ok = 200) => signedIn(403, { managerSame: ok, managerOther: 404, admin: ok });
const orgA = () => ({ params: { id: String(f.orgA) } });
const membershipRecord = () => ({
  type: "Matrix",
  identifier: randomUUID(),
  email: `matrix-member-${randomUUID()}@test.example`,
});
const newMembershipRecord = async () =>
  (await h.deps.prisma.membershipRecord.create({ data: membershipRecord() })).id;
const organisationForm = () => ({
  key: slug(),
  name: "Matrix organisation",
  enabled: true,
  governingBodyType: null,
  features: {},
  logoUrl: null,
  loginLogoUrl: null,
  colourHex: "#336699",
  videoUrl: null,
  usesOauth: false,
  oidcIssuer: null,
  oidcClientId: null,
  managers: [],
});

// ---- supervision fixtures (made through the API) -----------------------------------------

/**
 * Supervision is premium (ADR 0020): the records are made through the services, as records a basic
 * member kept from their premium days, so every role has some to call on.
 */
const supervisionEntry = async (u: TestUser, extra: Record<string, unknown> = {}): Promise<string> =>
  (
    await createEntry(h.deps, u.id, "supervision", {
      Field4: "Matrix supervision",
      SupervisionDate: "2026-11-02",
      SupervisionRole: "Supervisor",
      ...extra,
    })
  ).entryId;
/** A landline: the code goes by e-mail only. */
const supervisionShareBody = (entryId: string) => ({
  entryId,
  reviewee: {
    type: "Supervisee" as const,
    name: "Matrix Reviewee",
    email: `matrix-reviewee-${randomUUID()}@test.example`,
    number: "020 7946 0000",
    expiry: 7,
  },
  topics: [{ title: "Matrix topic" }],
});
/** A supervision entry of `u`'s (the Supervisor) with one evidence file, shared with a reviewee. */
async function newSupervisionShare(u: TestUser) {
  const fileId = await newFile(u);
  const entryId = await supervisionEntry(u, { Evidence: [fileId] });
  const { reviewee } = await share(h.deps, u.id, supervisionShareBody(entryId));
  const topicId = reviewee.Topics[0]?.TopicId;
  if (!topicId) throw new Error("setup: the share has no topic");
  return { entryId, fileId, shareId: reviewee.Id, topicId };
}
/** Each user's standing share, made on first use (reading, commenting and ticking leave it usable). */
const standingShares = new Map<string, ReturnType<typeof newSupervisionShare>>();
const supervisionShareOf = (u: TestUser) => {
  let made = standingShares.get(u.id);
  if (!made) {
    made = newSupervisionShare(u);
    standingShares.set(u.id, made);
  }
  return made;
};
/** A guest call on the caller's own share (the owner's party) and on the victim's (nobody else's). */
const supervisionCalls = (
  extra: (p: Awaited<ReturnType<typeof newSupervisionShare>>) => Req = (p) => ({ params: { id: p.shareId } }),
): Case[] => [
  own("supervision share", async (c) => extra(await supervisionShareOf(c.owner))),
  victims("supervision share", async () => extra(await supervisionShareOf(f.victim))),
];

// ---- account lifecycle fixtures (issue 11) -------------------------------------------------

/** A live e-mailed link of a new user of its own (each call spends one: confirming, onboarding...). */
async function newLink(purpose: LinkPurpose, extra: { newEmail?: string } = {}): Promise<string> {
  const u = await createUser(h.deps);
  return issueLinkToken(h.deps.prisma, {
    userId: u.id,
    purpose,
    expiresAt: new Date(Date.now() + 3_600_000),
    ...extra,
  });
}
/** A well-formed link nobody was sent. */
const unknownLink = () => randomBytes(32).toString("base64url");
const registration = (email: string) => ({
  firstName: "Matrix",
  lastName: "Registrant",
  email,
  password: "Register-Horse-4",
  recaptchaToken: `fake-pass-${randomUUID()}`,
});
/** A fresh UK mobile number, as typed and as the SMS gateway sees it. */
const newMobile = () => {
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
  return { typed: `07912 ${digits}`, e164: `+447912${digits}` };
};
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? "000000";
const putContact = (u: TestUser, details: Record<string, string>) =>
  as(u, "PUT", "/profile", { firstName: "Matrix", lastName: "User", ...details });
/**
 * Gives the caller an unverified mobile number (or alternative address) and, when `start`, a code
 * sent to it: the code. Anonymous calls (answered 401) touch nobody's profile.
 */
async function contactCode(me: TestUser | null, channel: "mobile" | "email", start: boolean) {
  if (!me) return "123456";
  if (channel === "mobile") {
    const mobile = newMobile();
    await putContact(me, { mobileNumber: mobile.typed });
    if (!start) return "";
    await as(me, "POST", "/profile/start-mobile-number-verification");
    return codeIn((await waitForSms(mobile.e164)).body);
  }
  const alternative = `matrix-alt-${randomUUID()}@test.example`;
  await putContact(me, { alternativeEmail: alternative });
  if (!start) return "";
  await as(me, "POST", "/profile/start-alternative-email-verification");
  return codeIn((await waitForNewMail(alternative, () => true)).text);
}
/** Marks the caller's account for deletion on a date offered to them (the victim is never touched). */
async function scheduleOwnDeletion(me: TestUser | null) {
  if (me)
    await h.deps.prisma.user.update({
      where: { id: me.id },
      data: { deletionScheduledFor: new Date(`${addDays(todayInLondon(), 8)}T00:00:00Z`) },
    });
  return {};
}
/** A finished export of `u`'s with its ZIP in storage. */
async function completedExport(u: TestUser) {
  const row = await h.deps.prisma.accountExport.create({ data: { userId: u.id } });
  const storageKey = `exports/${row.id}.zip`;
  const zip = Buffer.from("PK\u0005\u0006matrix export");
  await h.deps.storage.put(storageKey, zip, "application/zip");
  await h.deps.prisma.accountExport.update({
    where: { id: row.id },
    data: { state: "Completed", storageKey, size: zip.length, completedAt: new Date() },
  });
  return { params: { id: row.id } };
}
/** A payment provider's event for a customer nobody is (acknowledged and recorded, nothing changes). */
function webhookEvent(sign: "valid" | "none" | "forged"): Req {
  const raw = JSON.stringify({
    id: `evt_matrix_${randomUUID()}`,
    type: "membership.started",
    customer: randomUUID(),
    plan: "monthly",
    periodEnd: addDays(todayInLondon(), 30),
  });
  const secret = h.deps.config.paymentWebhookSecret ?? "";
  const header =
    sign === "valid"
      ? signWebhook(raw, secret)
      : sign === "forged"
        ? signWebhook(raw, `${secret}-forged`)
        : null;
  return {
    payload: Buffer.from(raw),
    headers: { "content-type": "application/json", ...(header ? { "x-signature": header } : {}) },
  };
}
const ssoStart = (organisationId: () => Promise<number> | number) => async () => ({
  params: { organisationId: String(await organisationId()) },
  query: { redirect_to: "/dashboard" },
});

// ---- the table --------------------------------------------------------------------------

interface Ctx {
  role: Role;
  /** The caller; null when anonymous. */
  me: TestUser | null;
  /** Who owns "own" resources: the caller, or the victim for anonymous calls (answered 401 anyway). */
  owner: TestUser;
  /** The caller's standing entry and file (the victim's for anonymous calls). */
  own: Own;
}
interface Req {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  payload?: Buffer;
  headers?: Record<string, string>;
}
interface Case {
  /** What the call points at, for the report. */
  target: string;
  /**
   * A new user of the role for this call: the call spends something of the caller's (its session, its
   * entry). Options made when the call runs (a function) may name fixtures made in beforeAll.
   */
  fresh?: UserOptions | (() => UserOptions) | true;
  request?: (c: Ctx) => Req | Promise<Req>;
  expect: Statuses;
}

const own = (target: string, request: Case["request"], fresh?: Case["fresh"]): Case => ({
  target: `own ${target}`,
  fresh,
  request,
  expect: signedIn(200),
});
const victims = (target: string, request: Case["request"], expected = othersOnly404): Case => ({
  target: `victim's ${target}`,
  request,
  expect: expected,
});
const simple = (expected: Statuses, request?: Case["request"]): Case[] => [
  { target: "-", request, expect: expected },
];

/** Calls on one event: its organisation's members see their event, everyone signed in a platform one. */
const seenEvents = (): Case[] => [
  {
    target: "the victim organisation's event",
    request: () => ({ params: { id: f.orgEvent } }),
    expect: orgMembersOnly(),
  },
  {
    target: "a platform event",
    request: () => ({ params: { id: f.platformEvent } }),
    expect: signedIn(200),
  },
];

const MATRIX: Record<Endpoint, Case[]> = {
  // auth
  login: [
    {
      target: "own credentials",
      request: (c) => ({ body: { email: c.owner.email, password: PASSWORD } }),
      expect: everyone(200),
    },
  ],
  changePassword: [
    own("password", () => ({ body: { oldPassword: PASSWORD, newPassword: "Another-Horse-2" } }), true),
  ],
  logout: [own("session", undefined, true)],
  requestReset: simple(everyone(200), () => ({ body: { email: `nobody-${randomUUID()}@test.example` } })),
  completeReset: [
    {
      target: "a valid reset link",
      request: async () => {
        const u = await createUser(h.deps);
        const id = randomBytes(24).toString("base64url");
        await h.deps.prisma.passwordResetToken.create({
          data: {
            tokenHash: createHash("sha256").update(id).digest("hex"),
            userId: u.id,
            expiresAt: new Date(Date.now() + 600_000),
          },
        });
        return { params: { id }, body: { password: "Reset-Horse-3" } };
      },
      expect: everyone(200),
    },
  ],
  createOtp: simple(everyone(200)),
  approveOtp: simple(signedIn(200), async () => ({ body: { token: await newOtp() } })),
  otpLogin: simple(everyone(200), async () => ({ body: { token: await newOtp(f.victim) } })),
  impersonate: simple(signedIn(403, { admin: 200 }), () => ({ query: { user: f.victim.email } })),

  // shell
  features: simple(signedIn(200)),
  userFeatures: simple(signedIn(200)),
  usage: simple(signedIn(200)),
  branding: simple(signedIn(200)),
  welcomeVideo: simple(signedIn(200)),
  brandingByKey: simple(everyone(200), async () => ({
    params: {
      organisationKey: (await h.deps.prisma.organisation.findUniqueOrThrow({ where: { id: f.orgA } })).key,
    },
  })),
  shellConfig: simple(everyone(200)),
  health: simple(everyone(200)),
  healthLive: simple(everyone(200)),
  healthReady: simple(everyone(200)),
  getDashboardSettings: simple(signedIn(200)),
  saveDashboardSettings: simple(signedIn(200), () => ({ body: DEFAULT_SETTINGS })),
  intercom: simple(signedIn(200)),
  shellStart: simple(signedIn(200)),

  // profile, membership, personal profile
  getProfile: simple(signedIn(200)),
  updateProfile: simple(signedIn(200), () => ({ body: { firstName: "Matrix", lastName: "User" } })),
  getMembership: simple(signedIn(200)),
  cancelMembership: [
    {
      target: "own cancellable membership",
      fresh: { cancellable: true },
      // Basic and trial memberships are not active, so there is no renewal to cancel.
      expect: signedIn(200, { trial: 409, basic: 409 }),
    },
  ],
  uploadProfileImage: simple(signedIn(200), () => ({
    payload: PNG,
    headers: { "content-type": "image/png" },
  })),
  getProfileImage: [
    own("image", async (c) => {
      await call(h.app, "POST", "/profile/image", {
        token: c.owner.token,
        payload: PNG,
        headers: { "content-type": "image/png" },
      });
      return {};
    }),
  ],
  getGoverningBodies: simple(signedIn(200)),
  putGoverningBodies: simple(signedIn(200), () => ({ body: ["HCPC"] })),
  governingBodyOptions: simple(signedIn(200)),
  getPersonalProfile: simple(signedIn(200)),
  putPersonalProfile: simple(signedIn(200), () => ({ body: { profession: "Nurse" } })),
  // The profile's saved signature (ADR 0022): each member's own.
  getProfileSignature: simple(signedIn(200)),
  putProfileSignature: simple(signedIn(200), async () => ({ body: { signature: await signature() } })),
  deleteProfileSignature: simple(signedIn(200)),
  getTags: simple(signedIn(200)),
  putTags: simple(signedIn(200), () => ({ body: { tags: ["matrix"] } })),

  // revalidation (ADR 0026): every member's own, neither premium nor a feature
  getRegistrations: simple(signedIn(200)),
  putRegistrations: simple(signedIn(200), () => ({ body: { items: [REGISTRATION] } })),
  revalidationPacks: simple(signedIn(200)),
  revalidation: simple(signedIn(200)),
  getEntryRevalidation: [
    own("entry", (c) => ({ params: { id: c.own.entryId } })),
    victims("entry", () => ({ params: { id: f.entryId } })),
  ],
  putEntryRevalidation: [
    own("entry", (c) => ({ params: { id: c.own.entryId }, body: ENTRY_TAGS })),
    victims("entry", () => ({ params: { id: f.entryId }, body: ENTRY_TAGS })),
  ],
  revalidationRecords: simple(signedIn(200), () => ({ query: { kind: "feedback" } })),
  createRevalidationRecord: simple(signedIn(201), () => ({ body: RECORD })),
  updateRevalidationRecord: [
    own("record", async (c) => ({ params: { id: await newRecord(c.owner) }, body: RECORD })),
    victims("record", async () => ({ params: { id: await newRecord(f.victim) }, body: RECORD })),
  ],
  deleteRevalidationRecord: [
    own("record", async (c) => ({ params: { id: await newRecord(c.owner) } })),
    victims("record", async () => ({ params: { id: await newRecord(f.victim) } })),
  ],
  // Submission packs (REQ-SUBMIT-01): every member's own; the signed file link is its own credential.
  requestSubmission: [
    {
      ...own("registration", async (c) => ({ params: { registrationId: await newRegistration(c.owner) } })),
      expect: signedIn(202),
    },
    victims("registration", async () => ({ params: { registrationId: await newRegistration(f.victim) } })),
  ],
  submissionStatus: [
    own("submission", async (c) => ({ params: { id: await newSubmissionRow(c.owner) } })),
    victims("submission", async () => ({ params: { id: await newSubmissionRow(f.victim) } })),
  ],
  submissionFile: [
    { target: "a valid signed link", request: () => completedSubmissionLink(true), expect: everyone(200) },
    { target: "a forged signature", request: () => completedSubmissionLink(false), expect: everyone(404) },
  ],

  // forms and entries
  diaryForm: simple(signedIn(200)),
  reflectionForm: simple(withFeature(200)),
  // Supervision is premium (ADR 0020).
  supervisionForm: simple(withFeature(200)),
  formSchema: simple(signedIn(200), () => ({ params: { identifier: "supervision" } })),
  entryForm: [
    own("entry", (c) => ({ params: { id: c.own.entryId } })),
    victims("entry", () => ({ params: { id: f.entryId } })),
  ],
  createEntry: [
    own("diary entry", () => ({ params: { identifier: "diary" }, body: diary() }), true),
    {
      target: "own reflection",
      fresh: true,
      request: () => ({
        params: { identifier: "reflection" },
        body: { Field4: "Matrix reflection", ReflectionDate: todayInLondon(), Field113: "What happened" },
      }),
      expect: withFeature(200),
    },
    victims(
      "file as evidence",
      () => ({
        params: { identifier: "diary" },
        body: diary({ Evidence: [f.fileId] }),
      }),
      signedIn(400),
    ),
  ],
  updateEntry: [
    own("entry", (c) => ({ params: { id: c.own.entryId }, body: diary({ Field222: "Renamed" }) })),
    victims("entry", () => ({ params: { id: f.entryId }, body: diary({ Field222: "Taken over" }) })),
    victims(
      "file as evidence of own entry",
      (c) => ({ params: { id: c.own.entryId }, body: diary({ Evidence: [f.fileId] }) }),
      signedIn(400),
    ),
  ],
  deleteEntry: [
    own("entry", async (c) => ({ params: { identifier: await newEntry(c.owner) } }), true),
    victims("entry", () => ({ params: { identifier: f.entryId } })),
  ],
  listEntries: simple(signedIn(200), () => ({ params: { perPage: "10", page: "1" } })),
  // An e-mail address that is not the writer's is a finding to resolve (REQ-IDENT-03).
  resolveEntryIdentifier: [
    own(
      "entry's finding",
      async (c) => ({
        params: { id: await newEntry(c.owner, { Field113: "Ask matrix.colleague@example.org" }) },
        body: { text: "matrix.colleague@example.org" },
      }),
      true,
    ),
    victims("entry", () => ({ params: { id: f.entryId }, body: { text: "matrix.colleague@example.org" } })),
  ],
  entryMetadata: simple(signedIn(200)),
  getEntryTags: [
    own("entry", (c) => ({ params: { id: c.own.entryId } })),
    victims("entry", () => ({ params: { id: f.entryId } })),
  ],
  putEntryTags: [
    own("entry", (c) => ({ params: { id: c.own.entryId }, body: { tags: ["matrix"] } })),
    victims("entry", () => ({ params: { id: f.entryId }, body: { tags: ["taken"] } })),
  ],
  detachEvidence: [
    own(
      "entry and file",
      async (c) => {
        const fileId = await newFile(c.owner);
        return { params: { id: await newEntry(c.owner, { Evidence: [fileId] }), fileId } };
      },
      true,
    ),
    victims("entry and file", () => ({ params: { id: f.evidenceEntryId, fileId: f.evidenceFileId } })),
    victims("file on own entry", (c) => ({ params: { id: c.own.entryId, fileId: f.evidenceFileId } })),
  ],
  entryPdf: [
    own("entry", (c) => ({ params: { id: c.own.entryId } })),
    victims("entry", () => ({ params: { id: f.entryId } })),
  ],

  // files and documents
  uploadFile: [
    own("file", () => ({
      query: { filename: "mine.png" },
      payload: PNG,
      headers: { "content-type": "application/octet-stream" },
    })),
    victims("entry as the file's entry", () => ({
      query: { filename: "mine.png", entryId: f.entryId },
      payload: PNG,
      headers: { "content-type": "application/octet-stream" },
    })),
  ],
  listFiles: simple(signedIn(200), () => ({ params: { perPage: "10", page: "1" } })),
  unassignedFiles: simple(signedIn(200)),
  renameFile: [
    own("file", (c) => ({ params: { id: c.own.fileId }, body: { newFilename: "renamed.png" } })),
    victims("file", () => ({ params: { id: f.fileId }, body: { newFilename: "taken.png" } })),
  ],
  deleteFile: [
    own("file", async (c) => ({ params: { id: await newFile(c.owner) } }), true),
    victims("file", () => ({ params: { id: f.fileId } })),
  ],
  replaceFileContent: [
    own(
      "file",
      async (c) => ({ params: { id: await newFile(c.owner) }, body: { versionId: await newFile(c.owner) } }),
      true,
    ),
    victims("file", () => ({ params: { id: f.fileId }, body: { versionId: f.fileId } })),
  ],
  downloadFile: [
    own("file", (c) => ({ params: { id: c.own.fileId } })),
    victims("file", () => ({ params: { id: f.fileId } })),
  ],
  createDocument: [
    own(
      "file",
      async (c) => ({
        body: { uploadStorageId: await newFile(c.owner), type: "PROFESSIONAL_REGISTRATION", name: "Mine" },
      }),
      true,
    ),
    victims("file", () => ({
      body: { uploadStorageId: f.fileId, type: "PROFESSIONAL_REGISTRATION", name: "Taken" },
    })),
  ],
  listDocuments: simple(signedIn(200)),
  deleteDocument: [
    own("document", async (c) => ({ params: { id: await newDocument(c.owner) } }), true),
    victims("document", () => ({ params: { id: f.documentId } })),
  ],

  // shared CPD
  shareEntry: [
    {
      target: "own diary entry",
      fresh: true,
      request: async (c) => ({ query: { entryId: await newEntry(c.owner) }, body: shareBody }),
      expect: withFeature(200),
    },
    victims("entry", () => ({ query: { entryId: f.entryId }, body: shareBody }), withFeature(404)),
  ],
  // Stopping sharing stays allowed after the feature is lost.
  unshare: [
    own("share", async (c) => ({ params: { shareId: await newShare(c.owner) } }), true),
    victims("share", () => ({ params: { shareId: f.shareId } })),
  ],
  listSharedCpd: simple(withFeature(200), () => ({ params: { perPage: "10", page: "1" } })),
  sharedCpdCategories: simple(signedIn(200)),
  // Shared CPD is public to members with the feature: voting on the victim's share is its purpose.
  upvote: [victims("share", () => ({ params: { id: f.shareId } }), withFeature(200))],
  removeUpvote: [victims("share", () => ({ params: { id: f.shareId } }), withFeature(200))],

  // dashboard
  statistics: simple(signedIn(200), () => ({ params: { period: "12" } })),
  monthlyStatistics: simple(signedIn(200)),
  graphs: simple(signedIn(200), () => ({ params: { period: "12" } })),
  governingBodyGraphs: simple(signedIn(200), () => ({ params: { period: "12" } })),
  formFieldGraph: simple(signedIn(200), () => ({ params: { formId: "diary", fieldId: "Field116" } })),
  clinicalSkillsLinkStatus: simple(signedIn(200)),
  linkClinicalSkills: simple(signedIn(200), () => ({
    body: { emailAddress: "demo@example.org", password: "Skills123!" },
  })),
  clinicalSkillsStatistics: simple(signedIn(200)),

  // the patient-identifier check: any signed-in caller; it reads nobody's data (REQ-IDENT-04)
  scanIdentifiers: simple(signedIn(200), () => ({ body: { text: "Patient seen on the ward" } })),

  // calendar: webinars
  webinars: simple(signedIn(200)),
  registeredWebinars: simple(signedIn(200)),
  registerWebinar: [
    {
      target: "the victim organisation's webinar",
      request: () => ({ params: { webinarIdStr: f.orgWebinar } }),
      expect: withFeature(404, { corporate: 200, managerSame: 200 }),
    },
    {
      target: "a platform webinar",
      request: () => ({ params: { webinarIdStr: f.platformWebinar } }),
      expect: withFeature(200),
    },
  ],
  manageWebinars: simple(managersOnly()),
  createWebinar: [
    {
      target: "the victim's organisation",
      request: () => ({ body: webinarBody(slug(), f.orgA) }),
      expect: managersOnly({ managerOther: 403 }),
    },
    { target: "own organisation", request: () => ({ body: webinarBody(slug()) }), expect: managersOnly() },
  ],
  updateWebinar: [
    {
      target: "the victim organisation's webinar",
      request: () => ({ params: { webinarIdStr: f.orgWebinar }, body: webinarBody(f.orgWebinar) }),
      expect: manages(true),
    },
    {
      target: "a platform webinar",
      request: () => ({ params: { webinarIdStr: f.platformWebinar }, body: webinarBody(f.platformWebinar) }),
      expect: manages(false),
    },
  ],
  deleteWebinar: [
    {
      target: "the victim organisation's webinar",
      request: async () => ({ params: { webinarIdStr: await newWebinar(f.orgA) } }),
      expect: manages(true),
    },
    {
      target: "a platform webinar",
      request: async () => ({ params: { webinarIdStr: await newWebinar(null) } }),
      expect: manages(false),
    },
  ],

  // calendar: events
  calendarEvents: simple(signedIn(200)),
  calendarEvent: seenEvents(),
  registerEvent: seenEvents(),
  unregisterEvent: seenEvents(),
  manageEvents: simple(managersOnly()),
  createEvent: [
    {
      target: "the victim's organisation",
      request: () => ({ body: eventBody(f.orgA) }),
      expect: managersOnly({ managerOther: 403 }),
    },
    { target: "own organisation", request: () => ({ body: eventBody() }), expect: managersOnly() },
  ],
  updateEvent: [
    {
      target: "the victim organisation's event",
      request: () => ({ params: { id: f.orgEvent }, body: eventBody() }),
      expect: manages(true),
    },
    {
      target: "a platform event",
      request: () => ({ params: { id: f.platformEvent }, body: eventBody() }),
      expect: manages(false),
    },
  ],
  deleteEvent: [
    {
      target: "the victim organisation's event",
      request: async () => ({ params: { id: await newEvent(f.orgA) } }),
      expect: manages(true),
    },
    {
      target: "a platform event",
      request: async () => ({ params: { id: await newEvent(null) } }),
      expect: manages(false),
    },
  ],
  plannedCpd: simple(signedIn(200)),
  calendarFeed: simple(signedIn(200)),

  // HCPC portal
  // The HCPC portal is premium (ADR 0020).
  requestHcpcAccess: simple(withFeature(200), () => ({
    body: { dateFrom: "2020-01-01", dateTo: "2020-12-31" },
  })),
  hcpcInfo: portalCalls(),
  hcpcSummary: portalCalls(),
  putHcpcSummary: portalCalls(() => ({ body: { summary: "Matrix summary" } })),
  hcpcStatement: portalCalls(),
  putHcpcStatement: portalCalls(() => ({
    body: { standard1: "1", standard2: "2", standard3: "3", standard4: "4" },
  })),
  hcpcGaps: portalCalls(),
  putHcpcGaps: portalCalls(() => ({
    body: { gaps: [{ from: "2020-01-01", to: "2020-06-01", explanation: "Parental leave" }] },
  })),
  hcpcEntries: portalCalls(),
  hcpcEvidence: portalCalls((p) => ({ query: { entryId: p.entryIds[0] as string } })),
  hcpcEvidenceItem: [
    ...portalCalls((p) => ({ params: { evidenceId: p.evidenceId } })),
    {
      target: "the victim's link and a file of another user",
      request: async (c) => ({ params: { id: (await victimPortal()).token, evidenceId: c.own.fileId } }),
      // Anonymous calls are given the victim's own file, which is not evidence of the range.
      expect: everyone(404),
    },
  ],
  // The matrix sends one value per query key: one activity passes the link and the rules
  // (the count only warns, ADR 0027), so the PDF is made.
  hcpcEntriesPdf: [
    {
      target: "the victim's portal link",
      request: async () => {
        const p = await victimPortal();
        return { params: { id: p.token }, query: { entryId: p.entryIds[0] as string } };
      },
      expect: everyone(200),
    },
    {
      target: "the victim's link and an entry of another user",
      request: async (c) => ({
        params: { id: (await victimPortal()).token },
        query: { entryId: c.own.entryId },
      }),
      expect: everyone(404),
    },
  ],

  // videos
  videoLibraries: simple(signedIn(200)),
  requestCertificate: [
    {
      target: "a free library's video",
      fresh: true,
      request: async () => ({
        params: { videoId: (await standingVideo()).videoId },
        body: { confirm: true },
      }),
      expect: signedIn(200),
    },
    {
      target: "a premium library's video",
      fresh: true,
      request: async () => ({ params: { videoId: (await newVideo(true)).videoId }, body: { confirm: true } }),
      expect: signedIn(200, { trial: 403, basic: 403 }),
    },
  ],
  adminVideoLibraries: simple(adminOnly),
  createVideoLibrary: simple(adminOnly, () => ({ body: { name: `Matrix ${slug()}`, premium: false } })),
  updateVideoLibrary: simple(adminOnly, async () => ({
    params: { id: (await standingVideo()).libraryId },
    body: { name: `Matrix ${slug()}`, premium: false },
  })),
  deleteVideoLibrary: simple(adminOnly, async () => ({ params: { id: (await videoLibrary()).id } })),
  createVideo: simple(adminOnly, async () => ({
    params: { id: (await standingVideo()).libraryId },
    body: videoBody(),
  })),
  updateVideo: simple(adminOnly, async () => ({
    params: { id: (await standingVideo()).id },
    body: { ...videoBody(), videoId: (await standingVideo()).videoId },
  })),
  deleteVideo: simple(adminOnly, async () => ({ params: { id: (await newVideo()).id } })),
  uploadVideoThumbnail: simple(adminOnly, async () => ({
    params: { id: (await newVideo()).id },
    payload: LOGO_PNG,
    headers: { "content-type": "image/png" },
  })),
  // Public, as organisation logos are (ADR 0021): an <img> sends no session token.
  videoThumbnail: simple(everyone(200), async () => {
    const video = await newVideo();
    await uploadThumbnail(h.deps, video.id, LOGO_PNG);
    return { params: { videoId: video.videoId } };
  }),

  // portfolio
  // The portfolio builder is premium (ADR 0020): a basic member is refused before anything is looked up.
  requestPortfolio: [
    { ...own("diary entry", (c) => ({ body: portfolioBody(c.own.entryId) })), expect: withFeature(200) },
    victims("diary entry", () => ({ body: portfolioBody(f.entryId) }), { ...othersOnly404, basic: 403 }),
  ],
  portfolioStatus: [
    {
      ...own("portfolio", async (c) => ({ params: { id: await newPortfolioRow(c.owner) } })),
      expect: withFeature(200),
    },
    victims("portfolio", async () => ({ params: { id: await newPortfolioRow(f.victim) } }), {
      ...othersOnly404,
      basic: 403,
    }),
  ],
  // The signed link is the credential: whoever holds a valid one gets the file, nobody gets it without.
  portfolioFile: [
    { target: "a valid signed link", request: () => completedPortfolioLink(true), expect: everyone(200) },
    { target: "a forged signature", request: () => completedPortfolioLink(false), expect: everyone(404) },
  ],
  // supervision sharing: the owner's calls, the reviewee's public link and code, and the calls
  // either party makes (with the session token here: only the record's owner gets in)
  shareSupervision: [
    {
      ...own("supervision entry", async (c) => ({
        body: supervisionShareBody(await supervisionEntry(c.owner)),
      })),
      expect: withFeature(200),
    },
    victims(
      "supervision entry",
      async () => ({ body: supervisionShareBody(await supervisionEntry(f.victim)) }),
      { ...othersOnly404, basic: 403 },
    ),
  ],
  resetSupervision: [
    own("shared supervision entry", async (c) => ({
      body: { entryId: (await newSupervisionShare(c.owner)).entryId },
    })),
    victims("shared supervision entry", async () => ({
      body: { entryId: (await newSupervisionShare(f.victim)).entryId },
    })),
  ],
  supervisionLink: [
    {
      target: "the victim's review link",
      request: async () => ({ params: { id: (await supervisionShareOf(f.victim)).shareId } }),
      expect: everyone(200),
    },
    { target: "an unknown link", request: () => ({ params: { id: randomUUID() } }), expect: everyone(404) },
  ],
  // Asking for a code: anyone holding the link may (a new share each time: one code per 30 s).
  authenticateSupervision: [
    {
      target: "a new share of the victim's",
      request: async () => ({
        params: { id: (await newSupervisionShare(f.victim)).shareId },
        body: { authenticationCode: null },
      }),
      expect: everyone(200),
    },
    {
      target: "an unknown share",
      request: () => ({ params: { id: randomUUID() }, body: { authenticationCode: null } }),
      expect: everyone(404),
    },
  ],
  supervisionView: supervisionCalls(),
  supervisionFile: [
    ...supervisionCalls((p) => ({ params: { id: p.shareId, fileId: p.fileId } })),
    {
      target: "own share and a file that is not its evidence",
      request: async (c) => ({
        params: { id: (await supervisionShareOf(c.owner)).shareId, fileId: c.own.fileId },
      }),
      expect: othersOnly404,
    },
  ],
  supervisionPdf: supervisionCalls(),
  commentSupervisionTopic: supervisionCalls((p) => ({
    params: { id: p.shareId, topicId: p.topicId },
    body: { comment: "Matrix comment" },
  })),
  toggleSupervisionTopic: supervisionCalls((p) => ({ params: { id: p.shareId, topicId: p.topicId } })),
  // Topics after sharing: the owner's own share only (ADR 0022); removing one spends a share.
  addSupervisionTopic: supervisionCalls((p) => ({
    params: { id: p.shareId },
    body: { title: "Matrix topic" },
  })),
  updateSupervisionTopic: supervisionCalls((p) => ({
    params: { id: p.shareId, topicId: p.topicId },
    body: { title: "Matrix topic, edited" },
  })),
  deleteSupervisionTopic: [
    own("supervision share", async (c) => {
      const p = await newSupervisionShare(c.owner);
      return { params: { id: p.shareId, topicId: p.topicId } };
    }),
    victims("supervision share", async () => {
      const p = await supervisionShareOf(f.victim);
      return { params: { id: p.shareId, topicId: p.topicId } };
    }),
  ],
  // Signing spends the share: a new one for each call.
  completeSupervision: [
    own("shared supervision entry", async (c) => ({
      body: {
        entryId: (await newSupervisionShare(c.owner)).entryId,
        signature: await signature(),
        useGlobalSignature: false,
        guest: false,
      },
    })),
    victims("shared supervision entry", async () => ({
      body: {
        entryId: (await supervisionShareOf(f.victim)).entryId,
        signature: await signature(),
        useGlobalSignature: false,
        guest: false,
      },
    })),
  ],
  verifySupervision: [
    {
      target: "the victim's share",
      request: async () => ({
        params: { id: (await supervisionShareOf(f.victim)).shareId },
        query: { hash: "a".repeat(64) },
      }),
      expect: everyone(200),
    },
    {
      target: "an unknown share",
      request: () => ({ params: { id: randomUUID() }, query: { hash: "a".repeat(64) } }),
      expect: everyone(404),
    },
  ],

  // attestations (ADR 0028): the professional's own requests; the attester's link, code and verification
  // are public (the link is the way in); the attester's reading, signing and declining need the guest token.
  createAttestation: [
    {
      ...own("registration and record", async (c) => ({ body: await attestationBody(c.owner) })),
      expect: signedIn(201),
    },
    victims("registration and record", async () => ({ body: await attestationBody(f.victim) })),
  ],
  listAttestations: simple(signedIn(200)),
  withdrawAttestation: [
    own("attestation", async (c) => ({ params: { id: await newAttestation(c.owner) } })),
    victims("attestation", async () => ({ params: { id: await newAttestation(f.victim) } })),
  ],
  remindAttestation: [
    own("attestation", async (c) => ({ params: { id: await newAttestation(c.owner) } })),
    victims("attestation", async () => ({ params: { id: await newAttestation(f.victim) } })),
  ],
  attestationLink: [
    {
      target: "the victim's attestation link",
      request: async () => ({ params: { id: await newAttestation(f.victim) } }),
      expect: everyone(200),
    },
    { target: "an unknown link", request: () => ({ params: { id: randomUUID() } }), expect: everyone(404) },
  ],
  attestationCode: [
    {
      target: "a new attestation of the victim's",
      request: async () => ({ params: { id: await newAttestation(f.victim) }, body: { code: null } }),
      expect: everyone(200),
    },
    {
      target: "an unknown attestation",
      request: () => ({ params: { id: randomUUID() }, body: { code: null } }),
      expect: everyone(404),
    },
  ],
  attestationView: attesterCalls(),
  signAttestation: attesterCalls(async () => ({
    details: {
      name: "M",
      registrationNumber: "1",
      regulator: "NMC",
      email: "m@test.example",
      address: "A",
      postcode: "LS1 1AA",
      date: "2026-01-01",
    },
    signature: await signature(),
  })),
  declineAttestation: attesterCalls(() => ({ reason: "Matrix" })),
  verifyAttestation: [
    {
      target: "the victim's attestation",
      request: async () => ({
        params: { id: await newAttestation(f.victim) },
        query: { hash: "a".repeat(64) },
      }),
      expect: everyone(200),
    },
    {
      target: "an unknown attestation",
      request: () => ({ params: { id: randomUUID() }, query: { hash: "a".repeat(64) } }),
      expect: everyone(404),
    },
  ],

  // Only a manager of the member's own organisation; other managers are told the member does not exist.
  reviewPortfolio: [
    {
      target: "a member of the victim's organisation",
      request: () => ({
        body: { user: f.victim.id, dateFrom: addDays(todayInLondon(), -365), dateTo: todayInLondon() },
      }),
      expect: signedIn(403, { managerSame: 200, managerOther: 404 }),
    },
  ],

  // registration, confirmation and onboarding: public, the same for everyone (a session changes nothing)
  captchaSettings: simple(everyone(200)),
  register: [
    {
      target: "a new address",
      request: () => ({ body: registration(`matrix-new-${randomUUID()}@test.example`) }),
      expect: everyone(201),
    },
    // No account discovery: a taken address gets the same answer (and its owner an e-mail).
    { target: "own address", request: (c) => ({ body: registration(c.owner.email) }), expect: everyone(201) },
  ],
  validateEmail: [
    { target: "own address", request: (c) => ({ body: { email: c.owner.email } }), expect: everyone(200) },
    {
      target: "not an address",
      request: () => ({ body: { email: "not-an-address" } }),
      expect: everyone(200),
    },
  ],
  confirmEmail: [
    {
      target: "a new user's confirmation link",
      request: async () => ({ params: { id: await newLink("confirm-email") } }),
      expect: everyone(200),
    },
    { target: "an unknown link", request: () => ({ params: { id: unknownLink() } }), expect: everyone(400) },
  ],
  getOnboarding: [
    {
      target: "a new user's onboarding link",
      request: async () => ({ params: { id: await newLink("onboarding") } }),
      expect: everyone(200),
    },
    { target: "an unknown link", request: () => ({ params: { id: unknownLink() } }), expect: everyone(404) },
  ],
  completeOnboarding: [
    {
      target: "a new user's onboarding link",
      request: async () => ({
        params: { id: await newLink("onboarding") },
        body: { password: "Onboard-Horse-5", governingBody: "HCPC" },
      }),
      expect: everyone(200),
    },
    {
      target: "an unknown link",
      request: () => ({
        params: { id: unknownLink() },
        body: { password: "Onboard-Horse-5", governingBody: "Other / None" },
      }),
      expect: everyone(404),
    },
  ],

  // organisation single sign-on: browser navigations, every answer a redirect (never 401, never JSON)
  loginSso: [
    {
      target: "the single sign-on organisation's key",
      request: async () => ({
        query: {
          referrer: (await h.deps.prisma.organisation.findUniqueOrThrow({ where: { id: f.ssoOrg } })).key,
          redirectTo: "/dashboard",
        },
      }),
      expect: everyone(302),
    },
    {
      target: "an unknown key",
      request: () => ({ query: { referrer: "no-such-org" } }),
      expect: everyone(302),
    },
  ],
  externalLoginStart: [
    {
      target: "the victim's organisation (no single sign-on)",
      request: ssoStart(() => f.orgA),
      expect: everyone(302),
    },
    {
      target: "an organisation using single sign-on",
      request: ssoStart(() => f.ssoOrg),
      expect: everyone(302),
    },
    { target: "an unknown organisation", request: ssoStart(() => 2_000_000_000), expect: everyone(302) },
  ],
  externalLoginProcess: [
    {
      target: "a callback with no pending login",
      request: () => ({
        params: { organisationId: String(f.ssoOrg) },
        query: { code: "matrix-code", state: "matrix-state" },
      }),
      expect: everyone(302),
    },
    {
      target: "the provider's error",
      request: () => ({ params: { organisationId: String(f.orgA) }, query: { error: "access_denied" } }),
      expect: everyone(302),
    },
  ],

  // contact verification: the caller's own profile only (there is no id to point elsewhere)
  startMobileVerification: [
    {
      target: "own unverified mobile number",
      fresh: true,
      request: async (c) => {
        await contactCode(c.me, "mobile", false);
        return {};
      },
      expect: signedIn(200),
    },
    { target: "own profile without a mobile number", expect: signedIn(400) },
  ],
  completeMobileVerification: [
    {
      target: "the code texted to own number",
      fresh: true,
      request: async (c) => ({ body: { verificationCode: await contactCode(c.me, "mobile", true) } }),
      expect: signedIn(200),
    },
    {
      target: "no code sent",
      request: () => ({ body: { verificationCode: "123456" } }),
      expect: signedIn(400),
    },
  ],
  startAlternativeEmailVerification: [
    {
      target: "own unverified alternative address",
      fresh: true,
      request: async (c) => {
        await contactCode(c.me, "email", false);
        return {};
      },
      expect: signedIn(200),
    },
    { target: "own profile without an alternative address", expect: signedIn(400) },
  ],
  completeAlternativeEmailVerification: [
    {
      target: "the code mailed to own alternative address",
      fresh: true,
      request: async (c) => ({ body: { verificationCode: await contactCode(c.me, "email", true) } }),
      expect: signedIn(200),
    },
    {
      target: "no code sent",
      request: () => ({ body: { verificationCode: "123456" } }),
      expect: signedIn(400),
    },
  ],

  // change of e-mail: nothing changes until the link is confirmed; organisations that sign their
  // members on own their addresses (the corporate members' organisation here does not)
  requestEmailChange: [
    {
      target: "a free address",
      request: () => ({ body: { emailAddress: `matrix-moved-${randomUUID()}@test.example` } }),
      expect: signedIn(200),
    },
    {
      target: "a free address, as a member of a single sign-on organisation",
      fresh: () => ({ organisationId: f.ssoOrg }),
      request: () => ({ body: { emailAddress: `matrix-moved-${randomUUID()}@test.example` } }),
      expect: signedIn(403),
    },
    {
      target: "own current address",
      request: (c) => ({ body: { emailAddress: c.owner.email } }),
      expect: signedIn(400),
    },
    {
      target: "the victim's address",
      request: () => ({ body: { emailAddress: f.victim.email } }),
      expect: signedIn(409),
    },
  ],
  // The link is the credential (whoever holds it); confirming ends that user's sessions: a new user each time.
  confirmEmailChange: [
    {
      target: "a new user's e-mail change link",
      request: async () => ({
        params: {
          token: await newLink("email-change", { newEmail: `matrix-changed-${randomUUID()}@test.example` }),
        },
      }),
      expect: everyone(200),
    },
    {
      target: "an unknown link",
      request: () => ({ params: { token: unknownLink() } }),
      expect: everyone(400),
    },
  ],
  emailChangeHistory: simple(signedIn(200), () => ({ query: { page: "1" } })),

  // scheduled deletion: one's own account only; anything that deletes or schedules uses a new user
  getScheduledDeletion: simple(signedIn(200)),
  scheduleDeletion: [
    {
      target: "own account, now",
      fresh: true,
      request: () => ({ query: { deleteNow: "true" } }),
      expect: signedIn(200),
    },
    {
      target: "own account, in a week (today + 7 + 1)",
      fresh: true,
      request: () => ({ query: { scheduledDate: addDays(todayInLondon(), 8) } }),
      expect: signedIn(200),
    },
    {
      target: "own account, on a day not offered",
      request: () => ({ query: { scheduledDate: addDays(todayInLondon(), 3) } }),
      expect: signedIn(400),
    },
    { target: "own account, neither now nor a date", expect: signedIn(400) },
  ],
  // Only full members may change their mind; trials and basic members are refused first.
  cancelScheduledDeletion: [
    {
      target: "own scheduled deletion",
      fresh: true,
      request: (c) => scheduleOwnDeletion(c.me),
      expect: signedIn(200, { trial: 403, basic: 403 }),
    },
    { target: "own account, nothing scheduled", expect: signedIn(404, { trial: 403, basic: 403 }) },
  ],

  // whole-record export
  requestExport: simple(signedIn(201)),
  downloadExport: [
    own("finished export", (c) => completedExport(c.owner)),
    victims("finished export", () => completedExport(f.victim)),
  ],

  // The payment provider's webhook: its signature is the credential; a session is neither needed nor enough.
  membershipWebhook: [
    {
      target: "a signed event of an unknown customer",
      request: () => webhookEvent("valid"),
      expect: everyone(200),
    },
    { target: "an unsigned event", request: () => webhookEvent("none"), expect: everyone(401) },
    {
      target: "an event signed with another secret",
      request: () => webhookEvent("forged"),
      expect: everyone(401),
    },
  ],
  // The organisation manager's area: the victim's organisation (orgA). Members who manage nothing are
  // refused the call (403); a manager of another organisation is told it does not exist (404).
  listOrganisations: simple(managersOnly()),
  organisationUsers: simple(orgManagers(), () => ({
    params: { id: String(f.orgA), perPage: "10", page: "1" },
    query: { sortBy: "hours", sortDir: "desc" },
  })),
  // A third party's personal data (REQ-ATTEST-09): the organisation's own managers, no administrator.
  organisationConfirmations: simple(signedIn(403, { managerSame: 200, managerOther: 404 }), orgA),
  addOrganisationUser: simple(orgManagers(201), () => ({
    params: { id: String(f.orgA) },
    body: { firstName: "Added", lastName: "Member", email: `matrix-added-${randomUUID()}@test.example` },
  })),
  bulkImportUsers: simple(orgManagers(), () => ({
    params: { id: String(f.orgA) },
    body: {
      users: [
        { firstName: "Imported", lastName: "Member", email: `matrix-import-${randomUUID()}@test.example` },
      ],
    },
  })),
  organisationUsersCsv: simple(orgManagers(), () => ({
    params: { id: String(f.orgA) },
    query: { from: addDays(todayInLondon(), -30), to: todayInLondon() },
  })),
  getOrganisationSettings: simple(orgManagers(), orgA),
  // The settings and lists as they are: other rows' members keep their forms and profiles.
  putOrganisationSettings: simple(orgManagers(), () => ({ ...orgA(), body: NEW_ORGANISATION_SETTINGS })),
  getOrganisationTags: simple(orgManagers(), orgA),
  putOrganisationTags: simple(orgManagers(), () => ({ ...orgA(), body: { tags: [] } })),
  getOrganisationCategories: simple(orgManagers(), orgA),
  putOrganisationCategories: simple(orgManagers(), () => ({ ...orgA(), body: { tags: [] } })),
  getOrganisationArrangedIn: simple(orgManagers(), orgA),
  putOrganisationArrangedIn: simple(orgManagers(), () => ({ ...orgA(), body: { tags: [] } })),
  getOrganisationAdditionalFields: simple(orgManagers(), orgA),
  putOrganisationAdditionalFields: simple(orgManagers(), () => ({ ...orgA(), body: [] })),
  // Analytics are for resilience organisations (orgA is not) and administrators.
  organisationAnalytics: simple(signedIn(403, { managerOther: 404, admin: 200 }), orgA),
  createUserReview: [
    {
      target: "a member of the victim's organisation",
      request: () => ({
        body: { user: f.victim.id, date: todayInLondon(), comments: "Matrix review", metRequirements: true },
      }),
      expect: signedIn(403, { managerSame: 201, managerOther: 404, admin: 201 }),
    },
  ],
  // Members of an organisation that switched annual reviews on; nobody else has the feature (403).
  myReviews: simple(signedIn(403, { corporate: 200, managerSame: 200, managerOther: 200 })),
  // A member's own answers: only members of an organisation have fields to answer.
  additionalFields: simple(signedIn(200)),
  additionalFieldValues: simple(signedIn(200)),
  saveAdditionalFieldValues: simple(
    signedIn(400, { corporate: 200, managerSame: 200, managerOther: 200 }),
    () => ({
      body: [],
    }),
  ),

  // The administrator's area: Admin only here (the finer Admin-* roles are tested per screen).
  searchMembershipRecords: simple(adminOnly, () => ({ query: { type: "Matrix" } })),
  createMembershipRecord: simple(signedIn(403, { admin: 201 }), () => ({ body: membershipRecord() })),
  getMembershipRecord: simple(adminOnly, async () => ({ params: { id: await newMembershipRecord() } })),
  updateMembershipRecord: simple(adminOnly, async () => ({
    params: { id: await newMembershipRecord() },
    body: membershipRecord(),
  })),
  importMembershipRecords: simple(adminOnly, () => ({ body: [membershipRecord()] })),
  activityLog: simple(adminOnly, () => ({ params: { perPage: "20", page: "1" } })),
  adminOverview: simple(adminOnly),
  adminOrganisations: simple(adminOnly, () => ({ params: { perPage: "20", page: "1" } })),
  getAdminOrganisation: simple(adminOnly, () => ({ params: { id: String(f.orgB) } })),
  createOrganisation: simple(signedIn(403, { admin: 201 }), () => ({ body: organisationForm() })),
  configureOrganisation: simple(adminOnly, async () => ({
    params: { id: String((await createOrganisation(h.deps)).id) },
    body: organisationForm(),
  })),
  uploadOrganisationLogo: simple(adminOnly, async () => ({
    params: { id: String((await createOrganisation(h.deps)).id), kind: "logo" },
    payload: LOGO_PNG,
    headers: { "content-type": "image/png" },
  })),
  // Public: the login page shows it before anyone signs in (ADR 0021).
  organisationLogo: simple(everyone(200), async () => ({
    params: { id: String((await createOrganisation(h.deps, { logoUrl: LOGO_DATA_URL })).id), kind: "logo" },
  })),
  moderatedShares: simple(adminOnly, () => ({ params: { perPage: "20", page: "1" } })),
  // A fresh share each time: hiding the fixture's share would change the upvote rows' answers.
  hideShare: simple(adminOnly, async () => ({
    params: { id: await newShare(f.victim) },
    body: { reason: "Matrix moderation" },
  })),
  restoreShare: simple(adminOnly, async () => ({ params: { id: await newShare(f.victim) } })),
  recategoriseShare: simple(adminOnly, async () => ({
    params: { id: await newShare(f.victim) },
    body: { category: "Leadership" },
  })),
  adminCertificates: simple(adminOnly, () => ({ params: { perPage: "20", page: "1" } })),
  memberGroups: simple(adminOnly),
  memberGroupMembers: simple(adminOnly, () => ({ params: { group: "trial", perPage: "20", page: "1" } })),
  organisationCertificates: simple(orgManagers(), () => ({
    params: { id: String(f.orgA), perPage: "20", page: "1" },
  })),
  organisationShares: simple(orgManagers(), () => ({
    params: { id: String(f.orgA), perPage: "20", page: "1" },
  })),
  // Every session may ask whether it is an impersonation; only an impersonation can be ended.
  impersonation: simple(signedIn(200)),
  endImpersonation: simple(signedIn(400)),
};

// ---- running it -------------------------------------------------------------------------

function url(name: Endpoint, req: Req): string {
  const path = api[name].path.replace(/:(\w+)/g, (_, key: string) => {
    const value = req.params?.[key];
    if (value === undefined) throw new Error(`${name}: no value for :${key}`);
    return encodeURIComponent(value);
  });
  const query = req.query ? `?${new URLSearchParams(req.query)}` : "";
  return `/api${path}${query}`;
}

async function answer(name: Endpoint, c: Case, role: Role): Promise<number> {
  let me: TestUser | null = null;
  if (role !== "anonymous") {
    const extra = c.fresh === true ? {} : typeof c.fresh === "function" ? c.fresh() : c.fresh;
    me = c.fresh ? await createUser(h.deps, { ...roleOptions(role), ...extra }) : f.users[role].user;
  }
  const owner = me ?? f.victim;
  const standing =
    role === "anonymous" ? { user: f.victim, entryId: f.entryId, fileId: f.fileId } : f.users[role];
  const req = (await c.request?.({ role, me, owner, own: standing })) ?? {};
  const body = req.payload ?? req.body;
  const send = () =>
    h.app.inject({
      method: api[name].method,
      url: url(name, req),
      headers: { ...(me ? { authorization: `Bearer ${me.token}` } : {}), ...req.headers },
      ...(body !== undefined ? { payload: body as object } : {}),
      remoteAddress: randomIp(),
    });
  const res = await send();
  // A 503 says "not now, try again" (a probe timed out under the suite's load): it is neither an
  // allow nor a denial, so the call is asked again once, as a client would after Retry-After.
  if (res.statusCode === 503 && (name === "health" || name === "healthReady"))
    return (await send()).statusCode;
  return res.statusCode;
}

const isAllow = (s: number) => s >= 200 && s < 300;

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", () => resolve()));
  const { port } = fake.address() as AddressInfo;
  h.deps.clinicalSkills = new HttpClinicalSkillsConnector(`http://127.0.0.1:${port}`, FAKE_API_KEY);
  worker = startWorkers(testConfig(), pino({ level: "silent" }));

  // The organisation features: both organisations switch them on (their managers' screens need them, ADR 0020).
  const reviews = {
    features: {
      OrganisationUserReview: true,
      OrganisationCertificates: true,
      OrganisationSharedCPD: true,
      OrganisationEvents: true,
    },
  };
  const [orgA, orgB, ssoOrg] = await Promise.all([
    createOrganisation(h.deps, reviews),
    createOrganisation(h.deps, reviews),
    createOrganisation(h.deps, { usesOauth: true }),
  ]);
  f.orgA = orgA.id;
  f.orgB = orgB.id;
  f.ssoOrg = ssoOrg.id;
  // The victim belongs to the same organisation as the corporate member and the
  // manager: belonging to an organisation gives no access to its members' records.
  f.victim = await createUser(h.deps, { tier: "PREMIUM", organisationId: f.orgA });
  const v = f.victim;
  [f.entryId, f.fileId, f.evidenceFileId, f.documentId] = await Promise.all([
    newEntry(v),
    newFile(v),
    newFile(v),
    newDocument(v),
  ]);
  f.evidenceEntryId = await newEntry(v, { Evidence: [f.evidenceFileId] });
  f.shareId = (await as(v, "POST", `/shared-cpd?entryId=${await newEntry(v)}`, shareBody)).shareId;
  [f.orgEvent, f.platformEvent, f.orgWebinar, f.platformWebinar] = await Promise.all([
    newEvent(f.orgA),
    newEvent(null),
    newWebinar(f.orgA),
    newWebinar(null),
  ]);

  const members = ROLES.filter((r): r is Member => r !== "anonymous");
  const made = await Promise.all(
    members.map(async (role): Promise<Own> => {
      const user = await createUser(h.deps, roleOptions(role));
      const [entryId, fileId] = await Promise.all([newEntry(user), newFile(user), linkClinicalSkills(user)]);
      return { user, entryId, fileId };
    }),
  );
  f.users = Object.fromEntries(members.map((r, i) => [r, made[i]])) as Record<Member, Own>;
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

describe("authorisation matrix", () => {
  it("has a row for every call of the contract, and 401 without a token wherever it needs one", () => {
    expect(Object.keys(MATRIX).sort()).toEqual(Object.keys(api).sort());
    for (const [name, cases] of Object.entries(MATRIX) as [Endpoint, Case[]][]) {
      expect(cases.length, name).toBeGreaterThan(0);
      for (const c of cases) {
        // Guest calls (supervision) take the owner's or the reviewee's token: none is 401 too.
        if (api[name].auth || (api[name] as EndpointDef).guest)
          expect(c.expect.anonymous, `${name} [${c.target}]`).toBe(401);
        // A public call answers 401 only when its own credential (a webhook's signature) is
        // missing or wrong, and then to everyone alike: a session never stands in for it.
        else if (c.expect.anonymous === 401) expect(c.expect, `${name} [${c.target}]`).toEqual(everyone(401));
      }
    }
  });

  it.each(Object.keys(MATRIX) as Endpoint[])("%s", async (name) => {
    const allows: string[] = [];
    const denials: string[] = [];
    const others: string[] = [];
    for (const c of MATRIX[name]) {
      const got = await Promise.all(ROLES.map((role) => answer(name, c, role)));
      ROLES.forEach((role, i) => {
        const want = c.expect[role];
        const status = got[i] as number;
        if (status === want) return;
        const line = `${api[name].method} ${api[name].path} [${c.target}] as ${role}: expected ${want}, got ${status}`;
        if (isAllow(status) && !isAllow(want)) allows.push(line);
        else if (!isAllow(status) && isAllow(want)) denials.push(line);
        else others.push(line);
      });
    }
    const report = [
      ...allows.map((l) => `UNEXPECTED ALLOW  ${l}`),
      ...denials.map((l) => `unexpected denial ${l}`),
      ...others.map((l) => `other difference  ${l}`),
    ];
    expect(report, report.join("\n")).toEqual([]);
  });
});
