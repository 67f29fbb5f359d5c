// Revalidation (ADR 0026): the caller's registrations, their records and entry tags, and for each
// registration its pack, cycle and progress. The SQL totals a cycle (repository.ts), the pure rules
// judge it (rules.ts); this file only joins the two.
import {
  type api,
  type BodyOf,
  type EntryRevalidation,
  type QueryOf,
  RENEWAL_DATES,
  REVALIDATION,
  REVALIDATION_MESSAGES,
  type RecordKind,
  type Registration,
  type RequirableRegulator,
  type RevalidationProgress,
  type RevalidationRecord,
  type RulePack,
} from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { dateColumn, toDateColumn } from "../../lib/dates.js";
import { AppError, badRequest, notFound } from "../../lib/errors.js";
import { requiredRegulatorOf } from "../organisations/repository.js";
import { PACKS, packAndCycleFor, packSummaries, registersOf } from "./packs.js";
import * as repo from "./repository.js";
import { evaluate } from "./rules.js";

type RegistrationsBody = BodyOf<typeof api.putRegistrations>;
type RecordBody = BodyOf<typeof api.createRevalidationRecord>;

// --- registrations ---------------------------------------------------------------------------------

type RegistrationRecord = Awaited<ReturnType<typeof repo.listRegistrations>>[number];

const registrationOut = (r: RegistrationRecord): Registration => ({
  id: r.id,
  regulator: r.regulator as Registration["regulator"],
  registers: r.registers,
  registrationNumber: r.registrationNumber,
  renewalDate: dateColumn(r.renewalDate) as string,
  reminders: r.reminders,
  targetHours: r.targetHours === null ? null : Number(r.targetHours),
  cycleMonths: r.cycleMonths,
});

export async function getRegistrations(deps: Deps, userId: string) {
  return { items: (await repo.listRegistrations(deps.prisma, userId)).map(registrationOut) };
}

/** Checks each registration against its regulator's pack; the same one listed twice is kept once. */
function registrationRows(items: RegistrationsBody["items"]): repo.RegistrationRow[] {
  const seen = new Set<string>();
  const rows: repo.RegistrationRow[] = [];
  for (const item of items) {
    const known = new Set(registersOf(item.regulator).map((r) => r.code));
    if (item.registers.some((r) => !known.has(r)))
      throw badRequest(REVALIDATION_MESSAGES.unknownRegister, "UNKNOWN_REGISTER");
    if (item.renewalDate < RENEWAL_DATES.from || item.renewalDate > RENEWAL_DATES.to)
      throw badRequest(REVALIDATION_MESSAGES.renewalDateRange, "RENEWAL_DATE_RANGE");
    const own = item.regulator === "OTHER";
    if (own && (item.targetHours == null || item.cycleMonths == null))
      throw badRequest(REVALIDATION_MESSAGES.ownTargetRequired, "OWN_TARGET_REQUIRED");
    const key = repo.registrationKey(item);
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({
      ...(item.id ? { id: item.id } : {}),
      regulator: item.regulator,
      registers: item.registers,
      registrationNumber: item.registrationNumber.trim(),
      renewalDate: toDateColumn(item.renewalDate) as Date,
      reminders: item.reminders ?? true,
      // Only the general pack takes the user's own target and cycle length.
      targetHours: own ? (item.targetHours ?? null) : null,
      cycleMonths: own ? (item.cycleMonths ?? null) : null,
    });
  }
  return rows;
}

/** The regulator the user's organisation requires and their registrations leave out; null: none. */
const missingRequired = (required: string | null, regulators: readonly string[]) =>
  required !== null && !regulators.includes(required) ? (required as RequirableRegulator) : null;

export async function putRegistrations(deps: Deps, userId: string, body: RegistrationsBody) {
  const rows = registrationRows(body.items);
  const missing = missingRequired(
    await requiredRegulatorOf(deps.prisma, userId),
    rows.map((r) => r.regulator),
  );
  if (missing)
    throw new AppError(422, "REGISTRATION_REQUIRED", REVALIDATION_MESSAGES.registrationRequired(missing));
  return { items: (await repo.saveRegistrations(deps.prisma, userId, rows)).map(registrationOut) };
}

