// Scheduled deletion, export of the whole record, and the payment provider's
// membership webhook (REQ-ACCOUNT-01..04, REQ-CONTACT-01..03, REQ-MEMBER-10).
import { Type } from "@sinclair/typebox";
import { Empty, endpoint, IsoDate, Nullable } from "./endpoint.js";
import { Text, Uuid } from "./primitives.js";

const tags = ["account"];

export const ScheduledDeletion = Type.Object({
  scheduled: Type.Boolean(),
  scheduledDate: Nullable(IsoDate),
});

export const getScheduledDeletion = endpoint({
  method: "GET",
  path: "/user-account/me/scheduled-deletion",
  summary: "Whether the account is scheduled for deletion, and when",
  tags,
  auth: true,
  response: ScheduledDeletion,
});

export const scheduleDeletion = endpoint({
  method: "POST",
  path: "/user-account/me/scheduled-deletion",
  summary:
    "Delete the account now (deleteNow=true), or on scheduledDate = today (London) + 1, 7 or 30 days + 1 day",
  tags,
  auth: true,
  query: Type.Object({
    deleteNow: Type.Optional(Type.Boolean()),
    scheduledDate: Type.Optional(IsoDate),
  }),
  response: Type.Object({ scheduled: Type.Boolean(), scheduledDate: Nullable(IsoDate), message: Text() }),
});

export const cancelScheduledDeletion = endpoint({
  method: "DELETE",
  path: "/user-account/me/scheduled-deletion",
  summary: "Cancel a scheduled deletion (full members only)",
  tags,
  auth: true,
  response: Empty,
});

export const requestExport = endpoint({
  method: "POST",
  path: "/user-account/me/export",
  summary: "Pack the whole record (data as JSON and every file) into a ZIP; the link is e-mailed",
  tags,
  auth: true,
  response: Type.Object({ id: Uuid(), message: Text() }),
  status: 201,
});

export const downloadExport = endpoint({
  method: "GET",
  path: "/user-account/me/export/:id",
  summary: "Download a finished export (ZIP)",
  tags,
  auth: true,
  params: Type.Object({ id: Uuid() }),
  response: Type.String({ format: "binary" }),
  binary: true,
  produces: ["application/zip"],
});

/** The payment provider's event (HMAC-signed; see docs/decisions/0008-account-lifecycle.md). */
export const MembershipEvent = Type.Object({
  id: Text({ minLength: 1, maxLength: 200 }),
  type: Type.Union([
    Type.Literal("membership.started"),
    Type.Literal("membership.renewed"),
    Type.Literal("membership.cancelled"),
    Type.Literal("membership.ended"),
  ]),
  /** The customer reference the upgrade link carried: the user's id. */
  customer: Uuid(),
  plan: Type.Optional(Type.Union([Type.Literal("monthly"), Type.Literal("yearly")])),
  /** The last day paid for. */
  periodEnd: Type.Optional(IsoDate),
});

export const membershipWebhook = endpoint({
  method: "POST",
  path: "/membership/webhook",
  errors: [401],
  summary:
    "Payment provider's membership events; header X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of 't.body'>",
  tags: ["membership"],
  auth: false,
  headers: Type.Object({
    "x-signature": Text({
      maxLength: 1000,
      description: "t=<unix seconds>,v1=<hex HMAC-SHA256 of '<t>.<raw body>'> with the shared secret",
    }),
  }),
  body: MembershipEvent,
  response: Type.Object({ received: Type.Literal(true), duplicate: Type.Boolean() }),
});
