import type { FastifyReply } from "fastify";
import { CodeWait } from "../lib/codes.js";

/** Answers a code cooldown's 429 with Retry-After (contact verification, supervision and attestation codes). */
export async function withRetryAfter<T>(reply: FastifyReply, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (err) {
    if (err instanceof CodeWait) reply.header("retry-after", String(err.retryAfterSeconds));
    throw err;
  }
}