// --- packs and progress ----------------------------------------------------------------------------

export const packs = () => ({ items: packSummaries() });

/** What the SQL must total for a pack besides the metrics: its gap rule and its themed record kinds. */
export function totalsOptions(pack: RulePack): repo.TotalsOptions {
  let gapMonths: number | null = null;
  const themedKinds: RecordKind[] = [];
  for (const w of pack.warnings) {
    if (w.kind === "gap") gapMonths = gapMonths === null ? w.months : Math.min(gapMonths, w.months);
    if (w.kind === "namedThemes") themedKinds.push(w.recordKind);
  }
  return { gapMonths, themedKinds, paceDays: REVALIDATION.paceDays };
}

/** Reads only the pool and the day, so the daily job passes its own (deadlines.ts). */
export async function progress(deps: Pick<Deps, "pool" | "today">, userId: string) {
  const today = deps.today();
  const registrations = await repo.registrationsOf(deps.pool, userId);
  const items = await Promise.all(registrations.map((r) => registrationProgress(deps, userId, r, today)));
  return { items };
}

/** The revalidation page: the progress, and a registration the caller's organisation requires that they lack. */
export async function overview(deps: Deps, userId: string) {
  const [{ items }, required] = await Promise.all([
    progress(deps, userId),
    requiredRegulatorOf(deps.prisma, userId),
  ]);
  return {
    items,
    requiredRegistration: missingRequired(
      required,
      items.map((p) => p.registration.regulator),
    ),
  };
}

async function registrationProgress(
  deps: Pick<Deps, "pool">,
  userId: string,
  registration: Registration,
  today: string,
): Promise<RevalidationProgress> {
  const { pack, cycle } = packAndCycleFor(registration);
  const totals = await repo.cycleTotals(deps.pool, userId, cycle, today, totalsOptions(pack));
  const judged = evaluate(pack, registration, cycle, totals, today);
  return {
    registration,
    pack: { id: pack.id, title: pack.title, version: pack.version, regulator: pack.regulator },
    cycleStart: cycle.cycleStart,
    cycleEnd: cycle.cycleEnd,
    deadline: cycle.deadline,
    windowOpens: cycle.windowOpens,
    daysToDeadline: judged.daysToDeadline,
    status: judged.status,
    requirements: judged.requirements,
    warnings: judged.warnings,
  };
}

/**
 * The diary entries that count towards one requirement of one of the caller's registrations (the
 * entries list filter); the same rules as the progress, so the list and the bar agree.
 */
export async function countedEntryIds(
  deps: Pick<Deps, "pool" | "today">,
  userId: string,
  registrationId: string,
  requirementId: string,
): Promise<string[]> {
  const registration = (await repo.registrationsOf(deps.pool, userId)).find(
    (r) => r.id === registrationId.toLowerCase(),
  );
  const requirement = registration
    ? (await registrationProgress(deps, userId, registration, deps.today())).requirements.find(
        (r) => r.id === requirementId,
      )
    : undefined;
  if (!requirement) throw notFound(REVALIDATION_MESSAGES.requirementNotFound, "REQUIREMENT_NOT_FOUND");
  return requirement.entryIds;
}

// --- records ---------------------------------------------------------------------------------------

type RecordRow = NonNullable<Awaited<ReturnType<typeof repo.updateRecord>>>;

const recordOut = (r: RecordRow): RevalidationRecord => ({
  id: r.id,
  kind: r.kind as RecordKind,
  title: r.title,
  date: dateColumn(r.date) as string,
  endDate: dateColumn(r.endDate),
  hours: r.hours === null ? null : Number(r.hours),
  details: r.details as Record<string, string>,
  themes: r.themes,
  updatedAt: r.updatedAt.toISOString(),
});

const recordData = (b: RecordBody): repo.RecordData => ({
  kind: b.kind,
  title: b.title.trim(),
  date: toDateColumn(b.date) as Date,
  endDate: toDateColumn(b.endDate ?? null),
  hours: b.hours ?? null,
  details: b.details,
  themes: b.themes,
});

