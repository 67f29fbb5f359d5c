// Every query of the forms module: the stored versions of the form definitions.
import type { EntryType } from "@cpd/contract";
import type { Prisma } from "../../generated/prisma/client.js";

type Client = Prisma.TransactionClient;

/** Stores a form version once (a second call finds it) and answers its row id. */
export const saveVersion = (
  db: Client,
  identifier: EntryType,
  version: number,
  definition: Prisma.InputJsonValue,
) =>
  db.formDefinition
    .upsert({
      where: { identifier_version: { identifier, version } },
      update: {},
      create: { identifier, version, definition },
      select: { id: true },
    })
    .then((r) => r.id);

export const findById = (db: Client, id: string) => db.formDefinition.findUnique({ where: { id } });
