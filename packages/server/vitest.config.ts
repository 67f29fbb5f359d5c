import { configDefaults, defineConfig } from "vitest/config";

/**
 * Tests that act on everyone in the database (the daily account jobs delete "every account due")
 * run in a database of their own: the main test database's name + `_isolated` (cpd_it_isolated
 * locally, cpd_test_<run>_isolated under scripts/test, which creates and migrates it first), with
 * their own Redis prefix, after the main integration project.
 */
const isolated = (url: string) => {
  const u = new URL(url);
  u.pathname = `${u.pathname}_isolated`;
  return u.toString();
};

export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["src/**/*.test.ts"], environment: "node" } },
      // The Helm chart (infra/helm/cpd), rendered by infra/helm/render (Go) and schema-checked.
      {
        test: { name: "chart", include: ["test/chart/*.test.ts"], environment: "node", hookTimeout: 180_000 },
      },
      {
        test: {
          name: "integration",
          include: ["test/**/*.int.test.ts"],
          exclude: [...configDefaults.exclude, "test/isolated/**"],
          environment: "node",
          // Files share one database; each test makes its own users, so files may run in parallel.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: "integration-isolated",
          include: ["test/isolated/*.int.test.ts"],
          environment: "node",
          env: {
            ...(process.env.DATABASE_URL ? { DATABASE_URL: isolated(process.env.DATABASE_URL) } : {}),
            REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? "cpd_it"}_isolated`,
          },
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One file at a time: each may act on every account in the database.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // Read replicas (ADR 0032) against a real streaming standby, TEST_DATABASE_READ_URL; a
        // project of its own so the integration project runs without one. One file at a time:
        // it pauses the standby's replay.
        test: {
          name: "replica",
          include: ["test/**/*.replica.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        // Fault scripts (scripts/faults/): real processes, and PostgreSQL and Redis of this machine
        // stopped and started. Run by ./scripts/test after everything else, one at a time.
        test: {
          name: "faults",
          include: ["test/faults/*.fault.test.ts"],
          environment: "node",
          env: {
            ...(process.env.DATABASE_URL
              ? { FAULTS_DATABASE_URL: `${process.env.DATABASE_URL}_faults` }
              : {}),
          },
          testTimeout: 300_000,
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
