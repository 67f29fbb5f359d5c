// The HCPC audit portal (REQ-HCPC-01..03, ADR 0027): a guest wizard over one user's diary and
// reflective entries inside the date range its e-mailed link was made for.
import { randomUUID } from "node:crypto";
import { type api, gapKey, HCPC_ACCESS_REQUESTED_MESSAGE, type ResponseOf } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import type { Prisma } from "../../generated/prisma/client.js";
import { hcpcAccessJob } from "../../jobs/definitions/hcpc-access.js";
import { dateColumn, toDateColumn } from "../../lib/dates.js";
import { notFound } from "../../lib/errors.js";
import { openFile } from "../files/service.js";
import { profileFindings, refuseEntryFindings } from "../identifiers/gate.js";
import { savePersonalProfile } from "../personal-profile/repository.js";
import { type Access, resolveAccess } from "./access.js";
import { type HcpcPdfEntry, renderHcpcPdf } from "./pdf.js";
import { findGapExplanations, replaceGapExplanations } from "./repository.js";
import { checkRange, checkSelection, checkStatementWords, checkSummaryWords } from "./rules.js";

/** The entries load limit (REQ-HCPC-01): a range holding more lists its oldest 1000. */
const ENTRY_LIST_LIMIT = 1000;
const PORTAL_TYPES = ["diary", "reflection"];

const EVIDENCE_NOT_FOUND = () => notFound("Evidence not found", "EVIDENCE_NOT_FOUND");

export async function requestAccess(deps: Deps, userId: string, dateFrom: string, dateTo: string) {
  checkRange(dateFrom, dateTo);
  const requestId = randomUUID();
  await deps.queues.enqueue(
    hcpcAccessJob,
    { userId, dateFrom, dateTo, requestId },
    `hcpc-access-${requestId}`,
  );
  return { message: HCPC_ACCESS_REQUESTED_MESSAGE };
}

const access = (deps: Deps, token: string) => resolveAccess(deps.prisma, token, deps.now());

/** The link's entries: the user's diary and reflective entries dated inside its range. */
const inRange = (a: Access): Prisma.EntryWhereInput => ({
  userId: a.userId,
  type: { in: PORTAL_TYPES },
  date: { gte: toDateColumn(a.dateFrom) as Date, lte: toDateColumn(a.dateTo) as Date },
});

export async function info(deps: Deps, token: string): Promise<ResponseOf<typeof api.hcpcInfo>> {
  const a = await access(deps, token);
  const profile = await deps.prisma.profile.findUnique({
    where: { userId: a.userId },
    select: { firstName: true, lastName: true },
  });
  return {
    expiresAt: a.expiresAt.toISOString(),
    dateFrom: a.dateFrom,
    dateTo: a.dateTo,
    name: `${profile?.firstName ?? ""} ${profile?.lastName ?? ""}`.trim(),
  };
}

// The summary and statement live on the personal profile, so a new link keeps the work.
const PORTAL_TEXT = {
  hcpcSummary: true,
  hcpcStandard1: true,
  hcpcStandard2: true,
  hcpcStandard3: true,
  hcpcStandard4: true,
} as const;
type PortalText = Partial<Record<keyof typeof PORTAL_TEXT, string>>;

async function readText(deps: Deps, userId: string) {
  const row = await deps.prisma.personalProfile.findUnique({ where: { userId }, select: PORTAL_TEXT });
  return {
    summary: row?.hcpcSummary ?? "",
    standard1: row?.hcpcStandard1 ?? "",
    standard2: row?.hcpcStandard2 ?? "",
    standard3: row?.hcpcStandard3 ?? "",
    standard4: row?.hcpcStandard4 ?? "",
  };
}
const writeText = (deps: Deps, userId: string, data: PortalText) =>
  savePersonalProfile(deps.prisma, userId, data);

export async function getSummary(deps: Deps, token: string) {
  const a = await access(deps, token);
  return { summary: (await readText(deps, a.userId)).summary };
}

