// The patient-identifier check (REQ-IDENT-04) reads and stores nothing of anyone's: any signed-in
// user may run it, an administrator acting as a user too. Signing in is checked by the route.
import type { Policy } from "./caller.js";
import { policies } from "./roles.js";

/** Scanning a text: every signed-in caller. */
export const scan: Policy = () => {};

/**
 * Marking a flagged text in an entry as not a patient identifier is editing the entry: the same
 * role as saving it. Whose entry it is is the service's where clause (another's answers 404).
 */
export const resolveInEntry: Policy = (c) => policies.userBasic(c);
