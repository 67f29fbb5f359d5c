import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig, type ViteUserConfig } from "vitest/config";

const proxy = { "/api": { target: process.env.API_URL ?? "http://localhost:3000", changeOrigin: true } };

// In development the API runs on :3000; in production it serves this build on the same origin.
export default defineConfig(({ command, mode }) => {
  // A build is production code even when the shell says NODE_ENV=test (./scripts/test does):
  // Vite reads NODE_ENV after this config, and anything else ships React's development build.
  if (command === "build" && mode === "production") process.env.NODE_ENV = "production";
  return config;
});

/**
 * Writes file.br and file.gz beside each built script and style sheet (1 KB and over), once, at
 * the best ratio: the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing the same immutable file again for every request, which cost a reload ~20 ms of
 * server CPU per file on this 2-core machine.
 */
function precompress(): Plugin {
  let dir = "";
  return {
    name: "precompress",
    apply: "build",
    // The configured output folder (`vite build --outDir` included), not always dist/.
    configResolved(resolved) {
      dir = path.resolve(resolved.root, resolved.build.outDir, resolved.build.assetsDir);
    },
    closeBundle() {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (!/\.(?:m?js|css|svg)$/.test(name) || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

const config: ViteUserConfig = {
  base: "/",
  plugins: [react(), precompress()],
  server: { port: 5173, proxy },
  // `vite preview` serves the built dist against the real API (used by the browser tests in development).
  preview: { port: 4173, proxy },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // The contract's modules only declare schemas and constants: a screen that needs one constant
    // does not carry every endpoint's schema (and TypeBox) with it.
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
      // Left to itself the bundler makes a file of every small set of modules shared by a
      // different set of pages: 45 files stood between a reload and the signed-in shell, 20 more
      // before the dashboard, each a round trip in the browser's queue of six connections.
      // Common chunks under 12 KB are copied into the chunks that use them instead (one module
      // state kept by rolldown's registry; style sheets stay files): 156 files became 75, and
      // what the login page loads 25 -> 8 (ADR 0013).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: {
            maxSize: 12 * 1024,
            exclude: /\.(?:css|scss|sass|less|styl|stylus|pcss|postcss|sss)(?:\?|$)/,
          },
        },
      },
    },
  },
  test: {
    projects: [
      // Pure logic: no DOM.
      { extends: true, test: { name: "unit", include: ["src/**/*.test.ts"], environment: "node" } },
      // Components rendered with React Testing Library in jsdom.
      {
        extends: true,
        test: {
          name: "component",
          include: ["src/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["src/test/setup.ts"],
          // One module graph per worker instead of per file: Mantine and React are imported once,
          // not 50 times (232 s -> 100 s on this 2-core machine). Each file cleans up after itself
          // (src/test/setup.ts), so nothing a file leaves behind reaches the next.
          isolate: false,
          // Rendering Mantine in jsdom is slow on a shared 2-core machine.
          testTimeout: 30_000,
        },
      },
    ],
  },
};
