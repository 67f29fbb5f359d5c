// The organisation manager's area: the organisations a caller manages, the users report and
// its CSV, adding and importing users, and analytics. Each call has passed requireOrganisation.
import { Readable } from "node:stream";
import { type api, type BodyOf, ORGANISATION_LIMITS, type QueryOf } from "@cpd/contract";
import type pg from "pg";
import type { Deps } from "../../deps.js";
import { csvLine } from "../../lib/csv.js";
import { addDays, addMonths, type IsoDate } from "../../lib/dates.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { mapDbError } from "../../lib/store-errors.js";
import type { Caller } from "../../policies/index.js";
import {
  mayViewAnalytics,
  reachesEveryOrganisation,
  requireAnalytics,
} from "../../policies/organisations.js";
import { actingAccount, recordActivity } from "../activity-log/repository.js";
import { createOnboardingLink, createOnboardingLinks } from "../registration/onboarding.js";
import { nextRevalidation } from "../revalidation/deadlines.js";
import * as repo from "./repository.js";

/** A report's read on the replica unless the caller just wrote or it lags (ADR 0032). */
const reportRead = <T>(deps: Deps, caller: Caller, fn: (pool: pg.Pool) => Promise<T>) =>
  deps.reads.run({ userId: caller.id }, (db) => fn(db.pool));

/** The range of a report: from..to, by default the 12 months that end today (London). */
function reportRange(today: IsoDate, from?: IsoDate, to?: IsoDate): { from: IsoDate; to: IsoDate } {
  const end = to ?? today;
  const start = from ?? addDays(addMonths(end, -12), 1);
  if (start > end) throw badRequest("The start date must be on or before the end date", "RANGE_ORDER");
  return { from: start, to: end };
}

export async function listOrganisations(
  deps: Deps,
  caller: Caller,
  q: QueryOf<typeof api.listOrganisations>,
) {
  const every = reachesEveryOrganisation(caller);
  const perPage = q.perPage ?? 50;
  if (!every && caller.organisationId == null) return { items: [], total: 0 };
  const page = await repo.organisations(deps.pool, {
    only: every ? null : (caller.organisationId ?? null),
    filter: q.filter,
    limit: perPage,
    offset: ((q.page ?? 1) - 1) * perPage,
  });
  return {
    total: page.total,
    items: page.items.map((o) => ({ ...o, analytics: mayViewAnalytics(caller, o.governingBodyType) })),
  };
}

const reportItem = (r: repo.ReportRow) => ({ ...r, joined: r.joined.toISOString() });

/** Members whose revalidation is judged at once (each: one totals query per registration). */
const REVALIDATION_BATCH = 10;
/** Report rows read at a time while a status filter scans the members with a registration. */
const STATUS_SCAN = 100;

/**
 * Each row with its member's next revalidation deadline and status, from the revalidation service
 * (exact, per member; ten members at a time).
 */
async function withRevalidation(deps: Deps, rows: repo.ReportRow[], regulator: string | null) {
  const today = deps.today();
  const out = [];
  for (let i = 0; i < rows.length; i += REVALIDATION_BATCH) {
    const chunk = rows.slice(i, i + REVALIDATION_BATCH);
    const next = await Promise.all(chunk.map((r) => nextRevalidation(deps.pool, r.id, today, regulator)));
    out.push(...chunk.map((r, j) => ({ ...reportItem(r), revalidation: next[j] ?? null })));
  }
  return out;
}

