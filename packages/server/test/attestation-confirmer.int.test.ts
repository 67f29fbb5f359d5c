// The confirmers an organisation appoints (REQ-ATTEST-09, ADR 0028): the managers set them in the
// organisation's settings and read their members' NMC confirmations those people were asked for,
// and nothing else of any attester: no other kind, no other attester, no other organisation's
// member, no one but that organisation's managers.
import { randomBytes, randomUUID } from "node:crypto";
import { APPOINTED_CONFIRMER_MESSAGES, CONFIRMATION_STATEMENT, ORGANISATION_LIMITS } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { coverable } from "./attestation-fixtures.js";
import { NEW_ORGANISATION_SETTINGS } from "./factories.js";
import { call, createOrganisation, createUser, randomIp, refusal, type TestUser, useApp } from "./harness.js";
import { must, sha256, signature } from "./supervision-fixtures.js";

const h = useApp();
const as = (u: TestUser, method: "GET" | "PUT", url: string, body?: unknown) =>
  call(h.app, method, url, { token: u.token, body, ip: randomIp() });

async function organisation() {
  const org = await createOrganisation(h.deps);
  const manager = await createUser(h.deps, {
    organisationId: org.id,
    tier: "CORPORATE",
    roles: ["User-Basic", "Organisation-Manager"],
  });
  return { id: org.id, manager };
}

/** A member of the organisation with an NMC registration and a record to cover. */
async function member(organisationId: number, firstName = "Mia") {
  const u = await createUser(h.deps, { organisationId, tier: "CORPORATE", firstName });
  return { ...u, ...(await coverable(h.deps, u.id)) };
}

type Member = Awaited<ReturnType<typeof member>>;

/** The member asks `email` for an attestation of `kind`, through the API; its id. */
async function asks(m: Member, email: string, kind = "nmcConfirmation", name = "Carol Confirmer") {
  const res = must(
    await call(h.app, "POST", "/revalidation/attestations", {
      token: m.token,
      ip: randomIp(),
      body: {
        kind,
        registrationId: m.registrationId,
        attester: { name, email },
        recordIds: [m.recordId],
        entryIds: [],
      },
    }),
    201,
  );
  return res.body.id as string;
}

const DETAILS = {
  name: "Carol Confirmer",
  registrationNumber: "01A2345B",
  regulator: "NMC",
  email: "carol@trust.example",
  address: "Ward 9, City Hospital, Leeds",
  postcode: "LS1 3EX",
  date: "2026-11-20",
  statement: CONFIRMATION_STATEMENT,
};

/** The attester signs (a guest session made directly: the code step is attestations.int.test.ts's). */
async function signs(id: string) {
  const token = `ag_${randomBytes(32).toString("base64url")}`;
  await h.deps.prisma.attestationGuestSession.create({
    data: { attestationId: id, tokenHash: sha256(token), ipAddress: "127.0.0.1" },
  });
  must(
    await call(h.app, "POST", `/attestation/${id}/sign`, {
      token,
      ip: randomIp(),
      body: { details: DETAILS, signature: await signature() },
    }),
  );
}

const settingsUrl = (id: number) => `/organisations/${id}/settings`;
const confirmationsUrl = (id: number, query = "") => `/organisations/${id}/confirmations${query}`;
const appoint = (o: { id: number; manager: TestUser }, appointedConfirmers: string[]) =>
  as(o.manager, "PUT", settingsUrl(o.id), { ...NEW_ORGANISATION_SETTINGS, appointedConfirmers });

