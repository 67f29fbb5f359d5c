// Property-based fuzzing of every call in the contract: inputs derived from its
// schemas (valid and hostile), sent by a signed-in organisation manager to the
// real app. Properties: no answer is a 5xx, every failure carries the envelope
// with a code from the contract's enum, and a 4xx changes nothing stored.
// FUZZ_RUNS sets the runs per call (200 in ./scripts/test; scripts/fuzz runs more).
import { randomInt, randomUUID } from "node:crypto";
import { validateHeaderValue } from "node:http";
import type { AddressInfo } from "node:net";
import { api, type EndpointDef, ERROR_CODES, type Regulator } from "@cpd/contract";
import type { TSchema } from "@sinclair/typebox";
import fc from "fast-check";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOidcServer } from "../../../scripts/fakes/oidc.mjs";
import { signWebhook } from "../../../scripts/fakes/payment.mjs";
import { addDays, todayInLondon } from "../src/lib/dates.js";
import { issueLinkToken, type LinkPurpose } from "../src/modules/registration/repository.js";
import { registersOf } from "../src/modules/revalidation/packs.js";
import { setOrganisationOidc } from "../src/modules/sso/provider.js";
import { coverable, openAttestation } from "./attestation-fixtures.js";
import { storedRegistration, storedSubmission } from "./factories.js";
import { arbitraryFor, type FuzzContext, hostileFor, leaves, type Mode } from "./fuzz/arbitraries.js";
import { allFormItems, formBody } from "./fuzz/form-keys.js";
import { createOrganisation, createUser, randomIp, type TestUser, useApp } from "./harness.js";

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
// Queues of its own that no worker serves: another file's worker finishing a job this file queued
// (an HCPC access e-mail writes its token) would change stored data between two fingerprints.
const h = useApp({ config: { redisPrefix: `${process.env.REDIS_PREFIX ?? "cpd_it"}_fuzz` } });

const endpoints = Object.entries(api as Record<string, EndpointDef>);
let userTables: string[] = [];
let formKeys: string[] = [];
/** An organisation signing its members on at a real OpenID provider (the local fake), for the SSO calls. */
const provider = createOidcServer();
const ssoOrg = { id: 0, key: "" };

