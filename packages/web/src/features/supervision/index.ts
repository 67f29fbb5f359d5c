// What other features use of this one (docs/decisions/0015-module-boundaries-and-jobs.md): a
// feature imports another only through its index. No route pages here: they stay lazy-loaded.
import { lazy } from "react";

export { isFrozen } from "./review-model";

/** Sharing, topics and sign-off of a supervision record: its own chunk (with the signature pad). */
export const SupervisionPanel = lazy(() => import("./SupervisionPanel"));

/** The profile's saved signature, drawn on the sign-off's pad (ADR 0022): its own chunk. */
export const ProfileSignatureCard = lazy(() => import("./ProfileSignatureCard"));
