// Hostile input on the supervision calls (issue 10): NUL bytes, lone surrogates,
// urn:uuid: ids, explicit nulls, 1e308 and oversize values get a 4xx and store
// nothing; racing duplicate shares get one 200 and 409s.
import { describe, expect, it } from "vitest";
import { call, randomIp, useApp } from "./harness.js";
import {
  authenticate,
  guestSession,
  newOwner,
  revieweeFor,
  shareCall,
  sharedSupervision,
  sign,
  supervisionEntry,
  TOPICS,
} from "./supervision-fixtures.js";

const h = useApp({ worker: true });

const URN = (id: string) => encodeURIComponent(`urn:uuid:${id}`);
/** The answer must be a refusal in the error envelope, never a 5xx. */
function refused(res: Awaited<ReturnType<typeof call>>, what: string, status = 400) {
  expect([res.status, res.body.statusCode], what).toEqual([status, status]);
  expect(typeof res.body.code, what).toBe("string");
}

describe("POST supervision/share", () => {
  it("refuses NUL, lone surrogates, urn:uuid: ids, explicit nulls, 1e308 and oversize values with 400, storing nothing", async () => {
    const owner = await newOwner(h);
    const entryId = await supervisionEntry(h, owner, "Supervisor");
    const { reviewee } = revieweeFor("Supervisor");
    const body = { entryId, reviewee, topics: TOPICS };
    const withReviewee = (over: Record<string, unknown>) => ({ ...body, reviewee: { ...reviewee, ...over } });
    const cases: [string, unknown][] = [
      ["NUL in the name", withReviewee({ name: "Dr\u0000Who" })],
      ["lone surrogate in the name", withReviewee({ name: "Dr \uD800" })],
      ["lone surrogate in the e-mail", withReviewee({ email: "x\uDC00@nhs.net" })],
      ["NUL in the number", withReviewee({ number: "07700\u0000900123" })],
      ["urn:uuid: entry id", { ...body, entryId: `urn:uuid:${entryId}` }],
      ["braced entry id", { ...body, entryId: `{${entryId}}` }],
      ["explicit null entry id", { ...body, entryId: null }],
      ["explicit null reviewee", { ...body, reviewee: null }],
      ["explicit null name", withReviewee({ name: null })],
      ["explicit null type", withReviewee({ type: null })],
      ["a type that is no side", withReviewee({ type: "Manager" })],
      ["explicit null topics", { ...body, topics: null }],
      ["explicit null topic title", { ...body, topics: [{ title: null }] }],
      ["NUL in a topic title", { ...body, topics: [{ title: "Case\u0000load" }] }],
      ["lone surrogate in topic actions", { ...body, topics: [{ title: "Caseload", actions: "\uDBFF" }] }],
      ["expiry 1e308", withReviewee({ expiry: 1e308 })],
      ["expiry -1", withReviewee({ expiry: -1 })],
      ["expiry 7.5", withReviewee({ expiry: 7.5 })],
      ["expiry as text", withReviewee({ expiry: "7" })],
      ["21 topics", { ...body, topics: Array.from({ length: 21 }, (_, i) => ({ title: `Topic ${i}` })) }],
      ["a name of 201 characters", withReviewee({ name: "x".repeat(201) })],
      ["no body", undefined],
    ];
    for (const [what, b] of cases) {
      const res = await call(h.app, "POST", "/supervision/share", {
        token: owner.token,
        ip: randomIp(),
        body: b,
      });
      refused(res, what);
    }
    expect(await h.deps.prisma.supervisionShare.count({ where: { entryId } })).toBe(0);
    expect(await h.deps.prisma.supervisionTopic.count({ where: { entryId } })).toBe(0);
    // The same body without the poison is taken.
    expect((await shareCall(h, owner, body)).status).toBe(200);
  });

  it("five racing shares of one entry: one 200, the rest 409 ALREADY_SHARED; one share, one set of topics", async () => {
    const owner = await newOwner(h);
    const entryId = await supervisionEntry(h, owner, "Supervisee");
    const { reviewee } = revieweeFor("Supervisee");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => shareCall(h, owner, { entryId, reviewee, topics: TOPICS })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe("ALREADY_SHARED");
    expect(await h.deps.prisma.supervisionShare.count({ where: { entryId } })).toBe(1);
    expect(await h.deps.prisma.supervisionTopic.count({ where: { entryId } })).toBe(TOPICS.length);
  });
});

describe("POST supervision/authenticate/:id", () => {
  it("refuses hostile codes and ids with 400 without starting a code or counting an attempt", async () => {
    const s = await sharedSupervision(h);
    const cases: [string, string, unknown][] = [
      ["NUL in the code", s.shareId, { authenticationCode: "123\u0000456" }],
      ["lone surrogate code", s.shareId, { authenticationCode: "\uD800" }],
      ["a number", s.shareId, { authenticationCode: 123456 }],
      ["1e308", s.shareId, { authenticationCode: 1e308 }],
      ["an array", s.shareId, { authenticationCode: ["123456"] }],
      ["a code of 21 characters", s.shareId, { authenticationCode: "1".repeat(21) }],
      ["no code at all", s.shareId, {}],
      ["urn:uuid: id", URN(s.shareId), { authenticationCode: null }],
      ["NUL id", "%00", { authenticationCode: null }],
    ];
    for (const [what, id, body] of cases) {
      refused(await call(h.app, "POST", `/supervision/authenticate/${id}`, { ip: randomIp(), body }), what);
    }
    const row = await h.deps.prisma.supervisionShare.findUniqueOrThrow({ where: { id: s.shareId } });
    expect([row.codeRequestId, row.codeHash, row.wrongCodes, row.lockedAt]).toEqual([null, null, 0, null]);
    expect(await h.deps.prisma.supervisionGuestSession.count({ where: { shareId: s.shareId } })).toBe(0);
    // Still usable.
    expect((await authenticate(h, s.shareId, null)).status).toBe(200);
  });
});

