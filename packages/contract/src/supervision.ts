// The supervision calls (REQ-SUP-02..05). The owner calls them with the session token;
// the external reviewee with the guest token that `authenticate` gives after the
// 2FA code, valid for that one share until it expires (`guest: true` below).
import { type TSchema, Type } from "@sinclair/typebox";
import { endpoint, IsoDateTime, Message, Nullable } from "./endpoint.js";
import { EntryValues } from "./entries.js";
import { Form } from "./forms.js";
import { Text, Uuid } from "./primitives.js";
import {
  Reviewee,
  SignatureRecord,
  SUPERVISION,
  SupervisionComment,
  SupervisionSideSchema,
  SupervisionTopic,
} from "./supervision-model.js";

const tags = ["supervision"];

/** Guest tokens are opaque: `sg_` and 43 URL-safe characters. */
export const GuestToken = Text({ minLength: 10, maxLength: 100, pattern: "^sg_[A-Za-z0-9_-]+$" });
const ShareParams = Type.Object({ id: Uuid() });
const TopicParams = Type.Object({ id: Uuid(), topicId: Uuid() });
const TopicInput = Type.Object({
  title: Text({ maxLength: SUPERVISION.topicTitleMax }),
  actions: Type.Optional(Text({ maxLength: SUPERVISION.topicActionsMax })),
});
/** Files and PDFs open in a new tab, where no header can be set: the guest token may ride in the query. */
const TokenQuery = Type.Object({ token: Type.Optional(GuestToken), download: Type.Optional(Type.Boolean()) });

export const shareSupervision = endpoint({
  method: "POST",
  path: "/supervision/share",
  summary: "Share a saved supervision record with the other party, who gets an e-mailed link",
  tags,
  auth: true,
  body: Type.Object({
    entryId: Uuid(),
    reviewee: Type.Object({
      type: SupervisionSideSchema,
      name: Text({ maxLength: SUPERVISION.nameMax }),
      email: Text({ maxLength: 254 }),
      number: Text({ maxLength: SUPERVISION.numberMax }),
      expiry: Type.Integer({ minimum: 0, maximum: 365, description: "Days: 1, 7, 14 or 30" }),
    }),
    topics: Type.Array(TopicInput, { maxItems: SUPERVISION.maxTopics }),
  }),
  response: Type.Composite([Message, Type.Object({ reviewee: Reviewee })]),
});

export const resetSupervision = endpoint({
  method: "POST",
  path: "/supervision/reset",
  summary: "Reset sharing: old links and guest sessions stop working; an unfinished signing is void",
  tags,
  auth: true,
  body: Type.Object({ entryId: Uuid() }),
  response: Message,
});

export const supervisionLink = endpoint({
  method: "GET",
  path: "/supervision/:id/link",
  errors: [410],
  summary: "What a review link is for, before the 2FA step: its state and where the code goes (masked)",
  tags,
  auth: false,
  params: ShareParams,
  response: Type.Object({
    status: Type.Union([Type.Literal("shared"), Type.Literal("locked"), Type.Literal("completed")]),
    maskedEmail: Text(),
    maskedNumber: Nullable(Text({ description: "Set when the code is also sent by SMS" })),
    expiresAt: IsoDateTime,
  }),
});

/**
 * What a guest's code call answers (supervision reviewees; attesters too, attestations.ts): the
 * token is set once the code is right, to send as `Authorization: Bearer …` on the guest's calls.
 */
export const guestCodeAnswer = (token: TSchema) =>
  Type.Composite([
    Message,
    Type.Object({
      token: Nullable(token),
      expiresAt: Nullable(IsoDateTime),
      /** Seconds before another code can be asked for. */
      resendAfter: Type.Integer(),
      channels: Type.Array(Type.Union([Type.Literal("email"), Type.Literal("sms")])),
    }),
  ]);

export const authenticateSupervision = endpoint({
  method: "POST",
  path: "/supervision/authenticate/:id",
  errors: [403, 410],
  summary:
    "The reviewee's 2FA: a null code sends one (e-mail, and SMS to a mobile); the right code gives a guest token",
  tags,
  auth: false,
  params: ShareParams,
  body: Type.Object({
    authenticationCode: Nullable(Text({ maxLength: 20 })),
  }),
  response: guestCodeAnswer(GuestToken),
});

export const SupervisionViewer = Type.Object({
  kind: Type.Union([Type.Literal("owner"), Type.Literal("reviewee")]),
  side: SupervisionSideSchema,
  name: Text(),
});

/**
 * What the reviewee is not shown of the record as it is now (ADR 0031): the record changes after
 * sharing, so its text and evidence are checked on every read. Absent when nothing is withheld.
 * `record`: the reviewee's read is refused (409 IDENTIFIERS_FOUND) while the entry or its topics
 * hold an unresolved finding (told to the owner); `files`: evidence files left out of the form
 * (a patient identifier in the name or text, or still being read).
 */
export const SupervisionWithheld = Type.Object({
  record: Type.Boolean(),
  files: Type.Integer({ minimum: 0 }),
  message: Text(),
});

