import { describe, expect, it } from "vitest";
import { call, createOrganisation, createUser, useApp } from "./harness.js";

const h = useApp();
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("a tiny png body"),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("a tiny jpeg body")]);

describe("GET and PUT profile", () => {
  it("answers the profile with membership and trial status", async () => {
    const u = await createUser(h.deps, { tier: "BASIC", trialEnd: "2099-01-01" });
    const p = (await call(h.app, "GET", "/profile", { token: u.token })).body;
    expect(p).toMatchObject({
      firstName: "Test",
      emailAddress: u.email,
      fullMember: false,
      hasImage: false,
      organisation: null,
    });
    expect(p.trialStatus).toMatchObject({
      isTrialUser: true,
      isTrialExpired: false,
      trialEntriesLimit: 5,
      deletionDate: "2099-04-01",
    });
  });

  it("saves the basic details and refuses bad input with the required messages, changing nothing", async () => {
    const u = await createUser(h.deps);
    const put = (body: object) => call(h.app, "PUT", "/profile", { token: u.token, body });
    const ok = await put({
      firstName: "Ada",
      lastName: "Lovelace",
      jobTitle: "Nurse",
      mobileNumber: "07912 345678",
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      firstName: "Ada",
      jobTitle: "Nurse",
      mobileNumber: "07912 345678",
      mobileVerified: false,
    });

    const cases: [object, string][] = [
      [{ firstName: "", lastName: "L" }, "First Name must not be empty"],
      [{ firstName: "A", lastName: "   " }, "Last name must not be empty"],
      [{ firstName: "A", lastName: "L", mobileNumber: "0123" }, "Please enter a valid mobile number"],
      [{ firstName: "A", lastName: "L", alternativeEmail: "nope" }, "Please enter a valid email address"],
      [{ lastName: "L" }, "First name is required"],
      [{ firstName: "A".repeat(101), lastName: "L" }, "First name must be at most 100 characters"],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await call(h.app, "GET", "/profile", { token: u.token })).body.firstName).toBe("Ada");
  });

  it("keeps optional fields the request leaves out, and clears them with null", async () => {
    const u = await createUser(h.deps);
    await call(h.app, "PUT", "/profile", {
      token: u.token,
      body: { firstName: "A", lastName: "B", jobTitle: "Nurse", nickname: "Nic" },
    });
    const kept = await call(h.app, "PUT", "/profile", {
      token: u.token,
      body: { firstName: "Ann", lastName: "B" },
    });
    expect(kept.body).toMatchObject({ firstName: "Ann", jobTitle: "Nurse", nickname: "Nic" });
    const cleared = await call(h.app, "PUT", "/profile", {
      token: u.token,
      body: { firstName: "Ann", lastName: "B", nickname: null },
    });
    expect(cleared.body).toMatchObject({ jobTitle: "Nurse", nickname: null });
  });

  it("needs the User-Basic role to edit", async () => {
    const u = await createUser(h.deps, { roles: [] });
    const res = await call(h.app, "PUT", "/profile", {
      token: u.token,
      body: { firstName: "A", lastName: "B" },
    });
    expect(res.status).toBe(403);
  });
});

describe("profile/membership", () => {
  it("cancels a cancellable membership's renewal once", async () => {
    const u = await createUser(h.deps, { cancellable: true });
    const before = (await call(h.app, "GET", "/profile/membership", { token: u.token })).body;
    expect(before).toMatchObject({
      tier: "PREMIUM",
      active: true,
      autoRenew: true,
      cancellable: true,
      endDate: null,
    });
    const cancel = await call(h.app, "POST", "/profile/membership/cancel", { token: u.token });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ active: true, autoRenew: false, cancellable: false });
    expect((await call(h.app, "POST", "/profile/membership/cancel", { token: u.token })).status).toBe(409);
  });

  it("refuses to cancel a basic membership", async () => {
    const u = await createUser(h.deps, { tier: "BASIC" });
    const res = await call(h.app, "POST", "/profile/membership/cancel", { token: u.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This membership cannot be cancelled");
  });
});

