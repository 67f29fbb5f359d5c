import type { Deps } from "../../deps.js";
import { contactEmailJob, contactEmailJobId } from "../../jobs/definitions/contact-email.js";
import { ServiceUnavailable } from "../../lib/store-errors.js";

type Kind = "alternative-email-code" | "email-change-link";

/**
 * Queues the e-mail of one request (ids only). When Redis cannot take it, `undo` removes the
 * request (so it may be made again at once, no cooldown) and the call answers 503.
 */
export async function queueRequestMail(
  deps: Deps,
  kind: Kind,
  userId: string,
  requestedAt: Date,
  undo: () => Promise<unknown>,
) {
  try {
    await deps.queues.enqueue(
      contactEmailJob,
      { kind, userId, requestedAt: requestedAt.toISOString() },
      contactEmailJobId(kind, userId, requestedAt),
    );
  } catch (err) {
    await undo();
    deps.log.error({ err, kind }, "could not queue a contact e-mail");
    throw new ServiceUnavailable();
  }
}
