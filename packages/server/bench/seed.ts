// The benchmark database (cpd_bench, never cpd or cpd_test_*): created and
// migrated with scripts/db.mjs, then seeded in one transaction with set-based
// SQL: 100 premium users, 200,000 entries (user 1 has every 100th, 2,000 in
// all, interleaved with the others' as in a live table), some evidence files
// and shared entries. A complete seed of this VERSION is reused as it is.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ROLES } from "@cpd/contract";
import pg from "pg";
import { TokenService } from "../src/lib/tokens.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const USERS = 100;
// BENCH_ENTRIES seeds fewer (a multiple of 100) where a run must be short: the scale smoke in
// ./scripts/test (about 80 s for the full seed on two busy cores).
export const ENTRIES = Number(process.env.BENCH_ENTRIES || 200_000);
export const HEAVY_ENTRIES = ENTRIES / 100;
const VERSION = "bench seed v5"; // in profiles.job_title: bump it to reseed

/** The words of titles and descriptions; earlier words are more frequent. */
const WORDS = `safeguarding infection control medication audit leadership reflection webinar conference
dementia wound care falls prevention nutrition hydration pressure ulcer diabetes insulin asthma inhaler
sepsis resuscitation anaphylaxis consent capacity documentation handover communication teamwork delegation
supervision mentoring appraisal revalidation competence skills simulation workshop lecture journal article
research evidence guideline policy protocol pathway quality improvement patient safety incident reporting
learning culture wellbeing resilience burnout stress mindfulness equality diversity inclusion ethics law
confidentiality data protection governance risk assessment escalation deterioration observations vital
signs frailty palliative end life bereavement grief mental health anxiety depression psychosis crisis
substance misuse alcohol smoking cessation obesity exercise cardiology stroke rehabilitation physiotherapy
occupational therapy radiography paramedic pharmacy prescribing antibiotics stewardship vaccination
immunisation screening cancer oncology chemotherapy haematology renal dialysis respiratory ventilation
oxygen airway paediatrics neonatal maternity midwifery breastfeeding child protection domestic abuse
modern slavery prevent radicalisation manual handling fire evacuation basic life support moving
positioning catheter continence stoma tracheostomy venepuncture cannulation phlebotomy ecg interpretation`
  .split(/\s+/)
  .filter(Boolean);
const CATEGORIES = [
  "Clinical practice",
  "Education",
  "Leadership",
  "Research",
  "Professional development",
  "Mandatory training",
  "Reflection",
  "Supervision",
];
const TAGS = Array.from({ length: 20 }, (_, i) => `tag-${String(i + 1).padStart(2, "0")}`);

/** The benchmark's database (DATABASE_URL, default cpd_bench): any name but cpd_bench* is refused. */
export const BENCH_DATABASE_URL =
  process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/cpd_bench";
if (!new URL(BENCH_DATABASE_URL).pathname.startsWith("/cpd_bench"))
  throw new Error(`refusing to benchmark on ${BENCH_DATABASE_URL}: use a cpd_bench database`);
process.env.DATABASE_URL = BENCH_DATABASE_URL; // for loadConfig and the server children

export const userId = (n: number) => `md5('bench-user-' || ${n})::uuid`;

