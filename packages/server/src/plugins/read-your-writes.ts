// Read-your-writes across API replicas (docs/decisions/0032-read-replicas.md): a signed-in
// caller's successful change is noted in Redis before the answer leaves, so their next heavy read,
// on whichever API process, goes to the primary until the replica surely holds it.
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export function registerReadYourWrites(app: FastifyInstance, deps: Deps) {
  // Without a replica nothing is noted: no Redis call on any request.
  if (!deps.reads.replicated) return;
  app.addHook("onSend", async (req, reply, payload) => {
    if (READS.has(req.method) || !req.caller || reply.statusCode >= 400) return payload;
    // If Redis fails here the write stands; the router reads the primary while Redis is unsure.
    await deps.reads.noteWrite(req.caller.id).catch((err) => req.log.warn({ err }, "could not note a write"));
    return payload;
  });
}