export async function putSummary(deps: Deps, token: string, summary: string) {
  const a = await access(deps, token);
  checkSummaryWords(summary);
  await writeText(deps, a.userId, { hcpcSummary: summary });
  return { summary };
}

export async function getStatement(deps: Deps, token: string) {
  const a = await access(deps, token);
  const { summary: _summary, ...statement } = await readText(deps, a.userId);
  return statement;
}

export async function putStatement(
  deps: Deps,
  token: string,
  s: { standard1: string; standard2: string; standard3: string; standard4: string },
) {
  const a = await access(deps, token);
  checkStatementWords([s.standard1, s.standard2, s.standard3, s.standard4]);
  await writeText(deps, a.userId, {
    hcpcStandard1: s.standard1,
    hcpcStandard2: s.standard2,
    hcpcStandard3: s.standard3,
    hcpcStandard4: s.standard4,
  });
  return { standard1: s.standard1, standard2: s.standard2, standard3: s.standard3, standard4: s.standard4 };
}

type GapExplanation = ResponseOf<typeof api.hcpcGaps>["gaps"][number];

const readGaps = async (deps: Deps, tokenHash: string): Promise<GapExplanation[]> =>
  (await findGapExplanations(deps.prisma, tokenHash)).map((g) => ({
    from: dateColumn(g.dateFrom) as string,
    to: dateColumn(g.dateTo) as string,
    explanation: g.explanation,
  }));

/** The link's gap explanations (ADR 0027). */
export async function getGaps(deps: Deps, token: string) {
  const a = await access(deps, token);
  return { gaps: await readGaps(deps, a.tokenHash) };
}

/** Replaces the link's gap explanations; a gap named twice keeps its last explanation. */
export async function putGaps(deps: Deps, token: string, gaps: GapExplanation[]) {
  const a = await access(deps, token);
  const byGap = new Map<string, GapExplanation>();
  for (const g of gaps) {
    checkRange(g.from, g.to);
    byGap.set(gapKey(g), { ...g, explanation: g.explanation.trim() });
  }
  await replaceGapExplanations(
    deps.prisma,
    a.tokenHash,
    [...byGap.values()].map((g) => ({
      dateFrom: toDateColumn(g.from) as Date,
      dateTo: toDateColumn(g.to) as Date,
      explanation: g.explanation,
    })),
  );
  return { gaps: await readGaps(deps, a.tokenHash) };
}

