// The import rules (.dependency-cruiser.cjs, scripts/lint/query-hooks.mjs) can fail: a planted
// cycle, a module importing a route, a service importing a job handler and a page calling useQuery
// are each refused (docs/decisions/0015-module-boundaries-and-jobs.md).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
let dir: string;

function plant(files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

/** dependency-cruiser with the repository's rules, run where the planted tree looks like this repository. */
function cruise(...roots: string[]) {
  const bin = path.join(repo, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs");
  const config = path.join(repo, ".dependency-cruiser.cjs");
  return spawnSync(process.execPath, [bin, "--config", config, ...roots], { cwd: dir, encoding: "utf8" });
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "lint-boundaries-"));
  plant({
    "packages/server/tsconfig.json": JSON.stringify({
      compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true },
    }),
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// dependency-cruiser takes seconds to start on a busy machine.
describe("the import rules", { timeout: 60_000 }, () => {
  it("accept a tree that keeps them", () => {
    plant({
      "packages/server/src/lib/clean.ts": "export const clean = 1;\n",
      "packages/server/src/modules/fine/service.ts":
        'import { clean } from "../../lib/clean.js";\nexport const fine = clean;\n',
    });
    const run = cruise("packages/server/src/lib/clean.ts", "packages/server/src/modules/fine");
    expect(run.stdout + run.stderr).toContain("no dependency violations found");
    expect(run.status).toBe(0);
  });

  it("refuse a cycle, a module importing a route, a service importing a job handler", () => {
    plant({
      "packages/server/src/lib/a.ts": 'import { b } from "./b.js";\nexport const a = () => b;\n',
      "packages/server/src/lib/b.ts":
        'import type { a } from "./a.js";\nexport const b: typeof a | null = null;\n',
      "packages/server/src/routes/things.ts": "export const route = 1;\n",
      "packages/server/src/jobs/handlers/thing.ts": "export const thingHandler = 1;\n",
      "packages/server/src/modules/things/service.ts":
        'import { route } from "../../routes/things.js";\nimport { thingHandler } from "../../jobs/handlers/thing.js";\nexport const s = [route, thingHandler];\n',
    });
    const run = cruise("packages/server/src");
    const out = run.stdout + run.stderr;
    expect(run.status).not.toBe(0);
    // The cycle is made by a type-only import: those count.
    expect(out).toMatch(/error no-circular: packages\/server\/src\/lib\/(a|b)\.ts/);
    expect(out).toContain(
      "error module-not-to-plugins-routes-handlers: packages/server/src/modules/things/service.ts → packages/server/src/routes/things.ts",
    );
    expect(out).toContain("error only-worker-to-job-handlers: packages/server/src/modules/things/service.ts");
  });

  it("refuse a feature reaching into another feature instead of its index", () => {
    plant({
      "packages/web/src/features/one/index.ts": 'export { shown } from "./inner";\n',
      "packages/web/src/features/one/inner.ts": "export const shown = 1;\n",
      "packages/web/src/features/two/Page.tsx":
        'import { shown } from "../one";\nimport { shown as again } from "../one/inner";\nexport const p = [shown, again];\n',
    });
    const out = cruise("packages/web/src");
    expect(out.status).not.toBe(0);
    const text = out.stdout + out.stderr;
    expect(text).toContain(
      "error web-feature-through-index: packages/web/src/features/two/Page.tsx → packages/web/src/features/one/inner.ts",
    );
    expect(text).not.toContain("features/one/index.ts");
  });

  it("refuse useQuery outside a feature's queries.ts", () => {
    plant({
      "web/features/three/queries.ts":
        'import { useQuery } from "@tanstack/react-query";\nexport const q = useQuery;\n',
      "web/features/three/Page.tsx":
        'import { useMutation, useQueryClient } from "@tanstack/react-query";\nexport const m = [useMutation, useQueryClient];\n',
    });
    const run = spawnSync(
      process.execPath,
      [path.join(repo, "scripts/lint/query-hooks.mjs"), "--root", "web", "--baseline", "none.txt"],
      { cwd: dir, encoding: "utf8" },
    );
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("error query-hooks: features/three/Page.tsx imports useMutation");
    expect(run.stderr).not.toContain("features/three/queries.ts");
  });
});
