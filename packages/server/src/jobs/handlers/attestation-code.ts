import { prepareAttestationCode } from "../../modules/attestations/emails.js";
import { attestationCodeJob } from "../definitions/attestation-code.js";
import { codeHandler } from "./send-email.js";

export const attestationCodeHandler = codeHandler(attestationCodeJob, (data, ctx, settings) =>
  prepareAttestationCode(ctx.db, settings, data),
);
