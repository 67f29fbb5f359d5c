// Data access of the portfolio module: requests, what a request may name, and the rows a
// portfolio is built from (read in batches so a large portfolio is never all in memory).
import type { Prisma } from "../../generated/prisma/client.js";
import { dateColumn } from "../../lib/dates.js";
import type { Db } from "../../lib/db.js";
import type { OwnEntry } from "./rules.js";

/** The caller's facts that decide which pages they are offered and whose branding applies. */
export async function userFacts(db: Db, userId: string) {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      organisationId: true,
      profile: { select: { governingBodies: true } },
      clinicalSkills: { select: { userId: true } },
    },
  });
  return user
    ? {
        organisationId: user.organisationId,
        governingBodies: user.profile?.governingBodies ?? [],
        clinicalSkillsLinked: user.clinicalSkills !== null,
      }
    : null;
}

/** The user's entries and files among the ids a request names (others' are simply absent). */
export async function owned(db: Db, userId: string, entryIds: string[], fileIds: string[]) {
  const [entries, files] = await Promise.all([
    entryIds.length
      ? db.entry.findMany({
          where: { userId, id: { in: entryIds } },
          select: { id: true, type: true, date: true },
        })
      : [],
    fileIds.length
      ? db.storedFile.findMany({
          where: { userId, id: { in: fileIds } },
          select: { id: true, entryId: true },
        })
      : [],
  ]);
  return {
    entries: new Map<string, OwnEntry>(entries.map((e) => [e.id, { ...e, date: dateColumn(e.date) }])),
    evidence: new Map(files.map((f) => [f.id, f.entryId])),
  };
}

/** Every diary and reflective entry of a member inside a range (the annual review takes them all). */
export async function entriesInRange(db: Db, userId: string, from: string, to: string) {
  return db.entry.findMany({
    where: {
      userId,
      type: { in: ["diary", "reflection"] },
      date: { gte: new Date(`${from}T00:00:00Z`), lte: new Date(`${to}T00:00:00Z`) },
    },
    select: { id: true, type: true, files: { select: { id: true } } },
    orderBy: [{ date: "asc" }, { id: "asc" }],
  });
}

export const createRequest = (db: Db, data: Prisma.PortfolioRequestUncheckedCreateInput) =>
  db.portfolioRequest.create({ data });

export const deleteRequest = (db: Db, id: string) => db.portfolioRequest.deleteMany({ where: { id } });

/** A request as its requester sees it: someone else's is not found. */
export const findRequest = (db: Db, id: string, requestedById: string) =>
  db.portfolioRequest.findFirst({ where: { id, requestedById } });

export const findById = (db: Db, id: string) => db.portfolioRequest.findUnique({ where: { id } });

export const updateRequest = (db: Db, id: string, data: Prisma.PortfolioRequestUpdateInput) =>
  db.portfolioRequest.update({ where: { id }, data });

/** Completed portfolios past their retention, oldest first. */
export const expiredRequests = (db: Db, now: Date, take: number) =>
  db.portfolioRequest.findMany({
    where: { expiresAt: { lte: now }, state: { in: ["Completed", "Failed"] } },
    orderBy: { expiresAt: "asc" },
    take,
    select: { id: true, storageKey: true },
  });

/** Deletes the portfolios a user asked for as a manager (readable by them only): their account is deleted. */
export const deleteRequestsBy = (db: Prisma.TransactionClient, requestedById: string) =>
  db.portfolioRequest.deleteMany({ where: { requestedById } });

/** Marks a request Expired once its file is deleted (the retention job). */
export const expireRequest = (db: Db, id: string) =>
  db.portfolioRequest.update({ where: { id }, data: { state: "Expired", storageKey: null } });
