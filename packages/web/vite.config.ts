import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const proxy = { "/api": { target: process.env.API_URL ?? "http://localhost:3000", changeOrigin: true } };

// In development the API runs on :3000; in production it serves this build on the same origin.
export default defineConfig({
  base: "/",
  plugins: [react()],
  server: { port: 5173, proxy },
  // `vite preview` serves the built dist against the real API (used by the browser tests in development).
  preview: { port: 4173, proxy },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false },
  test: { include: ["src/**/*.test.ts"], environment: "node" },
});
