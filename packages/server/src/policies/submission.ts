// Submission packs (REQ-SUBMIT-01) are the member's own, like the rest of revalidation (ADR 0026):
// any signed-in member polls their packs; making one is a change, so it needs the User-Basic role
// (REQ-ROLE-01). Ownership is the service's where clause: another member's ids answer 404.
import type { Policy } from "./caller.js";
import { read as readOwn, write } from "./revalidation.js";

/** Polling one's own pack: every signed-in member. */
export const read: Policy = readOwn;

/** Making a pack: the User-Basic role. */
export const request: Policy = write;
