// Builds the renderer's input from a stored request: everything is loaded by id here, in the
// worker, and entries are read in batches as the renderer asks for them (bounded memory).
import {
  CLINICAL_SKILLS_PAGE_CODES,
  type EntryType,
  GOVERNING_BODY_PAGE_CODES,
  HCPC_STANDARDS,
  PAGE_TITLES,
} from "@cpd/contract";
import type { Config } from "../../config.js";
import { HttpClinicalSkillsConnector } from "../../connectors/clinical-skills/connector.js";
import { dateColumn } from "../../lib/dates.js";
import type { Db } from "../../lib/db.js";
import type { Storage } from "../../lib/storage.js";
import { tokenBox } from "../clinical-skills/service.js";
import { answeredSections } from "../forms/answers.js";
import type { FormDef } from "../forms/definitions.js";
import type { Values } from "../forms/rules.js";
import { formById } from "../forms/service.js";
import { frontPageLogo, LOGO_SELECT } from "../organisations/logos.js";
import type {
  PortfolioDocument,
  PortfolioEntry,
  PortfolioInfographic,
  PortfolioProfilePage,
} from "./render/types.js";
import type { Request } from "./rules.js";
import { standardsForPage } from "./standards/index.js";

const BATCH = 50;
const RASTER = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

const loader = (storage: Storage, key: string) => async () => {
  const bytes = await storage.getBytes(key);
  if (!bytes) throw new Error("stored file missing");
  return bytes;
};

async function* entries(db: Db, storage: Storage, userId: string, ids: string[], evidenceIds: Set<string>) {
  const forms = new Map<string, FormDef>();
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const rows = await db.entry.findMany({
      where: { userId, id: { in: batch } },
      include: {
        files: {
          select: { id: true, filename: true, contentType: true, size: true, storageKey: true },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        },
      },
    });
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of batch) {
      const e = byId.get(id);
      if (!e) continue; // deleted since the request: the portfolio goes on without it
      const formKey = `${e.type}:${e.formId ?? ""}`;
      let form = forms.get(formKey);
      if (!form) {
        form = await formById(db, e.formId, e.type as EntryType);
        forms.set(formKey, form);
      }
      const entry: PortfolioEntry = {
        id: e.id,
        type: e.type as PortfolioEntry["type"],
        title: e.title,
        date: dateColumn(e.date),
        hours: e.hours === null ? null : Number(e.hours),
        category: e.category,
        sections: answeredSections(form, e.values as Values),
        tags: e.tags,
        evidence: e.files
          .filter((f) => evidenceIds.has(f.id))
          .map((f) => ({
            id: f.id,
            name: f.filename,
            contentType: f.contentType,
            size: Number(f.size),
            ...(RASTER.has(f.contentType) ? { load: loader(storage, f.storageKey) } : {}),
          })),
      };
      yield entry;
    }
  }
}

/** How many of the selected entries record each standard. */
const standardCounts = (db: Db, userId: string, ids: string[]) =>
  db.$queryRawUnsafe<{ name: string; count: number }[]>(
    `SELECT s AS name, count(*)::int AS count
       FROM entries, unnest(standards) s WHERE user_id = $1::uuid AND id = ANY($2::uuid[])
      GROUP BY s ORDER BY s LIMIT 40`,
    userId,
    ids,
  );

/** Hours by month, by category and entries per standard over the selected entries: SQL aggregates. */
async function infographic(
  db: Db,
  userId: string,
  ids: string[],
  from: string,
  to: string,
): Promise<PortfolioInfographic> {
  const [months, categories, standards, totals] = await Promise.all([
    db.$queryRawUnsafe<{ month: string; hours: number }[]>(
      `SELECT to_char(m, 'YYYY-MM') AS month, coalesce(sum(e.hours), 0)::float8 AS hours
         FROM generate_series(date_trunc('month', $2::date), date_trunc('month', $3::date), interval '1 month') m
         LEFT JOIN entries e ON e.user_id = $1::uuid AND e.id = ANY($4::uuid[]) AND date_trunc('month', e.date) = m
        GROUP BY m ORDER BY m`,
      userId,
      from,
      to,
      ids,
    ),
    db.$queryRawUnsafe<{ name: string; hours: number }[]>(
      `SELECT coalesce(category, 'Uncategorised') AS name, coalesce(sum(hours), 0)::float8 AS hours
         FROM entries WHERE user_id = $1::uuid AND id = ANY($2::uuid[])
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 12`,
      userId,
      ids,
    ),
    standardCounts(db, userId, ids),
    db.$queryRawUnsafe<{ hours: number; diary: number; reflection: number }[]>(
      `SELECT coalesce(sum(hours), 0)::float8 AS hours,
              count(*) FILTER (WHERE type = 'diary')::int AS diary,
              count(*) FILTER (WHERE type = 'reflection')::int AS reflection
         FROM entries WHERE user_id = $1::uuid AND id = ANY($2::uuid[])`,
      userId,
      ids,
    ),
  ]);
  const t = totals[0] ?? { hours: 0, diary: 0, reflection: 0 };
  return {
    hoursByMonth: months,
    categories,
    standards,
    totalHours: t.hours,
    diaryCount: t.diary,
    reflectionCount: t.reflection,
  };
}

