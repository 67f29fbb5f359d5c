// Import rules of the server and the web app (docs/decisions/0015-module-boundaries-and-jobs.md).
// Run by `pnpm run lint:imports` (part of `pnpm lint`); every rule is an error.
// Type-only imports count (tsPreCompilationDeps): a cycle of types still ties the modules together.
const SERVER = "^packages/server/src/";
const WEB = "^packages/web/src/";
const TEST = "\\.test\\.tsx?$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import cycles, type-only imports included (generated code excluded).",
      from: {},
      to: { circular: true },
    },
    {
      name: "module-not-to-plugins-routes-handlers",
      severity: "error",
      comment: "A module (service, repository) knows nothing of HTTP or of the worker's job handlers.",
      from: { path: `${SERVER}modules/` },
      to: { path: [`${SERVER}plugins/`, `${SERVER}routes/`, `${SERVER}jobs/handlers/`] },
    },
    {
      name: "policy-not-to-modules",
      severity: "error",
      comment: "A policy decides from what it is given; it never loads anything from a module.",
      from: { path: `${SERVER}policies/` },
      to: { path: `${SERVER}modules/` },
    },
    {
      name: "lib-not-to-modules",
      severity: "error",
      comment: "lib/ is below every module.",
      from: { path: `${SERVER}lib/` },
      to: { path: `${SERVER}modules/` },
    },
    {
      name: "job-definition-not-to-modules",
      severity: "error",
      comment: "Services enqueue through job definitions, so a definition imports no module and no handler.",
      from: { path: `${SERVER}jobs/definitions/` },
      to: { path: [`${SERVER}modules/`, `${SERVER}jobs/handlers/`] },
    },
    {
      name: "only-worker-to-job-handlers",
      severity: "error",
      comment: "Only the worker (and tests) load job handlers; everything else enqueues through definitions.",
      from: {
        path: SERVER,
        pathNot: [`${SERVER}worker\\.ts$`, `${SERVER}jobs/handlers/`, TEST],
      },
      to: { path: `${SERVER}jobs/handlers/` },
    },
    {
      name: "web-feature-through-index",
      severity: "error",
      comment: "A feature (src/features/<x>/) uses another feature only through that feature's index.ts.",
      from: { path: `${WEB}features/([^/]+)/`, pathNot: TEST },
      to: {
        path: `${WEB}features/[^/]+/`,
        pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: "web-lib-not-to-features",
      severity: "error",
      comment: "src/lib is below every feature.",
      from: { path: `${WEB}lib/`, pathNot: TEST },
      to: { path: `${WEB}features/` },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)generated/" },
    tsPreCompilationDeps: true,
    // The server's TypeScript resolution (NodeNext, ".js" naming ".ts"); the web app's imports
    // resolve under it too.
    tsConfig: { fileName: "packages/server/tsconfig.json" },
  },
};