export async function usersReport(
  deps: Deps,
  caller: Caller,
  organisationId: number,
  page: { perPage: number; page: number },
  q: QueryOf<typeof api.organisationUsers>,
) {
  const range = reportRange(deps.today(), q.from, q.to);
  // Where the organisation requires a regulator, only a registration with it counts (REQ-REVAL-09).
  const regulator =
    (await repo.findOrganisation(deps.prisma, organisationId, { requiredRegulator: true }))
      ?.requiredRegulator ?? null;
  const query = {
    regulator,
    organisationId,
    ...range,
    filter: q.filter,
    sortBy: q.sortBy ?? "name",
    sortDir: q.sortDir ?? "asc",
    limit: page.perPage,
    offset: (page.page - 1) * page.perPage,
  } as const;
  const wanted = q.revalidationStatus;
  if (wanted === undefined || wanted === "none") {
    // No registration is a SQL condition; the page's members alone are judged.
    const result = await reportRead(deps, caller, (pool) =>
      repo.usersReport(pool, {
        ...query,
        registered: wanted === "none" ? false : null,
      }),
    );
    return { total: result.total, items: await withRevalidation(deps, result.items, regulator) };
  }
  // A status is known only once judged: the members with a registration are judged in report order,
  // a batch at a time, keeping the requested page of those that match and counting them all.
  const items: Awaited<ReturnType<typeof withRevalidation>> = [];
  let total = 0;
  for (let offset = 0; ; offset += STATUS_SCAN) {
    const batch = await reportRead(deps, caller, (pool) =>
      repo.usersReport(pool, { ...query, registered: true, limit: STATUS_SCAN, offset }),
    );
    for (const row of await withRevalidation(deps, batch.items, regulator)) {
      if (row.revalidation?.status !== wanted) continue;
      if (total >= query.offset && items.length < query.limit) items.push(row);
      total++;
    }
    if (batch.items.length < STATUS_SCAN) break;
  }
  return { total, items };
}

/** An organisation that exists (a manager's own may have been deleted under them). */
async function organisationOrMissing(deps: Deps, organisationId: number) {
  const org = await deps.prisma.organisation.findUnique({
    where: { id: organisationId },
    select: { id: true, name: true, governingBodyType: true },
  });
  if (!org) throw notFound("Organisation not found", "ORGANISATION_NOT_FOUND");
  return org;
}

type NewUser = BodyOf<typeof api.addOrganisationUser>;

const emailTaken = () => conflict("An account with this email address already exists", "EMAIL_TAKEN");

export async function addUser(deps: Deps, caller: Caller, organisationId: number, body: NewUser) {
  await organisationOrMissing(deps, organisationId);
  const now = deps.now();
  if (!body.firstName.trim()) throw badRequest("Please enter a first name", "FIRST_NAME_EMPTY");
  if (!body.lastName.trim()) throw badRequest("Please enter a last name", "LAST_NAME_EMPTY");
  let id: string;
  try {
    id = await deps.prisma.$transaction(async (tx) => {
      const [userId] = await repo.createMembers(tx, organisationId, [body], now, deps.today());
      await recordActivity(tx, {
        action: "organisation.user-added",
        actorId: actingAccount(caller),
        subjectId: userId,
        organisationId,
        at: now,
      });
      return userId as string;
    });
  } catch (err) {
    if (mapDbError(err)?.code === "ALREADY_EXISTS") throw emailTaken();
    throw err;
  }
  await createOnboardingLink(deps, id);
  return { id, message: `${body.firstName.trim()} has been added and sent an email to set up their account` };
}

type ImportRow = BodyOf<typeof api.bulkImportUsers>["users"][number];
type Outcome = "valid" | "invalid" | "duplicate" | "exists";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Each row's outcome before anything is written: names, address, repeats in the file. */
function checkImportRows(rows: ImportRow[], existing: Set<string>) {
  const seen = new Set<string>();
  const max = ORGANISATION_LIMITS.nameLength;
  return rows.map((r, i) => {
    const email = r.email.trim().toLowerCase();
    const first = r.firstName.trim();
    const last = r.lastName.trim();
    let outcome: Outcome = "valid";
    let message: string | null = null;
    if (!first || first.length > max) message = `First name must be 1 to ${max} characters`;
    else if (!last || last.length > max) message = `Last name must be 1 to ${max} characters`;
    else if (email.length > 254 || !EMAIL.test(email)) message = "Email address is not valid";
    if (message) outcome = "invalid";
    else if (seen.has(email)) {
      outcome = "duplicate";
      message = "This email address appears earlier in the file";
    } else if (existing.has(email)) {
      outcome = "exists";
      message = "An account with this email address already exists";
    }
    seen.add(email);
    return { row: i + 1, email, outcome, message, user: { firstName: first, lastName: last, email } };
  });
}