export const supervisionView = endpoint({
  method: "GET",
  path: "/supervision/:id",
  // 409 IDENTIFIERS_FOUND to the reviewee while the record holds a finding (ADR 0031).
  errors: [409, 410],
  summary:
    "The shared supervision record, for its owner or its reviewee (guest token): read-only for the guest",
  tags,
  auth: false,
  guest: true,
  params: ShareParams,
  response: Type.Object({
    form: Form,
    ownerName: Text(),
    viewer: SupervisionViewer,
    withheld: Type.Optional(SupervisionWithheld),
  }),
});

export const supervisionFile = endpoint({
  method: "GET",
  path: "/supervision/:id/files/:fileId",
  errors: [409],
  summary: "One evidence file of the shared record (owner or reviewee)",
  tags,
  auth: false,
  guest: true,
  params: Type.Object({ id: Uuid(), fileId: Uuid() }),
  query: TokenQuery,
  binary: true,
  produces: ["application/octet-stream"],
  response: Type.Unknown(),
});

export const supervisionPdf = endpoint({
  method: "GET",
  path: "/supervision/:id/pdf",
  errors: [409],
  summary: "The supervision record as PDF, with its signatures and their hashes (owner or reviewee)",
  tags,
  auth: false,
  guest: true,
  params: ShareParams,
  query: TokenQuery,
  binary: true,
  produces: ["application/pdf"],
  response: Type.Unknown(),
});

export const commentSupervisionTopic = endpoint({
  method: "POST",
  path: "/supervision/:id/:topicId/comment",
  summary: "Comment on a topic (owner or reviewee), until the first signature",
  tags,
  auth: false,
  guest: true,
  params: TopicParams,
  body: Type.Object({
    comment: Text({ maxLength: SUPERVISION.commentMax }),
    /** Shown for compatibility; the server names the author from the session. */
    author: Type.Optional(Nullable(Text({ maxLength: SUPERVISION.nameMax }))),
  }),
  response: SupervisionComment,
});

export const toggleSupervisionTopic = endpoint({
  method: "POST",
  path: "/supervision/:id/:topicId/complete",
  summary: "Mark a topic completed or not completed (the Supervisor's side only), until the first signature",
  tags,
  auth: false,
  guest: true,
  params: TopicParams,
  response: SupervisionTopic,
});

// The owner changes the topics of a record already shared, until the first signature; the
// reviewee reads the current topics on their next load (ADR 0022).
// 409 once a signature covers the topics, 410 once the share is revoked.
const topicEdit = { errors: [409, 410], tags, auth: true } as const;
const TopicChanged = Type.Composite([Message, Type.Object({ topic: SupervisionTopic })]);

export const addSupervisionTopic = endpoint({
  method: "POST",
  path: "/supervision/:id/topics",
  ...topicEdit,
  summary: "Add a topic to a shared record (its owner), until the first signature",
  params: ShareParams,
  body: TopicInput,
  response: TopicChanged,
});

export const updateSupervisionTopic = endpoint({
  method: "PUT",
  path: "/supervision/:id/topics/:topicId",
  ...topicEdit,
  summary: "Change a topic's title and agreed actions (its owner), until the first signature",
  params: TopicParams,
  body: TopicInput,
  response: TopicChanged,
});

export const deleteSupervisionTopic = endpoint({
  method: "DELETE",
  path: "/supervision/:id/topics/:topicId",
  ...topicEdit,
  summary: "Remove a topic and its comments from a shared record (its owner), until the first signature",
  params: TopicParams,
  response: Message,
});

export const completeSupervision = endpoint({
  method: "POST",
  path: "/supervision/complete",
  errors: [409],
  summary: "Sign off: the Supervisor first, then the Supervisee, which completes the session",
  tags,
  auth: false,
  guest: true,
  body: Type.Object({
    entryId: Uuid(),
    signature: Nullable(
      Text({
        maxLength: SUPERVISION.signatureMaxChars,
        description: "A PNG drawn on the signature pad, as a data URL",
      }),
    ),
    useGlobalSignature: Type.Boolean(),
    guest: Type.Boolean(),
    /** The owner's unsaved answers, saved before signing; a guest may not send any. */
    form: Type.Optional(Nullable(EntryValues)),
  }),
  response: Type.Composite([Message, Type.Object({ completed: Type.Boolean(), reviewee: Reviewee })]),
});

export const verifySupervision = endpoint({
  method: "GET",
  path: "/supervision/verify/:id",
  summary:
    "Whether a hash printed on a supervision PDF matches the signed record, and whether the record is intact",
  tags,
  auth: false,
  params: ShareParams,
  query: Type.Object({ hash: Text({ pattern: "^[0-9a-fA-F]{64}$", maxLength: 64 }) }),
  response: Type.Object({
    matches: Type.Boolean(),
    /** Every stored signature's hash equals the hash of the record as stored now. */
    recordIntact: Type.Boolean(),
    completed: Type.Boolean(),
    signatures: Type.Array(SignatureRecord),
    message: Text(),
  }),
});
