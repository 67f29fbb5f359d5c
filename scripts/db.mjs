#!/usr/bin/env node
// Database tasks for ./scripts/start and ./scripts/test (ADR 0001, Prisma offline).
//
//   node scripts/db.mjs migrate    create the database named in DATABASE_URL if missing,
//                                  `prisma migrate deploy`, then `prisma generate`
//   node scripts/db.mjs deploy     create the database if missing and `prisma migrate deploy` (no
//                                  generate; the container entrypoint uses it)
//   node scripts/db.mjs generate   `prisma generate` only (writes packages/server/src/generated/prisma)
//   node scripts/db.mjs seed       `tsx prisma/seed.ts` (the seed only fills an empty database)
//   node scripts/db.mjs drop       drop the database named in DATABASE_URL; refuses any name
//                                  that does not start with cpd_test_ unless given --force
//
// The Prisma CLI runs in its "js" engine mode over the pg driver (prisma.config.ts). Two stub
// variables stop it from downloading native engines it does not use in that mode; they are set
// here and nowhere else.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/cpd";
const databaseUrl = process.env.DATABASE_URL || DEFAULT_URL;

function target() {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!name) throw new Error(`DATABASE_URL has no database name: ${redact(databaseUrl)}`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  return { name, adminUrl: admin.toString() };
}

function redact(u) {
  try {
    const url = new URL(u);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(unparseable DATABASE_URL)";
  }
}

const quoteIdent = (s) => `"${s.replaceAll('"', '""')}"`;

async function withAdmin(fn) {
  const { adminUrl } = target();
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(`cannot connect to PostgreSQL at ${redact(adminUrl)}: ${err.message}`);
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function createIfMissing() {
  const { name } = target();
  await withAdmin(async (client) => {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount === 0) {
      await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
      console.log(`[db] created database ${name}`);
    } else {
      console.log(`[db] database ${name} exists`);
    }
  });
}

async function drop(force) {
  const { name } = target();
  if (!force && !name.startsWith("cpd_test_")) {
    throw new Error(`refusing to drop "${name}" (not a cpd_test_* database); pass --force to drop it anyway`);
  }
  await withAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  });
  console.log(`[db] dropped database ${name}`);
}

function run(cmd, args, extraEnv = {}) {
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: databaseUrl, ...extraEnv },
  });
  if (res.error) throw new Error(`${path.basename(cmd)} ${args.join(" ")}: ${res.error.message}`);
  if (res.status !== 0) throw new Error(`${path.basename(cmd)} ${args.join(" ")} exited with ${res.status}`);
}

function prisma(...args) {
  const cli = bin("prisma");
  if (!existsSync(cli)) throw new Error("node_modules/.bin/prisma is missing: run pnpm install first");
  // Any existing file will do: the CLI only checks that the path exists (ADR 0001).
  const stub = path.join(root, "package.json");
  run(cli, args, {
    PRISMA_SCHEMA_ENGINE_BINARY: stub,
    PRISMA_QUERY_ENGINE_LIBRARY: stub,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  });
}

function seed() {
  const file = path.join(root, "prisma", "seed.ts");
  if (!existsSync(file)) throw new Error("prisma/seed.ts is missing: nothing to seed");
  run(bin("tsx"), [file]);
}

const commands = {
  migrate: async () => {
    await createIfMissing();
    prisma("migrate", "deploy");
    prisma("generate");
  },
  deploy: async () => {
    await createIfMissing();
    prisma("migrate", "deploy");
  },
  generate: async () => prisma("generate"),
  seed: async () => seed(),
  drop: async (args) => drop(args.includes("--force")),
};

const [command, ...rest] = process.argv.slice(2);
const fn = commands[command];
if (!fn) {
  console.error(`usage: node scripts/db.mjs <${Object.keys(commands).join("|")}> [--force]`);
  process.exit(2);
}
try {
  await fn(rest);
} catch (err) {
  console.error(`[db] ${command} failed: ${err.message}`);
  process.exit(1);
}
