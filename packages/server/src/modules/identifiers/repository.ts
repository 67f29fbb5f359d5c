// Data access of the identifier gates (ADR 0029): they write nothing; they read the types of the
// entries a refusal names, so the SPA can open each one.
import type { Db } from "../../lib/db.js";

export const entryTypes = (db: Db, userId: string, ids: readonly string[]) =>
  db.entry.findMany({ where: { userId, id: { in: [...ids] } }, select: { id: true, type: true } });
