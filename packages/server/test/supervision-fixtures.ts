// Supervision records shared with a reviewee, made the way a member and a reviewee
// make them: the entry and the share through the API, the link and the 2FA code
// read from the e-mails the real worker sends (MailDev), the guest token from the
// authenticate call. Each call makes its own users, addresses and numbers.
import { createHash, randomInt, randomUUID } from "node:crypto";
import { otherSide, type SupervisionSide } from "@cpd/contract";
import sharp from "sharp";
import { uploaded } from "./factories.js";
import { call, createUser, type Harness, randomIp, type TestUser } from "./harness.js";
import { type MailDevEmail, waitForNewMail } from "./mail.js";

export const CODE_SUBJECT = "Your supervision review code";
export const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

type Res = Awaited<ReturnType<typeof call>>;

/** A setup call's answer, which must have the status wanted. */
export function must(res: Res, status = 200): Res {
  if (res.status !== status)
    throw new Error(`setup: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** A real PNG of the given size, as the signature pad draws one (a dark stroke on white). */
export async function signaturePng(width = 300, height = 80): Promise<Buffer> {
  const stroke = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="M5 ${height - 10} L${width - 5} 10" stroke="#000" stroke-width="3"/></svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: "#fff" } })
    .composite([{ input: stroke }])
    .png()
    .toBuffer();
}
export const dataUrl = (bytes: Buffer, type = "image/png") =>
  `data:${type};base64,${bytes.toString("base64")}`;
export const signature = async () => dataUrl(await signaturePng());

/** A fresh UK mobile number as a person types it, and as E.164 (what the SMS gateway sees). */
function newMobile(): { number: string; e164: string } {
  const rest = String(randomInt(0, 1_000_000_000)).padStart(9, "0");
  return { number: `07${rest.slice(0, 3)} ${rest.slice(3)}`, e164: `+447${rest}` };
}

export interface Owner extends TestUser {
  /** The name the supervision calls print for the owner (profile first and last name). */
  name: string;
}

export async function newOwner(h: Harness, firstName = "Olivia"): Promise<Owner> {
  const u = await createUser(h.deps, { firstName });
  return { ...u, name: `${firstName} User` };
}

/** A saved supervision entry of `owner`'s; the role is the owner's side. */
export async function supervisionEntry(
  h: Harness,
  owner: TestUser,
  role: SupervisionSide,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = must(
    await call(h.app, "POST", "/entries/supervision", {
      token: owner.token,
      ip: randomIp(),
      body: {
        Field4: "Monthly clinical supervision",
        SupervisionDate: "2026-11-02",
        SupervisionHours: "1",
        SupervisionRole: role,
        OtherPartyName: "Dr Rhiannon Reviewee",
        Topics: "Caseload and wellbeing",
        ...extra,
      },
    }),
  );
  return res.body.entryId as string;
}

/** A real PNG uploaded by `u`, to attach as evidence. */
export async function uploadPng(h: Harness, u: TestUser, name = "evidence.png"): Promise<string> {
  return uploaded(h, u, name, await signaturePng(40, 40));
}

export interface RevieweeInput {
  type: SupervisionSide;
  name: string;
  email: string;
  number: string;
  expiry: number;
}

/** The other party of an owner on `role`'s side, with a fresh address and UK mobile. */
export function revieweeFor(role: SupervisionSide, over: Partial<RevieweeInput> = {}) {
  const mobile = newMobile();
  return {
    reviewee: {
      type: otherSide(role),
      name: "Dr Rhiannon Reviewee",
      email: `reviewee-${randomUUID()}@test.example`,
      number: mobile.number,
      expiry: 7,
      ...over,
    } satisfies RevieweeInput,
    e164: mobile.e164,
  };
}

export const TOPICS = [
  { title: "Caseload", actions: "Review the waiting list weekly" },
  { title: "Wellbeing", actions: "" },
];

export const shareCall = (
  h: Harness,
  owner: TestUser,
  body: { entryId: string; reviewee: unknown; topics: unknown },
) => call(h.app, "POST", "/supervision/share", { token: owner.token, ip: randomIp(), body });

/** Shares `s`'s entry again (after a reset) with a new reviewee for the same side; no topics unless given. */
export async function shareAgain(
  h: Harness,
  s: { owner: TestUser; entryId: string; ownerSide: SupervisionSide },
  topics: { title: string; actions?: string }[] = [],
) {
  const { reviewee } = revieweeFor(s.ownerSide);
  return { reviewee, res: await shareCall(h, s.owner, { entryId: s.entryId, reviewee, topics }) };
}

/** The 6-digit code of a code e-mail. */
export function codeOf(mail: MailDevEmail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in: ${mail.text}`);
  return code;
}

