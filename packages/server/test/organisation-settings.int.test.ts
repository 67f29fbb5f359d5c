// An organisation's settings, lists, additional profile fields and annual reviews, as managers set
// them and as members then see them in their profile and forms.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addDays, todayInLondon } from "../src/lib/dates.js";
import { call, createOrganisation, createUser, randomIp, refusal, type TestUser, useApp } from "./harness.js";

const h = useApp();
const today = todayInLondon();
const as = (u: TestUser, method: "GET" | "POST" | "PUT", url: string, body?: unknown) =>
  call(h.app, method, url, { token: u.token, body, ip: randomIp() });

async function organisationWithMember(features: Record<string, boolean> = {}) {
  const org = await createOrganisation(h.deps, { features });
  const manager = await createUser(h.deps, {
    organisationId: org.id,
    tier: "CORPORATE",
    roles: ["User-Basic", "Organisation-Manager"],
  });
  const member = await createUser(h.deps, { organisationId: org.id, tier: "CORPORATE" });
  return { org, manager, member };
}

const SETTINGS = {
  cpdHours: 30,
  startDate: "2026-04-01",
  reportInterval: 2,
  dashboardWidgets: { reflection: false, supervision: true },
  allFeatures: true,
  logoutTimer: { enabled: true },
  requiredRegulator: null,
  appointedConfirmers: [],
};

describe("settings", () => {
  it("saves the settings, logs what changed, and locks the members' profile fields", async () => {
    const { org, manager, member } = await organisationWithMember();
    const put = await as(manager, "PUT", `/organisations/${org.id}/settings`, SETTINGS);
    expect([put.status, put.body]).toEqual([200, SETTINGS]);
    expect((await as(manager, "GET", `/organisations/${org.id}/settings`)).body).toEqual(SETTINGS);

    const profile = await as(member, "GET", "/personal-profile");
    expect(profile.body).toMatchObject({ hoursPerYear: 30, startDate: "2026-04-01", reportInterval: 2 });
    expect(profile.body.lockedFields).toEqual(
      expect.arrayContaining(["hoursPerYear", "startDate", "reportInterval"]),
    );

    const log = await h.deps.prisma.activityLog.findFirstOrThrow({
      where: { action: "organisation.settings-changed", organisationId: org.id },
    });
    expect(log.actorId).toBe(manager.id);
    expect((log.details as { changed: Record<string, unknown> }).changed.cpdHours).toEqual([null, 30]);
  });
});

describe("lists", () => {
  it("trims items, refuses repeats ignoring case, and replaces the whole list", async () => {
    const { org, manager } = await organisationWithMember();
    const url = `/organisations/${org.id}/tags`;
    expect(refusal(await as(manager, "PUT", url, { tags: ["Audit", " audit "] }))).toEqual([
      400,
      "DUPLICATE_ITEM",
      '"audit" is in the list twice',
    ]);
    expect(refusal(await as(manager, "PUT", url, { tags: ["  "] }))).toEqual([
      400,
      "VALIDATION_ERROR",
      "A list item cannot be empty",
    ]);
    expect((await as(manager, "PUT", url, { tags: [" Audit ", "Teaching"] })).body).toEqual({
      tags: ["Audit", "Teaching"],
    });
    expect((await as(manager, "GET", url)).body).toEqual({ tags: ["Audit", "Teaching"] });
  });

  it("puts the organisation's categories and arranged-in list into members' diaries, and an empty list restores the standard ones", async () => {
    const { org, manager, member } = await organisationWithMember();
    await as(manager, "PUT", `/organisations/${org.id}/categories`, { tags: ["Ward skills"] });
    await as(manager, "PUT", `/organisations/${org.id}/arranged-in`, { tags: ["In-house", "Regional"] });
    const diary = (activity: string, category = "Ward skills") => ({
      Field222: "Organisation lists",
      DiaryDate: today,
      DiaryHours: "1",
      ActivityType: activity,
      Field116: category,
    });
    expect((await as(member, "POST", "/entries/diary", diary("Regional"))).status).toBe(200);
    const refused = await as(member, "POST", "/entries/diary", diary("Other"));
    expect([refused.status, refused.body.code]).toEqual([400, "FIELD_OPTION"]);

    await as(manager, "PUT", `/organisations/${org.id}/arranged-in`, { tags: [] });
    expect((await as(member, "POST", "/entries/diary", diary("Other"))).status).toBe(200);
  });
});

