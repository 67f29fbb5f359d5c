// What a route adds to its contract endpoint when it is registered (routes/define.ts).
import type { FastifyRequest } from "fastify";
import type { Policy } from "../../policies/index.js";

export interface RouteExtras {
  policy?: Policy;
  rateLimit?: { max: number; timeWindow: number; keyBy?: "ip" | "ip+email" };
  /** Message for a body over rawBody.maxBytes (413) and for a refused content type (415). */
  tooLargeMessage?: string;
  mediaTypeMessage?: string;
  /** Further documented answers, e.g. the health check's 503. */
  responses?: Record<number, unknown>;
  /**
   * A JSON body whose exact bytes matter (a signed webhook): `verify` judges the raw bytes and
   * the headers first (it throws the refusal), then the bytes are parsed as JSON and validated
   * against the contract's body schema as usual, so OpenAPI still shows the body.
   */
  rawJson?: { verify: (raw: Buffer, request: FastifyRequest) => void | Promise<void> };
}

/** A route's rate limit: `max` calls a minute per address (or per address and e-mail). */
export const perMinute = (max: number, keyBy?: "ip" | "ip+email"): RouteExtras => ({
  rateLimit: { max, timeWindow: 60_000, ...(keyBy ? { keyBy } : {}) },
});