describe("comments, topics and sign-off", () => {
  it("refuses hostile comments and ids with 400, storing no comment", async () => {
    const s = await guestSession(h);
    const topic = s.topicIds[0] as string;
    const cases: [string, string, unknown][] = [
      ["NUL", `/supervision/${s.shareId}/${topic}/comment`, { comment: "a\u0000b" }],
      ["lone surrogate", `/supervision/${s.shareId}/${topic}/comment`, { comment: "x\uDC00" }],
      ["explicit null", `/supervision/${s.shareId}/${topic}/comment`, { comment: null }],
      ["a number", `/supervision/${s.shareId}/${topic}/comment`, { comment: 1e308 }],
      ["2001 characters", `/supervision/${s.shareId}/${topic}/comment`, { comment: "x".repeat(2001) }],
      [
        "NUL in the author",
        `/supervision/${s.shareId}/${topic}/comment`,
        { comment: "Fine", author: "\u0000" },
      ],
      ["urn:uuid: topic", `/supervision/${s.shareId}/${URN(topic)}/comment`, { comment: "Fine" }],
      ["urn:uuid: share", `/supervision/${URN(s.shareId)}/${topic}/comment`, { comment: "Fine" }],
    ];
    for (const token of [s.guest, s.owner.token]) {
      for (const [what, url, body] of cases) {
        refused(await call(h.app, "POST", url, { token, ip: randomIp(), body }), what);
      }
    }
    expect(await h.deps.prisma.supervisionComment.count({ where: { shareId: s.shareId } })).toBe(0);
    refused(
      await call(h.app, "POST", `/supervision/${s.shareId}/${URN(topic)}/complete`, { token: s.owner.token }),
      "urn:uuid: topic toggle",
    );
    expect(
      await h.deps.prisma.supervisionTopic.count({ where: { entryId: s.entryId, completed: true } }),
    ).toBe(0);
  });

  it("refuses hostile sign-off bodies with 400: no signature stored, the entry unchanged", async () => {
    const s = await guestSession(h, { role: "Supervisor" });
    const owner = { token: s.owner.token, guest: false };
    const before = await h.deps.prisma.entry.findUniqueOrThrow({ where: { id: s.entryId } });
    const cases: [string, Record<string, unknown>][] = [
      ["urn:uuid: entry id", { entryId: `urn:uuid:${s.entryId}` }],
      ["explicit null entry id", { entryId: null }],
      ["NUL in the signature", { signature: "data:image/png;base64,\u0000" }],
      ["lone surrogate in the signature", { signature: "data:image/png;base64,\uD800" }],
      ["a signature over 270,000 characters", { signature: `data:image/png;base64,${"A".repeat(270_000)}` }],
      ["useGlobalSignature null", { useGlobalSignature: null }],
      ["useGlobalSignature as text", { useGlobalSignature: "true" }],
      ["guest null", { guest: null }],
      [
        "NUL in a form value",
        { form: { SupervisionDate: "2026-11-09", SupervisionRole: "Supervisor", Field4: "a\u0000" } },
      ],
      [
        "lone surrogate in a form value",
        { form: { SupervisionDate: "2026-11-09", SupervisionRole: "Supervisor", Field4: "\uD800" } },
      ],
      [
        "1e308 as a form value",
        { form: { SupervisionDate: "2026-11-09", SupervisionRole: "Supervisor", SupervisionHours: 1e308 } },
      ],
    ];
    for (const [what, over] of cases) refused(await sign(h, owner, s.entryId, over), what);
    expect(await h.deps.prisma.supervisionSignature.count({ where: { shareId: s.shareId } })).toBe(0);
    const after = await h.deps.prisma.entry.findUniqueOrThrow({ where: { id: s.entryId } });
    expect([after.values, after.supervisionLocked]).toEqual([before.values, false]);
  });

  it("GET supervision/verify refuses a hostile hash or id with 400", async () => {
    const s = await sharedSupervision(h);
    for (const [what, url] of [
      ["NUL in the hash", `/supervision/verify/${s.shareId}?hash=${"a".repeat(63)}%00`],
      ["1e308 as the hash", `/supervision/verify/${s.shareId}?hash=1e308`],
      ["urn:uuid: id", `/supervision/verify/${URN(s.shareId)}?hash=${"a".repeat(64)}`],
      ["no hash", `/supervision/verify/${s.shareId}`],
    ] as const) {
      refused(await call(h.app, "GET", url, { ip: randomIp() }), what);
    }
  });
});
