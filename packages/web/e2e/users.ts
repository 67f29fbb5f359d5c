// Each browser test makes its own users, straight in the database of the API under test (there is
// no registration API yet): DATABASE_URL is that database (./scripts/test exports it). Passwords
// are hashed as the server hashes them (argon2id, OWASP parameters; packages/server/src/lib/crypto.ts).
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { ADMIN_ROLES, FEATURE_NAMES, HCPC, ROLES } from "@cpd/contract";
import { hash } from "@node-rs/argon2";
import { type APIRequestContext, expect } from "@playwright/test";
import pg from "pg";

export const PASSWORD = "Password123!";

/** The features only organisations switch on (server modules/shell/feature-defaults.ts): the Organisation ones. */
const ORGANISATION_FEATURES = FEATURE_NAMES.filter((f) => f.startsWith("Organisation"));

export interface UserOptions {
  /** PREMIUM by default; BASIC is a free member (with `trialDaysLeft`, one on a trial). */
  tier?: "BASIC" | "PREMIUM" | "CORPORATE";
  /** A trial that ends this many days from today (BASIC members only). */
  trialDaysLeft?: number;
  admin?: boolean;
  manager?: boolean;
  /** Further roles (a finer admin role alone, say). */
  roles?: string[];
  organisationId?: number;
  firstName?: string;
  lastName?: string;
  governingBodies?: string[];
  /** Professional details (personal profile) to start with. */
  profession?: string;
  /** An alternative e-mail address on the profile (unverified). */
  alternativeEmail?: string;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

let passwordHash: Promise<string> | undefined;

async function withDb<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL must name the API's database (./scripts/test exports it)");
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query("BEGIN");
    const result = await work(db);
    await db.query("COMMIT");
    return result;
  } catch (e) {
    await db.query("ROLLBACK").catch(() => undefined);
    throw e;
  } finally {
    await db.end();
  }
}

const londonToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
const plusDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A user of the test's own, with a unique e-mail; logs in with PASSWORD. */
export async function createUser(o: UserOptions = {}): Promise<TestUser> {
  passwordHash ??= hash(PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const id = randomUUID();
  const email = `e2e-${id}@test.example`;
  const tier = o.tier ?? "PREMIUM";
  const firstName = o.firstName ?? "Robin";
  const lastName = o.lastName ?? `Tester ${id.slice(0, 6)}`;
  const roles: string[] = [
    ROLES.userBasic,
    ...(o.manager ? [ROLES.organisationManager] : []),
    ...(o.admin ? ADMIN_ROLES : []),
    ...(o.roles ?? []),
  ];
  const today = londonToday();
  await withDb(async (db) => {
    await db.query(
      "INSERT INTO users (id, email, organisation_id, email_confirmed_at) VALUES ($1, $2, $3, now())",
      [id, email, o.organisationId ?? null],
    );
    await db.query("INSERT INTO credentials (user_id, password_hash) VALUES ($1, $2)", [
      id,
      await passwordHash,
    ]);
    for (const role of roles)
      await db.query("INSERT INTO user_roles (user_id, role) VALUES ($1, $2)", [id, role]);
    await db.query(
      "INSERT INTO profiles (user_id, first_name, last_name, governing_bodies, alternative_email) VALUES ($1, $2, $3, $4, $5)",
      [id, firstName, lastName, o.governingBodies ?? ["HCPC"], o.alternativeEmail ?? null],
    );
    const active = tier !== "BASIC";
    await db.query(
      `INSERT INTO memberships (user_id, tier, active, member_since, auto_renew, cancellable, membership_source)
       VALUES ($1, $2, $3, $4, $5, $5, $6)`,
      [
        id,
        tier,
        active,
        active ? today : null,
        tier === "PREMIUM",
        tier === "PREMIUM" ? "Direct Debit" : tier === "CORPORATE" ? "Organisation" : null,
      ],
    );
    if (o.profession) {
      await db.query("INSERT INTO personal_profiles (user_id, profession) VALUES ($1, $2)", [
        id,
        o.profession,
      ]);
    }
    if (o.trialDaysLeft !== undefined) {
      await db.query("INSERT INTO trials (user_id, start_date, end_date) VALUES ($1, $2, $3)", [
        id,
        today,
        plusDays(today, o.trialDaysLeft),
      ]);
    }
  });
  return { id, email, password: PASSWORD, firstName, lastName };
}

/** An organisation of the test's own, with every organisation feature switched on. */
export async function createOrganisation(name = "E2E Health Trust"): Promise<{ id: number; name: string }> {
  const key = `e2e-${randomUUID().slice(0, 8)}`;
  return withDb(async (db) => {
    const features = Object.fromEntries(ORGANISATION_FEATURES.map((f) => [f, true]));
    const res = await db.query<{ id: number }>(
      "INSERT INTO organisations (key, name, features) VALUES ($1, $2, $3) RETURNING id",
      [key, `${name} ${key}`, JSON.stringify(features)],
    );
    return { id: res.rows[0]?.id as number, name: `${name} ${key}` };
  });
}

/** A session token for API set-up (the browser logs in through the form). */
export async function apiToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/**
 * An HCPC audit portal link of the user's for the range, as the access job makes one
 * (server modules/hcpc-portal/access.ts): a random base64url token, stored only as its SHA-256
 * (hex); it works for HCPC.accessDays days. Answers the token (the link is /hcpc-portal/access/<token>).
 */
export async function createHcpcAccess(userId: string, dateFrom: string, dateTo: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await withDb((db) =>
    db.query(
      "INSERT INTO hcpc_access (token_hash, user_id, date_from, date_to, expires_at) VALUES ($1, $2, $3, $4, $5)",
      [
        createHash("sha256").update(token).digest("hex"),
        userId,
        dateFrom,
        dateTo,
        new Date(Date.now() + HCPC.accessDays * 86_400_000),
      ],
    ),
  );
  return token;
}
