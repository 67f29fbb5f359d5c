// Serves the built SPA at / and answers unknown non-API paths with index.html
// so client-side routes survive a reload. API paths keep their JSON 404.
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { envelope } from "./errors.js";

export async function registerSpa(app: FastifyInstance, webDist: string) {
  const root = path.resolve(webDist);
  const hasSpa = existsSync(path.join(root, "index.html"));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each script and style sheet (packages/web/vite.config.ts):
      // sent as they are, so the compression plugin leaves them alone.
      preCompressed: true,
      // Hashed assets never change; index.html must always be fresh.
      setHeaders: (res, file) => {
        res.header(
          "cache-control",
          file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split("?")[0] ?? "";
    if (hasSpa && req.method === "GET" && !url.startsWith("/api")) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.code(404).send(envelope(404, "ROUTE_NOT_FOUND", `No route ${req.method} ${url}`));
  });
}
