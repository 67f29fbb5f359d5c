#!/usr/bin/env node
// Local development services (ADR 0001):
//   - s3rver: an S3-compatible server on 127.0.0.1:$S3_PORT, bucket $S3_BUCKET created at start
//     (access key S3RVER / secret S3RVER, path-style addressing);
//   - MailDev 2.2.1: an SMTP catcher on $SMTP_PORT with its web UI and REST API (GET /email)
//     on $MAILDEV_WEB_PORT.
//   - local fakes of third-party services (scripts/fakes/): Clinical Skills (CLINICAL_SKILLS_PORT),
//     SMS gateway (SMS_PORT), captcha (CAPTCHA_PORT), direct-debit payment page (PAYMENT_PORT),
//     OpenID provider for organisation single sign-on (OIDC_PORT; issuer http://<host>:<port>).
// Prints "services ready" when all answer, and stops them cleanly on SIGINT/SIGTERM.
// Environment: SERVICES_HOST (127.0.0.1), S3_PORT (4569), S3_BUCKET (cpd), S3_DATA_DIR (.data/s3),
// SMTP_PORT (1025), MAILDEV_WEB_PORT (1080), MAILDEV_DATA_DIR (.data/maildev).
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const S3rver = require("s3rver");
const MailDev = require("maildev");
const { createClinicalSkillsServer } = await import("./fakes/clinical-skills.mjs");
const { createSmsServer } = await import("./fakes/sms.mjs");
const { createCaptchaServer } = await import("./fakes/captcha.mjs");
const { createPaymentServer } = await import("./fakes/payment.mjs");
const { createOidcServer } = await import("./fakes/oidc.mjs");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = process.env;
const host = env.SERVICES_HOST || "127.0.0.1";
const s3Port = Number(env.S3_PORT || 4569);
const bucket = env.S3_BUCKET || "cpd";
const s3Dir = path.resolve(root, env.S3_DATA_DIR || ".data/s3");
const smtpPort = Number(env.SMTP_PORT || 1025);
const webPort = Number(env.MAILDEV_WEB_PORT || 1080);
const mailDir = path.resolve(root, env.MAILDEV_DATA_DIR || ".data/maildev");
const publicUrl = env.PUBLIC_URL || "http://localhost:3000";
/** The third-party services' local fakes, each an http.Server: name, port, factory. */
const fakes = [
  ["Clinical Skills", "CLINICAL_SKILLS_PORT", 4600, createClinicalSkillsServer],
  ["SMS gateway", "SMS_PORT", 4610, createSmsServer],
  ["captcha", "CAPTCHA_PORT", 4640, createCaptchaServer],
  [
    "payment page",
    "PAYMENT_PORT",
    4630,
    () =>
      createPaymentServer({
        target: env.PAYMENT_WEBHOOK_TARGET || `${publicUrl}/api/membership/webhook`,
        secret: env.PAYMENT_WEBHOOK_SECRET || undefined,
      }),
  ],
  ["OpenID provider", "OIDC_PORT", 4620, () => createOidcServer({ publicUrl })],
].map(([name, portVar, fallback, create]) => ({
  name,
  portVar,
  port: Number(env[portVar] || fallback),
  create,
}));

const log = (msg) => console.log(`[services] ${msg}`);
const shown = (dir) => (dir.startsWith(root + path.sep) ? path.relative(root, dir) : dir);

async function portFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, host, () => srv.close(() => resolve(true)));
  });
}

async function waitHttp(url, timeoutMs = 20000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${url}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let s3 = null;
let mail = null;
const running = [];
let stopping = false;

async function stop(code) {
  if (stopping) return;
  stopping = true;
  log("stopping");
  const tasks = [];
  if (mail) tasks.push(new Promise((resolve) => mail.close(() => resolve())));
  if (s3) tasks.push(s3.close().catch(() => {}));
  for (const server of running) tasks.push(new Promise((resolve) => server.close(() => resolve())));
  const timer = setTimeout(() => process.exit(code), 5000);
  timer.unref();
  await Promise.all(tasks);
  log("stopped");
  process.exit(code);
}

async function main() {
  for (const [name, port] of [
    ["S3_PORT", s3Port],
    ["SMTP_PORT", smtpPort],
    ["MAILDEV_WEB_PORT", webPort],
    ...fakes.map((f) => [f.portVar, f.port]),
  ]) {
    if (!(await portFree(port))) {
      throw new Error(`${name}=${port} is already in use on ${host} (another ./scripts/start running?)`);
    }
  }

  mkdirSync(s3Dir, { recursive: true });
  mkdirSync(mailDir, { recursive: true });

  s3 = new S3rver({
    address: host,
    port: s3Port,
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  await s3.run();
  // Node's default 5 s keep-alive: a client whose event loop lags (a loaded test run) can reuse a
  // pooled socket the server has just closed, and a streamed upload cannot be retried (ECONNRESET,
  // 503). Stores in production keep idle connections far longer; so does this one.
  s3.httpServer.keepAliveTimeout = 65_000;
  log(`S3 (s3rver) on http://${host}:${s3Port}, bucket "${bucket}", data ${shown(s3Dir)}`);

  // MailDev's constructor installs SIGINT/SIGTERM handlers that call process.exit at once;
  // drop them so our own handler closes every server first.
  const before = {
    SIGINT: process.listeners("SIGINT"),
    SIGTERM: process.listeners("SIGTERM"),
  };
  mail = new MailDev({
    smtp: smtpPort,
    web: webPort,
    ip: host,
    mailDirectory: mailDir,
    silent: true,
  });
  for (const sig of ["SIGINT", "SIGTERM"]) {
    for (const l of process.listeners(sig)) if (!before[sig].includes(l)) process.removeListener(sig, l);
  }
  await mail.listen();
  await waitHttp(`http://${host}:${webPort}/email`);
  log(`SMTP (MailDev) on ${host}:${smtpPort}, web UI and REST API on http://${host}:${webPort}`);
  for (const fake of fakes) {
    const server = await fake.create();
    await new Promise((resolve) => server.listen(fake.port, host, resolve));
    running.push(server);
    log(`${fake.name} (local fake) on http://${host}:${fake.port}`);
  }
  log("services ready");
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

main().catch((err) => {
  console.error(`[services] failed: ${err.message}`);
  stop(1);
});