export async function listRecords(deps: Deps, userId: string, q: QueryOf<typeof api.revalidationRecords>) {
  const page = q.page ?? 1;
  const perPage = q.perPage ?? REVALIDATION.recordsPerPage;
  const { rows, total } = await repo.listRecords(deps.prisma, userId, q.kind, page, perPage);
  return { items: rows.map(recordOut), total };
}

/** Every theme any pack names, old versions' too (a record may reflect on a standard of another year). */
const KNOWN_THEMES = new Set(PACKS.flatMap((p) => p.themes));

/** Themes are the packs' own words: a theme no pack names would count towards nothing. */
function checkThemes(themes: readonly string[]) {
  const unknown = themes.find((t) => !KNOWN_THEMES.has(t));
  if (unknown !== undefined)
    throw badRequest(REVALIDATION_MESSAGES.themeUnknown(unknown.slice(0, 100)), "VALIDATION_ERROR");
}

/** Practice hours count only with their hours; a period ends on or after its first day. */
function checkRecord(b: RecordBody) {
  checkThemes(b.themes);
  if (b.kind === "practiceHours" && !(b.hours != null && b.hours > 0))
    throw badRequest(REVALIDATION_MESSAGES.practiceHoursNeeded, "VALIDATION_ERROR");
  if (b.endDate != null && b.endDate < b.date)
    throw badRequest(REVALIDATION_MESSAGES.endBeforeStart, "VALIDATION_ERROR");
}

export async function createRecord(deps: Deps, userId: string, body: RecordBody) {
  checkRecord(body);
  return recordOut(await repo.createRecord(deps.prisma, userId, recordData(body)));
}

const recordNotFound = () => notFound(REVALIDATION_MESSAGES.recordNotFound, "RECORD_NOT_FOUND");

export async function updateRecord(deps: Deps, userId: string, id: string, body: RecordBody) {
  checkRecord(body);
  const row = await repo.updateRecord(deps.prisma, userId, id, recordData(body));
  if (!row) throw recordNotFound();
  return recordOut(row);
}

export async function deleteRecord(deps: Deps, userId: string, id: string) {
  if (!(await repo.deleteRecord(deps.prisma, userId, id))) throw recordNotFound();
  return { message: REVALIDATION_MESSAGES.recordDeleted };
}

// --- entry tags ------------------------------------------------------------------------------------

const UNTAGGED: EntryRevalidation = {
  participatory: false,
  planned: false,
  verifiable: false,
  method: null,
  themes: [],
};

async function ownDiaryEntry(deps: Deps, userId: string, entryId: string) {
  if (!(await repo.ownsDiaryEntry(deps.prisma, userId, entryId)))
    throw notFound(REVALIDATION_MESSAGES.entryNotFound, "ENTRY_NOT_FOUND");
}

const tagsOut = (t: Awaited<ReturnType<typeof repo.putEntryTags>>): EntryRevalidation => ({
  participatory: t.participatory,
  planned: t.planned,
  verifiable: t.verifiable,
  method: t.method as EntryRevalidation["method"],
  themes: t.themes,
});

export async function getEntryTags(deps: Deps, userId: string, entryId: string) {
  await ownDiaryEntry(deps, userId, entryId);
  const row = await repo.entryTags(deps.prisma, userId, entryId);
  return row ? tagsOut(row) : UNTAGGED;
}

export async function putEntryTags(deps: Deps, userId: string, entryId: string, body: EntryRevalidation) {
  await ownDiaryEntry(deps, userId, entryId);
  checkThemes(body.themes);
  return tagsOut(await repo.putEntryTags(deps.prisma, userId, entryId, body));
}

// --- what attestations read (ADR 0028): the owner's registration and records, read-only ----------

export const registrationOf = (deps: Pick<Deps, "prisma">, userId: string, id: string) =>
  repo.registrationOf(deps.prisma, userId, id);

/** The user's records among `ids`, as the records list shows them; others' ids are left out. */
export async function recordsByIds(deps: Pick<Deps, "prisma">, userId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return (await repo.recordsByIds(deps.prisma, userId, ids)).map(recordOut);
}
