// An entry's evidence is the files whose entry_id names it: the one record of
// it (entries.values does not repeat it). Evidence counts as an answered item
// of the form, so changing it outside a save refreshes the entry's completeness.
import type { Prisma } from "../../generated/prisma/client.js";
import * as filesRepo from "../files/repository.js";
import { completeness, withEvidence } from "../forms/rules.js";
import { formById } from "../forms/service.js";
import * as repo from "./repository.js";

/**
 * Locks the entry row against concurrent evidence changes. FOR NO KEY UPDATE
 * does not conflict with the key-share lock a file insert takes through its
 * foreign key, so concurrent uploads to one entry queue here instead of
 * deadlocking. Lock the entry before touching its files.
 */
export async function lockEntry(tx: Prisma.TransactionClient, entryId: string) {
  return repo.lockForEvidence(tx, entryId);
}

/** Recomputes completeness from the stored answers and the entry's files, in the caller's transaction. */
export async function refreshCompleteness(tx: Prisma.TransactionClient, entryId: string) {
  const entry = await lockEntry(tx, entryId);
  if (!entry) return;
  const def = await formById(tx, entry.form_id, entry.type);
  const files = await filesRepo.evidenceIds(tx, entryId);
  const values = withEvidence(
    entry.values,
    files.map((f) => f.id),
  );
  await repo.setCompleteness(tx, entryId, completeness(def, values));
}