export async function entries(deps: Deps, token: string): Promise<ResponseOf<typeof api.hcpcEntries>> {
  const a = await access(deps, token);
  const rows = await deps.prisma.entry.findMany({
    where: inRange(a),
    orderBy: [{ date: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    take: ENTRY_LIST_LIMIT,
    select: {
      id: true,
      type: true,
      title: true,
      date: true,
      hours: true,
      tags: true,
      _count: { select: { files: true } },
    },
  });
  return {
    items: rows.map((e) => ({
      id: e.id,
      type: e.type,
      title: e.title,
      date: dateColumn(e.date),
      hours: e.hours === null ? null : Number(e.hours),
      tags: e.tags,
      evidenceCount: e._count.files,
    })),
  };
}

/** Evidence of the link's entries; `entryIds` narrows it to those entries (ids outside the range match nothing). */
export async function evidence(
  deps: Deps,
  token: string,
  entryIds: string[] | undefined,
): Promise<ResponseOf<typeof api.hcpcEvidence>> {
  const a = await access(deps, token);
  const rows = await deps.prisma.storedFile.findMany({
    where: { userId: a.userId, entry: { ...inRange(a), ...(entryIds ? { id: { in: entryIds } } : {}) } },
    orderBy: [{ entry: { date: "asc" } }, { createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      filename: true,
      contentType: true,
      size: true,
      entry: { select: { id: true, title: true } },
    },
  });
  return {
    items: rows.flatMap((f) =>
      f.entry
        ? [
            {
              id: f.id,
              name: f.filename,
              contentType: f.contentType,
              size: Number(f.size),
              entryId: f.entry.id,
              entryTitle: f.entry.title,
            },
          ]
        : [],
    ),
  };
}

/** One evidence file, only when it belongs to an entry inside the link's range. */
export async function openEvidence(deps: Deps, token: string, evidenceId: string) {
  const a = await access(deps, token);
  const found = await deps.prisma.storedFile.count({
    where: { id: evidenceId, userId: a.userId, entry: inRange(a) },
  });
  if (!found) throw EVIDENCE_NOT_FOUND();
  return openFile(deps, a.userId, evidenceId);
}

/** The selected activities as a PDF, once the selection passes the HCPC rules. */
export async function entriesPdf(
  deps: Deps,
  token: string,
  entryIds: string[],
  evidenceIds: string[] | undefined,
) {
  const a = await access(deps, token);
  const [rows, files, owner, text, explained] = await Promise.all([
    deps.prisma.entry.findMany({
      where: { ...inRange(a), id: { in: entryIds } },
      select: {
        id: true,
        type: true,
        formId: true,
        title: true,
        date: true,
        hours: true,
        category: true,
        values: true,
      },
    }),
    evidenceIds?.length
      ? deps.prisma.storedFile.findMany({
          where: { id: { in: evidenceIds }, userId: a.userId, entryId: { in: entryIds } },
          select: { id: true, filename: true, entryId: true },
        })
      : Promise.resolve([]),
    deps.prisma.profile.findUnique({
      where: { userId: a.userId },
      select: { firstName: true, lastName: true },
    }),
    readText(deps, a.userId),
    readGaps(deps, a.tokenHash),
  ]);
  const byId = new Map(rows.map((e) => [e.id, e]));
  const { gaps } = checkSelection({
    entryIds,
    evidenceIds,
    inRange: new Map(
      rows.map((e) => [e.id, { id: e.id, title: e.title, date: dateColumn(e.date) as string }]),
    ),
    evidenceEntry: new Map(files.map((f) => [f.id, f.entryId as string])),
    explanations: new Map(explained.map((g) => [gapKey(g), g.explanation])),
  });
  await refuseEntryFindings(
    deps,
    a.userId,
    entryIds.filter((id) => byId.has(id)),
    { fileIds: files.map((f) => f.id) },
    profileFindings(a.userId, {
      hcpcSummary: text.summary,
      hcpcStandards: [text.standard1, text.standard2, text.standard3, text.standard4],
    }),
  );
  const selected = entryIds
    .map((id) => byId.get(id))
    .filter((e): e is (typeof rows)[number] => !!e)
    .map(
      (e): HcpcPdfEntry => ({
        id: e.id,
        type: e.type,
        formId: e.formId,
        title: e.title,
        date: dateColumn(e.date) as string,
        hours: e.hours === null ? null : Number(e.hours),
        category: e.category,
        values: e.values as Record<string, string | string[]>,
      }),
    )
    .sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
  const titles = new Map(rows.map((e) => [e.id, e.title]));
  const evidenceOrder = new Map((evidenceIds ?? []).map((id, i) => [id, i]));
  const doc = await renderHcpcPdf(deps.prisma, {
    owner: `${owner?.firstName ?? ""} ${owner?.lastName ?? ""}`.trim(),
    dateFrom: a.dateFrom,
    dateTo: a.dateTo,
    today: deps.today(),
    summary: text.summary,
    standards: [text.standard1, text.standard2, text.standard3, text.standard4],
    entries: selected,
    gaps: gaps.map((g) => ({ from: g.from.date, to: g.to.date, explanation: g.explanation })),
    evidence: [...files]
      .sort((x, y) => (evidenceOrder.get(x.id) ?? 0) - (evidenceOrder.get(y.id) ?? 0))
      .map((f) => ({ name: f.filename, entryTitle: titles.get(f.entryId as string) ?? "" })),
  });
  return { doc, filename: `HCPC CPD audit ${a.dateFrom} to ${a.dateTo}.pdf` };
}