const FIELDS = [
  {
    title: "Employment",
    fields: [
      {
        fieldId: "band",
        title: "Band",
        type: "Dropdown",
        values: ["5", "6", "7"],
        help: "Agenda for Change",
        required: true,
      },
      { fieldId: "wards", title: "Wards", type: "List", values: ["A", "B"], help: "", required: false },
    ],
  },
  {
    title: "About",
    fields: [{ fieldId: "bio", title: "Bio", type: "LongText", values: [], help: "", required: false }],
  },
];

describe("additional profile fields", () => {
  it("members answer their organisation's fields, checked by type, options and required flag", async () => {
    const { org, manager, member } = await organisationWithMember();
    expect((await as(manager, "PUT", `/organisations/${org.id}/additional-fields`, FIELDS)).status).toBe(200);
    expect((await as(member, "GET", "/personal-profile/additional-fields")).body).toEqual(FIELDS);

    expect(refusal(await as(member, "PUT", "/personal-profile/additional-fields/values", []))).toEqual([
      400,
      "FIELD_REQUIRED",
      "Band is required",
    ]);
    expect(
      refusal(
        await as(member, "PUT", "/personal-profile/additional-fields/values", [
          { fieldId: "band", value: "9" },
        ]),
      ),
    ).toEqual([400, "FIELD_OPTION", "Band must be one of its options"]);
    const answers = [
      { fieldId: "band", value: "6" },
      { fieldId: "wards", value: ["B", "A"] },
      { fieldId: "bio", value: "Nurse" },
    ];
    expect((await as(member, "PUT", "/personal-profile/additional-fields/values", answers)).status).toBe(200);
    expect((await as(member, "GET", "/personal-profile/additional-fields/values")).body).toEqual(answers);
    // Replace-all: a field left out is cleared.
    await as(member, "PUT", "/personal-profile/additional-fields/values", [{ fieldId: "band", value: "7" }]);
    expect((await as(member, "GET", "/personal-profile/additional-fields/values")).body).toEqual([
      { fieldId: "band", value: "7" },
    ]);
  });

  it("removing a field deletes members' answers to it; a repeated id is refused", async () => {
    const { org, manager, member } = await organisationWithMember();
    await as(manager, "PUT", `/organisations/${org.id}/additional-fields`, FIELDS);
    await as(member, "PUT", "/personal-profile/additional-fields/values", [
      { fieldId: "band", value: "5" },
      { fieldId: "bio", value: "Hello" },
    ]);
    const first = FIELDS[0] as (typeof FIELDS)[number];
    expect((await as(manager, "PUT", `/organisations/${org.id}/additional-fields`, [first])).status).toBe(
      200,
    );
    expect(await h.deps.prisma.additionalFieldValue.findMany({ where: { userId: member.id } })).toEqual([
      expect.objectContaining({ fieldId: "band", value: "5" }),
    ]);
    expect(
      refusal(
        await as(manager, "PUT", `/organisations/${org.id}/additional-fields`, [
          first,
          { ...first, title: "Again" },
        ]),
      ),
    ).toEqual([400, "DUPLICATE_FIELD_ID", "The field id band is used twice"]);
  });

  it("a member without an organisation has no fields and cannot save answers", async () => {
    const loner = await createUser(h.deps);
    expect((await as(loner, "GET", "/personal-profile/additional-fields")).body).toEqual([]);
    expect(refusal(await as(loner, "PUT", "/personal-profile/additional-fields/values", []))[1]).toBe(
      "NO_ORGANISATION",
    );
  });
});

