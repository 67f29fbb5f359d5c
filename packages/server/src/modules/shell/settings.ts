// Dashboard settings: the person's choices, with what their organisation
// decides applied on top and reported as locked.
import {
  type api,
  type BodyOf,
  DashboardSettings,
  DEFAULT_DASHBOARD_SETTINGS,
  type ResponseOf,
} from "@cpd/contract";
import { Value } from "@sinclair/typebox/value";
import type { Deps } from "../../deps.js";
import type { Prisma } from "../../generated/prisma/client.js";
import { saveDashboardSettings, storedSettings, storedSettingsOf } from "./repository.js";

type Settings = BodyOf<typeof api.saveDashboardSettings>;
type Answer = ResponseOf<typeof api.getDashboardSettings>;

export const DEFAULT_SETTINGS: Settings = DEFAULT_DASHBOARD_SETTINGS;

interface OrgSettings {
  widgetReflection: boolean;
  widgetSupervision: boolean;
  allFeatures: boolean;
  logoutTimerEnabled: boolean;
}

/** Stored values of the right type over the defaults, key by key (old rows lack new keys). */
function overlay(defaults: unknown, stored: unknown): unknown {
  if (typeof defaults !== "object" || defaults === null) {
    return typeof stored === typeof defaults ? stored : defaults;
  }
  const src = (typeof stored === "object" && stored !== null ? stored : {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, overlay(v, src[k])]));
}

/** Pure: merge stored settings over defaults, then apply the organisation. */
export function effectiveSettings(stored: unknown, org: OrgSettings | null): Answer {
  const base = Value.Cast(DashboardSettings, overlay(DEFAULT_SETTINGS, stored)) as Settings;
  if (!org) return { ...base, lockedByOrganisation: [] };
  const locked = ["dashboardWidgets.reflection", "dashboardWidgets.supervision", "allFeatures"];
  if (org.logoutTimerEnabled) locked.push("logoutTimer.enabled");
  return {
    ...base,
    allFeatures: org.allFeatures,
    dashboardWidgets: {
      ...base.dashboardWidgets,
      reflection: org.widgetReflection,
      supervision: org.widgetSupervision,
    },
    logoutTimer: { enabled: org.logoutTimerEnabled || base.logoutTimer.enabled },
    lockedByOrganisation: locked,
  };
}

async function load(deps: Deps, userId: string) {
  const u = await deps.prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { dashboard: { select: { settings: true } }, organisation: true },
  });
  return u;
}

export async function getSettings(deps: Deps, userId: string): Promise<Answer> {
  const u = await load(deps, userId);
  return effectiveSettings(u.dashboard?.settings ?? DEFAULT_SETTINGS, u.organisation);
}

/** Whether saving an entry e-mails the person a receipt (emails.entryReceipt, on by default; ADR 0018). */
export async function wantsEntryReceipt(deps: Pick<Deps, "prisma">, userId: string) {
  const row = await storedSettings(deps.prisma, userId);
  return effectiveSettings(row?.settings ?? {}, null).emails.entryReceipt;
}

/** Which of `userIds` want identity-document expiry reminders (emails.documentExpiry, on by default). */
export async function wantDocumentReminders(db: Prisma.TransactionClient, userIds: string[]) {
  const stored = new Map((await storedSettingsOf(db, userIds)).map((r) => [r.userId, r.settings]));
  return new Set(
    userIds.filter((id) => effectiveSettings(stored.get(id) ?? {}, null).emails.documentExpiry !== false),
  );
}

export async function saveSettings(deps: Deps, userId: string, body: Settings): Promise<Answer> {
  // A save without documentExpiry (an older client) keeps the stored choice.
  const kept =
    body.emails.documentExpiry === undefined
      ? (await getSettings(deps, userId)).emails.documentExpiry
      : body.emails.documentExpiry;
  const settings = {
    ...body,
    emails: { ...body.emails, documentExpiry: kept },
  } as unknown as Prisma.InputJsonValue;
  await saveDashboardSettings(deps.prisma, userId, settings);
  return getSettings(deps, userId);
}
