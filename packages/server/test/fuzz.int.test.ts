// Property-based fuzzing of every call in the contract: inputs derived from its
// schemas (valid and hostile), sent by a signed-in organisation manager to the
// real app. Properties: no answer is a 5xx, every failure carries the envelope
// with a code from the contract's enum, and a 4xx changes nothing stored.
// FUZZ_RUNS sets the runs per call (200 in ./scripts/test; scripts/fuzz runs more).
import { api, type EndpointDef, ERROR_CODES } from "@cpd/contract";
import type { TSchema } from "@sinclair/typebox";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { arbitraryFor, type FuzzContext, hostileFor, leaves, type Mode } from "./fuzz/arbitraries.js";
import { allFormItems, formBody } from "./fuzz/form-keys.js";
import { createOrganisation, createUser, randomIp, type TestUser, useApp } from "./harness.js";

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const h = useApp();

const endpoints = Object.entries(api as Record<string, EndpointDef>);
let userTables: string[] = [];
let formKeys: string[] = [];

beforeAll(async () => {
  const { rows } = await h.deps.pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'user_id' ORDER BY table_name`,
  );
  userTables = rows.map((r) => r.table_name);
  formKeys = allFormItems();
});

interface Caller extends TestUser {
  organisationId: number;
  ownIds: string[];
}

async function newCaller(): Promise<Caller> {
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
  return { ...u, organisationId: org.id, ownIds };
}

/** Everything stored for the caller and their organisation, as one digest. */
async function fingerprint(c: Caller): Promise<string> {
  const parts = userTables.map(
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
  );
  const { rows } = await h.deps.pool.query<{ digest: string }>(
    `SELECT md5(concat_ws('|', ${parts.join(", ")})) AS digest`,
    [c.id, c.organisationId],
  );
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
    return query === undefined ? "" : `?q=${encode(String(query))}`;
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

function requestArbitrary(e: EndpointDef, ctx: FuzzContext, mode: Mode) {
  const part = (s: TSchema | undefined) => (s ? arbitraryFor(s, ctx, mode) : fc.constant(undefined));
  const raw = e.rawBody
    ? fc.record({
        bytes: fc.uint8Array({ maxLength: 2048 }),
        type: fc.constantFrom(...e.rawBody.contentTypes, "text/html", "application/x-msdownload"),
      })
    : fc.constant(undefined);
  return fc.record({ params: part(e.params), query: part(e.query), body: part(e.body), raw });
}

/** A valid request with exactly one field made hostile: it gets past every other check. */
function mutantArbitrary(e: EndpointDef, ctx: FuzzContext) {
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
      return { ...req, [spot.part]: target };
    });
}

describe("fuzzing every call from its contract schemas", () => {
  it.each(endpoints)(
    "%s: no 5xx, enum codes, and a 4xx changes nothing",
    async (_name, e) => {
      const caller = await newCaller();
      const ctx: FuzzContext = { ownIds: () => caller.ownIds, formKeys, formBody: formBody() };
      const statuses = new Map<number, number>();
      const address = randomIp();
      const messages = new Set<string>();
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            requestArbitrary(e, ctx, "valid"),
            mutantArbitrary(e, ctx),
            requestArbitrary(e, ctx, "wild"),
          ),
          async (input) => {
            const before = e.method === "GET" ? "" : await fingerprint(caller);
            const headers: Record<string, string> = { authorization: `Bearer ${caller.token}` };
            let payload: string | Buffer | undefined;
            if (input.raw) {
              headers["content-type"] = input.raw.type;
              payload = Buffer.from(input.raw.bytes);
            } else if (e.body) {
              headers["content-type"] = "application/json";
              payload = JSON.stringify(input.body ?? null);
            }
            const res = await h.app.inject({
              // Its own address per call: its rate-limit counters are not other test files'.
              remoteAddress: address,
              method: e.method,
              url: toPath(e, input.params) + toQueryString(input.query),
              headers,
              ...(payload !== undefined ? { payload } : {}),
            });
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (process.env.FUZZ_REPORT && res.statusCode >= 400) messages.add(res.json().message);
            const where = `${e.method} ${e.path} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode >= 400) {
              const body = res.json();
              expect(ERROR_CODES, where).toContain(body.code);
              expect(body.statusCode, where).toBe(res.statusCode);
              if (e.method !== "GET")
                expect(await fingerprint(caller), `${where}: stored data changed`).toBe(before);
            }
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (process.env.FUZZ_REPORT)
        console.log(
          `${e.method} ${e.path}`,
          JSON.stringify(Object.fromEntries(statuses)),
          [...messages].slice(0, 12),
        );
    },
    600_000,
  );
});
