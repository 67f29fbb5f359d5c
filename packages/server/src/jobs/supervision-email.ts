import { Type } from "@sinclair/typebox";
import { prepareSupervisionEmail } from "../modules/supervision/emails.js";
import { defineEmailJob } from "./send-email.js";

/**
 * A supervision e-mail (shared, signed, completed) to one party. The payload holds ids
 * only; the job id names the share, kind and recipient, so each is sent at most once.
 */
export const supervisionEmailJob = defineEmailJob({
  name: "supervision-email",
  payload: {
    shareId: Type.String({ maxLength: 36 }),
    kind: Type.Union([Type.Literal("shared"), Type.Literal("signed"), Type.Literal("completed")]),
    recipient: Type.Union([Type.Literal("owner"), Type.Literal("reviewee")]),
  },
  render: (data, ctx) =>
    prepareSupervisionEmail(
      ctx.db,
      { publicUrl: ctx.config.publicUrl, smsConfigured: ctx.config.sms !== null },
      data,
    ),
  nothingSent: "supervision share gone; nothing sent",
  logged: ({ shareId }) => ({ shareId }),
});

export const supervisionEmailJobId = (shareId: string, kind: string, recipient: string) =>
  `supervision-${kind}-${recipient}-${shareId}`;
