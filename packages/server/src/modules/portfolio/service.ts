// Portfolio requests (REQ-PORT-02..04): validate against what the user owns, record the
// request, queue its job (the row's id is the job id), answer its state, hand out its file.
import { createHash, randomUUID } from "node:crypto";
import { COMMON_PAGE_CODES, GOVERNING_BODY_PAGE_CODES, PORTFOLIO, pageOptions } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { portfolioJob } from "../../jobs/definitions/portfolio.js";
import { AppError, badRequest, notFound } from "../../lib/errors.js";
import { openSignedFile } from "../../lib/signed-link.js";
import { mapDbError, ServiceUnavailable } from "../../lib/store-errors.js";
import type { Actor } from "../../policies/caller.js";
import { mayReviewMember } from "../../policies/portfolio.js";
import { refuseEntryFindings, refuseMemberFindings } from "../identifiers/gate.js";
import * as repo from "./repository.js";
import { checkRequest, delivery, type Request } from "./rules.js";
import { checkSignature, signedPortfolioPath } from "./signed-link.js";

const PORTFOLIO_NOT_FOUND = () => notFound("Portfolio not found", "PORTFOLIO_NOT_FOUND");
const ACTIVE = new Set(["Queued", "Processing"]);
/** Identical requests within this window share one job (a double click, a retried POST). */
const DEDUPE_WINDOW_MS = 60_000;

