// Environment, validated once at boot: a missing or malformed variable stops
// the process with a message naming it, instead of failing on first use.
import { type Static, Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";

const Bool = Type.Union([Type.Literal("true"), Type.Literal("false")]);
/** "Label|https://url" pairs separated by commas (labels without "|" or ","); may be empty. */
const LINK = "[^|,]+\\|https?://[^|,\\s]+";
const LINK_LIST = `^(${LINK}(,${LINK})*)?$`;

/** A LINK_LIST value as links; the pattern was checked at boot. */
const parseLinks = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .filter((pair) => pair.trim() !== "")
    .map((pair) => {
      const [label = "", url = ""] = pair.split("|");
      return { label: label.trim(), url: url.trim() };
    });

export const Env = Type.Object({
  NODE_ENV: Type.Union([Type.Literal("development"), Type.Literal("test"), Type.Literal("production")], {
    default: "development",
  }),
  // Loopback unless told otherwise: the container images set HOST=0.0.0.0 themselves.
  HOST: Type.String({ default: "127.0.0.1" }),
  PORT: Type.String({ pattern: "^[0-9]{1,5}$", default: "3000" }),
  LOG_LEVEL: Type.Union(
    ["fatal", "error", "warn", "info", "debug", "trace", "silent"].map((l) => Type.Literal(l)),
    { default: "info" },
  ),
  DATABASE_URL: Type.String({
    pattern: "^postgres(ql)?://",
    default: "postgresql://postgres@127.0.0.1:5432/cpd",
  }),
  DATABASE_POOL_SIZE: Type.String({ pattern: "^[1-9][0-9]{0,3}$", default: "10" }),
  // A streaming read replica for the heavy reads (ADR 0032); unset: everything reads the primary.
  DATABASE_READ_URL: Type.Optional(Type.String({ pattern: "^postgres(ql)?://" })),
  // How long a request waits for a free connection before it answers 503 (never a deadlock).
  DATABASE_POOL_TIMEOUT_MS: Type.String({ pattern: "^[1-9][0-9]{2,5}$", default: "3000" }),
  // A client must send its whole request (headers and body) within this, or gets 408: a stalled
  // upload frees its connection. 60 s lets a 10 MB file through at about 1.4 Mbit/s.
  REQUEST_TIMEOUT_MS: Type.String({ pattern: "^[1-9][0-9]{2,6}$", default: "60000" }),
  // On SIGTERM: drain in-flight requests (API) or jobs (worker), then exit non-zero after this.
  SHUTDOWN_TIMEOUT_MS: Type.String({ pattern: "^[1-9][0-9]{2,6}$", default: "10000" }),
  // An upload sending nothing for this long, or lasting longer than the second (kept under
  // REQUEST_TIMEOUT_MS so the client gets the error envelope), is stopped with a 408.
  UPLOAD_IDLE_TIMEOUT_MS: Type.String({ pattern: "^[1-9][0-9]{2,6}$", default: "30000" }),
  UPLOAD_TIMEOUT_MS: Type.String({ pattern: "^[1-9][0-9]{2,6}$", default: "50000" }),
  REDIS_URL: Type.String({ pattern: "^rediss?://", default: "redis://127.0.0.1:6379/0" }),
  REDIS_PREFIX: Type.String({ pattern: "^[A-Za-z0-9_-]+$", default: "cpd" }),
  JWT_SECRET: Type.String({ minLength: 32 }),
  PUBLIC_URL: Type.String({ pattern: "^https?://", default: "http://localhost:3000" }),
  CORS_ORIGINS: Type.String({ default: "" }),
  WEB_DIST: Type.String({ default: "" }),
  S3_ENDPOINT: Type.String({ pattern: "^https?://", default: "http://127.0.0.1:4569" }),
  S3_REGION: Type.String({ default: "us-east-1" }),
  S3_BUCKET: Type.String({ minLength: 3, default: "cpd" }),
  S3_ACCESS_KEY_ID: Type.String({ default: "S3RVER" }),
  S3_SECRET_ACCESS_KEY: Type.String({ default: "S3RVER" }),
  S3_FORCE_PATH_STYLE: Type.Optional(Bool),
  SMTP_HOST: Type.String({ default: "127.0.0.1" }),
  SMTP_PORT: Type.String({ pattern: "^[0-9]{1,5}$", default: "1025" }),
  SMTP_USER: Type.Optional(Type.String()),
  SMTP_PASSWORD: Type.Optional(Type.String()),
  SMTP_SECURE: Type.Optional(Bool),
  MAIL_FROM: Type.String({ default: "CPD <no-reply@cpd.local>" }),
  SUPPORT_CHAT_SECRET: Type.String({ minLength: 16 }),
  WELCOME_VIDEO_URL: Type.Optional(Type.String({ pattern: "^https?://" })),
  // The login pages' footer and social links: "Label|https://url" pairs separated by commas, and
  // the login page's promo video and the HCPC portal's guide video (ADR 0024). Unset: not shown.
  LOGIN_FOOTER_LINKS: Type.Optional(Type.String({ pattern: LINK_LIST })),
  LOGIN_SOCIAL_LINKS: Type.Optional(Type.String({ pattern: LINK_LIST })),
  LOGIN_PROMO_VIDEO_URL: Type.Optional(Type.String({ pattern: "^https?://" })),
  HCPC_GUIDE_VIDEO_URL: Type.Optional(Type.String({ pattern: "^https?://" })),
  TRUST_PROXY: Type.Optional(Bool),
  LOGIN_RATE_LIMIT: Type.String({ pattern: "^[0-9]+$", default: "10" }),
  LOGIN_ACCOUNT_LIMIT: Type.String({ pattern: "^[1-9][0-9]{0,5}$", default: "20" }),
  UPGRADE_URL: Type.Optional(Type.String({ pattern: "^https?://" })),
  CLINICAL_SKILLS_URL: Type.Optional(Type.String({ pattern: "^https?://" })),
  CLINICAL_SKILLS_API_KEY: Type.Optional(Type.String()),
  // An SMS gateway for supervision 2FA codes; unset: codes go by e-mail only.
  SMS_API_URL: Type.Optional(Type.String({ pattern: "^https?://" })),
  SMS_API_KEY: Type.Optional(Type.String()),
  SMS_SENDER: Type.String({ pattern: "^[A-Za-z0-9 ]{1,11}$|^\\+[1-9][0-9]{6,14}$", default: "CPD" }),
  DATA_ENCRYPTION_KEY: Type.Optional(Type.String({ minLength: 32 })),
  // Generated portfolios are deleted from storage this long after they are made.
  PORTFOLIO_RETENTION_HOURS: Type.String({ pattern: "^[1-9][0-9]{0,4}$", default: "168" }),
  // PDF jobs: how long a worker holds a job without renewing its lock before another takes it over
  // (after a crash), and how many PDFs one worker renders at once (rendering is CPU-bound).
  PDF_JOB_LOCK_MS: Type.String({ pattern: "^[1-9][0-9]{3,6}$", default: "60000" }),
  PDF_CONCURRENCY: Type.String({ pattern: "^[1-9][0-9]?$", default: "1" }),
  EMAIL_CONCURRENCY: Type.String({ pattern: "^[1-9][0-9]?$", default: "4" }),
  // Registration captcha: any siteverify-compatible service (reCAPTCHA, hCaptcha, Turnstile; locally
  // the fake in scripts/fakes). Unset: registration runs without a captcha (rate limited per address).
  CAPTCHA_VERIFY_URL: Type.Optional(Type.String({ pattern: "^https?://" })),
  CAPTCHA_SECRET: Type.Optional(Type.String()),
  CAPTCHA_SITE_KEY: Type.Optional(Type.String()),
  CAPTCHA_SCRIPT_URL: Type.Optional(Type.String({ pattern: "^https?://" })),
  // Shared secret of the payment provider's signed membership webhook; unset: the webhook answers 503.
  PAYMENT_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 16 })),
  // Allow OpenID providers on plain http (local and test providers only; never in production).
  OIDC_ALLOW_HTTP: Type.Optional(Bool),
  // Daily account jobs (trial expiry, deletions, warnings, reminders): a cron pattern in
  // Europe/London, or "off" (tests run them by hand on a controlled clock).
  ACCOUNT_JOBS_CRON: Type.String({ pattern: "^(off|[0-9*/,-]+( [0-9*/,-]+){4})$", default: "0 3 * * *" }),
  // Whole-record exports (ZIP) are deleted from storage this long after they are made.
  EXPORT_RETENTION_HOURS: Type.String({ pattern: "^[1-9][0-9]{0,4}$", default: "72" }),
});
type Env = Static<typeof Env>;

