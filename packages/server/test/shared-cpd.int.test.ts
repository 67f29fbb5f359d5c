import { describe, expect, it } from "vitest";
import { diary, SHARE_CARD, shareEntry } from "./factories.js";
import { call, createUser, type TestUser, useApp } from "./harness.js";

const h = useApp();
const card = SHARE_CARD;
const share = (u: TestUser, entryId: string, body: object = card) => shareEntry(h, u, entryId, body);

describe("POST shared-cpd", () => {
  it("shares a diary entry once and shows the share on the entries list", async () => {
    const u = await createUser(h.deps);
    const entryId = await diary(h, u);
    const res = await share(u, entryId);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Shared Successfully");
    expect((await share(u, entryId)).status).toBe(409);
    const row = (await call(h.app, "GET", "/entries/limit/10/page/1", { token: u.token })).body.items[0];
    expect(row.shareId).toBe(res.body.shareId);
  });

  it("refuses bad cards with the required messages", async () => {
    const u = await createUser(h.deps);
    const entryId = await diary(h, u);
    const cases: [object, string][] = [
      [{ ...card, title: " " }, "A title is required"],
      [{ ...card, description: "" }, "A description is required"],
      [{ ...card, description: "d".repeat(401) }, "The description is too long."],
      [
        { ...card, websiteUrl: "ftp://files.example.org" },
        "Please enter a valid website address, starting with http(s)://",
      ],
      [
        { ...card, websiteUrl: "javascript:alert(1)" },
        "Please enter a valid website address, starting with http(s)://",
      ],
      [{ ...card, category: "Cooking" }, "Please choose a category"],
    ];
    for (const [body, message] of cases) {
      const res = await share(u, entryId, body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await share(u, entryId, { ...card, description: "d".repeat(400) })).status).toBe(200);
  });

  it("shares only the user's own diary entries, and only with the SharedCPD feature", async () => {
    const u = await createUser(h.deps);
    const other = await createUser(h.deps);
    const entryId = await diary(h, u);
    expect((await share(other, entryId)).status).toBe(404);
    const refl = (
      await call(h.app, "POST", "/entries/reflection", {
        token: u.token,
        body: { Field4: "R", ReflectionDate: "2026-01-01", Field113: "x" },
      })
    ).body.entryId;
    expect((await share(u, refl)).body.message).toBe("Only diary entries can be shared");
    const basic = await createUser(h.deps, { tier: "BASIC" });
    const basicEntry = await diary(h, basic);
    expect((await share(basic, basicEntry)).status).toBe(403);
  });

  it("stops sharing, for the owner only", async () => {
    const u = await createUser(h.deps);
    const other = await createUser(h.deps);
    const { shareId } = (await share(u, await diary(h, u))).body;
    expect((await call(h.app, "DELETE", `/shared-cpd/${shareId}`, { token: other.token })).status).toBe(404);
    expect((await call(h.app, "DELETE", `/shared-cpd/${shareId}`, { token: u.token })).status).toBe(200);
    expect((await call(h.app, "DELETE", `/shared-cpd/${shareId}`, { token: u.token })).status).toBe(404);
  });
});

describe("GET shared-cpd and upvotes", () => {
  it("lists with search, category and both sorts; the nickname defaults to Anonymous", async () => {
    const a = await createUser(h.deps);
    const b = await createUser(h.deps);
    await h.deps.prisma.profile.update({ where: { userId: b.id }, data: { nickname: "Night owl" } });
    const tag = `zq${Date.now()}`;
    const s1 = (await share(a, await diary(h, a), { ...card, title: `${tag} first`, category: "Leadership" }))
      .body.shareId;
    const s2 = (await share(b, await diary(h, b), { ...card, title: `${tag} second` })).body.shareId;
    const voter = await createUser(h.deps);
    await call(h.app, "POST", `/shared-cpd/${s1}/upvote`, { token: voter.token });

    const get = async (qs: string) =>
      (await call(h.app, "GET", `/shared-cpd/limit/10/page/1?search=${tag}${qs}`, { token: voter.token }))
        .body;
    const newest = await get("&sort=newest");
    expect(newest.items.map((i: { id: string }) => i.id)).toEqual([s2, s1]);
    expect(newest.total).toBe(2);
    expect(newest.items[0].nickname).toBe("Night owl");
    expect(newest.items[1].nickname).toBe("Anonymous");
    expect(newest.items[1]).toMatchObject({ upvotes: 1, hasUpvoted: true, mine: false });
    expect((await get("&sort=helpful")).items.map((i: { id: string }) => i.id)).toEqual([s1, s2]);
    expect((await get("&category=Leadership")).items.map((i: { id: string }) => i.id)).toEqual([s1]);
    expect(
      (await call(h.app, "GET", "/shared-cpd/limit/10/page/1?sort=oldest", { token: voter.token })).status,
    ).toBe(400);
  });

  it("counts one vote per user; repeating changes nothing; removing takes it back", async () => {
    const owner = await createUser(h.deps);
    const v1 = await createUser(h.deps);
    const v2 = await createUser(h.deps);
    const { shareId } = (await share(owner, await diary(h, owner))).body;
    const up = (u: TestUser) => call(h.app, "POST", `/shared-cpd/${shareId}/upvote`, { token: u.token });
    expect((await up(v1)).body).toEqual({ currentUpvotes: 1 });
    expect((await up(v1)).body).toEqual({ currentUpvotes: 1 });
    const both = await Promise.all([up(v2), up(v2), up(v2)]);
    expect(both.map((r) => r.body.currentUpvotes).sort()).toEqual([2, 2, 2]);
    expect((await call(h.app, "DELETE", `/shared-cpd/${shareId}/upvote`, { token: v1.token })).body).toEqual({
      currentUpvotes: 1,
    });
    expect((await call(h.app, "DELETE", `/shared-cpd/${shareId}/upvote`, { token: v1.token })).body).toEqual({
      currentUpvotes: 1,
    });
    expect((await up(owner)).status).toBe(400);
    expect(
      (
        await call(h.app, "POST", "/shared-cpd/00000000-0000-4000-8000-000000000000/upvote", {
          token: v1.token,
        })
      ).status,
    ).toBe(404);
  });

  it("answers the categories", async () => {
    const u = await createUser(h.deps);
    const cats = (await call(h.app, "GET", "/shared-cpd/categories", { token: u.token })).body;
    expect(cats).toHaveLength(12);
    expect(cats[0]).toBe("Business Management and Admin");
  });
});
