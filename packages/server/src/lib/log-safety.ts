// Logs and error reports never hold what a user wrote (REQ-IDENT-02, ADR 0029). An error from the
// store can carry it: Prisma's validation error prints the call's arguments (an entry's text among
// them), and PostgreSQL's `detail` repeats a failing row. The `err` serializer of every logger keeps
// an error's type, code and stack frames and drops those.
import pino from "pino";

/** Keys that repeat stored values: PostgreSQL's detail ("Failing row contains (...)") and where. */
const VALUE_KEYS = new Set(["detail", "where"]);
const ARGUMENTS_OMITTED = "Invalid database call (its arguments are not logged)";
const MAX_DEPTH = 8;

function withoutValues(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => withoutValues(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (!VALUE_KEYS.has(k)) out[k] = withoutValues(v, depth + 1);
  }
  return out;
}

/** The stack's frames only, under a message that holds no value. */
const framesOnly = (stack: unknown, name: string) =>
  `${name}: ${ARGUMENTS_OMITTED}\n${String(stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n")}`;

/** pino's error serializer, less what may hold a user's text. */
export function safeErr(err: Error): pino.SerializedError {
  const out = withoutValues(pino.stdSerializers.err(err)) as pino.SerializedError;
  if (out?.type === "PrismaClientValidationError") {
    out.message = ARGUMENTS_OMITTED;
    out.stack = framesOnly(out.stack, "PrismaClientValidationError");
  }
  return out;
}

/** The serializers every logger (API, worker, resources) is made with. */
export const LOG_SERIALIZERS = { err: safeErr };