export interface Config {
  env: Env["NODE_ENV"];
  host: string;
  port: number;
  logLevel: string;
  databaseUrl: string;
  /** The read replica (ADR 0032); null: none. */
  databaseReadUrl: string | null;
  databasePoolSize: number;
  databasePoolTimeoutMs: number;
  requestTimeoutMs: number;
  shutdownTimeoutMs: number;
  /** Upload bodies: the longest silence and the longest duration (408). */
  uploadTimeouts: { idleMs: number; totalMs: number };
  redisUrl: string;
  redisPrefix: string;
  jwtSecret: string;
  publicUrl: string;
  corsOrigins: string[];
  webDist: string;
  s3: {
    endpoint: string;
    region: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
  };
  smtp: { host: string; port: number; user?: string; password?: string; secure: boolean; from: string };
  supportChatSecret: string;
  welcomeVideoUrl: string | null;
  /** The SPA's public configuration (GET /shell/config). */
  shell: {
    footerLinks: { label: string; url: string }[];
    socialLinks: { label: string; url: string }[];
    promoVideoUrl: string | null;
    hcpcGuideVideoUrl: string | null;
  };
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (else it could be forged). */
  trustProxy: boolean;
  /** Login attempts per minute for one address and e-mail. */
  loginRateLimit: number;
  /** Login attempts per e-mail in 15 minutes from any address (password spraying). */
  loginAccountLimit: number;
  /** The external payment page where a member upgrades to Premium. */
  upgradeUrl: string | null;
  /** Unset: the Clinical Skills link is not offered. */
  clinicalSkills: { url: string; apiKey: string } | null;
  /** Unset: supervision codes go by e-mail only. */
  sms: { url: string; apiKey: string; sender: string } | null;
  /** Key material for secrets stored at rest; defaults to JWT_SECRET when unset. */
  dataEncryptionKey: string;
  portfolioRetentionHours: number;
  pdfJobs: { lockMs: number; concurrency: number };
  /** E-mails one worker sends at once. */
  emailConcurrency: number;
  /** Unset: registration has no captcha. */
  captcha: { verifyUrl: string; secret: string; siteKey: string; scriptUrl: string | null } | null;
  /** Unset: the membership webhook answers 503. */
  paymentWebhookSecret: string | null;
  oidcAllowHttp: boolean;
  /** Null: the daily account jobs are not scheduled. */
  accountJobsCron: string | null;
  exportRetentionHours: number;
}

