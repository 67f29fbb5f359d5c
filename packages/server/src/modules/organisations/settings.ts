// An organisation's settings and its lists (tags, categories, arranged in): what members'
// profiles and forms take from their organisation. Every change is logged with before/after.

import { normaliseConfirmers, type OrganisationSettings } from "@cpd/contract";
import type { Static } from "@sinclair/typebox";
import type { Deps } from "../../deps.js";
import { dateColumn, toDateColumn } from "../../lib/dates.js";
import { badRequest, notFound } from "../../lib/errors.js";
import type { Caller } from "../../policies/index.js";
import { actingAccount, recordActivity } from "../activity-log/repository.js";
import { findOrganisation, updateOrganisation, updateOrganisationSelect } from "./repository.js";

type Settings = Static<typeof OrganisationSettings>;
const missing = () => notFound("Organisation not found", "ORGANISATION_NOT_FOUND");

const SETTINGS_SELECT = {
  cpdHours: true,
  startDate: true,
  reportInterval: true,
  widgetReflection: true,
  widgetSupervision: true,
  allFeatures: true,
  logoutTimerEnabled: true,
  requiredRegulator: true,
  appointedConfirmers: true,
} as const;

type SettingsRow = {
  cpdHours: { toNumber(): number } | null;
  startDate: Date | null;
  reportInterval: number | null;
  widgetReflection: boolean;
  widgetSupervision: boolean;
  allFeatures: boolean;
  logoutTimerEnabled: boolean;
  requiredRegulator: string | null;
  appointedConfirmers: string[];
};

const toSettings = (o: SettingsRow): Settings => ({
  cpdHours: o.cpdHours === null ? null : o.cpdHours.toNumber(),
  startDate: dateColumn(o.startDate),
  reportInterval: o.reportInterval,
  dashboardWidgets: { reflection: o.widgetReflection, supervision: o.widgetSupervision },
  allFeatures: o.allFeatures,
  logoutTimer: { enabled: o.logoutTimerEnabled },
  requiredRegulator: o.requiredRegulator as Settings["requiredRegulator"],
  appointedConfirmers: o.appointedConfirmers,
});

export async function getSettings(deps: Deps, organisationId: number): Promise<Settings> {
  const o = await findOrganisation(deps.prisma, organisationId, SETTINGS_SELECT);
  if (!o) throw missing();
  return toSettings(o);
}

/** The confirmers the organisation appoints, lower-cased (REQ-ATTEST-09); 404 for no such organisation. */
export async function appointedConfirmers(deps: Deps, organisationId: number): Promise<string[]> {
  const o = await findOrganisation(deps.prisma, organisationId, { appointedConfirmers: true });
  if (!o) throw missing();
  return o.appointedConfirmers;
}

/** The fields of two settings that differ, as { field: [before, after] }. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const out: Record<string, [unknown, unknown]> = {};
  for (const k of Object.keys(after)) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k]))
      out[k] = [before[k] ?? null, after[k] ?? null];
  }
  return out;
}

export async function putSettings(deps: Deps, caller: Caller, organisationId: number, s: Settings) {
  return deps.prisma.$transaction(async (tx) => {
    const before = await findOrganisation(tx, organisationId, SETTINGS_SELECT);
    if (!before) throw missing();
    const after = await updateOrganisationSelect(
      tx,
      organisationId,
      {
        cpdHours: s.cpdHours,
        startDate: toDateColumn(s.startDate),
        reportInterval: s.reportInterval,
        widgetReflection: s.dashboardWidgets.reflection,
        widgetSupervision: s.dashboardWidgets.supervision,
        allFeatures: s.allFeatures,
        logoutTimerEnabled: s.logoutTimer.enabled,
        // Left out: unchanged (older clients send no requirement).
        ...(s.requiredRegulator === undefined ? {} : { requiredRegulator: s.requiredRegulator }),
        // Lower-cased so the managers' read matches them to attesters ignoring case (REQ-ATTEST-09).
        ...(s.appointedConfirmers === undefined
          ? {}
          : { appointedConfirmers: normaliseConfirmers(s.appointedConfirmers) }),
      },
      SETTINGS_SELECT,
    );
    const result = toSettings(after);
    const changed = changes(toSettings(before), result);
    if (Object.keys(changed).length) {
      await recordActivity(tx, {
        action: "organisation.settings-changed",
        actorId: actingAccount(caller),
        organisationId,
        details: { changed } as never,
      });
    }
    return result;
  });
}

const LISTS = { tags: "tags", categories: "categories", "arranged-in": "arrangedIn" } as const;
export type ListName = keyof typeof LISTS;
const LIST_SELECT = { tags: true, categories: true, arrangedIn: true } as const;

export async function getList(deps: Deps, organisationId: number, list: ListName) {
  const column = LISTS[list];
  const o = await findOrganisation(deps.prisma, organisationId, LIST_SELECT);
  if (!o) throw missing();
  return { tags: o[column] };
}

/** Trimmed items, none empty, none repeated ignoring case; the order is the manager's. */
function cleanList(items: string[]): string[] {
  const seen = new Set<string>();
  return items.map((raw) => {
    const item = raw.trim();
    if (!item) throw badRequest("A list item cannot be empty", "VALIDATION_ERROR");
    const key = item.toLocaleLowerCase("en-GB");
    if (seen.has(key)) throw badRequest(`"${item}" is in the list twice`, "DUPLICATE_ITEM");
    seen.add(key);
    return item;
  });
}

export async function putList(
  deps: Deps,
  caller: Caller,
  organisationId: number,
  list: ListName,
  items: string[],
) {
  const clean = cleanList(items);
  const column = LISTS[list];
  return deps.prisma.$transaction(async (tx) => {
    const before = await findOrganisation(tx, organisationId, LIST_SELECT);
    if (!before) throw missing();
    const old = before[column];
    await updateOrganisation(tx, organisationId, { [column]: clean });
    const added = clean.filter((i) => !old.includes(i));
    const removed = old.filter((i) => !clean.includes(i));
    if (added.length || removed.length) {
      await recordActivity(tx, {
        action: "organisation.list-changed",
        actorId: actingAccount(caller),
        organisationId,
        details: { list, added, removed },
      });
    }
    return { tags: clean };
  });
}