describe("the appointed confirmers setting", () => {
  it("stores the e-mails lower-cased and each once, and keeps them when a PUT leaves them out", async () => {
    const o = await organisation();
    expect((await as(o.manager, "GET", settingsUrl(o.id))).body.appointedConfirmers).toEqual([]);
    const put = await appoint(o, ["Carol@Trust.Example", "carol@trust.example", "DAN@trust.example"]);
    expect(put.status).toBe(200);
    expect(put.body.appointedConfirmers).toEqual(["carol@trust.example", "dan@trust.example"]);
    const { appointedConfirmers: _, ...older } = NEW_ORGANISATION_SETTINGS;
    const kept = await as(o.manager, "PUT", settingsUrl(o.id), { ...older, allFeatures: true });
    expect(kept.body).toMatchObject({
      allFeatures: true,
      appointedConfirmers: ["carol@trust.example", "dan@trust.example"],
    });
  });

  it("refuses an address that is not an e-mail, or too many, with the contract's message, and changes nothing", async () => {
    const o = await organisation();
    must(await appoint(o, ["carol@trust.example"]));
    const tooMany = Array.from(
      { length: ORGANISATION_LIMITS.appointedConfirmers + 1 },
      (_, i) => `confirmer${i}@trust.example`,
    );
    const cases: [string, string[], string][] = [
      ["no domain", ["carol@trust.example", "not-an-email"], APPOINTED_CONFIRMER_MESSAGES.invalid],
      ["a space inside", ["carol smith@trust.example"], APPOINTED_CONFIRMER_MESSAGES.invalid],
      ["empty", [""], APPOINTED_CONFIRMER_MESSAGES.invalid],
      ["a NUL byte", ["carol\u0000@trust.example"], APPOINTED_CONFIRMER_MESSAGES.invalid],
      ["a lone surrogate", ["carol\udc00@trust.example"], APPOINTED_CONFIRMER_MESSAGES.invalid],
      ["over 254 characters", [`${"a".repeat(250)}@trust.example`], APPOINTED_CONFIRMER_MESSAGES.invalid],
      ["too many", tooMany, APPOINTED_CONFIRMER_MESSAGES.tooMany],
    ];
    for (const [what, list, message] of cases) {
      expect([what, ...refusal(await appoint(o, list))]).toEqual([what, 400, "VALIDATION_ERROR", message]);
    }
    for (const hostile of ["carol@trust.example", 42, null, { email: "x@y.z" }, [["a@b.cd"]]]) {
      const res = await as(o.manager, "PUT", settingsUrl(o.id), {
        ...NEW_ORGANISATION_SETTINGS,
        appointedConfirmers: hostile,
      });
      expect(res.status).toBe(400);
    }
    expect((await as(o.manager, "GET", settingsUrl(o.id))).body.appointedConfirmers).toEqual([
      "carol@trust.example",
    ]);
  });
});

