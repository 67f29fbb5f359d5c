// The inputs an outside sweep answered with a 500 (issue 8, defect 3), each
// kept as a test: they now get a 4xx in the envelope and change nothing.
import { randomUUID } from "node:crypto";
import { api, type EndpointDef, TEXT_MAX_LENGTH, UUID_PATTERN } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { validationMessage } from "../src/lib/validation-message.js";
import { diary } from "./factories.js";
import { call, createUser, useApp } from "./harness.js";
import { signaturePng } from "./supervision-fixtures.js";

const h = useApp();

const inAWeek = (h0 = 0) => new Date(Date.now() + 7 * 86_400_000 + h0 * 3_600_000).toISOString();
const webinarBody = (over: object = {}) => ({
  webinarIdStr: `w-${randomUUID().slice(0, 8)}`,
  title: "Webinar",
  webinarDescription: "d",
  startDate: inAWeek(),
  endDate: inAWeek(1),
  ...over,
});

describe("hostile text", () => {
  it("refuses NUL bytes and lone surrogates in personal-profile and profile text, changing nothing", async () => {
    const u = await createUser(h.deps);
    const before = (await call(h.app, "GET", "/personal-profile", { token: u.token })).body;
    for (const bad of ["a\u0000b", "x\uD800", "\uDC00y"]) {
      const res = await call(h.app, "PUT", "/personal-profile", {
        token: u.token,
        body: { profession: bad, personalStatement: "ok" },
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      const profile = await call(h.app, "PUT", "/profile", {
        token: u.token,
        body: { firstName: bad, lastName: "L" },
      });
      expect(profile.status).toBe(400);
    }
    expect((await call(h.app, "GET", "/personal-profile", { token: u.token })).body).toEqual(before);
    expect((await call(h.app, "GET", "/profile", { token: u.token })).body.firstName).toBe("Test");
  });

  it("answers a long signature it accepted (answers are not held to input limits)", async () => {
    const u = await createUser(h.deps);
    // A PNG with 110 kB of trailing bytes: a ~150,000-character data URL the image check takes.
    const png = Buffer.concat([await signaturePng(), Buffer.alloc(110_000)]);
    const signature = `data:image/png;base64,${png.toString("base64")}`;
    expect(signature.length).toBeGreaterThan(TEXT_MAX_LENGTH);
    const res = await call(h.app, "PUT", "/personal-profile", { token: u.token, body: { signature } });
    expect(res.status).toBe(200);
    expect(res.body.signature).toBe(signature);
  });

  it("refuses a profile signature that is not a PNG or JPEG data URL (what sign-off can use)", async () => {
    const u = await createUser(h.deps);
    for (const signature of ["not an image", `data:image/png;base64,${"A".repeat(1_000)}`]) {
      const res = await call(h.app, "PUT", "/personal-profile", { token: u.token, body: { signature } });
      expect([res.status, res.body.code]).toEqual([400, "SIGNATURE_INVALID"]);
    }
    expect((await call(h.app, "GET", "/personal-profile", { token: u.token })).body.signature).toBeNull();
  });

  it("keeps emoji and other paired surrogates", async () => {
    const u = await createUser(h.deps);
    const res = await call(h.app, "PUT", "/personal-profile", {
      token: u.token,
      body: { profession: "Nurse 🩺" },
    });
    expect(res.status).toBe(200);
    expect(res.body.profession).toBe("Nurse 🩺");
  });
});

describe("hostile ids and numbers", () => {
  const idRoutes = Object.entries(api as Record<string, EndpointDef>).filter(([, e]) =>
    Object.values((e.params as { properties?: Record<string, { pattern?: string }> })?.properties ?? {}).some(
      (p) => p.pattern === UUID_PATTERN,
    ),
  );

  it("has id routes to check", () => {
    expect(idRoutes.length).toBeGreaterThan(15);
  });

  it.each(idRoutes)("%s answers 400 to urn:uuid: and braced ids, never 500", async (_name, e) => {
    const u = await createUser(h.deps);
    for (const id of [`urn:uuid:${randomUUID()}`, `{${randomUUID()}}`, "%00"]) {
      const url = e.path.replace(/:[A-Za-z]+/g, encodeURIComponent(id));
      const res = await call(h.app, e.method, url, {
        token: u.token,
        ...(e.body ? { body: {} } : {}),
      });
      expect(res.status, `${e.method} ${url}`).toBe(400);
      expect(res.body.statusCode).toBe(400);
    }
  });

  it("refuses page numbers of 1e308, Infinity and 2^53", async () => {
    const u = await createUser(h.deps);
    for (const page of ["1e308", "Infinity", "9007199254740993", "-1", "0", "1.5"]) {
      for (const path of [`/entries/limit/10/page/${page}`, `/file/limit/10/page/${page}`]) {
        const res = await call(h.app, "GET", path, { token: u.token });
        expect(res.status, path).toBe(400);
      }
      expect((await call(h.app, "GET", `/entries/limit/${page}/page/1`, { token: u.token })).status).toBe(
        400,
      );
    }
  });

  // Every number a path or a query takes, wherever it is: the coercing validator refuses what is not
  // an exact, finite number (lib/digits-only.ts) with the type error's message, never a 500.
  type Props = Record<string, Record<string, unknown>>;
  const numberFields = Object.entries(api as Record<string, EndpointDef>).flatMap(([name, e]) =>
    (["params", "query"] as const).flatMap((part) =>
      Object.entries((e[part] as { properties?: Props } | undefined)?.properties ?? {})
        .filter(([, p]) => p.type === "integer" || p.type === "number")
        .map(([key, p]) => ({ name, e, part, key, p })),
    ),
  );

  it("has numbers in paths and queries to check", () => {
    expect(numberFields.filter((f) => f.part === "params").length).toBeGreaterThan(3);
    expect(numberFields.filter((f) => f.part === "query").length).toBeGreaterThan(3);
  });

  it("refuses Infinity, NaN, 1e400 and 2^53 + 1 in every numeric path and query parameter", async () => {
    const u = await createUser(h.deps);
    const checked: string[] = [];
    for (const { name, e, part, key, p } of numberFields) {
      const fill = (path: string, bad: string) =>
        path.replace(/:([A-Za-z]+)/g, (_m, param: string) => {
          if (part === "params" && param === key) return encodeURIComponent(bad);
          const t = (e.params as unknown as { properties: Props }).properties[param]?.type;
          return t === "integer" || t === "number" ? "1" : randomUUID();
        });
      const expected = validationMessage(
        { instancePath: `/${key}`, keyword: "type", params: { type: p.type }, parentSchema: p },
        part === "params" ? "params" : "querystring",
      );
      const bads =
        p.type === "integer"
          ? ["Infinity", "NaN", "1e400", "9007199254740993"]
          : ["Infinity", "NaN", "1e400"];
      for (const bad of bads) {
        const url =
          part === "params" ? fill(e.path, bad) : `${fill(e.path, "")}?${key}=${encodeURIComponent(bad)}`;
        const res = await call(h.app, e.method, url, { token: u.token });
        const label = `${name} ${e.method} ${url}`;
        expect(res.status, label).toBe(400);
        // A body the call requires may be judged first (Fastify checks params, body, then query).
        if (part === "params" || !e.body) expect(res.body.message, label).toBe(expected);
        checked.push(label);
      }
    }
    expect(checked.length).toBeGreaterThan(20);
  });

  it("refuses numbers in paths and queries that are not written in digits (+value would read them)", async () => {
    const u = await createUser(h.deps);
    for (const page of [" 1", "0x1", "1e0", "1.", "+1"]) {
      const res = await call(h.app, "GET", `/entries/limit/10/page/${encodeURIComponent(page)}`, {
        token: u.token,
      });
      expect([res.status, res.body.message], JSON.stringify(page)).toEqual([
        400,
        "Page must be a whole number",
      ]);
    }
    const year = await call(h.app, "GET", "/entries/limit/10/page/1?year=0x7EA", { token: u.token });
    expect([year.status, year.body.message]).toEqual([400, "Year must be a whole number"]);
    // The same calls written in digits are answered.
    expect((await call(h.app, "GET", "/entries/limit/10/page/1", { token: u.token })).status).toBe(200);
    expect((await call(h.app, "GET", "/entries/limit/10/page/1?year=2026", { token: u.token })).status).toBe(
      200,
    );
  });

  it("answers a NUL in a webinar slug with a 4xx", async () => {
    const u = await createUser(h.deps);
    const res = await call(h.app, "POST", "/webinars/%00/register", { token: u.token });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe("explicit nulls stay null", () => {
  it("publishes an admin's webinar and event with organisationId null platform-wide (not organisation 0)", async () => {
    const admin = await createUser(h.deps, { roles: ["User-Basic", "Admin"] });
    const webinar = await call(h.app, "POST", "/webinars", {
      token: admin.token,
      body: webinarBody({ organisationId: null }),
    });
    expect(webinar.status).toBe(200);
    expect(webinar.body.organisationId).toBeNull();
    const event = await call(h.app, "POST", "/calendar/events", {
      token: admin.token,
      body: {
        title: "Null organisation",
        description: "d",
        happensAt: inAWeek(),
        endsAt: inAWeek(1),
        organisationId: null,
      },
    });
    expect(event.status).toBe(200);
    expect(event.body.organisationId).toBeNull();
  });

  it("stores hoursPerYear: null as null, and refuses the string '35' in a JSON body", async () => {
    const u = await createUser(h.deps);
    expect(
      (await call(h.app, "PUT", "/personal-profile", { token: u.token, body: { hoursPerYear: 20 } })).status,
    ).toBe(200);
    const cleared = await call(h.app, "PUT", "/personal-profile", {
      token: u.token,
      body: { hoursPerYear: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.hoursPerYear).toBeNull();
    const row = await h.deps.prisma.personalProfile.findUnique({ where: { userId: u.id } });
    expect(row?.hoursPerYear).toBeNull();
    const typed = await call(h.app, "PUT", "/personal-profile", {
      token: u.token,
      body: { hoursPerYear: "35" },
    });
    expect(typed.status).toBe(400);
  });
});

describe("duplicate submissions racing", () => {
  it("shares one entry twice at once: one 200, one 409, never a 500", async () => {
    const u = await createUser(h.deps);
    const entryId = await diary(h, u);
    const card = {
      title: "Sepsis six",
      description: "A module.",
      category: "Clinical Education",
      websiteUrl: "https://learning.example.org/sepsis",
    };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(h.app, "POST", `/shared-cpd?entryId=${entryId}`, { token: u.token, body: card }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.statusCode).toBe(409);
  });

  it("creates one webinar slug twice at once: one 200, the rest 409", async () => {
    const admin = await createUser(h.deps, { roles: ["User-Basic", "Admin"] });
    const body = webinarBody();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(h.app, "POST", "/webinars", { token: admin.token, body })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
  });
});

describe("limits", () => {
  it("answers the 11th login a minute with 429 and code TOO_MANY_REQUESTS", async () => {
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const email = `nobody-${randomUUID()}@test.example`;
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 11; i++) {
      last = await call(h.app, "POST", "/auth/login", { body: { email, password: "wrong-password" }, ip });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(last?.body).toMatchObject({ statusCode: 429, code: "TOO_MANY_REQUESTS" });
  });
});

describe("content types", () => {
  it("answers a text body on a JSON call 415 naming application/json, and stores nothing", async () => {
    const u = await createUser(h.deps);
    const before = await h.deps.prisma.entry.count({ where: { userId: u.id } });
    const res = await call(h.app, "POST", "/entries/diary", {
      token: u.token,
      payload: '{"Field222":"As text"}',
      headers: { "content-type": "text/plain" },
    });
    expect([res.status, res.body.code, res.body.message]).toEqual([
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "Unsupported content type: send the body as application/json",
    ]);
    expect(await h.deps.prisma.entry.count({ where: { userId: u.id } })).toBe(before);
  });

  it("says a list sent where an object belongs must be an object", async () => {
    const u = await createUser(h.deps);
    const res = await call(h.app, "POST", "/entries/diary", { token: u.token, body: [] });
    expect([res.status, res.body.message]).toEqual([400, "The request body must be an object"]);
  });
});
