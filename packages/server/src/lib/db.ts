// One pg pool for the process. Prisma runs on it (writes, ordinary reads) and
// the hot read paths run typed SQL on it directly (ADR 0002).
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { type Prisma, PrismaClient } from "../generated/prisma/client.js";

// DATE columns come back as the 'YYYY-MM-DD' text, not a local-midnight Date.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
// BIGINT sums (storage bytes) fit comfortably in a JS number for our sizes.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Db = PrismaClient;

/** What a repository function that may run inside a transaction takes: the client or a transaction's. */
export type Client = Prisma.TransactionClient;

/**
 * `acquireTimeoutMs` bounds the wait for a free connection, for plain queries
 * (pg's connectionTimeoutMillis) and for transactions (Prisma's maxWait) alike:
 * a full pool then fails fast, and the error handler answers 503 with Retry-After.
 */
export function createDb(connectionString: string, max: number, acquireTimeoutMs = 3000) {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: acquireTimeoutMs });
  const prisma = new PrismaClient({
    adapter: new PrismaPg(pool),
    transactionOptions: { maxWait: acquireTimeoutMs, timeout: 15_000 },
  });
  return { pool, prisma };
}
