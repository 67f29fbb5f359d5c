// HTTP entry: validate the environment, build the app, listen, and shut down
// gracefully on SIGTERM/SIGINT (finish in-flight requests, then close pools).
import { buildApp, loggerOptions } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { createResources } from "./resources.js";

async function main() {
  const config = loadConfig();
  const { deps, close } = await createResources(config);
  await deps.storage.ensureBucket();
  const app = await buildApp(deps, { logger: loggerOptions(config.logLevel) });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  await app.listen({ host: config.host, port: config.port });
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
