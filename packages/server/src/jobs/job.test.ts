import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { accountLifecycleJob } from "./definitions/account-lifecycle.js";
import { type JobDefinition, repeatOf } from "./job.js";

const config = (env: Record<string, string> = {}) =>
  loadConfig({
    JWT_SECRET: "unit-test-secret-0123456789abcdefghijklmnop",
    SUPPORT_CHAT_SECRET: "unit-test-support-secret",
    ...env,
  });

const job = (extra: Partial<JobDefinition> = {}): JobDefinition => ({
  name: "j",
  queue: "q",
  payload: Type.Object({ batch: Type.Integer() }),
  options: {},
  ...extra,
});

describe("job schedulers", () => {
  it("a plain job has none", () => {
    expect(repeatOf(job(), config())).toBeUndefined();
  });

  it("`every` repeats by period", () => {
    expect(repeatOf(job({ every: { ms: 900_000, data: { batch: 5 } } }), config())).toEqual({
      repeat: { every: 900_000 },
      data: { batch: 5 },
    });
  });

  it("`cron` takes its pattern from the configuration, in its time zone; null switches it off", () => {
    const cron = job({
      cron: { pattern: (c) => c.accountJobsCron, tz: "Europe/London", data: { batch: 200 } },
    });
    expect(repeatOf(cron, config({ ACCOUNT_JOBS_CRON: "30 2 * * *" }))).toEqual({
      repeat: { pattern: "30 2 * * *", tz: "Europe/London" },
      data: { batch: 200 },
    });
    expect(repeatOf(cron, config({ ACCOUNT_JOBS_CRON: "off" }))).toBeNull();
  });

  it("refuses a job with both", () => {
    const both = job({
      every: { ms: 1000, data: { batch: 1 } },
      cron: { pattern: () => "0 3 * * *", tz: "Europe/London", data: { batch: 1 } },
    });
    expect(() => repeatOf(both, config())).toThrow("Job j has both every and cron");
  });

  it("the daily account jobs run at 03:00 London time by default", () => {
    expect(repeatOf(accountLifecycleJob, config())).toEqual({
      repeat: { pattern: "0 3 * * *", tz: "Europe/London" },
      data: { batch: 200 },
    });
  });
});
