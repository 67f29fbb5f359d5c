// Membership records (admin membership management): a register of professional-body
// memberships held outside the product, matched to accounts by e-mail address.
import { type api, type BodyOf, MEMBERSHIP_RECORD_LIMITS as L, type QueryOf } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { dateColumn, toDateColumn } from "../../lib/dates.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { mapDbError } from "../../lib/store-errors.js";
import type { Caller } from "../../policies/index.js";
import { actingAccount, recordActivity } from "../activity-log/repository.js";
import { containsPattern } from "../organisations/repository.js";
import { createMembershipRecord, updateMembershipRecord, upsertMembershipRecords } from "./repository.js";

type Fields = BodyOf<typeof api.createMembershipRecord>;
const PER_PAGE = 20;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface RecordRow {
  id: string;
  identifier: string;
  type: string;
  email: string;
  active: boolean;
  startDate: string | null;
  endDate: string | null;
  notes: string;
  createdAt: Date;
  updatedAt: Date;
  userId: string | null;
  firstName: string | null;
  lastName: string | null;
  tier: string | null;
}

const SELECT = `
  SELECT m.id, m.identifier, m.type, m.email, m.active, m.start_date AS "startDate", m.end_date AS "endDate",
         m.notes, m.created_at AS "createdAt", m.updated_at AS "updatedAt",
         u.id AS "userId", p.first_name AS "firstName", p.last_name AS "lastName",
         coalesce(ms.tier::text, CASE WHEN u.id IS NULL THEN NULL ELSE 'BASIC' END) AS tier
    FROM membership_records m
    LEFT JOIN users u ON u.email = m.email
    LEFT JOIN profiles p ON p.user_id = u.id
    LEFT JOIN memberships ms ON ms.user_id = u.id`;

const toRecord = (r: RecordRow) => ({
  id: r.id,
  identifier: r.identifier,
  type: r.type,
  email: r.email,
  active: r.active,
  startDate: r.startDate,
  endDate: r.endDate,
  notes: r.notes,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  user: r.userId
    ? { id: r.userId, name: `${r.firstName ?? ""} ${r.lastName ?? ""}`.trim(), tier: r.tier ?? "BASIC" }
    : null,
});

/** Prefix of a value, ignoring case, wildcards literal. */
const prefix = (s: string | undefined) => (s?.trim() ? `${containsPattern(s.trim()).slice(1)}` : null);

export async function search(deps: Deps, q: QueryOf<typeof api.searchMembershipRecords>) {
  const page = q.page ?? 1;
  const { rows } = await deps.pool.query<RecordRow & { total: number }>({
    text: `${SELECT.replace("SELECT m.id", "SELECT count(*) OVER ()::int AS total, m.id")}
      WHERE ($1::text IS NULL OR m.identifier ILIKE $1) AND ($2::text IS NULL OR m.type ILIKE $2)
        AND ($3::text IS NULL OR m.email ILIKE $3)
      ORDER BY m.created_at DESC, m.id LIMIT $4 OFFSET $5`,
    values: [
      prefix(q.identifier),
      prefix(q.type),
      prefix(q.email?.toLowerCase()),
      PER_PAGE,
      (page - 1) * PER_PAGE,
    ],
  });
  return { items: rows.map(toRecord), total: rows[0]?.total ?? 0 };
}

async function one(deps: Deps, id: string) {
  const { rows } = await deps.pool.query<RecordRow>({ text: `${SELECT} WHERE m.id = $1`, values: [id] });
  const row = rows[0];
  if (!row) throw notFound("Membership record not found", "NOT_FOUND");
  return toRecord(row);
}
export const get = one;

function clean(f: Fields) {
  const identifier = f.identifier.trim();
  const type = f.type.trim();
  if (!identifier) throw badRequest("Please enter the membership identifier", "VALIDATION_ERROR");
  if (!type) throw badRequest("Please enter the membership type", "VALIDATION_ERROR");
  const startDate = f.startDate ?? null;
  const endDate = f.endDate ?? null;
  if (startDate && endDate && startDate > endDate) {
    throw badRequest("The start date must be on or before the end date", "RANGE_ORDER");
  }
  return {
    identifier,
    type,
    email: f.email.trim().toLowerCase(),
    active: f.active ?? true,
    startDate: toDateColumn(startDate),
    endDate: toDateColumn(endDate),
    notes: (f.notes ?? "").trim(),
  };
}

