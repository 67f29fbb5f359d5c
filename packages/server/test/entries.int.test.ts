import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { addMonths, todayInLondon } from "../src/lib/dates.js";
import { call, createOrganisation, createUser, type TestUser, useApp } from "./harness.js";

const h = useApp();

const diary = (over: Record<string, unknown> = {}) => ({
  Field222: "Sepsis recognition update",
  DiaryDate: "2026-10-14",
  DiaryHours: "1.5",
  ActivityType: "Formal and educational",
  Field116: "Clinical Skills",
  Field113: "Trust study day on recognising deterioration",
  ...over,
});
const save = (u: TestUser, type: string, body: object) =>
  call(h.app, "POST", `/entries/${type}`, { token: u.token, body });

describe("forms", () => {
  it("answer the three forms with the user's standards and categories", async () => {
    const u = await createUser(h.deps);
    for (const type of ["diary", "reflection", "supervision"]) {
      const res = await call(h.app, "GET", `/form/${type}`, { token: u.token });
      expect(res.status).toBe(200);
      expect(res.body.identifier).toBe(type);
      expect(res.body.pages.length).toBeGreaterThan(0);
    }
    const form = (await call(h.app, "GET", "/form/diary", { token: u.token })).body;
    const items = form.pages.flatMap((p: { items: { identifier: string }[] }) => p.items);
    const byId = (id: string) => items.find((i: { identifier: string }) => i.identifier === id);
    expect(byId("Field222")).toMatchObject({ type: 1, required: true });
    expect(byId("GoverningBodyStandards").values.every((v: string) => v.startsWith("HCPC"))).toBe(true);
    expect(byId("Field116").values).toContain("Clinical Skills");
  });

  it("use the organisation's categories for its members", async () => {
    const org = await h.deps.prisma.organisation.create({
      data: { key: `cat-${Date.now()}`, name: "Cat Trust", categories: ["Ward skills", "Governance"] },
    });
    const u = await createUser(h.deps, { tier: "CORPORATE", organisationId: org.id });
    const form = (await call(h.app, "GET", "/form/diary", { token: u.token })).body;
    const cat = form.pages[0].items.find((i: { identifier: string }) => i.identifier === "Field116");
    expect(cat.values).toEqual(["Ward skills", "Governance"]);
    expect((await save(u, "diary", diary())).body.message).toBe(
      '"Clinical Skills" is not an option of the Category field',
    );
    expect((await save(u, "diary", diary({ Field116: "Governance" }))).status).toBe(200);
  });

  it("answer an entry's own form with its values, and 404 for another user's entry", async () => {
    const u = await createUser(h.deps);
    const other = await createUser(h.deps);
    const { entryId } = (await save(u, "diary", diary())).body;
    const form = (await call(h.app, "GET", `/form/entry/${entryId}`, { token: u.token })).body;
    expect(form.entryId).toBe(entryId);
    expect(form.pages[0].items[0].value).toBe("Sepsis recognition update");
    expect((await call(h.app, "GET", `/form/entry/${entryId}`, { token: other.token })).status).toBe(404);
    expect((await call(h.app, "GET", "/form/entry/not-a-uuid", { token: u.token })).status).toBe(400);
  });
});

describe("GET form/schema/{identifier}", () => {
  it("describes the body the server takes: a saved body conforms, an unknown key is refused by both", async () => {
    const u = await createUser(h.deps);
    const res = await call(h.app, "GET", "/form/schema/diary", { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.required).toEqual(["Field222", "DiaryDate", "DiaryHours", "ActivityType", "Field116"]);
    expect(res.body.properties.DiaryDate).toMatchObject({ type: "string", format: "date" });
    expect(res.body.properties.Field116.enum).toContain("Clinical Skills");
    const ajv = new Ajv({ strict: false });
    addFormats.default(ajv);
    const check = ajv.compile(res.body);
    expect(check(diary())).toBe(true);
    expect((await save(u, "diary", diary())).status).toBe(200);
    const extra = diary({ NoSuchField: "x" });
    expect(check(extra)).toBe(false);
    const refused = await save(u, "diary", extra);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      400,
      "UNKNOWN_FIELD",
      "Unknown field for the diary form: NoSuchField",
    ]);
    const hours = diary({ DiaryHours: 2 });
    expect(check(hours)).toBe(false);
    expect((await save(u, "diary", hours)).status).toBe(400);
    expect((await call(h.app, "GET", "/form/schema/nope", { token: u.token })).status).toBe(400);
  });
});