describe("profile/image", () => {
  it("stores a PNG in S3 and serves it back with the token in the query string", async () => {
    const u = await createUser(h.deps);
    const up = await call(h.app, "POST", "/profile/image", {
      token: u.token,
      payload: PNG,
      headers: { "content-type": "image/png" },
    });
    expect(up.status).toBe(200);
    const got = await h.app.inject({ method: "GET", url: `/api/profile/image?token=${u.token}` });
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toBe("image/png");
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect((await call(h.app, "GET", "/profile", { token: u.token })).body.hasImage).toBe(true);

    // Replacing it serves the new image (judged by content, sent as octet-stream).
    await call(h.app, "POST", "/profile/image", {
      token: u.token,
      payload: JPEG,
      headers: { "content-type": "application/octet-stream" },
    });
    const again = await h.app.inject({
      method: "GET",
      url: "/api/profile/image",
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(again.headers["content-type"]).toBe("image/jpeg");
  });

  it("refuses images over 10 MB, other types and content that is not an image", async () => {
    const u = await createUser(h.deps);
    const big = Buffer.alloc(10_485_761, 0);
    PNG.copy(big);
    const tooBig = await call(h.app, "POST", "/profile/image", {
      token: u.token,
      payload: big,
      headers: { "content-type": "image/png" },
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe("File size cannot exceed 10MB");

    const gif = await call(h.app, "POST", "/profile/image", {
      token: u.token,
      payload: Buffer.from("GIF89a...."),
      headers: { "content-type": "image/gif" },
    });
    expect(gif.status).toBe(415);
    const liar = await call(h.app, "POST", "/profile/image", {
      token: u.token,
      payload: Buffer.from("<script>alert(1)</script>"),
      headers: { "content-type": "image/png" },
    });
    expect(liar.status).toBe(415);
    expect(liar.body.message).toBe("Only JPEG and PNG images are accepted");
    expect((await call(h.app, "GET", "/profile", { token: u.token })).body.hasImage).toBe(false);
  });

  it("answers 404 when there is no image and 401 for a bad query token", async () => {
    const u = await createUser(h.deps);
    expect(
      (await h.app.inject({ method: "GET", url: `/api/profile/image?token=${u.token}` })).statusCode,
    ).toBe(404);
    expect((await h.app.inject({ method: "GET", url: "/api/profile/image?token=garbage" })).statusCode).toBe(
      401,
    );
  });

  it("does not accept a query token on other calls", async () => {
    const u = await createUser(h.deps);
    expect((await h.app.inject({ method: "GET", url: `/api/profile?token=${u.token}` })).statusCode).toBe(
      401,
    );
  });
});

describe("profile/governing-bodies", () => {
  it("lists options, saves a choice and refuses unknown bodies", async () => {
    const u = await createUser(h.deps);
    const options = (await call(h.app, "GET", "/profile/governing-bodies/options", { token: u.token })).body;
    expect(options).toEqual(expect.arrayContaining(["HCPC", "NMC", "GMC", "GPhC", "NRCPD"]));
    const saved = await call(h.app, "PUT", "/profile/governing-bodies", {
      token: u.token,
      body: ["NMC", "GMC", "NMC"],
    });
    expect(saved.body).toEqual(["NMC", "GMC"]);
    expect((await call(h.app, "GET", "/profile/governing-bodies", { token: u.token })).body).toEqual([
      "NMC",
      "GMC",
    ]);
    const bad = await call(h.app, "PUT", "/profile/governing-bodies", { token: u.token, body: ["Hogwarts"] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Unknown governing body: Hogwarts");
    expect(
      (await call(h.app, "PUT", "/profile/governing-bodies", { token: u.token, body: { not: "a list" } }))
        .status,
    ).toBe(400);
  });
});

describe("personal-profile", () => {
  it("saves text within the limits and refuses text over them", async () => {
    const u = await createUser(h.deps);
    const put = (body: object) => call(h.app, "PUT", "/personal-profile", { token: u.token, body });
    const ok = await put({
      profession: "Nurse",
      personalStatement: "p".repeat(1500),
      hoursPerYear: 35,
      startDate: "2026-04-01",
      reportInterval: 3,
      interests: ["Education", "Education", " Mentorship "],
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      profession: "Nurse",
      hoursPerYear: 35,
      startDate: "2026-04-01",
      reportInterval: 3,
      interests: ["Education", "Mentorship"],
      lockedFields: [],
    });

    const over = await put({ personalStatement: "p".repeat(1501) });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe("Personal statement must be at most 1500 characters");
    expect((await put({ qualifications: "q".repeat(501) })).status).toBe(400);
    expect((await put({ hcpcStandard4: "h".repeat(501) })).status).toBe(400);
    expect((await put({ registrationNumber: "r".repeat(201) })).status).toBe(400);
    expect((await put({ startDate: "01/04/2026" })).body.message).toBe(
      "Start date must be a date (YYYY-MM-DD)",
    );
    expect(
      (await call(h.app, "GET", "/personal-profile", { token: u.token })).body.personalStatement,
    ).toHaveLength(1500);
  });

  it("lets the organisation's hours, start date and interval override and lock the person's", async () => {
    const org = await createOrganisation(h.deps, {
      cpdHours: 40,
      startDate: new Date("2026-01-01T00:00:00Z"),
    });
    const u = await createUser(h.deps, { tier: "CORPORATE", organisationId: org.id });
    const res = await call(h.app, "PUT", "/personal-profile", {
      token: u.token,
      body: { hoursPerYear: 5, startDate: "2026-06-01", reportInterval: 2 },
    });
    expect(res.body).toMatchObject({
      hoursPerYear: 40,
      startDate: "2026-01-01",
      reportInterval: 2,
      organisation: { id: org.id },
    });
    expect(res.body.lockedFields.sort()).toEqual(["hoursPerYear", "startDate"]);
  });
});

describe("personal-profile/tags", () => {
  it("trims, ignores empty tags and keeps the order", async () => {
    const u = await createUser(h.deps);
    const res = await call(h.app, "PUT", "/personal-profile/tags", {
      token: u.token,
      body: { tags: [" Audit ", "", "Leadership"] },
    });
    expect(res.body.tags).toEqual(["Audit", "Leadership"]);
    expect((await call(h.app, "GET", "/personal-profile/tags", { token: u.token })).body.tags).toEqual([
      "Audit",
      "Leadership",
    ]);
    expect((await call(h.app, "GET", "/profile", { token: u.token })).body.tags).toEqual([
      "Audit",
      "Leadership",
    ]);
  });

  it("refuses duplicates and long tags without changing the saved ones", async () => {
    const u = await createUser(h.deps);
    await call(h.app, "PUT", "/personal-profile/tags", { token: u.token, body: { tags: ["One"] } });
    const dup = await call(h.app, "PUT", "/personal-profile/tags", {
      token: u.token,
      body: { tags: ["One", "one"] },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe("Duplicate Tag: This tag already exists.");
    const long = await call(h.app, "PUT", "/personal-profile/tags", {
      token: u.token,
      body: { tags: ["x".repeat(51)] },
    });
    expect([long.status, long.body.message]).toEqual([400, "A tag cannot be longer than 50 characters"]);
    // The same tag twice exactly is refused by the documented schema (uniqueItems), with the same words.
    const same = await call(h.app, "PUT", "/personal-profile/tags", {
      token: u.token,
      body: { tags: ["Two", "Two"] },
    });
    expect([same.status, same.body.message]).toEqual([400, "Duplicate Tag: This tag already exists."]);
    expect((await call(h.app, "GET", "/personal-profile/tags", { token: u.token })).body.tags).toEqual([
      "One",
    ]);
  });

  it("keeps each user's tags to themselves", async () => {
    const a = await createUser(h.deps);
    const b = await createUser(h.deps);
    await call(h.app, "PUT", "/personal-profile/tags", { token: a.token, body: { tags: ["Private"] } });
    expect((await call(h.app, "GET", "/personal-profile/tags", { token: b.token })).body.tags).toEqual([]);
  });
});
