#!/usr/bin/env node
// Who touches the database (docs/decisions/0016-table-ownership.md, ARCHITECTURE.md):
//   - a query run outside a repository file (modules/<m>/repository.ts or modules/<m>/repository/*.ts)
//     is "direct database use": reads are held at a baseline (scripts/budgets/db-access-baseline),
//     writes must be 0;
//   - a repository writes only the tables its module owns (scripts/budgets/table-owners.json).
// A query is a call on a Prisma model delegate (`x.entry.findMany(`), `$queryRaw`/`$executeRaw`
// (and their Unsafe forms) or a pg `query(` call; a write is a delegate's create/update/upsert/delete
// family or SQL INSERT INTO / UPDATE … SET / DELETE FROM. Tests, generated code and lib/db.ts (the
// client itself) are not counted.
//
// usage: node scripts/budgets/db-access.mjs [--list]   (prints the counts; --list every place)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const src = path.join(root, "packages/server/src");

const WRITE_METHODS = [
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
  "delete",
  "deleteMany",
];

/** The owners map: model -> module, and table (its @@map name) -> model. */
function loadOwners() {
  const owners = JSON.parse(readFileSync(path.join(here, "table-owners.json"), "utf8"));
  const modelOwner = new Map();
  for (const [module, models] of Object.entries(owners)) {
    if (module.startsWith("//") || !Array.isArray(models)) continue;
    for (const m of models) modelOwner.set(m, module);
  }
  const schema = readFileSync(path.join(root, "prisma/schema.prisma"), "utf8");
  const tableModel = new Map();
  for (const block of schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    const table = /@@map\("([^"]+)"\)/.exec(block[2])?.[1] ?? block[1];
    tableModel.set(table, block[1]);
  }
  return { modelOwner, tableModel };
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === "generated" || entry.name === "node_modules") continue;
      yield* sourceFiles(full);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      yield full;
    }
  }
}

/** `modules/<m>/repository.ts` or `modules/<m>/repository/<x>.ts`: the module name, else null. */
function repositoryModule(rel) {
  const m = /^modules\/([^/]+)\/repository(\.ts|\/[^/]+\.ts)$/.exec(rel);
  return m ? m[1] : null;
}

const lineOf = (text, index) => text.slice(0, index).split("\n").length;
const delegateOf = (model) => model[0].toLowerCase() + model.slice(1);

/** `dir`: the server's src folder (a fixture folder in the self-check). */
export function measureDbAccess(dir = src) {
  const { modelOwner, tableModel } = loadOwners();
  const delegates = new Map([...modelOwner.keys()].map((m) => [delegateOf(m), m]));
  const delegateCall = new RegExp(
    `\\.\\s*(${[...delegates.keys()].join("|")})\\s*\\.\\s*(\\w+)\\s*(?:<[^>(]*>)?\\s*\\(`,
    "g",
  );
  const rawCall = /\.\s*(\$queryRaw(?:Unsafe)?|\$executeRaw(?:Unsafe)?|query)\s*(?:<[^>(]*>)?\s*[(`]/g;
  const sqlWrite =
    /\b(?:INSERT\s+INTO|DELETE\s+FROM|UPDATE)\s+"?(\w+)"?(?:\s+AS\s+\w+)?\s+(?:SET\b|\(|VALUES|SELECT|WHERE|USING|$)/gm;

  const reads = [];
  const writes = [];
  const crossWrites = [];
  for (const file of sourceFiles(dir)) {
    const rel = path.relative(dir, file).split(path.sep).join("/");
    if (rel === "lib/db.ts") continue;
    const text = readFileSync(file, "utf8");
    const owner = repositoryModule(rel);
    const place = (i, what) => `packages/server/src/${rel}:${lineOf(text, i)} ${what}`;
    const writtenModels = [];
    for (const m of text.matchAll(delegateCall)) {
      const model = delegates.get(m[1]);
      const isWrite = WRITE_METHODS.includes(m[2]);
      if (isWrite) writtenModels.push({ model, at: place(m.index, `${m[1]}.${m[2]}`) });
      else if (!owner) reads.push(place(m.index, `${m[1]}.${m[2]}`));
    }
    for (const m of text.matchAll(sqlWrite)) {
      const model = tableModel.get(m[1]);
      if (model) writtenModels.push({ model, at: place(m.index, m[0].replace(/\s+/g, " ").trim()) });
    }
    if (!owner) {
      for (const m of text.matchAll(rawCall)) {
        // A raw call that writes is already counted by its SQL text.
        const sqlAfter = text.slice(m.index, m.index + 600);
        if (!/\b(INSERT\s+INTO|DELETE\s+FROM|UPDATE\s+"?\w+"?\s+SET)\b/.test(sqlAfter))
          reads.push(place(m.index, m[1]));
      }
      for (const w of writtenModels) writes.push(w.at);
    } else {
      for (const w of writtenModels) {
        if (modelOwner.get(w.model) !== owner)
          crossWrites.push(`${w.at} (${w.model} is owned by ${modelOwner.get(w.model)})`);
      }
    }
  }
  return { reads, writes, crossWrites };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { reads, writes, crossWrites } = measureDbAccess();
  const list = process.argv.includes("--list");
  console.log(`writes outside repositories: ${writes.length}`);
  if (list || writes.length) for (const w of writes) console.log(`  ${w}`);
  console.log(`repositories writing another module's table: ${crossWrites.length}`);
  if (list || crossWrites.length) for (const w of crossWrites) console.log(`  ${w}`);
  console.log(`reads outside repositories: ${reads.length}`);
  if (list) for (const r of reads) console.log(`  ${r}`);
}
