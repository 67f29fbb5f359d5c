// Form definitions as the user sees them: the stored version, with the user's
// categories (their organisation's, or the standard list) and standards.
import type { api, EntryType, ResponseOf, Reviewee } from "@cpd/contract";
import type { Static } from "@sinclair/typebox";
import type { Deps } from "../../deps.js";
import type { Prisma } from "../../generated/prisma/client.js";
import { notFound } from "../../lib/errors.js";
import { getSettings } from "../shell/settings.js";
import {
  ACTIVITY_TYPES,
  CURRENT_FORMS,
  type FormDef,
  STANDARD_CATEGORIES,
  standardsFor,
  withEntryOptions,
} from "./definitions.js";
import { formJsonSchema } from "./json-schema.js";
import * as repo from "./repository.js";
import { type Options, type Values, withEvidence } from "./rules.js";

type Form = ResponseOf<typeof api.diaryForm>;

const ids = new Map<EntryType, Promise<string>>();

/** The row id of the current version of a form, stored on first use. */
export function currentFormId(deps: Pick<Deps, "prisma">, identifier: EntryType): Promise<string> {
  let id = ids.get(identifier);
  if (!id) {
    const def = CURRENT_FORMS[identifier];
    id = repo.saveVersion(deps.prisma, identifier, def.version, def as unknown as Prisma.InputJsonValue);
    id.catch(() => ids.delete(identifier));
    ids.set(identifier, id);
  }
  return id;
}

/** The form version an entry was written with; `db` may be a transaction's client. */
export async function formById(
  db: Prisma.TransactionClient,
  formId: string | null,
  identifier: EntryType,
): Promise<FormDef> {
  if (!formId) return CURRENT_FORMS[identifier];
  const row = await repo.findById(db, formId);
  return row ? (row.definition as unknown as FormDef) : CURRENT_FORMS[identifier];
}

/** Options that depend on the user: organisation categories and governing-body standards. */
export async function formOptions(deps: Deps, userId: string): Promise<Options> {
  const u = await deps.prisma.user.findUnique({
    where: { id: userId },
    select: {
      profile: { select: { governingBodies: true } },
      organisation: { select: { categories: true, arrangedIn: true, tags: true } },
    },
  });
  if (!u) throw notFound();
  const { entriesSettings } = await getSettings(deps, userId);
  const orgCategories = u.organisation?.categories ?? [];
  const orgActivities = u.organisation?.arrangedIn ?? [];
  return {
    sourced: {
      categories: orgCategories.length ? orgCategories : STANDARD_CATEGORIES,
      activityTypes: orgActivities.length ? orgActivities : ACTIVITY_TYPES,
      standards: standardsFor(u.profile?.governingBodies ?? []),
    },
    suggestedTags: u.organisation?.tags ?? [],
    today: deps.today(),
    entryOptions: { showKSF: entriesSettings.showKSF, showACP: entriesSettings.showACP },
  };
}

function renderForm(
  version: FormDef,
  opts: Options,
  entry?: {
    id: string;
    values: Values;
    tags: string[];
    editable: boolean;
    files: { id: string; filename: string; contentType: string }[];
  },
): Form {
  const def = withEntryOptions(version, opts.entryOptions);
  return {
    identifier: def.identifier,
    version: def.version,
    entryId: entry?.id ?? null,
    guest: false,
    shared: false,
    reviewee: null,
    tags: entry?.tags ?? [],
    suggestedTags: opts.suggestedTags ?? [],
    files: (entry?.files ?? []).map((f) => ({ ...f, url: `/api/file/${f.id}` })),
    editable: entry?.editable ?? true,
    identifierResolutions: [],
    pages: def.pages.map((p) => ({
      title: p.title,
      repeater: false,
      repeaterType: null,
      requiresActivation: p.requiresActivation ?? false,
      activatedBy: p.activatedBy ?? null,
      subPages: [],
      items: p.items.map(({ source, ...item }) => ({
        ...item,
        ...(source ? { values: opts.sourced[source] } : {}),
        value: entry?.values[item.identifier] ?? null,
        disabled: entry ? !entry.editable : false,
      })),
    })),
  };
}

export async function getForm(deps: Deps, userId: string, identifier: EntryType) {
  await currentFormId(deps, identifier);
  return renderForm(CURRENT_FORMS[identifier], await formOptions(deps, userId));
}

/** The JSON Schema of a new entry's body, with this user's options (categories, standards). */
export async function getFormSchema(deps: Deps, userId: string, identifier: EntryType) {
  return formJsonSchema(CURRENT_FORMS[identifier], await formOptions(deps, userId));
}

/**
 * Reads a supervision record's current share as the form shows it. The supervision module owns
 * shares and depends on this one, so the caller passes it in
 * (docs/decisions/0015-module-boundaries-and-jobs.md).
 */
type RevieweeLoader = (
  db: Prisma.TransactionClient,
  entryId: string,
  now: Date,
) => Promise<Static<typeof Reviewee> | null>;

export async function getEntryForm(deps: Deps, userId: string, entryId: string, reviewee: RevieweeLoader) {
  return entryFormOf(deps, userId, entryId, reviewee);
}

/**
 * An entry's form with its answers. A supervision record also shows its current share
 * (reviewee, topics, comments, signatures) and is read-only once signed. `view` renders it
 * through a share: evidence by the share's URLs (less `hiddenFiles`), and for the reviewee every
 * item disabled.
 */
export async function entryFormOf(
  deps: Deps,
  userId: string,
  entryId: string,
  revieweeForEntry: RevieweeLoader,
  view?: { guest: boolean; fileUrl: (fileId: string) => string; hiddenFiles?: ReadonlySet<string> },
) {
  const entry = await deps.prisma.entry.findFirst({
    where: { id: entryId, userId },
    include: {
      files: {
        select: { id: true, filename: true, contentType: true },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      },
      identifierResolutions: { select: { textHash: true }, orderBy: { resolvedAt: "asc" } },
    },
  });
  if (!entry) throw notFound("Entry not found", "ENTRY_NOT_FOUND");
  // Evidence the share's reviewee is not shown (ADR 0031): neither listed nor named.
  if (view?.hiddenFiles?.size) entry.files = entry.files.filter((f) => !view.hiddenFiles?.has(f.id));
  const def = await formById(deps.prisma, entry.formId, entry.type as EntryType);
  const reviewee =
    entry.type === "supervision" ? await revieweeForEntry(deps.prisma, entry.id, deps.now()) : null;
  const form = renderForm(def, await formOptions(deps, userId), {
    id: entry.id,
    // The evidence item shows the entry's files (files.entry_id is the one record of it).
    values: withEvidence(
      entry.values as Values,
      entry.files.map((f) => f.id),
    ),
    tags: entry.tags,
    editable: !view?.guest && !entry.supervisionCompleted && !entry.supervisionLocked,
    files: entry.files,
  });
  return {
    ...form,
    guest: view?.guest ?? false,
    shared: reviewee !== null,
    reviewee,
    files: view ? form.files.map((f) => ({ ...f, url: view.fileUrl(f.id) })) : form.files,
    // The writer's own resolutions (REQ-IDENT-03); a guest reads the record, not its history.
    identifierResolutions: view?.guest ? [] : entry.identifierResolutions.map((r) => r.textHash),
  };
}
