// Prisma CLI configuration: the JS engine over the pg driver, so migrations run
// offline with the bundled WebAssembly schema engine (ADR 0001).
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import type { PrismaConfig } from "prisma";

const connectionString = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/cpd";

export default {
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations"), seed: "tsx prisma/seed.ts" },
  adapter: async () => new PrismaPg({ connectionString }),
} satisfies PrismaConfig;
