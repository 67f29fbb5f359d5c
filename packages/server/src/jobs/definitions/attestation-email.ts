import { Type } from "@sinclair/typebox";
import { emailJob } from "./shared.js";

/**
 * An attestation e-mail (ADR 0028): the request or a reminder to the attester, or the professional
 * told it was signed or declined. Ids only; the job id makes each send happen once.
 */
export const attestationEmailJob = emailJob("attestation-email", {
  attestationId: Type.String({ maxLength: 36 }),
  kind: Type.Union([
    Type.Literal("request"),
    Type.Literal("reminder"),
    Type.Literal("signed"),
    Type.Literal("declined"),
  ]),
});

/** A reminder is one per day at most, so its id names the moment it was asked for. */
export const attestationEmailJobId = (attestationId: string, kind: string, at?: Date) =>
  `attestation-${kind}-${attestationId}${at ? `-${at.getTime()}` : ""}`;
