// Records the integration tests make over and over, made the way a user makes them (through the
// API) unless said otherwise. Each test passes what it depends on; the rest is any valid value.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { expect } from "vitest";
import { addDays, todayInLondon } from "../src/lib/dates.js";
import { renderPortfolio } from "../src/modules/portfolio/render/index.js";
import { call, type Harness, PASSWORD, randomIp, type TestUser } from "./harness.js";

/** A valid diary entry form; `over` replaces or adds fields. */
export const diaryForm = (over: Record<string, unknown> = {}) => ({
  Field222: "Sepsis",
  DiaryDate: "2026-10-01",
  DiaryHours: "1",
  ActivityType: "Self-directed learning",
  Field116: "Clinical Skills",
  ...over,
});

/** A diary entry of `u`'s saved through the API (the test fails unless it is); its id. */
export async function diary(h: Harness, u: TestUser, over: Record<string, unknown> = {}): Promise<string> {
  const res = await call(h.app, "POST", "/entries/diary", {
    token: u.token,
    ip: randomIp(),
    body: diaryForm(over),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.entryId as string;
}

/** Uploads `bytes` as `filename` for `u`: the answer as it is (`query` adds to the address). */
export const upload = (
  h: Harness,
  u: TestUser,
  filename: string,
  bytes: Buffer,
  o: { query?: string; ip?: string } = {},
) =>
  call(h.app, "POST", `/file/upload?filename=${encodeURIComponent(filename)}${o.query ?? ""}`, {
    token: u.token,
    payload: bytes,
    headers: { "content-type": "application/octet-stream" },
    ip: o.ip,
  });

/** A file of `u`'s uploaded through the API (the test fails unless it is); its id. */
export async function uploaded(h: Harness, u: TestUser, filename: string, bytes: Buffer): Promise<string> {
  const res = await upload(h, u, filename, bytes, { ip: randomIp() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as string;
}

/** POST auth/login: the answer as it is. From 127.0.0.1 unless `ip` (logins are limited per address). */
export const login = (h: Harness, email: string, password = PASSWORD, ip?: string) =>
  call(h.app, "POST", "/auth/login", { body: { email, password }, ip });

/** A session from logging in with a fresh address (the test fails unless the login works). */
export async function signedIn(h: Harness, email: string, password = PASSWORD) {
  const res = await login(h, email, password, randomIp());
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { token: string; roles: string[] };
}

/** A Shared CPD card as the share form sends it. */
export const SHARE_CARD = {
  title: "Sepsis six refresher",
  description: "A short e-learning module on the sepsis six.",
  category: "Clinical Education",
  websiteUrl: "https://learning.example.org/sepsis",
};

/** Shares `u`'s entry to Shared CPD through the API with `body` (the card above unless given). */
export const shareEntry = (h: Harness, u: TestUser, entryId: string, body: object = SHARE_CARD) =>
  call(h.app, "POST", `/shared-cpd?entryId=${entryId}`, { token: u.token, body });

/**
 * A diary entry of `u`'s shared with the community, written straight into the tables (basic
 * members may hold shares from before they lost the feature); `over` sets the share's fields.
 */
export async function sharedCpd(
  h: Harness,
  u: TestUser,
  over: Partial<{ title: string; description: string; category: string; websiteUrl: string }> = {},
) {
  const card = {
    title: `Shared ${randomUUID()}`,
    description: "What I learnt",
    category: "Wellbeing",
    websiteUrl: "https://example.org/course",
    ...over,
  };
  const entry = await h.deps.prisma.entry.create({
    data: { userId: u.id, type: "diary", title: card.title, date: new Date("2026-01-10T00:00:00Z") },
  });
  const share = await h.deps.prisma.sharedCpd.create({ data: { entryId: entry.id, userId: u.id, ...card } });
  return { id: share.id, title: card.title, entryId: entry.id };
}

/** A valid portfolio request: the year to today, the front page only, no entries, the plain cover;
 * `over` replaces fields. */
export const portfolioRequest = <T extends object>(over: T) => ({
  dateFrom: addDays(todayInLondon(), -365),
  dateTo: todayInLondon(),
  include: ["FRONT_PAGE"],
  title: { line1: "Portfolio", line2: "" },
  diaryEntries: [] as string[],
  reflectiveEntries: [] as string[],
  evidenceIds: [] as string[],
  includeBranding: false,
  selectedPortfolioCover: "classic",
  background: 1,
  ...over,
});

/** The PDF bytes `renderPortfolio` writes for `doc`. */
export async function portfolioBytes(doc: Parameters<typeof renderPortfolio>[0]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk);
      cb();
    },
  });
  await renderPortfolio(doc, out);
  return Buffer.concat(chunks);
}

