// Writes the OpenAPI document to openapi.json at the repository root, for
// integrators and the endpoint-coverage check. An integration test fails when
// the committed file no longer matches what the server publishes.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { createResources } from "./resources.js";

export const OPENAPI_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../openapi.json",
);

export const renderOpenApi = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;

const isEntry = process.argv[1]?.endsWith("openapi.ts");
if (isEntry) {
  const config = loadConfig({
    JWT_SECRET: "openapi-generation-only-secret-000000",
    SUPPORT_CHAT_SECRET: "openapi-generation-only",
    ...process.env,
    LOG_LEVEL: "silent",
  });
  const { deps, close } = await createResources(config);
  const app = await buildApp(deps);
  await app.ready();
  writeFileSync(OPENAPI_FILE, renderOpenApi(app.swagger()));
  await app.close();
  await close();
  console.log(`wrote ${OPENAPI_FILE}`);
}