const taken = () =>
  conflict("A membership of this type with this identifier already exists", "ALREADY_EXISTS");
const plain = (d: ReturnType<typeof clean>) => ({
  ...d,
  startDate: dateColumn(d.startDate),
  endDate: dateColumn(d.endDate),
});

export async function create(deps: Deps, caller: Caller, f: Fields) {
  const data = clean(f);
  try {
    const id = await deps.prisma.$transaction(async (tx) => {
      const row = await createMembershipRecord(tx, data);
      await recordActivity(tx, {
        action: "membership-record.created",
        actorId: actingAccount(caller),
        details: { record: row.id, ...plain(data) },
      });
      return row.id;
    });
    return one(deps, id);
  } catch (err) {
    if (mapDbError(err)?.code === "ALREADY_EXISTS") throw taken();
    throw err;
  }
}

export async function update(deps: Deps, caller: Caller, id: string, f: Fields) {
  const data = clean(f);
  try {
    await deps.prisma.$transaction(async (tx) => {
      const before = await tx.membershipRecord.findUnique({ where: { id } });
      if (!before) throw notFound("Membership record not found", "NOT_FOUND");
      await updateMembershipRecord(tx, id, data);
      const was = plain({ ...before, notes: before.notes });
      const now = plain(data);
      const changed = Object.fromEntries(
        (Object.keys(now) as (keyof typeof now)[])
          .filter((k) => JSON.stringify(was[k]) !== JSON.stringify(now[k]))
          .map((k) => [k, [was[k], now[k]]]),
      );
      await recordActivity(tx, {
        action: "membership-record.updated",
        actorId: actingAccount(caller),
        details: { record: id, changed } as never,
      });
    });
  } catch (err) {
    if (mapDbError(err)?.code === "ALREADY_EXISTS") throw taken();
    throw err;
  }
  return one(deps, id);
}

type ImportRow = BodyOf<typeof api.importMembershipRecords>[number];

/** Every row checked first; one bad row imports nothing. Known type+identifier pairs are updated. */
export async function importRecords(deps: Deps, caller: Caller, rows: ImportRow[]) {
  const errors: { row: number; message: string }[] = [];
  const seen = new Set<string>();
  const clean = rows.map((r, i) => {
    const type = r.type.trim();
    const identifier = r.identifier.trim();
    const email = r.email.trim().toLowerCase();
    const key = `${type.toLowerCase()}\u0000${identifier.toLowerCase()}`;
    let message: string | null = null;
    if (!type || type.length > L.type) message = `Type must be 1 to ${L.type} characters`;
    else if (!identifier || identifier.length > L.identifier)
      message = `Identifier must be 1 to ${L.identifier} characters`;
    else if (email.length > 254 || !EMAIL.test(email)) message = "Email address is not valid";
    else if (seen.has(key)) message = "This type and identifier appear earlier in the file";
    if (message) errors.push({ row: i + 1, message });
    seen.add(key);
    return { type, identifier, email };
  });
  if (errors.length) {
    const n = errors.length === 1 ? "1 row needs" : `${errors.length} rows need`;
    return { created: 0, updated: 0, message: `Nothing was imported: ${n} attention`, errors };
  }
  const counts = await deps.prisma.$transaction(
    async (tx) => {
      // One statement: new pairs inserted, known ones get the new address.
      const result = await upsertMembershipRecords(tx, clean);
      const created = result.filter((r) => r.inserted).length;
      const updated = result.length - created;
      await recordActivity(tx, {
        action: "membership-record.imported",
        actorId: actingAccount(caller),
        details: { created, updated },
      });
      return { created, updated };
    },
    { timeout: 60_000 },
  );
  return {
    ...counts,
    message: `${counts.created} created and ${counts.updated} updated`,
    errors: [],
  };
}