/** An NMC nurse and midwife's registration as the member saves it (PUT /profile/registrations). */
/** An attester's details as the signing form sends them. */
export const ATTESTER_DETAILS = {
  name: "Sam Colleague",
  registrationNumber: "98B7654C",
  regulator: "NMC",
  email: "sam@trust.example",
  address: "Ward 7, City Hospital, Leeds",
  postcode: "ls1 3ex",
  date: "2026-11-20",
};

export const NMC_REGISTRATION = {
  regulator: "NMC",
  registers: ["nurse", "midwife"],
  registrationNumber: "12A3456E",
  renewalDate: "2027-06-30",
};

/** An HCPC audit-portal link of `userId`'s for September and October 2026, valid a day; its token. */
export async function hcpcPortalToken(h: Harness, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await h.deps.prisma.hcpcAccess.create({
    data: {
      tokenHash: createHash("sha256").update(token).digest("hex"),
      userId,
      dateFrom: new Date("2026-09-01T00:00:00Z"),
      dateTo: new Date("2026-11-01T00:00:00Z"),
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  return token;
}

/** An NMC nurse's registration of `u`'s, renewing in half a year, saved through the API; its id. */
export async function savedNmcRegistration(h: Harness, u: TestUser) {
  const res = await call(h.app, "PUT", "/profile/registrations", {
    token: u.token,
    body: {
      items: [
        {
          regulator: "NMC",
          registers: ["nurse"],
          registrationNumber: "12A3456E",
          renewalDate: addDays(todayInLondon(), 180),
        },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items[0].id as string;
}

/** A registration of `userId`'s written straight into the table: an NMC nurse's unless `over` says otherwise; its id. */
export async function storedRegistration(
  h: Harness,
  userId: string,
  over: Partial<{
    regulator: string;
    registers: string[];
    registrationNumber: string;
    renewalDate: Date;
  }> = {},
): Promise<string> {
  const row = await h.deps.prisma.registration.create({
    data: {
      userId,
      regulator: "NMC",
      registers: ["nurse"],
      registrationNumber: "STORED1",
      renewalDate: new Date("2027-06-30T00:00:00Z"),
      ...over,
    },
  });
  return row.id;
}

/** A submission pack row of `userId`'s for a new stored NMC registration (Pending, no job unless `data`); its id. */
export async function storedSubmission(
  h: Harness,
  userId: string,
  data: { state?: string; storageKey?: string } = {},
): Promise<string> {
  const row = await h.deps.prisma.revalidationSubmission.create({
    data: {
      userId,
      registrationId: await storedRegistration(h, userId),
      regulator: "NMC",
      packId: "nmc-2019",
      cycleStart: new Date("2024-07-01T00:00:00Z"),
      cycleEnd: new Date("2027-06-30T00:00:00Z"),
      ...data,
    },
  });
  return row.id;
}

/** A new organisation's settings (the schema's defaults): nothing locked, both widgets shown, no regulator required. */
export const NEW_ORGANISATION_SETTINGS = {
  cpdHours: null,
  startDate: null,
  reportInterval: null,
  dashboardWidgets: { reflection: true, supervision: true },
  allFeatures: false,
  logoutTimer: { enabled: false },
  requiredRegulator: null,
  appointedConfirmers: [],
};