beforeAll(async () => {
  const { rows } = await h.deps.pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'user_id' ORDER BY table_name`,
  );
  userTables = rows.map((r) => r.table_name);
  formKeys = allFormItems();

  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  h.deps.config.oidcAllowHttp = true;
  const org = await createOrganisation(h.deps);
  const registered = await oidc.dynamicClientRegistration(
    new URL(issuer),
    {
      redirect_uris: [`${h.deps.config.publicUrl}/api/auth/external-login/${org.id}/process`],
      response_types: ["code"],
      grant_types: ["authorization_code"],
    },
    undefined,
    { execute: [oidc.allowInsecureRequests] },
  );
  const { client_id, client_secret } = registered.clientMetadata();
  await setOrganisationOidc(h.deps.prisma, h.deps.config, org.id, {
    issuer,
    clientId: client_id,
    clientSecret: client_secret as string,
  });
  Object.assign(ssoOrg, { id: org.id, key: org.key });
});
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

interface Caller extends TestUser {
  organisationId: number;
  /** The caller's entries and whatever PREPARE adds (an export, the caller's own id). */
  ownIds: string[];
  /** Live link tokens of the caller's (confirmation, onboarding, change of e-mail). */
  ownTokens: string[];
}

const inject = (c: TestUser, method: "GET" | "POST", url: string, payload?: object) =>
  h.app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: `Bearer ${c.token}` },
    ...(payload ? { payload } : {}),
    remoteAddress: randomIp(),
  });
const liveLink = async (c: Caller, purpose: LinkPurpose, newEmail?: string) => {
  c.ownTokens.push(
    await issueLinkToken(h.deps.prisma, {
      userId: c.id,
      purpose,
      expiresAt: new Date(Date.now() + 3_600_000),
      ...(newEmail ? { newEmail } : {}),
    }),
  );
};
const setContact = (c: Caller, data: { mobileNumber?: string; alternativeEmail?: string }) =>
  h.deps.prisma.profile.update({ where: { userId: c.id }, data });
const mobile = () => `07912 ${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
const alternative = () => `fuzz-alt-${randomUUID()}@test.example`;

/**
 * State a call needs before random input can get past its first check: a detail to verify, a code
 * pending, a deletion to cancel, a finished export, live links. Run for each new caller of the call.
 */
const PREPARE: Record<string, (c: Caller) => Promise<unknown>> = {
  startMobileVerification: (c) => setContact(c, { mobileNumber: mobile() }),
  completeMobileVerification: async (c) => {
    await setContact(c, { mobileNumber: mobile() });
    await inject(c, "POST", "/profile/start-mobile-number-verification");
  },
  startAlternativeEmailVerification: (c) => setContact(c, { alternativeEmail: alternative() }),
  completeAlternativeEmailVerification: async (c) => {
    await setContact(c, { alternativeEmail: alternative() });
    await inject(c, "POST", "/profile/start-alternative-email-verification");
  },
  cancelScheduledDeletion: (c) =>
    h.deps.prisma.user.update({
      where: { id: c.id },
      data: { deletionScheduledFor: new Date(`${addDays(todayInLondon(), 8)}T00:00:00Z`) },
    }),
  downloadExport: async (c) => {
    const row = await h.deps.prisma.accountExport.create({ data: { userId: c.id } });
    const storageKey = `exports/${row.id}.zip`;
    await h.deps.storage.put(storageKey, Buffer.from("PK\u0005\u0006fuzz"), "application/zip");
    await h.deps.prisma.accountExport.update({
      where: { id: row.id },
      data: { state: "Completed", storageKey, size: 10, completedAt: new Date() },
    });
    c.ownIds.push(row.id);
  },
  // The customer reference is the user's id: signed events sometimes change the caller's membership.
  membershipWebhook: async (c) => c.ownIds.push(c.id),
  // Submission packs (REQ-SUBMIT-01): a registration of the caller's to request one for, and a pack to poll.
  requestSubmission: async (c) => c.ownIds.push(await storedRegistration(h, c.id)),
  submissionStatus: async (c) => c.ownIds.push(await storedSubmission(h, c.id)),
  confirmEmail: (c) => liveLink(c, "confirm-email"),
  getOnboarding: (c) => liveLink(c, "onboarding"),
  completeOnboarding: (c) => liveLink(c, "onboarding"),
  confirmEmailChange: (c) => liveLink(c, "email-change", `fuzz-moved-${randomUUID()}@test.example`),
  // Attestations (ADR 0028): a registration and a record to cover, or a request to act on.
  createAttestation: async (c) => c.ownIds.push(...Object.values(await coverable(h.deps, c.id))),
  withdrawAttestation: (c) => newAttestation(c),
  remindAttestation: (c) => newAttestation(c),
  attestationLink: (c) => newAttestation(c),
  attestationCode: (c) => newAttestation(c),
  attestationView: (c) => newAttestation(c),
  signAttestation: (c) => newAttestation(c),
  declineAttestation: (c) => newAttestation(c),
  verifyAttestation: (c) => newAttestation(c),
};

/** An open attestation request of the caller's, its ids among the caller's ids. */
async function newAttestation(c: Caller) {
  const a = await openAttestation(h.deps, c.id);
  c.ownIds.push(a.id, a.registrationId, a.recordId);
}

/** Tables a refused call changes by design: wrong verification codes are counted, and the 5th burns the code. */
const COUNTS_FAILURES: Record<string, string[]> = {
  completeMobileVerification: ["contact_verifications"],
  completeAlternativeEmailVerification: ["contact_verifications"],
  // A wrong attestation code is counted, and the fifth locks the link.
  attestationCode: ["attestations"],
};

/** Values no schema can know, put in half the time so requests get past the check they guard. */
const AIM: Record<string, (input: FuzzInput) => FuzzInput> = {
  // The local captcha passes a "fake-pass-" token once.
  register: (input) => withField(input, "body", "recaptchaToken", `fake-pass-${randomUUID()}`),
  loginSso: (input) => withField(input, "query", "referrer", ssoOrg.key),
  // Registers are the regulator's pack's (ADR 0026): random codes would all stop at that check.
  putRegistrations: (input) => {
    const items = (input.body as { items?: unknown } | undefined)?.items;
    if (!Array.isArray(items)) return input;
    return withField(
      input,
      "body",
      "items",
      items.map((it) =>
        it && typeof it === "object" && !Array.isArray(it)
          ? { ...it, registers: [registersOf((it as { regulator: Regulator }).regulator)[0]?.code ?? "own"] }
          : it,
      ),
    );
  },
};
/** How a call's credential header is made for the exact bytes sent (a signed webhook). */
const SIGNERS: Record<string, (raw: string) => Record<string, string>> = {
  membershipWebhook: (raw) => ({ "x-signature": signWebhook(raw, h.deps.config.paymentWebhookSecret ?? "") }),
};

type FuzzInput = {
  params: unknown;
  query: unknown;
  body: unknown;
  headers: unknown;
  raw: { bytes: Uint8Array; type: string } | undefined;
};
function withField(input: FuzzInput, part: "body" | "query", key: string, value: unknown): FuzzInput {
  const target = input[part];
  if (!target || typeof target !== "object" || Array.isArray(target)) return input;
  return { ...input, [part]: { ...target, [key]: value } };
}

/** Header values a client can send at all (Node refuses control characters before the server sees them). */
function sendableHeaders(headers: unknown): Record<string, string> {
  if (!headers || typeof headers !== "object" || Array.isArray(headers)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    const value = typeof v === "string" ? v : JSON.stringify(v);
    try {
      validateHeaderValue(k, value);
      out[k] = value;
    } catch {
      // not sendable over HTTP
    }
  }
  return out;
}

async function newCaller(name: string): Promise<Caller> {
  const org = await createOrganisation(h.deps);
  const u = await createUser(h.deps, {
    roles: ["User-Basic", "Organisation-Manager"],
    organisationId: org.id,
    tier: "PREMIUM",
  });
  const entry = await h.app.inject({
    method: "POST",
    url: "/api/entries/diary",
    headers: { authorization: `Bearer ${u.token}` },
    payload: {
      Field222: "Fuzz target",
      Field116: "Clinical Skills",
      Field113: "Seeded",
      DiaryDate: "2026-01-05",
    },
  });
  // A supervision record too, so the supervision calls' entry ids reach their rules (share, reset, sign-off).
  const supervision = await h.app.inject({
    method: "POST",
    url: "/api/entries/supervision",
    headers: { authorization: `Bearer ${u.token}` },
    payload: { SupervisionDate: "2026-01-05", SupervisionRole: "Supervisor", Field4: "Fuzz supervision" },
  });
  const ownIds = [entry, supervision]
    .filter((r) => r.statusCode === 200)
    .map((r) => r.json().entryId as string);
  const caller: Caller = { ...u, organisationId: org.id, ownIds, ownTokens: [] };
  await PREPARE[name]?.(caller);
  return caller;
}

/** Everything stored for the caller and their organisation (but `skip`'s tables), as one digest. */
async function fingerprint(c: Caller, skip: string[] = []): Promise<string> {
  const parts = userTables
    .filter((t) => !skip.includes(t))
    .map(
      (t) =>
        `(SELECT coalesce(string_agg(md5(x::text), ',' ORDER BY md5(x::text)), '') FROM "${t}" x WHERE x.user_id = $1)`,
    );
  parts.push(
    "(SELECT md5(x::text) FROM users x WHERE x.id = $1)",
    "(SELECT coalesce(string_agg(md5(x::text), ',' ORDER BY md5(x::text)), '') FROM calendar_events x WHERE x.organisation_id = $2)",
    "(SELECT coalesce(string_agg(md5(x::text), ',' ORDER BY md5(x::text)), '') FROM webinars x WHERE x.organisation_id = $2)",
    // Supervision rows hang off the caller's entries and shares, not a user_id of their own.
    "(SELECT coalesce(string_agg(md5(x::text), ',' ORDER BY md5(x::text)), '') FROM supervision_topics x JOIN entries e ON e.id = x.entry_id WHERE e.user_id = $1)",
    ...["supervision_comments", "supervision_signatures", "supervision_guest_sessions"].map(
      (t) =>
        `(SELECT coalesce(string_agg(md5(x::text), ',' ORDER BY md5(x::text)), '') FROM ${t} x JOIN supervision_shares s ON s.id = x.share_id WHERE s.user_id = $1)`,
    ),
    "(SELECT coalesce(string_agg(md5(x::text), ',' ORDER BY md5(x::text)), '') FROM attestation_guest_sessions x JOIN attestations a ON a.id = x.attestation_id WHERE a.user_id = $1)",
  );
  // A named statement: planning these 40-odd subqueries (about 9 ms) would otherwise cost more than
  // the call fuzzed; PostgreSQL keeps the plan per connection and statement name.
  const { rows } = await h.deps.pool.query<{ digest: string }>({
    name: `fuzz-fingerprint-${skip.join("+")}`,
    text: `SELECT md5(concat_ws('|', ${parts.join(", ")})) AS digest`,
    values: [c.id, c.organisationId],
  });
  return rows[0]?.digest ?? "";
}

/** Percent-encodes like a browser would, and lone surrogates as the WTF-8 bytes an attacker can send. */
function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s]
      .map((ch) => {
        const c = ch.charCodeAt(0);
        if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) {
          const bytes = [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
          return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join("");
        }
        return encodeURIComponent(ch);
      })
      .join("");
  }
}