export class ConfigError extends Error {}

/**
 * Secret values written in this repository (scripts, tests, seed, examples): a
 * token signed with one of them could be forged by anyone who read the code.
 * Production refuses them, and the prefixes of the per-run test secrets.
 */
const REPOSITORY_SECRETS = [
  "local-development-jwt-secret-not-for-production",
  "local-development-support-chat-secret",
  "integration-test-secret-integration-test-secret",
  "integration-support-chat-secret",
  "openapi-generation-only-secret-000000",
  "openapi-generation-only",
  "x".repeat(32),
  "x".repeat(16),
  "change-me",
  "change-me-too",
  "local-clinical-skills-key",
  "local-sms-gateway-key",
  "local-captcha-secret",
  "local-payment-webhook-secret-not-for-production",
];
const REPOSITORY_SECRET_PREFIXES = ["test-jwt-secret-", "test-support-chat-secret-"];
const MIN_SECRET_BYTES = 32;
/** A long run of few characters ("xxxx...", "0000...") is not a secret. */
const MIN_DISTINCT_CHARACTERS = 10;

function refuseWeakSecrets(e: Env) {
  const problems: string[] = [];
  const check = (name: string, value: string | undefined, minBytes: number) => {
    if (value === undefined) return;
    if (Buffer.byteLength(value, "utf8") < minBytes) problems.push(`${name}: shorter than ${minBytes} bytes`);
    else if (
      REPOSITORY_SECRETS.includes(value) ||
      REPOSITORY_SECRET_PREFIXES.some((p) => value.startsWith(p))
    ) {
      problems.push(
        `${name}: a value written in the repository; generate your own (openssl rand -base64 48)`,
      );
    } else if (new Set(value).size < MIN_DISTINCT_CHARACTERS) {
      problems.push(`${name}: too few distinct characters to be random`);
    }
  };
  check("JWT_SECRET", e.JWT_SECRET, MIN_SECRET_BYTES);
  check("SUPPORT_CHAT_SECRET", e.SUPPORT_CHAT_SECRET, 16);
  check("DATA_ENCRYPTION_KEY", e.DATA_ENCRYPTION_KEY, MIN_SECRET_BYTES);
  check("PAYMENT_WEBHOOK_SECRET", e.PAYMENT_WEBHOOK_SECRET, MIN_SECRET_BYTES);
  if (e.OIDC_ALLOW_HTTP === "true")
    problems.push("OIDC_ALLOW_HTTP: plain-http identity providers are for local use only");
  if (problems.length) {
    throw new ConfigError(`Refusing to start in production with weak secrets:\n  ${problems.join("\n  ")}`);
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(Env.properties)) {
    const v = source[key];
    if (v !== undefined && v !== "") raw[key] = v;
  }
  const withDefaults = Value.Default(Env, raw);
  const errors = [...Value.Errors(Env, withDefaults)];
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.path.slice(1) || "(root)"}: ${e.message}`);
    throw new ConfigError(`Invalid environment:\n${[...new Set(lines)].join("\n")}`);
  }
  const e = withDefaults as Env;
  if (e.NODE_ENV === "production") refuseWeakSecrets(e);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: Number(e.PORT),
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL ?? null,
    databasePoolSize: Number(e.DATABASE_POOL_SIZE),
    databasePoolTimeoutMs: Number(e.DATABASE_POOL_TIMEOUT_MS),
    requestTimeoutMs: Number(e.REQUEST_TIMEOUT_MS),
    shutdownTimeoutMs: Number(e.SHUTDOWN_TIMEOUT_MS),
    uploadTimeouts: { idleMs: Number(e.UPLOAD_IDLE_TIMEOUT_MS), totalMs: Number(e.UPLOAD_TIMEOUT_MS) },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    jwtSecret: e.JWT_SECRET,
    publicUrl: e.PUBLIC_URL.replace(/\/+$/, ""),
    corsOrigins: e.CORS_ORIGINS.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: e.WEB_DIST,
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE !== "false",
    },
    smtp: {
      host: e.SMTP_HOST,
      port: Number(e.SMTP_PORT),
      user: e.SMTP_USER,
      password: e.SMTP_PASSWORD,
      secure: e.SMTP_SECURE === "true",
      from: e.MAIL_FROM,
    },
    supportChatSecret: e.SUPPORT_CHAT_SECRET,
    welcomeVideoUrl: e.WELCOME_VIDEO_URL ?? null,
    shell: {
      footerLinks: parseLinks(e.LOGIN_FOOTER_LINKS),
      socialLinks: parseLinks(e.LOGIN_SOCIAL_LINKS),
      promoVideoUrl: e.LOGIN_PROMO_VIDEO_URL ?? null,
      hcpcGuideVideoUrl: e.HCPC_GUIDE_VIDEO_URL ?? null,
    },
    upgradeUrl: e.UPGRADE_URL ?? null,
    loginRateLimit: Number(e.LOGIN_RATE_LIMIT),
    loginAccountLimit: Number(e.LOGIN_ACCOUNT_LIMIT),
    trustProxy: e.TRUST_PROXY === "true",
    clinicalSkills: e.CLINICAL_SKILLS_URL
      ? { url: e.CLINICAL_SKILLS_URL, apiKey: e.CLINICAL_SKILLS_API_KEY ?? "" }
      : null,
    sms: e.SMS_API_URL ? { url: e.SMS_API_URL, apiKey: e.SMS_API_KEY ?? "", sender: e.SMS_SENDER } : null,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY ?? e.JWT_SECRET,
    portfolioRetentionHours: Number(e.PORTFOLIO_RETENTION_HOURS),
    pdfJobs: { lockMs: Number(e.PDF_JOB_LOCK_MS), concurrency: Number(e.PDF_CONCURRENCY) },
    emailConcurrency: Number(e.EMAIL_CONCURRENCY),
    captcha: e.CAPTCHA_VERIFY_URL
      ? {
          verifyUrl: e.CAPTCHA_VERIFY_URL,
          secret: e.CAPTCHA_SECRET ?? "",
          siteKey: e.CAPTCHA_SITE_KEY ?? "",
          scriptUrl: e.CAPTCHA_SCRIPT_URL ?? null,
        }
      : null,
    paymentWebhookSecret: e.PAYMENT_WEBHOOK_SECRET ?? null,
    oidcAllowHttp: e.OIDC_ALLOW_HTTP === "true",
    accountJobsCron: e.ACCOUNT_JOBS_CRON === "off" ? null : e.ACCOUNT_JOBS_CRON,
    exportRetentionHours: Number(e.EXPORT_RETENTION_HOURS),
  };
}
