import { codeJob } from "./shared.js";

/** An attester's one-time code (ADR 0028): see codeJob. */
export const attestationCodeJob = codeJob("attestation-code", "attestationId");

export const attestationCodeJobId = (requestId: string) => `attestation-code-${requestId}`;
