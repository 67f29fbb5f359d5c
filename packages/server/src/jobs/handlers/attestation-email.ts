import { prepareAttestationEmail } from "../../modules/attestations/emails.js";
import { attestationEmailJob } from "../definitions/attestation-email.js";
import { emailHandler } from "./send-email.js";

export const attestationEmailHandler = emailHandler(attestationEmailJob, {
  render: (data, ctx) =>
    prepareAttestationEmail(
      ctx.db,
      { publicUrl: ctx.config.publicUrl, smsConfigured: ctx.config.sms !== null, now: ctx.now() },
      data,
    ),
  nothingSent: "attestation gone or no longer open; nothing sent",
  logged: ({ attestationId, kind }) => ({ attestationId, kind }),
});
