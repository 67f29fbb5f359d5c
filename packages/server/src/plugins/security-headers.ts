// The security headers of every answer: helmet's defaults with our Content-Security-Policy
// (plugins/csp.ts) and no Cross-Origin-Embedder-Policy. None depends on the request, so helmet runs
// once at start-up and each request gets the recorded headers in one call. @fastify/helmet built
// helmet's middleware anew on every request, parsing the policy each time: about 5 % of the CPU of
// GET /api/profile under load (docs/decisions/0035-hot-call-overhead.md).
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { Config } from "../config.js";
import { cspDirectives } from "./csp.js";

/** The headers helmet sets for our options, names in lower case. */
export function securityHeaders(config: Pick<Config, "captcha">): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    // X-Powered-By: Fastify never sets it.
    removeHeader: () => undefined,
  };
  let failure: Error | undefined;
  helmet({ contentSecurityPolicy: { directives: cspDirectives(config) }, crossOriginEmbedderPolicy: false })(
    {} as never,
    recorder as never,
    (err?: unknown) => {
      failure = err as Error | undefined;
    },
  );
  if (failure) throw failure;
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, "captcha">) {
  const headers = securityHeaders(config);
  // A route may still replace one (files answer their own sandboxing policy).
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