function toQueryString(query: unknown): string {
  if (!query || typeof query !== "object" || Array.isArray(query)) {
    // JSON, not String(): a generated array may hold an object whose own toString is null.
    return query === undefined
      ? ""
      : `?q=${encode(typeof query === "string" ? query : JSON.stringify(query))}`;
  }
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    for (const one of Array.isArray(v) ? v : [v]) {
      pairs.push(`${encode(k)}=${encode(typeof one === "string" ? one : JSON.stringify(one))}`);
    }
  }
  return pairs.length ? `?${pairs.join("&")}` : "";
}

function toPath(e: EndpointDef, params: unknown): string {
  const values = (params && typeof params === "object" ? params : {}) as Record<string, unknown>;
  return `/api${e.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const v = values[name];
    return encode(v === undefined ? "x" : typeof v === "string" ? v : JSON.stringify(v));
  })}`;
}

function requestArbitrary(e: EndpointDef, ctx: FuzzContext, mode: Mode): fc.Arbitrary<FuzzInput> {
  const part = (s: TSchema | undefined) => (s ? arbitraryFor(s, ctx, mode) : fc.constant(undefined));
  const raw = e.rawBody
    ? fc.record({
        bytes: fc.uint8Array({ maxLength: 2048 }),
        type: fc.constantFrom(...e.rawBody.contentTypes, "text/html", "application/x-msdownload"),
      })
    : fc.constant(undefined);
  // Header parameters (a signature): mostly a real one for the bytes sent, else from the schema or none.
  const headers = e.headers
    ? fc.oneof(
        { arbitrary: fc.constant("sign"), weight: 4 },
        { arbitrary: part(e.headers), weight: 1 },
        { arbitrary: fc.constant(undefined), weight: 1 },
      )
    : fc.constant(undefined);
  return fc.record({ params: part(e.params), query: part(e.query), body: part(e.body), headers, raw });
}

