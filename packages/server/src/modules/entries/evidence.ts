// An entry's evidence is the files whose entry_id names it: the one record of
// it (entries.values does not repeat it). Evidence counts as an answered item
// of the form, so changing it outside a save refreshes the entry's completeness.
import type { EntryType } from "@cpd/contract";
import type { Prisma } from "../../generated/prisma/client.js";
import { completeness, type Values, withEvidence } from "../forms/rules.js";
import { formById } from "../forms/service.js";

/**
 * Locks the entry row against concurrent evidence changes. FOR NO KEY UPDATE
 * does not conflict with the key-share lock a file insert takes through its
 * foreign key, so concurrent uploads to one entry queue here instead of
 * deadlocking. Lock the entry before touching its files.
 */
export async function lockEntry(tx: Prisma.TransactionClient, entryId: string) {
  const rows = await tx.$queryRaw<{ values: Values; form_id: string | null; type: EntryType }[]>`
    SELECT values, form_id, type FROM entries WHERE id = ${entryId}::uuid FOR NO KEY UPDATE`;
  return rows[0] ?? null;
}

/** Recomputes completeness from the stored answers and the entry's files, in the caller's transaction. */
export async function refreshCompleteness(tx: Prisma.TransactionClient, entryId: string) {
  const entry = await lockEntry(tx, entryId);
  if (!entry) return;
  const def = await formById(tx, entry.form_id, entry.type);
  const files = await tx.storedFile.findMany({
    where: { entryId },
    select: { id: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const values = withEvidence(
    entry.values,
    files.map((f) => f.id),
  );
  await tx.entry.update({ where: { id: entryId }, data: completeness(def, values) });
}
