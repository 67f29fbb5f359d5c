#!/usr/bin/env node
// PostgreSQL and Redis in throwaway containers for ./scripts/test (testcontainers), used only when
// a Docker engine answers; without one, ./scripts/test uses the services already running.
//
// usage: node scripts/lib/containers.mjs ENV_FILE
// Starts both containers, writes TEST_DATABASE_SERVER and TEST_REDIS_URL to ENV_FILE, prints
// "containers ready", then stays up until SIGTERM/SIGINT and stops them. (Should this process be
// killed outright, testcontainers' reaper removes the containers.) Images follow docker-compose.yml.
import { writeFileSync } from "node:fs";
import { PostgreSqlContainer } from "@testcontainers/postgresql";
import { RedisContainer } from "@testcontainers/redis";

const envFile = process.argv[2];
if (!envFile) {
  console.error("usage: containers.mjs ENV_FILE");
  process.exit(2);
}

const [postgres, redis] = await Promise.all([
  new PostgreSqlContainer(process.env.TEST_POSTGRES_IMAGE || "postgres:16-alpine")
    .withUsername("postgres")
    .withPassword("postgres")
    .withDatabase("postgres")
    .start(),
  new RedisContainer(process.env.TEST_REDIS_IMAGE || "redis:7-alpine").start(),
]);

const server = `postgresql://postgres:postgres@${postgres.getHost()}:${postgres.getPort()}`;
writeFileSync(envFile, `TEST_DATABASE_SERVER=${server}\nTEST_REDIS_URL=${redis.getConnectionUrl()}/0\n`);
console.log(
  `containers ready: postgres ${postgres.getHost()}:${postgres.getPort()}, ${redis.getConnectionUrl()}`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await Promise.allSettled([postgres.stop(), redis.stop()]);
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
setInterval(() => {}, 1 << 30);