/** The request with, half the time, the AIM values of its call. */
function aimed(name: string, arb: fc.Arbitrary<FuzzInput>): fc.Arbitrary<FuzzInput> {
  const aim = AIM[name];
  if (!aim) return arb;
  return fc.tuple(arb, fc.boolean()).map(([input, on]) => (on ? aim(input) : input));
}

/** A valid request with exactly one field made hostile: it gets past every other check. */
function mutantArbitrary(e: EndpointDef, ctx: FuzzContext): fc.Arbitrary<FuzzInput> {
  const spots = leaves({ params: e.params, query: e.query, body: e.body });
  if (!spots.length) return requestArbitrary(e, ctx, "wild");
  return fc
    .tuple(
      requestArbitrary(e, ctx, "valid"),
      fc.oneof(...spots.map((l) => fc.tuple(fc.constant(l), hostileFor(l.schema, ctx)))),
    )
    .map(([req, [spot, value]]) => {
      const part = (req as Record<string, unknown>)[spot.part];
      const target = part && typeof part === "object" ? { ...(part as object) } : {};
      (target as Record<string, unknown>)[spot.key] = value;
      return { ...req, [spot.part]: target } as FuzzInput;
    });
}

/**
 * One call's fuzzing session: its caller (a new one once a request ended the caller's session:
 * deleting the account, changing the address), and the checks every answer must pass.
 */
class Session {
  private spent = false;
  /** The caller's fingerprint when nothing can have changed since it was taken (see check). */
  private known: string | undefined;
  readonly statuses = new Map<number, number>();
  readonly messages = new Set<string>();
  readonly ctx: FuzzContext;
  private readonly skip: string[];

  private constructor(
    readonly name: string,
    readonly e: EndpointDef,
    private caller: Caller,
  ) {
    this.skip = COUNTS_FAILURES[name] ?? [];
    this.ctx = {
      ownIds: () => this.caller.ownIds,
      ownSerialIds: () => [this.caller.organisationId, ssoOrg.id],
      ownTokens: () => this.caller.ownTokens,
      formKeys,
      formBody: formBody(),
    };
  }

  static async start(name: string, e: EndpointDef) {
    return new Session(name, e, await newCaller(name));
  }

