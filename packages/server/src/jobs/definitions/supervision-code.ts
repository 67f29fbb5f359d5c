import { codeJob } from "./shared.js";

/** A reviewee's 2FA code (REQ-SUP-03): see codeJob. */
export const supervisionCodeJob = codeJob("supervision-code", "shareId");

export const supervisionCodeJobId = (requestId: string) => `supervision-code-${requestId}`;
