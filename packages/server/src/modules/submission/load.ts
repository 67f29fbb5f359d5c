// What a submission pack is printed from (REQ-SUBMIT-02..05): the registration's progress as the
// revalidation module computes it (what counts and what is unmet), then the counted entries and
// records by their ids, the owner's facts and the signatures on the discussion and confirmation.
import { findIdentifiers, type Registration, type RevalidationProgress, type RulePack } from "@cpd/contract";
import type pg from "pg";
import type { Db } from "../../lib/db.js";
import { profileFindings } from "../identifiers/gate.js";
import { packAndCycleFor } from "../revalidation/packs.js";
import { registrationsOf } from "../revalidation/repository.js";
import { progress } from "../revalidation/service.js";
import { onlineForm } from "./online-form.js";
import * as repo from "./repository.js";
import { type RecordSignature, signaturesFor } from "./signatures.js";

export interface SubmissionDocument {
  owner: string;
  today: string;
  pack: RulePack;
  progress: RevalidationProgress;
  entries: ReadonlyMap<string, repo.PackEntry>;
  records: ReadonlyMap<string, repo.PackRecord>;
  signatures: ReadonlyMap<string, RecordSignature>;
  hcpcSummary: string;
  hcpcStandards: readonly string[];
  years: { year: number; hours: number; verifiableHours: number }[];
}

/** One of the user's registrations with its pack and current cycle; null when it is not theirs. */
export async function registrationOf(pool: pg.Pool, userId: string, registrationId: string) {
  const registration = (await registrationsOf(pool, userId)).find(
    (r) => r.id === registrationId.toLowerCase(),
  );
  return registration ? { registration, ...packAndCycleFor(registration) } : null;
}

const unique = (ids: string[]) => [...new Set(ids)];

/** The registration's progress and the ids of what it counts: what a pack prints. */
async function counted(pool: pg.Pool, userId: string, registrationId: string, today: string) {
  const all = await progress({ pool, today: () => today }, userId);
  const p = all.items.find((i) => i.registration.id === registrationId);
  if (!p) return null;
  const entryIds = unique(p.requirements.flatMap((r) => r.entryIds));
  const recordIds = unique(p.requirements.flatMap((r) => r.recordIds));
  return { progress: p, entryIds, recordIds };
}

/** What a pack of the registration would print, for the check before it is asked for (ADR 0029). */
export async function packContents(pool: pg.Pool, userId: string, registrationId: string, today: string) {
  const c = await counted(pool, userId, registrationId, today);
  if (!c) return { entryIds: [], records: [] };
  return { entryIds: c.entryIds, records: await repo.recordsByIds(pool, userId, c.recordIds) };
}

/** Null when the registration is gone (removed since the request). */
export async function loadSubmission(
  db: Db,
  pool: pg.Pool,
  row: { userId: string; registrationId: string },
  today: string,
): Promise<SubmissionDocument | null> {
  const found = await registrationOf(pool, row.userId, row.registrationId);
  if (!found) return null;
  const c = await counted(pool, row.userId, found.registration.id, today);
  if (!c) return null;
  const { progress: p, entryIds, recordIds } = c;
  const [entries, records, owner, years, signatures] = await Promise.all([
    repo.entriesByIds(pool, row.userId, entryIds),
    repo.recordsByIds(pool, row.userId, recordIds),
    repo.ownerFacts(db, row.userId),
    repo.hoursByYear(pool, row.userId, entryIds),
    signaturesFor(db, row.userId, found.registration.id, recordIds),
  ]);
  return {
    owner: owner.name,
    today,
    pack: found.pack,
    progress: p,
    entries: new Map(entries.map((e) => [e.id, e])),
    records: new Map(records.map((r) => [r.id, r])),
    // Newest first from the attestations: the newest signature of a record wins.
    signatures: new Map([...signatures].reverse().map((s) => [s.recordId, s])),
    hcpcSummary: owner.hcpcSummary,
    hcpcStandards: owner.hcpcStandards,
    years,
  };
}

/** What the row keeps beside the PDF: the unmet requirements and the online form's text. */
export function snapshot(doc: SubmissionDocument, registration: Pick<Registration, "regulator">) {
  const done = Object.fromEntries(doc.progress.requirements.map((r) => [r.metric, r.done]));
  return {
    unmet: doc.progress.requirements
      .filter((r) => !r.met)
      .map((r) => ({ id: r.id, title: r.title, target: r.target, done: r.done, missing: r.missing })),
    onlineForm: onlineForm(registration.regulator, {
      done,
      records: [...doc.records.values()],
      hcpcSummary: doc.hcpcSummary,
      hcpcStandards: doc.hcpcStandards,
    }),
  };
}

/**
 * Where what the pack would print holds a patient identifier (REQ-IDENT-01, severity "identifier"):
 * the titles of the entries and records, or the profile part. Near-identifiers ("check") are left
 * to the writer, as the first page's reminder asks.
 */
export function identifierPlaces(doc: SubmissionDocument): string[] {
  const flagged = (...texts: (string | null)[]) =>
    texts.some((t) => t && findIdentifiers(t).some((f) => f.severity === "identifier"));
  const places: string[] = [];
  for (const e of doc.entries.values())
    if (flagged(e.title, e.description)) places.push(e.title || "Untitled entry");
  for (const r of doc.records.values())
    if (flagged(r.title, ...Object.values(r.details))) places.push(r.title);
  // The same judgement as the request's (identifiers/gate.ts), so a pack accepted is not failed for it.
  if (profileFindings("", doc).length) places.push("HCPC profile");
  return places;
}
