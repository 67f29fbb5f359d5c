// The patient-identifier check (REQ-IDENT-04) reads and stores nothing of anyone's: any signed-in
// user may run it, an administrator acting as a user too. Signing in is checked by the route.
import type { Policy } from "./caller.js";

/** Scanning a text: every signed-in caller. */
export const scan: Policy = () => {};