export const authenticate = (h: Harness, shareId: string, authenticationCode: string | null) =>
  call(h.app, "POST", `/supervision/authenticate/${shareId}`, {
    body: { authenticationCode },
    ip: randomIp(),
  });

export interface Shared {
  owner: Owner;
  ownerSide: SupervisionSide;
  revieweeSide: SupervisionSide;
  entryId: string;
  shareId: string;
  reviewee: RevieweeInput;
  /** The reviewee's mobile as E.164. */
  e164: string;
  topicIds: string[];
  /** E-mails to the reviewee already read (the share and code e-mails). */
  seen: Set<string>;
  /** The share e-mail. */
  shareMail: MailDevEmail;
}

/** Shares a new supervision entry and reads the link from the reviewee's e-mail. */
export async function sharedSupervision(
  h: Harness,
  o: {
    role?: SupervisionSide;
    owner?: Owner;
    topics?: { title: string; actions?: string }[];
    entryExtra?: Record<string, unknown>;
    revieweeOver?: Partial<RevieweeInput>;
  } = {},
): Promise<Shared> {
  const role = o.role ?? "Supervisor";
  const owner = o.owner ?? (await newOwner(h));
  const entryId = await supervisionEntry(h, owner, role, o.entryExtra);
  const { reviewee, e164 } = revieweeFor(role, o.revieweeOver);
  const res = must(await shareCall(h, owner, { entryId, reviewee, topics: o.topics ?? TOPICS }));
  const shareId = res.body.reviewee.Id as string;
  const seen = new Set<string>();
  const shareMail = await waitForNewMail(
    reviewee.email,
    (m) => m.subject.includes("shared a supervision record"),
    seen,
  );
  return {
    owner,
    ownerSide: role,
    revieweeSide: otherSide(role),
    entryId,
    shareId,
    reviewee,
    e164,
    topicIds: (res.body.reviewee.Topics as { TopicId: string }[]).map((t) => t.TopicId),
    seen,
    shareMail,
  };
}

/** Asks for a code and reads it from the reviewee's e-mail. */
export async function mailedCode(h: Harness, s: Shared): Promise<string> {
  must(await authenticate(h, s.shareId, null));
  return codeOf(await waitForNewMail(s.reviewee.email, (m) => m.subject === CODE_SUBJECT, s.seen));
}

/** The reviewee's guest token: a code asked for, read from the e-mail and entered. */
export async function guestToken(h: Harness, s: Shared): Promise<string> {
  const res = must(await authenticate(h, s.shareId, await mailedCode(h, s)));
  return res.body.token as string;
}

/** A shared supervision entry and the reviewee's guest token for it. */
export async function guestSession(h: Harness, o: Parameters<typeof sharedSupervision>[1] = {}) {
  const s = await sharedSupervision(h, o);
  return { ...s, guest: await guestToken(h, s) };
}

/** Signs as the owner (member token) or as the reviewee (guest token). */
export async function sign(
  h: Harness,
  who: { token: string; guest: boolean },
  entryId: string,
  over: Record<string, unknown> = {},
) {
  return call(h.app, "POST", "/supervision/complete", {
    token: who.token,
    ip: randomIp(),
    body: {
      entryId,
      signature: await signature(),
      useGlobalSignature: false,
      guest: who.guest,
      ...over,
    },
  });
}