/** A UUID (v5 layout) from a hash of the request: the same request gives the same id and job id. */
function derivedId(...parts: string[]): string {
  const h = createHash("sha256").update(parts.join("\u0000")).digest("hex");
  const variant = ((Number.parseInt(h[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

type NewRequest = Omit<Parameters<typeof repo.createRequest>[1], "id">;

/**
 * Records the request under its derived id and queues its job. An identical request still queued
 * or running is answered with the same id; a finished one is made again. Redis down: the row is
 * removed again and the caller gets a 503, so nothing is left half-enqueued.
 */
async function record(deps: Deps, key: string, data: NewRequest) {
  let row = await repo.createRequest(deps.prisma, { ...data, id: key }).catch(async (err) => {
    if (mapDbError(err)?.code !== "ALREADY_EXISTS") throw err;
    const existing = await repo.findById(deps.prisma, key);
    if (
      existing &&
      (ACTIVE.has(existing.state) || existing.state === "Completed") &&
      existing.requestedById === data.requestedById
    )
      return { ...existing, reused: true as const };
    return null;
  });
  if (row === null) row = await repo.createRequest(deps.prisma, { ...data, id: randomUUID() });
  if ("reused" in row) return row;
  try {
    await deps.queues.enqueue(portfolioJob, { portfolioId: row.id }, `portfolio-${row.id}`);
  } catch (err) {
    await repo.deleteRequest(deps.prisma, row.id);
    deps.log.error({ err }, "could not queue a portfolio");
    throw new ServiceUnavailable("Portfolios cannot be built just now. Please try again in a moment.");
  }
  return row;
}

export async function requestPortfolio(deps: Deps, userId: string, req: Request) {
  const facts = await repo.userFacts(deps.prisma, userId);
  if (!facts) throw notFound("User not found", "USER_NOT_FOUND");
  const own = await repo.owned(
    deps.prisma,
    userId,
    [...req.diaryEntries, ...req.reflectiveEntries],
    req.evidenceIds,
  );
  checkRequest(req, { pages: pageOptions(facts.governingBodies, facts.clinicalSkillsLinked), ...own });
  await refuseEntryFindings(deps, userId, [...req.diaryEntries, ...req.reflectiveEntries], {
    fileIds: req.evidenceIds,
  });
  const size = delivery(req);
  const bucket = String(Math.floor(deps.now().getTime() / DEDUPE_WINDOW_MS));
  const key = derivedId("portfolio", userId, JSON.stringify(req), bucket);
  const row = await record(deps, key, {
    userId,
    requestedById: userId,
    kind: "portfolio",
    request: req,
    ...size,
  });
  // A finished identical request is not handed back to a new click: only a running one is shared.
  if (row.state === "Completed" || row.state === "Failed") {
    const fresh = await record(deps, randomUUID(), {
      userId,
      requestedById: userId,
      kind: "portfolio",
      request: req,
      ...size,
    });
    return { uuid: fresh.id, ...size };
  }
  return { uuid: row.id, ...size };
}

export async function portfolioStatus(deps: Deps, requesterId: string, id: string) {
  const row = await repo.findRequest(deps.prisma, id, requesterId);
  if (!row) throw PORTFOLIO_NOT_FOUND();
  const now = deps.now().getTime();
  const downloadable =
    row.state === "Completed" &&
    row.delivery === "download" &&
    row.storageKey &&
    (!row.expiresAt || row.expiresAt.getTime() > now);
  const linkUntil = Math.min(
    now + PORTFOLIO.linkMinutes * 60_000,
    row.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY,
  );
  return {
    uuid: row.id,
    state: row.state as "Queued" | "Processing" | "Completed" | "Failed" | "Expired",
    progress: row.state === "Completed" ? 100 : row.progress,
    delivery: row.delivery as "download" | "email",
    downloadLink: downloadable
      ? `${deps.config.publicUrl}${signedPortfolioPath(deps.config.jwtSecret, row.id, linkUntil)}`
      : null,
    reason: row.failureReason,
    pages: row.pageCount,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** The file behind a signed link. */
export async function openPortfolioFile(deps: Deps, id: string, expires: number, signature: string) {
  const check = checkSignature(deps.config.jwtSecret, id, expires, signature, deps.now().getTime());
  const find = () => repo.findById(deps.prisma, id);
  return openSignedFile(deps.storage, check, "portfolio", find, PORTFOLIO_NOT_FOUND);
}

/** How long the annual-review call waits for its PDF before answering 503 (the job goes on). */
const REVIEW_WAIT_MS = 25_000;
/** Asking again within this window attaches to the same portfolio (a retry after a 503). */
const REVIEW_WINDOW_MS = 10 * 60_000;

/**
 * An organisation manager's portfolio of a member (annual review): every diary and reflective
 * entry of the range with all their evidence, the common pages and the member's governing-body
 * pages. Waits for the worker and answers the PDF.
 */
export async function reviewPortfolio(
  deps: Deps,
  actor: Actor,
  body: { user: string; dateFrom: string; dateTo: string },
  wait: { timeoutMs: number; pollMs: number } = { timeoutMs: REVIEW_WAIT_MS, pollMs: 250 },
) {
  const member = await deps.prisma.user.findUnique({
    where: { id: body.user },
    select: {
      id: true,
      organisationId: true,
      profile: { select: { firstName: true, lastName: true, governingBodies: true } },
    },
  });
  if (!member || !mayReviewMember(actor, member)) throw notFound("User not found", "USER_NOT_FOUND");
  if (body.dateFrom > body.dateTo) {
    throw badRequest("The start date must be on or before the end date", "RANGE_ORDER");
  }
  const entries = await repo.entriesInRange(deps.prisma, member.id, body.dateFrom, body.dateTo);
  const name = `${member.profile?.firstName ?? ""} ${member.profile?.lastName ?? ""}`.trim();
  const req: Request = {
    dateFrom: body.dateFrom,
    dateTo: body.dateTo,
    include: [
      ...COMMON_PAGE_CODES,
      ...(member.profile?.governingBodies ?? []).flatMap((g) => GOVERNING_BODY_PAGE_CODES[g] ?? []),
    ],
    title: { line1: "Annual review", line2: [...name].slice(0, PORTFOLIO.titleLineMax).join("") },
    diaryEntries: entries.filter((e) => e.type === "diary").map((e) => e.id),
    reflectiveEntries: entries.filter((e) => e.type === "reflection").map((e) => e.id),
    evidenceIds: entries.flatMap((e) => e.files.map((f) => f.id)),
    includeBranding: true,
    selectedPortfolioCover: "classic",
    background: 1,
  };
  await refuseMemberFindings(deps, member.id, [...req.diaryEntries, ...req.reflectiveEntries], {
    fileIds: req.evidenceIds,
  });
  const bucket = String(Math.floor(deps.now().getTime() / REVIEW_WINDOW_MS));
  const key = derivedId("review", actor.id, member.id, body.dateFrom, body.dateTo, bucket);
  const row = await record(deps, key, {
    userId: member.id,
    requestedById: actor.id,
    kind: "review",
    request: req,
    ...delivery(req),
    // The manager downloads it whatever its size.
    delivery: "download",
  });
  const deadline = Date.now() + wait.timeoutMs;
  for (;;) {
    const now = await repo.findById(deps.prisma, row.id);
    if (!now) throw PORTFOLIO_NOT_FOUND();
    if (now.state === "Completed" && now.storageKey) {
      const file = await deps.storage.get(now.storageKey);
      if (!file) throw PORTFOLIO_NOT_FOUND();
      return {
        body: file.body,
        size: file.contentLength ?? null,
        filename: `Annual review - ${name || "member"}.pdf`,
      };
    }
    if (now.state === "Failed") {
      throw new AppError(500, "INTERNAL_ERROR", now.failureReason ?? "The portfolio could not be made");
    }
    if (Date.now() >= deadline) {
      throw new ServiceUnavailable("The portfolio is still being prepared. Please try again in a moment.");
    }
    await new Promise((r) => setTimeout(r, wait.pollMs));
  }
}