const text = (heading: string, value: string | null | undefined) => ({
  heading,
  text: value?.trim() || "Not provided",
});

/**
 * A governing body's page (docs/decisions/0025-governing-body-pages.md): its published standards
 * from the data file, where they are published, and for the standards entries record, how many
 * selected entries evidence each.
 */
function standardsPage(code: string, counts: Map<string, number>): PortfolioProfilePage {
  const set = standardsForPage(code);
  const page: PortfolioProfilePage = { code, title: PAGE_TITLES[code] ?? code };
  if (!set) return page; // every governing-body code has a set (checked when the data loads)
  page.source = {
    publisher: set.publisher,
    publication: set.publication,
    url: set.source,
    effective: set.effective,
  };
  page.rows = set.items.map((item) => ({
    label: `${set.itemLabel} ${item.ref}`,
    value: item.recordedAs ? `${item.title}\n${entriesText(counts.get(item.recordedAs) ?? 0)}` : item.title,
  }));
  return page;
}

const entriesText = (n: number) => `${n} selected ${n === 1 ? "entry" : "entries"}`;

/**
 * The linked Clinical Skills account's counters: a list (CLINICAL_SKILLS_TEXTUAL) or a bar chart
 * (CLINICAL_SKILLS_GRAPHICAL); a page that says why when they cannot be read.
 */
async function clinicalSkillsPages(db: Db, config: Config, userId: string, codes: string[]) {
  const link = await db.clinicalSkillsLink.findUnique({ where: { userId } });
  let rows: { label: string; value: string }[];
  let chart: PortfolioProfilePage["chart"];
  if (!link || !config.clinicalSkills) {
    rows = [{ label: "Clinical Skills", value: "No Clinical Skills account is linked" }];
  } else {
    try {
      const token = tokenBox(config).open(link.tokenEncrypted);
      const s = await new HttpClinicalSkillsConnector(
        config.clinicalSkills.url,
        config.clinicalSkills.apiKey,
      ).statistics(token);
      rows = [
        { label: "Linked account", value: link.email },
        { label: "Skills logged in the past 7 days", value: String(s.past7DaysSkills) },
        { label: "Skills logged in the past 30 days", value: String(s.past30DaysSkills) },
        { label: "Shifts logged in the past 7 days", value: String(s.past7DaysShifts) },
        { label: "Shifts logged in the past 30 days", value: String(s.past30DaysShifts) },
      ];
      chart = {
        title: `Skills and shifts logged (${link.email})`,
        bars: [
          { label: "Skills, past 7 days", value: s.past7DaysSkills },
          { label: "Skills, past 30 days", value: s.past30DaysSkills },
          { label: "Shifts, past 7 days", value: s.past7DaysShifts },
          { label: "Shifts, past 30 days", value: s.past30DaysShifts },
        ],
      };
    } catch {
      rows = [
        {
          label: "Clinical Skills",
          value: "The Clinical Skills service could not be reached when this portfolio was made",
        },
      ];
    }
  }
  return codes.map(
    (code): PortfolioProfilePage =>
      code === "CLINICAL_SKILLS_GRAPHICAL" && chart
        ? { code, title: PAGE_TITLES[code] ?? code, chart }
        : { code, title: PAGE_TITLES[code] ?? code, rows },
  );
}