describe("POST entries/{identifier} and entries/{id}/update", () => {
  it("creates and updates an entry, keeping the answers and the derived columns", async () => {
    const u = await createUser(h.deps);
    const created = await save(
      u,
      "diary",
      diary({ GoverningBodyStandards: ["HCPC 1: Keep a continuous, up-to-date and accurate record"] }),
    );
    expect(created.status).toBe(200);
    const { entryId } = created.body;
    const upd = await call(h.app, "POST", `/entries/${entryId}/update`, {
      token: u.token,
      body: diary({ Field222: "Sepsis six", DiaryHours: "2.25" }),
    });
    // No patient identifier in this entry: none found, none counted (REQ-IDENT-02).
    expect(upd.body).toEqual({ entryId, identifierFindings: [], unresolvedFindings: 0 });
    const list = (await call(h.app, "GET", "/entries/limit/10/page/1", { token: u.token })).body;
    expect(list.items[0]).toMatchObject({
      id: entryId,
      title: "Sepsis six",
      hours: 2.25,
      date: "2026-10-14",
      category: "Clinical Skills",
      type: "diary",
    });
  });

  it("refuses a missing required item with the required message and saves nothing", async () => {
    const u = await createUser(h.deps);
    const res = await save(u, "diary", diary({ Field222: "" }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The Title field is not provided");
    const refl = await save(u, "reflection", { ReflectionDate: "2026-10-01", Field113: "What happened" });
    expect(refl.body.message).toBe("The Title field is not provided");
    expect((await call(h.app, "GET", "/entries/limit/10/page/1", { token: u.token })).body.total).toBe(0);
  });

  it("accepts a supervision record without a title", async () => {
    const u = await createUser(h.deps);
    const res = await save(u, "supervision", {
      SupervisionDate: "2026-09-01",
      SupervisionRole: "Supervisee",
    });
    expect(res.status).toBe(200);
  });

  it("refuses a reminder date in the past and unknown entry types", async () => {
    const u = await createUser(h.deps);
    const past = await save(u, "diary", diary({ DiaryReminderDate: "2020-01-01" }));
    expect(past.status).toBe(400);
    expect(past.body.message).toBe("The reminder date cannot be in the past");
    expect(
      (await save(u, "diary", diary({ DiaryReminderDate: addMonths(todayInLondon(), 12) }))).status,
    ).toBe(200);
    expect((await save(u, "holiday", diary())).status).toBe(400);
    expect((await save(u, "diary", { Field222: "x".repeat(20_001) })).status).toBe(400);
  });

  it("computes completeness on save", async () => {
    const u = await createUser(h.deps);
    await save(u, "diary", diary({ Field219: "https://sepsis.example.org" }));
    const row = (await call(h.app, "GET", "/entries/limit/10/page/1", { token: u.token })).body.items[0];
    expect(row.completeness).toBe(2);
    expect(row.completenessPercentage).toBeGreaterThan(0.5);
    expect(row.completenessPercentage).toBeLessThan(1);
  });

  it("answers the completeness percentage only to users with FormPercentages", async () => {
    const org = await createOrganisation(h.deps, { features: { FormPercentages: false } });
    const users = {
      premium: await createUser(h.deps),
      switchedOff: await createUser(h.deps, { tier: "CORPORATE", organisationId: org.id }),
      basic: await createUser(h.deps, { tier: "BASIC" }),
    };
    const percentages: Record<string, unknown> = {};
    for (const [who, u] of Object.entries(users)) {
      expect((await save(u, "diary", diary())).status).toBe(200);
      const list = await call(h.app, "GET", "/entries/limit/10/page/1", { token: u.token });
      expect(list.status).toBe(200);
      percentages[who] = list.body.items[0].completenessPercentage;
    }
    expect(percentages).toEqual({ premium: expect.any(Number), switchedOff: null, basic: null });
  });

  it("does not let a user update or delete another user's entry", async () => {
    const a = await createUser(h.deps);
    const b = await createUser(h.deps);
    const { entryId } = (await save(a, "diary", diary())).body;
    expect(
      (await call(h.app, "POST", `/entries/${entryId}/update`, { token: b.token, body: diary() })).status,
    ).toBe(404);
    expect((await call(h.app, "DELETE", `/entries/${entryId}`, { token: b.token })).status).toBe(404);
    expect((await call(h.app, "GET", `/entries/${entryId}/pdf`, { token: b.token })).status).toBe(404);
    expect((await call(h.app, "GET", "/entries/limit/10/page/1", { token: a.token })).body.total).toBe(1);
  });

  it("does not edit a completed supervision", async () => {
    const u = await createUser(h.deps);
    const { entryId } = (
      await save(u, "supervision", { SupervisionDate: "2026-09-01", SupervisionRole: "Supervisor" })
    ).body;
    await h.deps.prisma.entry.update({ where: { id: entryId }, data: { supervisionCompleted: true } });
    const res = await call(h.app, "POST", `/entries/${entryId}/update`, {
      token: u.token,
      body: { SupervisionDate: "2026-09-02", SupervisionRole: "Supervisor" },
    });
    expect(res.status).toBe(409);
    expect((await call(h.app, "GET", `/form/entry/${entryId}`, { token: u.token })).body.editable).toBe(
      false,
    );
  });

  it("needs User-Basic to edit and delete", async () => {
    const u = await createUser(h.deps, { roles: [] });
    const { entryId } = (await save(u, "diary", diary())).body;
    expect(
      (await call(h.app, "POST", `/entries/${entryId}/update`, { token: u.token, body: diary() })).status,
    ).toBe(403);
    expect((await call(h.app, "DELETE", `/entries/${entryId}`, { token: u.token })).status).toBe(403);
  });
});

describe("the trial entry limit", () => {
  it("lets a trial user hold five diary entries and refuses the sixth", async () => {
    const u = await createUser(h.deps, { tier: "BASIC", trialEnd: addMonths(todayInLondon(), 2) });
    for (let i = 0; i < 5; i++)
      expect((await save(u, "diary", diary({ Field222: `Entry ${i}` }))).status).toBe(200);
    const sixth = await save(u, "diary", diary());
    expect(sixth.status).toBe(403);
    expect(sixth.body.message).toBe("Entry limit reached! Upgrade to continue adding entries");
    // Reflections do not count towards the diary limit.
    expect(
      (await save(u, "reflection", { Field4: "R", ReflectionDate: "2026-01-01", Field113: "x" })).status,
    ).toBe(200);
    expect((await call(h.app, "GET", "/profile", { token: u.token })).body.trialStatus.trialEntriesUsed).toBe(
      5,
    );
  });

  it("holds under concurrent saves", async () => {
    const u = await createUser(h.deps, { tier: "BASIC", trialEnd: addMonths(todayInLondon(), 2) });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => save(u, "diary", diary({ Field222: `E${i}` }))),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 403)).toHaveLength(3);
  });

  it("refuses any new entry after the trial has ended, and premium users have no limit", async () => {
    const expired = await createUser(h.deps, {
      tier: "BASIC",
      trialEnd: "2026-01-01",
      createdAt: "2025-10-01",
    });
    const res = await save(expired, "reflection", {
      Field4: "R",
      ReflectionDate: "2026-01-01",
      Field113: "x",
    });
    expect(res.status).toBe(403);
    const premium = await createUser(h.deps);
    for (let i = 0; i < 6; i++) expect((await save(premium, "diary", diary())).status).toBe(200);
  });
});

