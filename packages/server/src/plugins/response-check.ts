// In tests, every JSON answer is checked against the schema the OpenAPI document gives for its
// status, as an integrator's validator would check it: a call whose answer drifts from the
// document fails its test with a 500 naming the difference, instead of shipping a false document.
import { ERROR_MESSAGES, ErrorEnvelope } from "@cpd/contract";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../lib/errors.js";

const RESPONSE_MISMATCH = "The answer does not match the documented schema";

// One compiler and one compiled validator per route and status for the whole test run (every test
// file builds its own app from the same contract): compiling is what costs.
const ajv = new Ajv({ strict: false, allErrors: true, keywords: [ERROR_MESSAGES] });
addFormats.default(ajv);
ajv.addSchema(ErrorEnvelope);
const compiled = new Map<string, ValidateFunction>();

function validatorOf(request: FastifyRequest, status: number, schema: object) {
  const key = `${request.method} ${request.routeOptions.url} ${status}`;
  let v = compiled.get(key);
  if (!v) {
    v = ajv.compile(schema);
    compiled.set(key, v);
  }
  return v;
}

export function checkResponsesAgainstDocument(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    // Contract calls only (the documentation's own routes and the SPA are not in the document).
    if (!request.routeOptions.config?.contract) return payload;
    if (typeof payload !== "string" || !String(reply.getHeader("content-type")).includes("json")) {
      return payload;
    }
    // The refusal below is itself an answer: it is not checked again.
    if (reply.statusCode === 500 && payload.includes(RESPONSE_MISMATCH)) return payload;
    const schema = documentedSchema(request, reply.statusCode);
    if (!schema) throw mismatch(request, `status ${reply.statusCode} is not documented`);
    const validate = validatorOf(request, reply.statusCode, schema);
    if (!validate(JSON.parse(payload))) {
      const where = (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`).join("; ");
      throw mismatch(request, `${reply.statusCode} answer: ${where}`);
    }
    return payload;
  });
}

/** The schema the document gives for this status: the exact code, then its class (4xx), then default. */
function documentedSchema(request: FastifyRequest, status: number): object | undefined {
  const responses = (request.routeOptions.schema?.response ?? undefined) as
    | Record<string, object>
    | undefined;
  if (!responses) return status >= 400 ? ErrorEnvelope : undefined;
  return responses[status] ?? responses[`${String(status)[0]}xx`] ?? responses.default;
}

function mismatch(request: FastifyRequest, detail: string) {
  const message = `${RESPONSE_MISMATCH} (${request.method} ${request.routeOptions.url}): ${detail}`;
  request.log.error(message);
  console.error(message);
  return new AppError(500, "INTERNAL_ERROR", message);
}
