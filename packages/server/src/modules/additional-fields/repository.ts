// Every write of additional_field_values, members' answers to their organisation's additional
// fields (docs/decisions/0016-table-ownership.md).
import type { AdditionalFieldValue } from "@cpd/contract";
import type { Prisma } from "../../generated/prisma/client.js";
import type { Db } from "../../lib/db.js";

type Client = Prisma.TransactionClient;

/** Removes the organisation's members' answers to fields it no longer asks; answers the count. */
export const dropAnswersNotAsked = (db: Client, organisationId: number, fieldIds: string[]) =>
  db.additionalFieldValue.deleteMany({ where: { user: { organisationId }, fieldId: { notIn: fieldIds } } });

/** Replaces all the member's answers, in one transaction. */
export const replaceAnswers = (db: Db, userId: string, values: AdditionalFieldValue[]) =>
  db.$transaction([
    db.additionalFieldValue.deleteMany({ where: { userId } }),
    db.additionalFieldValue.createMany({
      data: values.map((v) => ({ userId, fieldId: v.fieldId, value: v.value })),
    }),
  ]);