export async function loadPortfolio(
  db: Db,
  storage: Storage,
  config: Config,
  row: { userId: string; request: unknown },
  today: string,
): Promise<PortfolioDocument> {
  const req = row.request as Request;
  const user = await db.user.findUniqueOrThrow({
    where: { id: row.userId },
    select: {
      email: true,
      profile: true,
      personal: true,
      organisation: { select: { name: true, colourHex: true, ...LOGO_SELECT } },
    },
  });
  const ids = [...req.diaryEntries, ...req.reflectiveEntries];
  const include = new Set(req.include);
  const graph = include.has("CPD_INFOGRAPHIC")
    ? await infographic(db, row.userId, ids, req.dateFrom, req.dateTo)
    : null;
  const p = user.personal;
  const profile = user.profile;
  const name = `${profile?.firstName ?? ""} ${profile?.lastName ?? ""}`.trim() || user.email;
  const pages: PortfolioProfilePage[] = [];
  if (include.has("PROFESSIONAL_INFORMATION")) {
    pages.push({
      code: "PROFESSIONAL_INFORMATION",
      title: PAGE_TITLES.PROFESSIONAL_INFORMATION ?? "Professional information",
      rows: [
        { label: "Name", value: name },
        { label: "Job title", value: profile?.jobTitle || "Not provided" },
        { label: "Profession", value: p?.profession || "Not provided" },
        { label: "Employer", value: p?.employer || "Not provided" },
        { label: "Registration number", value: p?.registrationNumber || "Not provided" },
        { label: "Governing bodies", value: profile?.governingBodies.join(", ") || "None" },
        { label: "Qualifications", value: p?.qualifications || "Not provided" },
        { label: "Interests", value: p?.interests.join(", ") || "None" },
      ],
    });
  }
  const textPage = (code: string, value: string | null | undefined) => {
    if (include.has(code))
      pages.push({
        code,
        title: PAGE_TITLES[code] ?? code,
        sections: [text(PAGE_TITLES[code] ?? code, value)],
      });
  };
  textPage("SUMMARY_OF_WORK", p?.summaryOfWork);
  textPage("JOB_DESCRIPTION", p?.jobDescription);
  textPage("PERSONAL_STATEMENT", p?.personalStatement);
  if (include.has("PROFILE_PICTURE")) {
    pages.push({
      code: "PROFILE_PICTURE",
      title: PAGE_TITLES.PROFILE_PICTURE ?? "Profile picture",
      image: profile?.imageKey ? await loader(storage, profile.imageKey)().catch(() => null) : null,
    });
  }
  // The other governing-body pages: that body's standards and how many selected entries meet each.
  const bodyPages = Object.values(GOVERNING_BODY_PAGE_CODES)
    .flat()
    .filter((c) => include.has(c));
  const standards = graph?.standards ?? (bodyPages.length ? await standardCounts(db, row.userId, ids) : []);
  const counts = new Map(standards.map((s) => [s.name, s.count]));
  if (include.has("SUMMARY_OF_WORK_EFI")) {
    pages.push({
      ...standardsPage("SUMMARY_OF_WORK_EFI", counts),
      sections: [text(PAGE_TITLES.SUMMARY_OF_WORK ?? "Summary of work", p?.summaryOfWork)],
    });
  }
  if (include.has("HCPC_PROFILE")) {
    const hcpcAnswers = [p?.hcpcStandard1, p?.hcpcStandard2, p?.hcpcStandard3, p?.hcpcStandard4];
    pages.push({
      ...standardsPage("HCPC_PROFILE", counts),
      sections: [
        text("Summary of practice", p?.hcpcSummary),
        ...HCPC_STANDARDS.map((st, i) => text(st.text, hcpcAnswers[i])),
      ],
    });
  }
  for (const code of bodyPages) {
    if (code !== "HCPC_PROFILE" && code !== "SUMMARY_OF_WORK_EFI") pages.push(standardsPage(code, counts));
  }
  const skills = CLINICAL_SKILLS_PAGE_CODES.filter((c) => include.has(c));
  if (skills.length) pages.push(...(await clinicalSkillsPages(db, config, row.userId, skills)));
  return {
    owner: { name },
    title: req.title,
    background: req.background,
    cover: req.selectedPortfolioCover,
    branding:
      req.includeBranding && user.organisation
        ? {
            name: user.organisation.name,
            colourHex: user.organisation.colourHex,
            logo: await frontPageLogo(storage, user.organisation),
          }
        : null,
    range: { from: req.dateFrom, to: req.dateTo },
    include: req.include,
    profilePages: pages,
    infographic: graph,
    entryCount: ids.length,
    entries: entries(db, storage, row.userId, ids, new Set(req.evidenceIds)),
    generatedOn: today,
  };
}
