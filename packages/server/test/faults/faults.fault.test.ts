// Runs each fault script of scripts/faults/ (real processes: API replicas, workers, the proxy;
// PostgreSQL and Redis of this machine stopped and started) and checks what it reports: nothing
// acknowledged lost, the failures the scenario allows and no others, recovery without restarts.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

function run(script: string) {
  const res = spawnSync(process.execPath, [path.join(root, "scripts/faults", script)], {
    cwd: root,
    env: process.env,
    encoding: "utf8",
    timeout: 240_000,
  });
  const last = res.stdout.trim().split("\n").at(-1) ?? "";
  let report: { ok?: boolean } & Record<string, unknown> = {};
  try {
    report = JSON.parse(last);
  } catch {
    report = { ok: false, output: `${res.stdout}\n${res.stderr}`.slice(-4000) };
  }
  console.log(JSON.stringify(report));
  return { status: res.status, report };
}

describe("faults", () => {
  it.each([
    "kill-api-replica.mjs",
    "kill-worker.mjs",
    "s3-unavailable.mjs",
    "storage-full.mjs",
    "stop-redis.mjs",
    "restart-postgres.mjs",
  ])("%s: nothing acknowledged is lost and everything recovers", (script) => {
    const { status, report } = run(script);
    expect(report.ok, JSON.stringify(report, null, 1)).toBe(true);
    expect(status).toBe(0);
  });
});