describe("GET entries/limit/{perPage}/page/{page}", () => {
  const seed = async () => {
    const u = await createUser(h.deps);
    await h.deps.prisma.profile.update({
      where: { userId: u.id },
      data: { governingBodies: ["HCPC", "NMC"] },
    });
    const mk = async (over: Record<string, unknown>, tags: string[] = []) => {
      const { entryId } = (await save(u, "diary", diary(over))).body;
      if (tags.length)
        await call(h.app, "PUT", `/entries/${entryId}/tags`, { token: u.token, body: { tags } });
      return entryId as string;
    };
    const a = await mk(
      {
        Field222: "Alpha audit",
        DiaryDate: "2025-03-01",
        Field116: "Leadership",
        GoverningBodyStandards: ["NMC 1: Prioritise people"],
      },
      ["Audit"],
    );
    const b = await mk({ Field222: "Bravo sepsis 100%", DiaryDate: "2026-05-01" }, ["Audit", "Sepsis"]);
    const c = await mk({
      Field222: "Charlie wellbeing",
      DiaryDate: "2026-07-01",
      Field116: "Wellbeing",
      DiaryHours: "3",
    });
    const r = (
      await save(u, "reflection", {
        Field4: "Delta reflection",
        ReflectionDate: "2026-08-01",
        Field113: "On sepsis",
      })
    ).body.entryId as string;
    return { u, a, b, c, r };
  };
  const list = (u: TestUser, qs = "", page = "10/page/1") =>
    call(h.app, "GET", `/entries/limit/${page}${qs}`, { token: u.token });

  it("sorts by date descending by default and answers the facets", async () => {
    const { u, a, b, c, r } = await seed();
    const res = (await list(u)).body;
    expect(res.items.map((i: { id: string }) => i.id)).toEqual([r, c, b, a]);
    expect(res.total).toBe(4);
    expect(res.years).toEqual([2026, 2025]);
    expect(res.tags).toEqual(["Audit", "Sepsis"]);
    expect(res.categories).toEqual(["Clinical Skills", "Leadership", "Wellbeing"]);
    expect(res.governingBodies).toEqual(["HCPC", "NMC"]);
  });

  it("filters by year, tag, type, category, governing body, completeness and search", async () => {
    const { u, a, b, c, r } = await seed();
    const ids = async (qs: string) => (await list(u, qs)).body.items.map((i: { id: string }) => i.id);
    expect(await ids("?year=2025")).toEqual([a]);
    expect(await ids("?tag=Sepsis")).toEqual([b]);
    expect(await ids("?type=reflection")).toEqual([r]);
    expect(await ids("?category=Wellbeing")).toEqual([c]);
    expect(await ids("?governingBody=NMC")).toEqual([a]);
    expect(await ids("?filter=SEPSIS")).toEqual([r, b]);
    expect(await ids("?filter=100%25")).toEqual([b]);
    expect(await ids("?filter=sepsis&type=diary")).toEqual([b]);
    expect(await ids("?completeness=1")).toEqual([]);
  });

  it("sorts by title and hours both ways and pages", async () => {
    const { u, a, b, c, r } = await seed();
    const ids = async (qs: string, page?: string) =>
      (await list(u, qs, page)).body.items.map((i: { id: string }) => i.id);
    expect(await ids("?sortBy=title&sortDesc=false")).toEqual([a, b, c, r]);
    expect((await ids("?sortBy=hours&sortDesc=true"))[0]).toBe(c);
    expect(await ids("?sortBy=title&sortDesc=false", "2/page/2")).toEqual([c, r]);
    const past = (await list(u, "", "2/page/9")).body;
    expect(past.items).toEqual([]);
    expect(past.total).toBe(4);
  });

  it("refuses bad paging and sorting", async () => {
    const u = await createUser(h.deps);
    expect((await list(u, "", "0/page/1")).status).toBe(400);
    expect((await list(u, "", "101/page/1")).status).toBe(400);
    expect((await list(u, "?sortBy=password")).status).toBe(400);
    expect((await list(u, "?completeness=4")).status).toBe(400);
  });

  it("shows only the user's own entries", async () => {
    await seed();
    const other = await createUser(h.deps);
    expect((await list(other)).body.total).toBe(0);
  });
});

