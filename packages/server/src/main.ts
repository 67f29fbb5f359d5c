// HTTP entry: validate the environment, build the app, listen, and shut down gracefully on
// SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish (app.close()), close
// the pools, and exit 0 — or exit 1 once SHUTDOWN_TIMEOUT_MS has passed without finishing.
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
    app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, "shutting down");
    setTimeout(() => {
      app.log.error(
        { timeoutMs: config.shutdownTimeoutMs },
        "requests still running at the deadline; exiting",
      );
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    try {
      await app.close();
      await close();
    } catch (err) {
      app.log.error({ err }, "shutdown failed");
      process.exit(1);
    }
    app.log.info("stopped");
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
