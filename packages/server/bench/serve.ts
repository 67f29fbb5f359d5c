// Child process for the benchmark: serves either the real app or the bare
// reference (the same SQL through pg in a plain Fastify route) on a port.
import Fastify from "fastify";
import pg from "pg";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { ACCOUNT_SQL, TOKEN_VERSION_SQL } from "../src/modules/account/repository.js";
import { createResources } from "../src/resources.js";

const [mode, port] = [process.argv[2], Number(process.argv[3])];
const config = loadConfig({ ...process.env, LOG_LEVEL: "silent" });

if (mode === "app") {
  const { deps } = await createResources(config);
  const app = await buildApp(deps);
  await app.listen({ port, host: "127.0.0.1" });
} else {
  // The ceiling for our stack: what GET /api/profile runs, with nothing around it.
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.databasePoolSize });
  const app = Fastify();
  app.get("/bare/profile/:id", async (req) => {
    const { id } = req.params as { id: string };
    await pool.query({ name: "token-version", text: TOKEN_VERSION_SQL, values: [id] });
    const { rows } = await pool.query({ name: "load-account", text: ACCOUNT_SQL, values: [id] });
    return rows[0];
  });
  await app.listen({ port, host: "127.0.0.1" });
}
process.send?.("ready");