describe("entries/{id}/tags, entries/metadata and entries/{id}/pdf", () => {
  it("saves tags with the tag rules", async () => {
    const u = await createUser(h.deps);
    const { entryId } = (await save(u, "diary", diary())).body;
    expect(
      (
        await call(h.app, "PUT", `/entries/${entryId}/tags`, {
          token: u.token,
          body: { tags: [" A ", "", "B"] },
        })
      ).body.tags,
    ).toEqual(["A", "B"]);
    expect((await call(h.app, "GET", `/entries/${entryId}/tags`, { token: u.token })).body.tags).toEqual([
      "A",
      "B",
    ]);
    const dup = await call(h.app, "PUT", `/entries/${entryId}/tags`, {
      token: u.token,
      body: { tags: ["A", "a"] },
    });
    expect(dup.body.message).toBe("Duplicate Tag: This tag already exists.");
  });

  it("lists past entries for the calendar, not planned ones", async () => {
    const u = await createUser(h.deps);
    const past = (await save(u, "diary", diary({ DiaryDate: "2026-01-10" }))).body.entryId;
    await save(u, "diary", diary({ DiaryDate: addMonths(todayInLondon(), 3) }));
    const meta = (await call(h.app, "GET", "/entries/metadata", { token: u.token })).body;
    expect(meta).toEqual([
      { entryId: past, title: "Sepsis recognition update", type: "diary", startDate: "2026-01-10" },
    ]);
  });

  it("renders the PDF with the token in the query string", async () => {
    const u = await createUser(h.deps);
    const { entryId } = (await save(u, "diary", diary())).body;
    const res = await h.app.inject({
      method: "GET",
      url: `/api/entries/${entryId}/pdf?auth_token=${u.token}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(res.rawPayload.toString("latin1")).toContain("Sepsis recognition update");
  });

  it("deletes an entry", async () => {
    const u = await createUser(h.deps);
    const { entryId } = (await save(u, "diary", diary())).body;
    expect((await call(h.app, "DELETE", `/entries/${entryId}`, { token: u.token })).status).toBe(200);
    expect((await call(h.app, "DELETE", `/entries/${entryId}`, { token: u.token })).status).toBe(404);
  });
});

describe("evidence: the entry's files are its one record", () => {
  const PDF = Buffer.from("%PDF-1.4\n% evidence\n");
  const upload = async (u: TestUser, name: string, entryId?: string) => {
    const res = await call(
      h.app,
      "POST",
      `/file/upload?filename=${name}${entryId ? `&entryId=${entryId}` : ""}`,
      { token: u.token, payload: PDF, headers: { "content-type": "application/octet-stream" } },
    );
    expect(res.status).toBe(200);
    return res.body.id as string;
  };
  const update = (u: TestUser, entryId: string, body: object) =>
    call(h.app, "POST", `/entries/${entryId}/update`, { token: u.token, body });

  /** What each reader says the entry's evidence is; the stored answers must not hold a copy. */
  async function evidence(u: TestUser, entryId: string) {
    const list = (await call(h.app, "GET", "/entries/limit/100/page/1", { token: u.token })).body;
    const row = list.items.find((i: { id: string }) => i.id === entryId);
    const form = (await call(h.app, "GET", `/form/entry/${entryId}`, { token: u.token })).body;
    const item = form.pages
      .flatMap((p: { items: { identifier: string; value: unknown }[] }) => p.items)
      .find((i: { identifier: string }) => i.identifier === "Evidence");
    const stored = await h.deps.prisma.entry.findUniqueOrThrow({ where: { id: entryId } });
    expect(stored.values).not.toHaveProperty("Evidence");
    const ids = row.evidence.map((e: { id: string }) => e.id);
    expect(item.value ?? []).toEqual(ids);
    expect(form.files.map((f: { id: string }) => f.id)).toEqual(ids);
    return { ids, completeness: row.completenessPercentage as number };
  }
  const unassigned = async (u: TestUser) =>
    (await call(h.app, "GET", "/file/unassigned", { token: u.token })).body
      .map((f: { id: string }) => f.id)
      .sort();

  it("agrees in the list, the form and the files through create, update, upload, detach and delete", async () => {
    const u = await createUser(h.deps);
    const bare = (await save(u, "diary", diary())).body.entryId;
    const base = (await evidence(u, bare)).completeness;
    const [f1, f2, f3] = [
      await upload(u, "one.pdf"),
      await upload(u, "two.pdf"),
      await upload(u, "three.pdf"),
    ];

    // Listed oldest first, whatever order the form sent.
    const { entryId } = (await save(u, "diary", diary({ Evidence: [f2, f1] }))).body;
    const attached = await evidence(u, entryId);
    expect(attached.ids).toEqual([f1, f2]);
    expect(attached.completeness).toBeGreaterThan(base);

    expect((await update(u, entryId, diary({ Evidence: [f3] }))).status).toBe(200);
    expect((await evidence(u, entryId)).ids).toEqual([f3]);
    expect(await unassigned(u)).toEqual([f1, f2].sort());

    const f4 = await upload(u, "four.pdf", entryId);
    expect((await evidence(u, entryId)).ids).toEqual([f3, f4]);

    expect((await call(h.app, "DELETE", `/entries/${entryId}/file/${f3}`, { token: u.token })).status).toBe(
      200,
    );
    expect((await evidence(u, entryId)).ids).toEqual([f4]);
    expect(
      (await call(h.app, "DELETE", `/entries/${entryId}/file/${f3}`, { token: u.token })).body.code,
    ).toBe("EVIDENCE_NOT_FOUND");

    // Deleting the last evidence file takes it out of the entry and out of its completeness.
    expect((await call(h.app, "DELETE", `/file/${f4}`, { token: u.token })).status).toBe(200);
    const none = await evidence(u, entryId);
    expect(none.ids).toEqual([]);
    expect(none.completeness).toBe(base);

    // An upload into the entry counts toward completeness at once, without a save.
    await upload(u, "five.pdf", entryId);
    expect((await evidence(u, entryId)).completeness).toBe(attached.completeness);

    // Deleting the entry leaves its files in My Files, unattached.
    expect((await update(u, entryId, diary({ Evidence: [f1] }))).status).toBe(200);
    expect((await call(h.app, "DELETE", `/entries/${entryId}`, { token: u.token })).status).toBe(200);
    expect(await unassigned(u)).toContain(f1);
    expect(await h.deps.prisma.storedFile.count({ where: { userId: u.id, entryId: { not: null } } })).toBe(0);
  });

  it("attaches only the user's own files, and detaches only from the user's own entries", async () => {
    const u = await createUser(h.deps);
    const other = await createUser(h.deps);
    const theirs = await upload(other, "theirs.pdf");
    const mine = await upload(u, "mine.pdf");
    const { entryId } = (await save(u, "diary", diary({ Evidence: [mine] }))).body;
    const res = await update(u, entryId, diary({ Evidence: [mine, theirs] }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("EVIDENCE_NOT_FOUND");
    expect((await evidence(u, entryId)).ids).toEqual([mine]);
    const detach = await call(h.app, "DELETE", `/entries/${entryId}/file/${mine}`, { token: other.token });
    expect(detach.status).toBe(404);
    expect(detach.body.code).toBe("ENTRY_NOT_FOUND");
    expect((await evidence(u, entryId)).ids).toEqual([mine]);
  });

  it("keeps every one of five files uploaded into one entry at once", async () => {
    const u = await createUser(h.deps);
    const { entryId } = (await save(u, "diary", diary())).body;
    const base = (await evidence(u, entryId)).completeness;
    const ids = await Promise.all([1, 2, 3, 4, 5].map((n) => upload(u, `scan-${n}.pdf`, entryId)));
    const after = await evidence(u, entryId);
    expect([...after.ids].sort()).toEqual([...ids].sort());
    expect(after.completeness).toBeGreaterThan(base);
  });
});
