// Shared CPD moderation, the certificates overview and member groups over the real app: what a
// hidden item does to the community list, that each change is logged against its author, that a
// manager sees only their own members' items, and that member groups follow the account rules.
import { randomUUID } from "node:crypto";
import { MEMBER_GROUPS, type MemberGroup } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { isFullMember, loadAccount, membershipFacts, trialStatus } from "../src/modules/account/index.js";
import { sharedCpd } from "./factories.js";
import { call, createOrganisation, createUser, randomIp, refusal, type TestUser, useApp } from "./harness.js";

const h = useApp();
const as = (u: TestUser, method: "GET" | "POST" | "PUT", url: string, body?: unknown) =>
  call(h.app, method, url, { token: u.token, body, ip: randomIp() });

const communityTitles = async (u: TestUser, search: string) =>
  (await as(u, "GET", `/shared-cpd/limit/50/page/1?search=${encodeURIComponent(search)}`)).body.items.map(
    (i: { title: string }) => i.title,
  );

describe("shared CPD moderation", () => {
  it("a hidden item leaves the community list and cannot be upvoted; restored, it is back; both logged", async () => {
    const moderator = await createUser(h.deps, { roles: ["Admin-Shared-CPD"] });
    const author = await createUser(h.deps);
    const reader = await createUser(h.deps);
    const item = await sharedCpd(h, author);
    expect(await communityTitles(reader, item.title)).toEqual([item.title]);

    const hidden = await as(moderator, "POST", `/admin/shared-cpd/${item.id}/hide`, {
      reason: "Advertising",
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({
      id: item.id,
      author: { id: author.id, email: author.email },
      hidden: { reason: "Advertising", by: moderator.email },
    });
    expect(await communityTitles(reader, item.title)).toEqual([]);
    expect(refusal(await as(reader, "POST", `/shared-cpd/${item.id}/upvote`))[0]).toBe(404);
    // The author keeps the entry it came from.
    expect(await h.deps.prisma.entry.count({ where: { userId: author.id } })).toBe(1);

    const listed = await as(
      moderator,
      "GET",
      `/admin/shared-cpd/limit/10/page/1?state=hidden&search=${encodeURIComponent(item.title)}`,
    );
    expect(listed.body).toMatchObject({
      total: 1,
      items: [{ id: item.id, hidden: { reason: "Advertising" } }],
    });

    const restored = await as(moderator, "POST", `/admin/shared-cpd/${item.id}/restore`);
    expect(restored.body.hidden).toBeNull();
    expect(await communityTitles(reader, item.title)).toEqual([item.title]);

    const log = await h.deps.prisma.activityLog.findMany({
      where: { subjectId: author.id },
      orderBy: { at: "asc" },
    });
    expect(log.map((l) => [l.action, l.actorId, (l.details as { reason?: string }).reason])).toEqual([
      ["shared-cpd.hidden", moderator.id, "Advertising"],
      ["shared-cpd.restored", moderator.id, "Advertising"],
    ]);
  });

  it("recategorises within the shared CPD categories only; unknown items are 404 and nothing changes", async () => {
    const moderator = await createUser(h.deps, { roles: ["Admin"] });
    const author = await createUser(h.deps);
    const item = await sharedCpd(h, author);
    const moved = await as(moderator, "PUT", `/admin/shared-cpd/${item.id}/category`, {
      category: "Leadership",
    });
    expect(moved.body.category).toBe("Leadership");
    const log = await h.deps.prisma.activityLog.findFirst({
      where: { subjectId: author.id, action: "shared-cpd.recategorised" },
    });
    expect(log?.details).toEqual({ share: item.id, from: "Wellbeing", to: "Leadership" });

    const bad = await as(moderator, "PUT", `/admin/shared-cpd/${item.id}/category`, {
      category: "Gardening",
    });
    expect(bad.status).toBe(400);
    const blank = await as(moderator, "POST", `/admin/shared-cpd/${item.id}/hide`, { reason: "" });
    expect(blank.status).toBe(400);
    const missing = await as(moderator, "POST", `/admin/shared-cpd/${randomUUID()}/hide`, { reason: "Spam" });
    expect(refusal(missing)).toEqual([404, "SHARE_NOT_FOUND", "Shared CPD not found"]);
    const row = await h.deps.prisma.sharedCpd.findUniqueOrThrow({ where: { id: item.id } });
    expect([row.category, row.hiddenAt]).toEqual(["Leadership", null]);
  });

  it("a manager sees their own members' shared CPD, hidden ones marked, and 404 for another organisation", async () => {
    // The screen needs its organisation switch (ADR 0020).
    const orgA = await createOrganisation(h.deps, { features: { OrganisationSharedCPD: true } });
    const orgB = await createOrganisation(h.deps);
    const manager = await createUser(h.deps, { roles: ["Organisation-Manager"], organisationId: orgA.id });
    const member = await createUser(h.deps, { tier: "CORPORATE", organisationId: orgA.id });
    const outsider = await createUser(h.deps, { tier: "CORPORATE", organisationId: orgB.id });
    const mine = await sharedCpd(h, member);
    await sharedCpd(h, outsider);
    await h.deps.prisma.sharedCpd.update({
      where: { id: mine.id },
      data: { hiddenAt: new Date(), hiddenReason: "Duplicate" },
    });
    const list = await as(manager, "GET", `/organisations/${orgA.id}/shared-cpd/limit/10/page/1`);
    expect(list.body).toMatchObject({
      total: 1,
      items: [{ id: mine.id, author: { id: member.id }, hidden: { reason: "Duplicate", by: null } }],
    });
    const other = await as(manager, "GET", `/organisations/${orgB.id}/shared-cpd/limit/10/page/1`);
    expect(refusal(other)).toEqual([404, "ORGANISATION_NOT_FOUND", "Organisation not found"]);
  });
});

describe("certificates overview", () => {
  it("pages an organisation's members' certificates with counts by state over the filtered set", async () => {
    const org = await createOrganisation(h.deps, { features: { OrganisationCertificates: true } });
    const manager = await createUser(h.deps, { roles: ["Organisation-Manager"], organisationId: org.id });
    const members = [
      await createUser(h.deps, { tier: "CORPORATE", organisationId: org.id }),
      await createUser(h.deps, { tier: "CORPORATE", organisationId: org.id }),
    ] as const;
    const outsider = await createUser(h.deps);
    const cert = (u: TestUser, videoName: string, state: string) =>
      h.deps.prisma.videoCertificate.create({
        data: { userId: u.id, videoName, state, ...(state === "Issued" ? { issuedAt: new Date() } : {}) },
      });
    await cert(members[0], "Safeguarding adults", "Issued");
    await cert(members[0], "Manual handling", "Queued");
    await cert(members[1], "Safeguarding children", "Issued");
    const outsiders = `Safeguarding outsiders ${randomUUID()}`;
    await cert(outsider, outsiders, "Issued");

    const all = await as(manager, "GET", `/organisations/${org.id}/certificates/limit/2/page/1`);
    expect(all.body.total).toBe(3);
    expect(all.body.items).toHaveLength(2);
    expect(all.body.byState).toEqual([
      { state: "Issued", certificates: 2 },
      { state: "Queued", certificates: 1 },
    ]);
    const issued = await as(
      manager,
      "GET",
      `/organisations/${org.id}/certificates/limit/10/page/1?state=Issued&search=safeguarding`,
    );
    expect(issued.body.items.map((c: { videoName: string }) => c.videoName).sort()).toEqual([
      "Safeguarding adults",
      "Safeguarding children",
    ]);
    // The counts ignore the state filter, so the other states' figures stay visible.
    expect(issued.body.byState).toEqual([{ state: "Issued", certificates: 2 }]);

    const admin = await createUser(h.deps, { roles: ["Admin-Certificates"] });
    const everyone = await as(admin, "GET", `/admin/certificates/limit/10/page/1?search=${outsiders}`);
    expect(everyone.body.items).toMatchObject([{ user: { id: outsider.id }, organisation: null }]);
  });
});

describe("member groups", () => {
  it("puts each account in the group its own membership status says, with counts and a paged list", async () => {
    const today = h.deps.today();
    const future = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    const past = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
    const name = `Group${randomUUID().slice(0, 8)}`;
    const cases: [MemberGroup, Parameters<typeof createUser>[1]][] = [
      ["premium", { tier: "PREMIUM" }],
      ["premium", { tier: "PREMIUM", membershipEnd: future }],
      ["corporate", { tier: "CORPORATE" }],
      ["lapsed", { tier: "PREMIUM", membershipEnd: past }],
      ["legacy", { tier: "BASIC", trialEnd: null }],
      ["legacy", { tier: "BASIC", trialEnd: future, createdAt: "2025-07-01" }],
      ["trial", { tier: "BASIC", trialEnd: future }],
      ["trial", { tier: "BASIC", trialEnd: today }],
      ["trial-ended", { tier: "BASIC", trialEnd: past }],
    ];
    const admin = await createUser(h.deps, { roles: ["Admin"] });
    const before = (await as(admin, "GET", "/admin/member-groups")).body as {
      group: MemberGroup;
      members: number;
    }[];
    const users = [];
    for (const [group, o] of cases)
      users.push({ group, user: await createUser(h.deps, { ...o, firstName: name }) });

    for (const { group, user } of users) {
      // The account's own rules (what the user is shown) agree with the group's SQL.
      const account = await loadAccount(h.deps.pool, user.id);
      if (!account) throw new Error(`${user.email} was not stored`);
      const facts = membershipFacts(account);
      const t = trialStatus(facts, today);
      const ruled = isFullMember(facts, today)
        ? facts.tier === "PREMIUM"
          ? "premium"
          : "corporate"
        : facts.membershipEndDate !== null
          ? "lapsed"
          : !t.isTrialUser
            ? "legacy"
            : t.isTrialExpired
              ? "trial-ended"
              : "trial";
      expect(ruled, user.email).toBe(group);
      const listed = await as(
        admin,
        "GET",
        `/admin/member-groups/${group}/limit/20/page/1?filter=${user.email}`,
      );
      expect(
        listed.body.items.map((r: { id: string }) => r.id),
        group,
      ).toEqual([user.id]);
    }

    const byName = await as(admin, "GET", `/admin/member-groups/trial/limit/1/page/2?filter=${name}`);
    expect(byName.body.total).toBe(2);
    expect(byName.body.items).toHaveLength(1);

    const after = (await as(admin, "GET", "/admin/member-groups")).body as {
      group: MemberGroup;
      label: string;
      members: number;
    }[];
    expect(after.map((g) => g.group)).toEqual(Object.keys(MEMBER_GROUPS));
    // Other files' users may arrive meanwhile: each group grew by at least its new accounts.
    for (const g of after) {
      const added = cases.filter(([group]) => group === g.group).length;
      const was = before.find((b) => b.group === g.group)?.members ?? 0;
      expect(g.members - was, g.group).toBeGreaterThanOrEqual(added);
    }
    const unknown = await as(admin, "GET", "/admin/member-groups/gold/limit/20/page/1");
    expect(unknown.status).toBe(400);
  });
});