describe("annual reviews", () => {
  it("a manager records a review the member then sees; nobody else sees it", async () => {
    const { manager, member } = await organisationWithMember({ OrganisationUserReview: true });
    const body = {
      user: member.id,
      date: addDays(today, -1),
      comments: " Met all goals ",
      metRequirements: true,
    };
    const res = await as(manager, "POST", "/organisations/user-review", body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      date: addDays(today, -1),
      comments: "Met all goals",
      metRequirements: true,
    });
    const mine = await as(member, "GET", "/organisations/reviews");
    expect(mine.body).toMatchObject({ total: 1, items: [{ id: res.body.id, reviewerName: "Test User" }] });
    const other = await organisationWithMember({ OrganisationUserReview: true });
    expect((await as(other.member, "GET", "/organisations/reviews")).body).toEqual({ items: [], total: 0 });
    const log = await h.deps.prisma.activityLog.findFirstOrThrow({
      where: { action: "organisation.review-recorded", subjectId: member.id },
    });
    expect(log.actorId).toBe(manager.id);
  });

  it("refuses a member of another organisation (404) and a date in the future (400)", async () => {
    const a = await organisationWithMember();
    const b = await organisationWithMember();
    const review = (user: string, date = today) => ({ user, date, comments: "", metRequirements: false });
    expect(refusal(await as(a.manager, "POST", "/organisations/user-review", review(b.member.id)))[1]).toBe(
      "USER_NOT_FOUND",
    );
    expect(refusal(await as(a.manager, "POST", "/organisations/user-review", review(randomUUID())))[1]).toBe(
      "USER_NOT_FOUND",
    );
    expect(
      refusal(
        await as(a.manager, "POST", "/organisations/user-review", review(a.member.id, addDays(today, 1))),
      ),
    ).toEqual([400, "VALIDATION_ERROR", "The review date cannot be in the future"]);
    expect(
      await h.deps.prisma.annualReview.count({ where: { userId: { in: [a.member.id, b.member.id] } } }),
    ).toBe(0);
  });
});

describe("profile tabs held to their feature switch by the API too", () => {
  it("Additional Information: a member whose organisation switched it off is refused all three calls", async () => {
    const on = await organisationWithMember();
    expect(
      (await as(on.manager, "PUT", `/organisations/${on.org.id}/additional-fields`, FIELDS)).status,
    ).toBe(200);
    expect((await as(on.member, "GET", "/personal-profile/additional-fields")).status).toBe(200);

    const off = await organisationWithMember({ ProfileTabAdditionalInformation: false });
    expect(
      (await as(off.manager, "PUT", `/organisations/${off.org.id}/additional-fields`, FIELDS)).status,
    ).toBe(200);
    const refused = [403, "FEATURE_LOCKED", "Additional information is switched off for your account"];
    expect(refusal(await as(off.member, "GET", "/personal-profile/additional-fields"))).toEqual(refused);
    expect(refusal(await as(off.member, "GET", "/personal-profile/additional-fields/values"))).toEqual(
      refused,
    );
    expect(refusal(await as(off.member, "PUT", "/personal-profile/additional-fields/values", []))).toEqual(
      refused,
    );
  });

  it("Annual Reviews: off unless the organisation switches it on (an organisation feature)", async () => {
    const off = await organisationWithMember();
    expect(refusal(await as(off.member, "GET", "/organisations/reviews"))).toEqual([
      403,
      "FEATURE_LOCKED",
      "Annual reviews are switched off for your organisation",
    ]);
    expect(refusal(await as(await createUser(h.deps), "GET", "/organisations/reviews"))[0]).toBe(403);
    const on = await organisationWithMember({ OrganisationUserReview: true });
    expect((await as(on.member, "GET", "/organisations/reviews")).body).toEqual({ items: [], total: 0 });
  });
});
