// The attester's one-time code (ADR 0028): derived from its request id with a key of its own, so
// the job re-derives it and no payload carries a code (as supervision's, REQ-SUP-03).
import { ATTESTATION } from "@cpd/contract";
import * as codes from "../../lib/codes.js";

export const codeKey = (jwtSecret: string) => codes.codeKey(jwtSecret, "attestation-codes");

export const deriveCode = (key: Buffer, requestId: string) =>
  codes.deriveCode(key, `attestation-code:${requestId}`, ATTESTATION.codeLength);
