import { Type } from "@sinclair/typebox";
import { emailJob } from "./shared.js";

/**
 * A supervision e-mail (shared, signed, completed) to one party. The payload holds ids only; the
 * job id names the share, kind and recipient, so each is sent at most once.
 */
export const supervisionEmailJob = emailJob("supervision-email", {
  shareId: Type.String({ maxLength: 36 }),
  kind: Type.Union([Type.Literal("shared"), Type.Literal("signed"), Type.Literal("completed")]),
  recipient: Type.Union([Type.Literal("owner"), Type.Literal("reviewee")]),
});

export const supervisionEmailJobId = (shareId: string, kind: string, recipient: string) =>
  `supervision-${kind}-${recipient}-${shareId}`;