describe("the managers' read of their appointed confirmers' confirmations", () => {
  it("shows a member's confirmation by an appointed confirmer, with the signer's details once signed, and nothing else", async () => {
    const o = await organisation();
    must(await appoint(o, ["carol@trust.example", "dan@trust.example"]));
    const mia = await member(o.id, "Mia");
    // The professional typed the address in another case: the match ignores it.
    const appointed = await asks(mia, "Carol@TRUST.example");
    await asks(mia, "eve@elsewhere.example", "nmcConfirmation", "Eve Outsider");
    await asks(mia, "carol@trust.example", "nmcReflectiveDiscussion");
    const other = await organisation();
    must(await appoint(other, ["carol@trust.example"]));
    const outsider = await member(other.id, "Olga");
    const othersConfirmation = await asks(outsider, "carol@trust.example");

    const before = must(await as(o.manager, "GET", confirmationsUrl(o.id)));
    expect(before.body.total).toBe(1);
    expect(before.body.items).toEqual([
      {
        id: appointed,
        member: { id: mia.id, name: "Mia User" },
        state: "sent",
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        openedAt: null,
        signedAt: null,
        declinedAt: null,
        withdrawnAt: null,
        attester: { name: "Carol Confirmer", email: "Carol@TRUST.example" },
        signer: null,
      },
    ]);

    await signs(appointed);
    const after = must(await as(o.manager, "GET", confirmationsUrl(o.id)));
    expect(after.body.items[0]).toMatchObject({ id: appointed, state: "signed", signer: DETAILS });
    expect(after.body.items[0].signedAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    // The record's hash, the mobile, the covered records: not a manager's to read.
    expect(Object.keys(after.body.items[0]).sort()).toEqual([
      "attester",
      "createdAt",
      "declinedAt",
      "expiresAt",
      "id",
      "member",
      "openedAt",
      "signedAt",
      "signer",
      "state",
      "withdrawnAt",
    ]);

    // The other organisation's manager sees their own member's, not this one's.
    const theirs = must(await as(other.manager, "GET", confirmationsUrl(other.id)));
    expect(theirs.body.items.map((i: { id: string }) => i.id)).toEqual([othersConfirmation]);
  });

  it("pages newest first, and shows nothing once the confirmer is no longer appointed", async () => {
    const o = await organisation();
    must(await appoint(o, ["carol@trust.example", "dan@trust.example"]));
    const mia = await member(o.id);
    const first = await asks(mia, "carol@trust.example");
    const second = await asks(mia, "dan@trust.example", "nmcConfirmation", "Dan Confirmer");
    await h.deps.prisma.attestation.update({
      where: { id: first },
      data: { createdAt: new Date(Date.now() - 60_000) },
    });
    const page = async (q: string) => must(await as(o.manager, "GET", confirmationsUrl(o.id, q))).body;
    expect(await page("?perPage=1")).toMatchObject({ total: 2, items: [{ id: second }] });
    expect(await page("?perPage=1&page=2")).toMatchObject({ total: 2, items: [{ id: first }] });
    expect(await page("?page=3&perPage=1")).toEqual({ total: 2, items: [] });

    must(await appoint(o, ["dan@trust.example"]));
    expect(await page("")).toMatchObject({ total: 1, items: [{ id: second }] });
    must(await appoint(o, []));
    expect(await page("")).toEqual({ total: 0, items: [] });
  });

  it("refuses members, administrators and other organisations' managers", async () => {
    const o = await organisation();
    must(await appoint(o, ["carol@trust.example"]));
    const mia = await member(o.id);
    await asks(mia, "carol@trust.example");
    const other = await organisation();
    const admin = await createUser(h.deps, { roles: ["User-Basic", "Admin"] });

    expect(refusal(await as(mia, "GET", confirmationsUrl(o.id))).slice(0, 2)).toEqual([
      403,
      "MANAGER_REQUIRED",
    ]);
    expect(refusal(await as(admin, "GET", confirmationsUrl(o.id))).slice(0, 2)).toEqual([
      403,
      "MANAGER_REQUIRED",
    ]);
    expect(refusal(await as(other.manager, "GET", confirmationsUrl(o.id))).slice(0, 2)).toEqual([
      404,
      "ORGANISATION_NOT_FOUND",
    ]);
    expect((await call(h.app, "GET", confirmationsUrl(o.id))).status).toBe(401);
    // A member cannot change the setting either.
    expect(
      (await as(mia, "PUT", settingsUrl(o.id), { ...NEW_ORGANISATION_SETTINGS, appointedConfirmers: [] }))
        .status,
    ).toBe(403);
  });

  it("answers hostile paths and queries with 4xx", async () => {
    const o = await organisation();
    const urls = [
      `/organisations/abc/confirmations`,
      `/organisations/0/confirmations`,
      `/organisations/99999999999999999999/confirmations`,
      `/organisations/1e308/confirmations`,
      `/organisations/${randomUUID()}/confirmations`,
      `/organisations/%00/confirmations`,
      confirmationsUrl(o.id, "?page=0"),
      confirmationsUrl(o.id, "?page=1e308"),
      confirmationsUrl(o.id, "?page=abc"),
      confirmationsUrl(o.id, "?perPage=51"),
      confirmationsUrl(o.id, "?perPage=-1"),
      confirmationsUrl(o.id, "?page=%00"),
      confirmationsUrl(o.id, "?page=1&page=2"),
    ];
    for (const url of urls) {
      const res = await as(o.manager, "GET", url);
      expect([url, res.status >= 400 && res.status < 500]).toEqual([url, true]);
    }
  });
});
