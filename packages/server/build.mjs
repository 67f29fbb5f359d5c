#!/usr/bin/env node
// Production build of the server (docs/decisions/0004-production-build.md): esbuild bundles each
// entry point with our own code (src/, the generated Prisma client and the workspace's
// @cpd/contract, which is TypeScript source) into dist/*.js. Every npm package stays an import,
// resolved at run time from node_modules, so native modules, WebAssembly and data files load as
// their authors intended. The type check is tsc -p tsconfig.build.json (run before this).
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const entries = ["main", "worker", "worker-health", "cli/import-account"];

/** Bare imports stay external except our workspace packages (TypeScript source, never published). */
const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@cpd/")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(path.join(here, "dist"), { recursive: true, force: true });
const result = await build({
  absWorkingDir: here,
  entryPoints: entries.map((e) => `src/${e}.ts`),
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  sourcemap: true,
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
  plugins: [externalPackages],
});
for (const [file, out] of Object.entries(result.metafile.outputs)) {
  if (!file.endsWith(".map")) console.log(`${file}  ${(out.bytes / 1024).toFixed(0)} KB`);
}
