// Bundles the scale bench for its pack (scripts/bench/scale-pack.sh): bench/scale.ts (with
// bench/seed.ts, bench/mix.ts and autocannon), bench/generator.ts and the S3 (s3rver) into
// <pack>/server/bench/*.mjs. A package the pack's node_modules has (the server's production
// dependencies, `pnpm deploy --prod`) stays an import; the rest (autocannon, s3rver, the
// workspace's @cpd/contract), which only these tools use, is bundled in.
//   node packages/server/bench/pack-bundle.mjs <pack dir>
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const server = path.join(root, "packages/server");
const pack = path.resolve(process.argv[2]);
const deployed = path.join(pack, "server/node_modules");
const packageName = (p) =>
  p
    .split("/")
    .slice(0, p.startsWith("@") ? 2 : 1)
    .join("/");

const deployedPackages = {
  name: "deployed-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:")) return { path: args.path, external: true };
      const name = packageName(args.path);
      // Only the bench's own entry points decide: inside a bundled package, its requires resolve
      // as esbuild finds them (the deployed copy of a shared dependency is the same version).
      if (!args.importer.includes("node_modules") && existsSync(path.join(deployed, name)))
        return { path: args.path, external: true };
      return undefined;
    });
  },
};

await build({
  absWorkingDir: server,
  entryPoints: {
    scale: "bench/scale.ts",
    generator: "bench/generator.ts",
    s3: path.join(root, "scripts/bench/pack/s3.mjs"),
  },
  outdir: path.join(pack, "server/bench"),
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  legalComments: "none",
  logLevel: "warning",
  nodePaths: [path.join(root, "node_modules")],
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);',
  },
  plugins: [deployedPackages],
});