  /** Sends one request: never a 5xx; a refusal is the envelope with a contract code and changes nothing. */
  async check(input: FuzzInput) {
    const { e, name } = this;
    if (this.spent) {
      this.caller = await newCaller(name);
      this.spent = false;
      this.known = undefined;
    }
    // The last request's "after" is this one's "before" when it was a refusal shown to change
    // nothing: no worker serves this file's queues, so only a request changes the caller's rows.
    const before = e.method === "GET" ? "" : (this.known ?? (await fingerprint(this.caller, this.skip)));
    this.known = undefined;
    const headers: Record<string, string> = { authorization: `Bearer ${this.caller.token}` };
    let payload: string | Buffer | undefined;
    if (input.raw) {
      headers["content-type"] = input.raw.type;
      payload = Buffer.from(input.raw.bytes);
    } else if (e.body) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(input.body ?? null);
    }
    const sign = SIGNERS[name];
    if (input.headers === "sign" && sign) Object.assign(headers, sign(String(payload ?? "")));
    else Object.assign(headers, sendableHeaders(input.headers));
    const res = await h.app.inject({
      // An address per request: the per-address limits (5 a minute...) would otherwise answer
      // most runs with 429, and the counters are not other test files'.
      remoteAddress: randomIp(),
      method: e.method,
      url: toPath(e, input.params) + toQueryString(input.query),
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    this.statuses.set(res.statusCode, (this.statuses.get(res.statusCode) ?? 0) + 1);
    if (process.env.FUZZ_REPORT && res.statusCode >= 400) this.messages.add(res.json().message);
    const where = `${e.method} ${e.path} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, where).toBeLessThan(500);
    if (e.auth && res.statusCode === 401) this.spent = true;
    if (res.statusCode >= 400) {
      const body = res.json();
      expect(ERROR_CODES, where).toContain(body.code);
      expect(body.statusCode, where).toBe(res.statusCode);
      if (e.method !== "GET") {
        const after = await fingerprint(this.caller, this.skip);
        expect(after, `${where}: stored data changed`).toBe(before);
        this.known = after;
      }
    }
  }

  report() {
    if (process.env.FUZZ_REPORT)
      console.log(
        `${this.e.method} ${this.e.path}`,
        JSON.stringify(Object.fromEntries(this.statuses)),
        [...this.messages].slice(0, 12),
      );
  }
}

describe("fuzzing every call from its contract schemas", () => {
  it.each(endpoints)(
    "%s: no 5xx, enum codes, and a 4xx changes nothing",
    async (name, e) => {
      const session = await Session.start(name, e);
      const { ctx } = session;
      await fc.assert(
        fc.asyncProperty(
          aimed(
            name,
            fc.oneof(
              requestArbitrary(e, ctx, "valid"),
              mutantArbitrary(e, ctx),
              requestArbitrary(e, ctx, "wild"),
            ),
          ),
          (input) => session.check(input),
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      session.report();
    },
    600_000,
  );
});

/** The worst of what an outside sweep sends, each put into every field of a valid request. */
const SWEEP: unknown[] = [
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDC00y",
  "urn:uuid:00000000-0000-4000-8000-000000000000",
  "{00000000-0000-4000-8000-000000000000}",
  "1e308",
  1e308,
  -1e308,
  2 ** 53,
  0.5,
  null,
  "x".repeat(120_000),
  [],
  {},
  true,
];

describe("every hostile value in every field of every call", () => {
  it.each(endpoints)(
    "%s: no 5xx, enum codes, and a 4xx changes nothing",
    async (name, e) => {
      const session = await Session.start(name, e);
      // A valid request (signed, with the AIM values) to put each hostile value into.
      const [valid] = fc.sample(requestArbitrary(e, session.ctx, "valid"), { numRuns: 1, seed: 11 });
      const base = {
        ...(AIM[name]?.(valid as FuzzInput) ?? (valid as FuzzInput)),
        headers: e.headers ? "sign" : undefined,
      };
      for (const spot of leaves({ params: e.params, query: e.query, body: e.body, headers: e.headers })) {
        for (const value of SWEEP) {
          const part = base[spot.part as keyof FuzzInput];
          const target = part && typeof part === "object" ? { ...(part as object) } : {};
          (target as Record<string, unknown>)[spot.key] = value;
          await session.check({ ...base, [spot.part]: target } as FuzzInput);
        }
      }
      session.report();
    },
    600_000,
  );
});
