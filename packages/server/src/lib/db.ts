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

/**
 * The read replica's pool (ADR 0032): a short connect timeout, so a replica that is down or hung
 * costs a reader about a second before the read goes to the primary; its errors are logged by the
 * router, never thrown from an idle client.
 */
export function createReplicaDb(connectionString: string, max: number) {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 1_000 });
  pool.on("error", () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return { pool, prisma };
}

// Replication positions, for the read router (lib/read-db.ts): server state, not table reads.
/** The primary's current WAL position ("16/B374D848"). */
export async function walPosition(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
  return rows[0]?.lsn ?? "0/0";
}

/** How far a standby has replayed; null when the server is not a standby. */
export async function replayPosition(pool: pg.Pool): Promise<string | null> {
  const { rows } = await pool.query<{ lsn: string | null }>("SELECT pg_last_wal_replay_lsn()::text AS lsn");
  return rows[0]?.lsn ?? null;
}

/** Whether a standby has replayed up to `lsn`. */
export async function replayedPast(pool: pg.Pool, lsn: string): Promise<boolean> {
  const { rows } = await pool.query<{ ok: boolean | null }>({
    text: "SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok",
    values: [lsn],
  });
  return rows[0]?.ok === true;
}

/** The server answers. */
export async function ping(pool: pg.Pool) {
  await pool.query("SELECT 1");
}