const SEED_SQL = `
INSERT INTO users (id, email, created_at, email_confirmed_at)
SELECT md5('bench-user-' || n)::uuid, format('bench-%s@bench.invalid', n), now() - interval '4 years', now() - interval '4 years'
  FROM generate_series(1, ${USERS}) n;
INSERT INTO profiles (user_id, first_name, last_name, job_title, governing_bodies)
SELECT id, 'Bench', email, '${VERSION}', '{HCPC,NMC}' FROM users;
INSERT INTO memberships (user_id, tier, active, member_since) SELECT id, 'PREMIUM', true, current_date - 400 FROM users;
INSERT INTO user_roles (user_id, role) SELECT id, '${ROLES.userBasic}' FROM users;

-- Already checked for patient identifiers (ADR 0029, 0031): the words hold no digits nor addresses,
-- so unresolved_findings is 0 (not null: the entry-findings sweep would re-scan them all) and the
-- files' text_check is done with no findings (not null: the sweep would queue them to be read, and
-- a pending one would stop the portfolio and export benches).
INSERT INTO entries (id, user_id, type, title, date, hours, category, description, tags, completeness,
                     completeness_percentage, supervision_completed, search_text, created_at,
                     unresolved_findings)
SELECT id, user_id, type, title, date, hours, category, description, tags, completeness,
       (4 - completeness) / 3.0, type = 'supervision' AND r > 0.96, lower(title || ' ' || description),
       date + make_interval(secs => r * 86400), 0
  FROM (SELECT md5('bench-entry-' || i)::uuid AS id,
               md5('bench-user-' || CASE WHEN i % 100 = 0 THEN 1 ELSE 2 + i % ${USERS - 1} END)::uuid AS user_id,
               r, CASE WHEN r < 0.8 THEN 'diary' WHEN r < 0.92 THEN 'reflection' ELSE 'supervision' END AS type,
               initcap((SELECT string_agg($1[1 + floor(power(random(), 1.5) * cardinality($1))::int], ' ')
                          FROM generate_series(0, 2 + (n * 10)::int % 4))) AS title,
               (SELECT string_agg($1[1 + floor(power(random(), 1.5) * cardinality($1))::int], ' ')
                  FROM generate_series(0, 10 + (n * 100)::int % 25)) AS description,
               current_date - floor(random() * 1095)::int AS date,
               round((0.25 + random() * 7.75)::numeric, 2) AS hours,
               $2[1 + floor(random() * cardinality($2))::int] AS category,
               coalesce((SELECT array_agg(DISTINCT $3[1 + floor(random() * cardinality($3))::int])
                           FROM generate_series(1, (n * 1000)::int % 4)), '{}') AS tags,
               1 + floor(random() * 3)::int AS completeness
          FROM (SELECT i, random() AS r, random() AS n FROM generate_series(1, ${ENTRIES}) i) g) t;

INSERT INTO files (id, user_id, storage_key, filename, content_type, size, entry_id, created_at,
                   text_check, identifier_findings)
SELECT md5('bench-file-' || id)::uuid, user_id, 'bench/' || id, 'evidence.pdf', 'application/pdf', 123456, id, created_at,
       'done', '{"findings": [], "total": 0, "identifiers": 0}'::jsonb
  FROM entries WHERE random() < 0.05;
INSERT INTO shared_cpd (id, entry_id, user_id, title, description, category, website_url, created_at)
SELECT md5('bench-share-' || id)::uuid, id, user_id, title, description, category, 'https://example.org', created_at
  FROM entries WHERE random() < 0.01;`;

async function complete(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query(
    `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM entries)::int AS entries,
            (SELECT count(*) FROM entries WHERE user_id = ${userId(1)})::int AS heavy,
            (SELECT job_title FROM profiles WHERE user_id = ${userId(1)}) AS version`,
  );
  const r = rows[0];
  return r.users === USERS && r.entries === ENTRIES && r.heavy === HEAVY_ENTRIES && r.version === VERSION;
}

/** Creates, migrates and seeds cpd_bench unless it is already complete. */
export async function ensureBenchDatabase(): Promise<string> {
  const url = BENCH_DATABASE_URL;
  // `deploy` (not `migrate`): it applies the migrations without regenerating
  // the Prisma client in src/generated, which others may be working on. The scale bench's pack
  // (scripts/bench/scale --pack) has no Prisma CLI: its run.sh applies them and says so.
  if (process.env.BENCH_MIGRATED !== "1") {
    const res = spawnSync("node", ["scripts/db.mjs", "deploy"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
    });
    if (res.status !== 0) throw new Error(`migrating ${url} failed:\n${res.stdout}${res.stderr}`);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (await complete(client)) {
      console.log(`cpd_bench: seeded already (${ENTRIES} entries over 100 users)`);
    } else {
      const t0 = Date.now();
      await client.query("BEGIN");
      await client.query("TRUNCATE users, entries, files, shared_cpd CASCADE");
      await client.query("SELECT setseed(0.42)");
      // A multi-statement text cannot take parameters: bind the word lists once.
      await client.query("CREATE TEMP TABLE bench_words (w text[], c text[], t text[]) ON COMMIT DROP");
      await client.query("INSERT INTO bench_words VALUES ($1, $2, $3)", [WORDS, CATEGORIES, TAGS]);
      await client.query(
        SEED_SQL.replaceAll("$1", "(SELECT w FROM bench_words)")
          .replaceAll("$2", "(SELECT c FROM bench_words)")
          .replaceAll("$3", "(SELECT t FROM bench_words)"),
      );
      await client.query("COMMIT");
      await client.query("VACUUM ANALYZE");
      console.log(
        `cpd_bench: seeded ${ENTRIES} entries over 100 users in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
    }
    const { rows } = await client.query(`SELECT ${userId(1)} AS id`);
    return rows[0].id as string;
  } finally {
    await client.end();
  }
}

/** A session token for a seeded user, issued the way the login does. */
export const tokenFor = (id: string, secret: string) => new TokenService(secret).issue({ sub: id, tv: 0 });
