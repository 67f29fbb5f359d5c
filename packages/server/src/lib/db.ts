// One pg pool for the process. Prisma runs on it (writes, ordinary reads) and
// the hot read paths run typed SQL on it directly (DESIGN.md §3).
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client.js";

// DATE columns come back as the 'YYYY-MM-DD' text, not a local-midnight Date.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
// BIGINT sums (storage bytes) fit comfortably in a JS number for our sizes.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Db = PrismaClient;

export function createDb(connectionString: string, max: number) {
  const pool = new pg.Pool({ connectionString, max });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return { pool, prisma };
}
