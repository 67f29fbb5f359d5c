// The activity log is append-only: this is the one way in. Rows are never updated or deleted,
// except that erasing an account removes its id from them (modules/account-deletion) and so does
// undoing a registration (modules/registration).
import type { Prisma } from "../../generated/prisma/client.js";

type Client = Prisma.TransactionClient;

export interface Activity {
  /** Dotted, area first: "membership-record.created", "organisation.user-added", "impersonation.started". */
  action: string;
  /** Who acted; null for the system. */
  actorId: string | null;
  /** Whom it concerned, when a user. */
  subjectId?: string | null;
  organisationId?: number | null;
  /** What changed (field names and values, before and after); never a password, token or secret. */
  details?: Prisma.InputJsonObject;
  at?: Date;
}

/** Records one action; pass the transaction that makes the change, so both happen or neither does. */
export const recordActivity = (db: Client, a: Activity) =>
  db.activityLog.create({
    data: {
      action: a.action,
      actorId: a.actorId,
      subjectId: a.subjectId ?? null,
      organisationId: a.organisationId ?? null,
      details: a.details ?? {},
      ...(a.at ? { at: a.at } : {}),
    },
  });

/** The log keeps what happened, not whom: the user's id leaves the rows they acted in (the one
 * update the table's trigger allows). */
export const forgetActor = (db: Client, userId: string) =>
  db.activityLog.updateMany({ where: { actorId: userId }, data: { actorId: null } });

/** The same for the rows about the user. */
export const forgetSubject = (db: Client, userId: string) =>
  db.activityLog.updateMany({ where: { subjectId: userId }, data: { subjectId: null } });

/** The account that really acted: the administrator behind an impersonation, else the caller. */
export const actingAccount = (c: { id: string; impersonatedBy?: string }) => c.impersonatedBy ?? c.id;
