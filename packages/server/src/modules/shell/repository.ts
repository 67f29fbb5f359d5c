// Every write of dashboard_settings and feature_flags (docs/decisions/0016-table-ownership.md).
import type { Prisma } from "../../generated/prisma/client.js";

type Client = Prisma.TransactionClient;

/** Stores the person's dashboard settings (creates the row of a user who had none). */
export const saveDashboardSettings = (db: Client, userId: string, settings: Prisma.InputJsonValue) =>
  db.dashboardSettings.upsert({
    where: { userId },
    update: { settings },
    create: { userId, settings },
  });

/** The stored settings of each of `userIds` who saved any (the daily job's page of users). */
export const storedSettingsOf = (db: Client, userIds: string[]) =>
  db.dashboardSettings.findMany({
    where: { userId: { in: userIds } },
    select: { userId: true, settings: true },
  });

/** The person's stored settings row, or null when they never saved any. */
export const storedSettings = (db: Client, userId: string) =>
  db.dashboardSettings.findUnique({ where: { userId }, select: { settings: true } });

/** Adds the switches not there yet (ON CONFLICT DO NOTHING): existing choices are kept. */
export const addFeatureFlags = (db: Client, flags: { name: string; enabled: boolean }[]) =>
  db.featureFlag.createMany({ data: flags, skipDuplicates: true });