export async function bulkImport(deps: Deps, caller: Caller, organisationId: number, rows: ImportRow[]) {
  await organisationOrMissing(deps, organisationId);
  const emails = rows.map((r) => r.email.trim().toLowerCase());
  const found = await deps.prisma.user.findMany({
    where: { email: { in: emails } },
    select: { email: true },
  });
  const checked = checkImportRows(rows, new Set(found.map((u) => u.email)));
  const report = checked.map(({ user: _u, ...r }) => r);
  const problems = checked.filter((r) => r.outcome !== "valid").length;
  if (problems) {
    const plural = problems === 1 ? "1 row needs" : `${problems} rows need`;
    return { imported: 0, message: `Nothing was imported: ${plural} attention`, rows: report };
  }
  const now = deps.now();
  const today = deps.today();
  let ids: string[];
  try {
    ids = await deps.prisma.$transaction(
      async (tx) => {
        const created = await repo.createMembers(
          tx,
          organisationId,
          checked.map((r) => r.user),
          now,
          today,
        );
        await recordActivity(tx, {
          action: "organisation.users-imported",
          actorId: actingAccount(caller),
          organisationId,
          details: { count: created.length },
          at: now,
        });
        return created;
      },
      { timeout: 60_000 },
    );
  } catch (err) {
    // Another import or registration took one of the addresses meanwhile: nothing was written.
    if (mapDbError(err)?.code === "ALREADY_EXISTS") {
      throw conflict(
        "Some of these email addresses were registered meanwhile: nothing was imported. Please try again.",
        "EMAIL_TAKEN",
      );
    }
    throw err;
  }
  await createOnboardingLinks(deps, ids);
  return {
    imported: ids.length,
    message: `${ids.length} ${ids.length === 1 ? "user was" : "users were"} imported and sent an email to set up their account`,
    rows: report,
  };
}

const CSV_HEADER = [
  "First name",
  "Last name",
  "Email",
  "CPD hours",
  "Entries",
  "Last activity",
  "Joined",
  "Invited",
];

/** The whole report as CSV, produced batch by batch while the client reads it. */
export async function usersCsv(deps: Deps, organisationId: number, from: IsoDate, to: IsoDate) {
  const range = reportRange(deps.today(), from, to);
  const org = await organisationOrMissing(deps, organisationId);
  async function* lines() {
    yield `\uFEFF${csvLine(CSV_HEADER)}`;
    for await (const batch of repo.reportBatches(deps.pool, { organisationId, ...range })) {
      yield batch
        .map((r) =>
          csvLine([
            r.firstName,
            r.lastName,
            r.email,
            r.hours,
            r.entries,
            r.lastActivity,
            r.joined.toISOString().slice(0, 10),
            r.invited ? "yes" : "no",
          ]),
        )
        .join("");
    }
  }
  const safeName = org.name.replace(/[^A-Za-z0-9-]+/g, "-").replace(/^-|-$/g, "") || "organisation";
  return { body: Readable.from(lines()), filename: `${safeName}-users-${range.from}-to-${range.to}.csv` };
}

export async function analytics(
  deps: Deps,
  caller: Caller,
  organisationId: number,
  q: QueryOf<typeof api.organisationAnalytics>,
) {
  const org = await organisationOrMissing(deps, organisationId);
  requireAnalytics(caller, org.governingBodyType);
  const range = reportRange(deps.today(), q.from, q.to);
  const f = await reportRead(deps, caller, (pool) =>
    repo.analytics(pool, { organisationId, ...range, role: q.Role ?? null }),
  );
  return {
    users: f.users,
    activeUsers: f.activeUsers,
    entries: f.entries,
    hours: f.hours,
    hoursByMonth: f.months.map((m) => ({ month: m.month, value: m.hours })),
    entriesByMonth: f.months.map((m) => ({ month: m.month, value: m.entries })),
    categories: f.categories,
    completeness: f.months.map(({ month, low, partial, complete }) => ({ month, low, partial, complete })),
  };
}
