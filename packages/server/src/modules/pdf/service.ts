import type { EntryType } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { dateColumn } from "../../lib/dates.js";
import { ENTRY_NOT_FOUND } from "../entries/service.js";
import { ALL_ENTRY_OPTIONS, withEntryOptions } from "../forms/definitions.js";
import { type Values, withEvidence } from "../forms/rules.js";
import { formById } from "../forms/service.js";
import { renderEntryPdf, type SupervisionSection } from "./entry-pdf.js";

/**
 * Loads the supervision part of an entry's PDF. The supervision module owns it and depends on this
 * one, so the caller passes it in (docs/decisions/0015-module-boundaries-and-jobs.md).
 */
type SupervisionSectionLoader = (deps: Deps, entryId: string) => Promise<SupervisionSection | null>;

export async function entryPdf(
  deps: Deps,
  userId: string,
  entryId: string,
  supervisionSection: SupervisionSectionLoader,
  /** Evidence left out (a supervision share's reviewee is not shown it: ADR 0031). */
  hiddenFiles?: ReadonlySet<string>,
) {
  const entry = await deps.prisma.entry.findFirst({
    where: { id: entryId, userId },
    include: {
      files: { select: { id: true, filename: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
      user: { select: { profile: { select: { firstName: true, lastName: true } } } },
    },
  });
  if (!entry) throw ENTRY_NOT_FOUND();
  if (hiddenFiles?.size) entry.files = entry.files.filter((f) => !hiddenFiles.has(f.id));
  const form = await formById(deps.prisma, entry.formId, entry.type as EntryType);
  const supervision = entry.type === "supervision" ? await supervisionSection(deps, entry.id) : null;
  const doc = renderEntryPdf({
    type: entry.type,
    title: entry.title,
    date: dateColumn(entry.date),
    hours: entry.hours === null ? null : Number(entry.hours),
    category: entry.category,
    values: withEvidence(
      entry.values as Values,
      entry.files.map((f) => f.id),
    ),
    tags: entry.tags,
    evidence: entry.files,
    owner: `${entry.user.profile?.firstName ?? ""} ${entry.user.profile?.lastName ?? ""}`.trim(),
    // A saved KSF or ACP answer prints whatever the setting is now (ADR 0019).
    form: withEntryOptions(form, ALL_ENTRY_OPTIONS),
    today: deps.today(),
    supervision,
  });
  const slug =
    (entry.title || entry.type)
      .replace(/[^A-Za-z0-9 _-]+/g, "")
      .trim()
      .slice(0, 60) || "entry";
  return { doc, filename: `${slug}.pdf` };
}
