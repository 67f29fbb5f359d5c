import { Type } from "@sinclair/typebox";
import { emailJob } from "./shared.js";

export const ACCOUNT_EMAIL_KINDS = ["confirm-email", "already-registered", "onboarding"] as const;

/**
 * A registration or onboarding e-mail: the confirmation link, the onboarding link, or "someone
 * tried to register with your address". The payload names the user only; the link token is
 * issued when the e-mail is rendered (only its hash is stored).
 */
export const accountEmailJob = emailJob("account-email", {
  userId: Type.String({ minLength: 36, maxLength: 36 }),
  kind: Type.Union(ACCOUNT_EMAIL_KINDS.map((k) => Type.Literal(k))),
});
