// Answers that mean the review link cannot be used at all: the page then says why instead of
// showing the record (the server's words for these are the contract's).
import { SUPERVISION_MESSAGES } from "@cpd/contract";
import { ApiError } from "../../lib/api-error";

export function shareProblem(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  if (err.status === 410) return SUPERVISION_MESSAGES.linkExpired;
  if (err.status === 404) return SUPERVISION_MESSAGES.linkInvalid;
  if (err.status === 403 && err.code === "SHARE_LOCKED") return SUPERVISION_MESSAGES.locked;
  return null;
}

/** The guest token no longer works (reset, or a session the server has forgotten). */
export const authLost = (err: unknown) => err instanceof ApiError && err.status === 401;
