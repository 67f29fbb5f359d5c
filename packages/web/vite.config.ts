import react from "@vitejs/plugin-react";
import { defineConfig, type ViteUserConfig } from "vitest/config";

const proxy = { "/api": { target: process.env.API_URL ?? "http://localhost:3000", changeOrigin: true } };

// In development the API runs on :3000; in production it serves this build on the same origin.
export default defineConfig(({ command, mode }) => {
  // A build is production code even when the shell says NODE_ENV=test (./scripts/test does):
  // Vite reads NODE_ENV after this config, and anything else ships React's development build.
  if (command === "build" && mode === "production") process.env.NODE_ENV = "production";
  return config;
});

const config: ViteUserConfig = {
  base: "/",
  plugins: [react()],
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
          // Rendering Mantine in jsdom is slow on a shared 2-core machine.
          testTimeout: 30_000,
        },
      },
    ],
  },
};
