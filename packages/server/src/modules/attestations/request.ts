// The professional's side of attestations (ADR 0028): ask a person to attest named records, list
// the requests with their states, withdraw an open one, remind its attester at most once a day.
import { randomUUID } from "node:crypto";
import {
  ATTESTATION,
  ATTESTATION_KIND_INFO,
  type api,
  type BodyOf,
  ATTESTATION_MESSAGES as M,
  type QueryOf,
  ukMobile,
} from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { attestationEmailJob, attestationEmailJobId } from "../../jobs/definitions/attestation-email.js";
import { AppError, badRequest, notFound } from "../../lib/errors.js";
import { ServiceUnavailable } from "../../lib/store-errors.js";
import { ownerChangeRefusal } from "../../policies/attestations.js";
import { diaryEntriesByIds } from "../entries/service.js";
import { entryFindings, recordFindings, refuseFindings } from "../identifiers/gate.js";
import { recordsByIds, registrationOf } from "../revalidation/service.js";
import { changedSinceSigning } from "./covered.js";
import * as repo from "./repository.js";
import { attestationOut, stateOf } from "./state.js";

type CreateBody = BodyOf<typeof api.createAttestation>;

const DAY_MS = 86_400_000;

export const ATTESTATION_NOT_FOUND = () => notFound(M.notFound, "ATTESTATION_NOT_FOUND");

/** The caller's ids, lower-cased and without repeats (the contract takes either case). */
const ids = (list: readonly string[]) => [...new Set(list.map((id) => id.toLowerCase()))];

async function out(deps: Deps, row: repo.AttestationRow) {
  return attestationOut(row, deps.now(), await changedSinceSigning(deps, row));
}

export async function create(deps: Deps, userId: string, body: CreateBody) {
  const registration = await registrationOf(deps, userId, body.registrationId.toLowerCase());
  if (!registration) throw notFound(M.registrationNotFound, "REQUIREMENT_NOT_FOUND");
  if (ATTESTATION_KIND_INFO[body.kind].regulator !== registration.regulator)
    throw badRequest(M.kindRegulator, "ATTESTATION_KIND");
  const name = body.attester.name.trim();
  if (!name) throw badRequest(M.nameRequired, "VALIDATION_ERROR");
  const mobile = body.attester.mobile?.trim() || null;
  if (mobile !== null && ukMobile(mobile) === null) throw badRequest(M.mobileInvalid, "VALIDATION_ERROR");
  const recordIds = ids(body.recordIds);
  const entryIds = ids(body.entryIds);
  if (!recordIds.length && !entryIds.length) throw badRequest(M.noRecords, "VALIDATION_ERROR");
  const [records, entries] = await Promise.all([
    recordsByIds(deps, userId, recordIds),
    diaryEntriesByIds(deps, userId, entryIds),
  ]);
  if (records.length !== recordIds.length || entries.length !== entryIds.length)
    throw badRequest(M.recordNotFound, "RECORD_NOT_FOUND");
  refuseFindings([...recordFindings(records), ...(await entryFindings(deps, userId, entryIds))]);

  const now = deps.now();
  const row = await repo.create(deps.prisma, {
    id: randomUUID(),
    userId,
    registrationId: registration.id,
    regulator: registration.regulator,
    registrationNumber: registration.registrationNumber,
    kind: body.kind,
    attesterName: name,
    attesterEmail: body.attester.email.trim(),
    attesterMobile: mobile,
    recordIds,
    entryIds,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ATTESTATION.expiryDays * DAY_MS),
  });
  try {
    await deps.queues.enqueue(
      attestationEmailJob,
      { attestationId: row.id, kind: "request" },
      attestationEmailJobId(row.id, "request"),
    );
  } catch (err) {
    await repo.remove(deps.prisma, row.id);
    deps.log.error({ err }, "could not queue an attestation request e-mail");
    throw new ServiceUnavailable("The request cannot be sent just now. Please try again in a moment.");
  }
  return attestationOut(row, now, false);
}

export async function list(deps: Deps, userId: string, q: QueryOf<typeof api.listAttestations>) {
  const page = q.page ?? 1;
  const perPage = q.perPage ?? ATTESTATION.perPage;
  const { rows, total } = await repo.page(
    deps.prisma,
    userId,
    q.registrationId?.toLowerCase(),
    page,
    perPage,
  );
  return { items: await Promise.all(rows.map((r) => out(deps, r))), total };
}

async function ownedOpen(deps: Deps, userId: string, id: string) {
  const row = await repo.owned(deps.prisma, userId, id);
  if (!row) throw ATTESTATION_NOT_FOUND();
  const refused = ownerChangeRefusal(stateOf(row, deps.now()));
  if (refused) throw refused;
  return row;
}

async function reread(deps: Deps, userId: string, id: string) {
  const row = await repo.owned(deps.prisma, userId, id);
  if (!row) throw ATTESTATION_NOT_FOUND();
  return out(deps, row);
}

export async function withdraw(deps: Deps, userId: string, id: string) {
  await ownedOpen(deps, userId, id);
  // The where clause decides: a signature landing meanwhile wins, and this answers 409.
  if (!(await repo.withdraw(deps.prisma, userId, id, deps.now())))
    throw new AppError(409, "ATTESTATION_CLOSED", M.alreadyClosed);
  return { message: M.withdrawn, attestation: await reread(deps, userId, id) };
}

export async function remind(deps: Deps, userId: string, id: string) {
  const row = await ownedOpen(deps, userId, id);
  const now = deps.now();
  const since = new Date(now.getTime() - ATTESTATION.reminderHours * 3_600_000);
  if (!(await repo.claimReminder(deps.prisma, userId, id, now, since)))
    throw new AppError(409, "REMINDER_TOO_SOON", M.remindTooSoon);
  try {
    await deps.queues.enqueue(
      attestationEmailJob,
      { attestationId: id, kind: "reminder" },
      attestationEmailJobId(id, "reminder", now),
    );
  } catch (err) {
    await repo.undoReminder(deps.prisma, id, now, row.lastReminderAt);
    deps.log.error({ err }, "could not queue an attestation reminder");
    throw new ServiceUnavailable("The reminder cannot be sent just now. Please try again in a moment.");
  }
  return { message: M.reminded, attestation: await reread(deps, userId, id) };
}
