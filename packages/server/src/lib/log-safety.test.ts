import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { Prisma } from "../generated/prisma/client.js";
import { LOG_SERIALIZERS, safeErr } from "./log-safety.js";

const SECRET = "what-the-writer-wrote";

/** What a logger made with the serializers writes for `err`. */
function logged(err: unknown) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  pino({ serializers: LOG_SERIALIZERS }, stream).error({ err }, "failed");
  return lines.join("");
}

describe("errors in the logs hold no user text (ADR 0029)", () => {
  it("drops a Prisma validation error's arguments, keeping its type and frames", () => {
    const err = new Prisma.PrismaClientValidationError(
      `Invalid \`tx.entry.create()\` invocation:\n{ data: { description: "${SECRET}" } }\nUnknown argument`,
      { clientVersion: "6" },
    );
    const line = logged(err);
    expect(line).toContain("PrismaClientValidationError");
    expect(line).toContain("arguments are not logged");
    expect(line).not.toContain("writer-wrote");
    expect(JSON.stringify(safeErr(err))).toMatch(/"stack":"PrismaClientValidationError: [^"]*\\n\s+at /);
  });

  it("drops PostgreSQL's detail (the failing row) wherever it is", () => {
    const err = Object.assign(new Error("new row violates check constraint"), {
      code: "P2010",
      meta: {
        driverAdapterError: { cause: { kind: "postgres", detail: `Failing row contains (${SECRET}).` } },
      },
      detail: `Failing row contains (${SECRET}).`,
    });
    const line = logged(err);
    expect(line).toContain("new row violates check constraint");
    expect(line).toContain('"kind":"postgres"');
    expect(line).not.toContain("writer-wrote");
  });

  it("keeps an ordinary error as pino writes it", () => {
    const err = Object.assign(new Error("queue down"), { code: "ECONNREFUSED" });
    expect(safeErr(err)).toMatchObject({ type: "Error", message: "queue down", code: "ECONNREFUSED" });
    expect(safeErr(null as never)).toBeNull();
  });
});
