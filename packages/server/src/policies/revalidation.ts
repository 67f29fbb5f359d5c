// Revalidation (ADR 0026) is each member's own: any signed-in member reads their registrations,
// progress, records and entry tags, and changes them with the User-Basic role like the rest of
// their profile and entries (REQ-ROLE-01). It is neither premium nor a switchable feature: a
// regulator's requirements are not an extra. Ownership is the services' where clause, so another
// member's ids answer 404.
import type { Policy } from "./caller.js";
import { policies } from "./roles.js";

/** Reading one's own revalidation: every signed-in member. */
export const read: Policy = () => {};

/** Changing one's own revalidation: the User-Basic role (REQ-ROLE-01). */
export const write: Policy = policies.userBasic;
