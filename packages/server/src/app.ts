// The Fastify application factory. It never listens: main.ts does, and tests
// drive it with inject(). Resources are created by the caller and passed in.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ERROR_MESSAGES, ErrorEnvelope } from "@cpd/contract";
import { AjvCompiler } from "@fastify/ajv-compiler";
import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyServerOptions } from "fastify";
import type { Deps } from "./deps.js";
import { digitsOnly } from "./lib/digits-only.js";
import { LOG_SERIALIZERS } from "./lib/log-safety.js";
import { firstValidationMessage } from "./lib/validation-message.js";
import { registerApiDocument } from "./plugins/api-document.js";
import { authPlugin } from "./plugins/auth.js";
import { frameworkErrors, registerErrorHandling } from "./plugins/errors.js";
import { registerReadYourWrites } from "./plugins/read-your-writes.js";
import { checkResponsesAgainstDocument } from "./plugins/response-check.js";
import { registerSecurityHeaders } from "./plugins/security-headers.js";
import { registerSpa } from "./plugins/spa.js";
import { registerCompression, registerLingeringClose, transportOptions } from "./plugins/transport.js";
import { accountExportRoutes, accountLifecycleRoutes } from "./routes/account-lifecycle.js";
import { adminRoutes } from "./routes/admin.js";
import { apiGuideRoutes } from "./routes/api-guide.js";
import { attestationRoutes } from "./routes/attestations.js";
import { authRoutes } from "./routes/auth.js";
import { calendarRoutes } from "./routes/calendar.js";
import { contactRoutes } from "./routes/contact.js";
import { dashboardRoutes } from "./routes/dashboard.js";
import { entryRoutes } from "./routes/entries.js";
import { fileRoutes } from "./routes/files.js";
import { hcpcPortalRoutes } from "./routes/hcpc-portal.js";
import { healthRoutes } from "./routes/health.js";
import { identifierRoutes } from "./routes/identifiers.js";
import { membershipRoutes } from "./routes/membership.js";
import { organisationSettingsRoutes } from "./routes/organisation-settings.js";
import { organisationRoutes } from "./routes/organisations.js";
import { portfolioRoutes } from "./routes/portfolio.js";
import { profileRoutes } from "./routes/profile.js";
import { registrationRoutes } from "./routes/registration.js";
import { revalidationRoutes } from "./routes/revalidation.js";
import { sharedCpdRoutes } from "./routes/shared-cpd.js";
import { shellRoutes } from "./routes/shell.js";
import { ssoRoutes } from "./routes/sso.js";
import { submissionRoutes } from "./routes/submission.js";
import { supervisionRoutes } from "./routes/supervision.js";
import { videoRoutes } from "./routes/videos.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_WEB_DIST = path.resolve(here, "../../web/dist");

/** Query-string tokens must never reach the logs. */
const redactUrl = (url: string) => url.replace(/([?&](?:auth_)?token=)[^&]*/g, "$1[REDACTED]");

export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", "headers.authorization"],
      censor: "[REDACTED]",
    },
    serializers: {
      ...LOG_SERIALIZERS,
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}

// verbose: an error carries its schema, so a schema's own messages (ERROR_MESSAGES) can be answered.
const AJV_OPTIONS = {
  removeAdditional: "all",
  useDefaults: true,
  allErrors: false,
  verbose: true,
  keywords: [ERROR_MESSAGES],
} as const;
const strictValidators = AjvCompiler();
const coercingValidators = AjvCompiler();

/**
 * Paths and query strings arrive as text, so they are coerced to the contract's
 * types (numbers only from digits); JSON bodies are not: `null` must stay null (never 0) and "5" is not a number.
 */
function buildInputValidator(externalSchemas: unknown, options: unknown) {
  const opts = options as Record<string, unknown>;
  const strict = strictValidators(
    externalSchemas as never,
    {
      ...opts,
      customOptions: { ...AJV_OPTIONS, coerceTypes: false },
    } as never,
  );
  const coercing = coercingValidators(
    externalSchemas as never,
    {
      ...opts,
      customOptions: { ...AJV_OPTIONS, coerceTypes: true },
    } as never,
  );
  return (route: { httpPart?: string; schema?: unknown }) =>
    route.httpPart === "body" ? strict(route as never) : digitsOnly(route.schema, coercing(route as never));
}

export async function buildApp(deps: Deps, opts: { logger?: FastifyServerOptions["logger"] } = {}) {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: deps.config.trustProxy,
    // biome-ignore lint/suspicious/noExplicitAny: fastify types the factory for ajv schemas, not route objects
    schemaController: { compilersFactory: { buildValidator: buildInputValidator as any } },
    frameworkErrors,
    schemaErrorFormatter: (errors, dataVar) => new Error(firstValidationMessage(errors, dataVar)),
    // JSON bodies are small; uploads declare their own limit per route.
    bodyLimit: 1_048_576,
    ...transportOptions(deps.config),
  });

  registerErrorHandling(app);
  registerLingeringClose(app);
  if (deps.config.env === "test") checkResponsesAgainstDocument(app);
  // JSON bodies only: without Fastify's text/plain parser, a text body on a JSON call is a 415
  // naming the type to send, not a confusing 400 about the body's shape. (Upload and webhook
  // routes register their own parsers in their own scopes.)
  app.removeContentTypeParser("text/plain");
  await registerCompression(app);

  registerSecurityHeaders(app, deps.config);
  await app.register(cors, { origin: deps.config.corsOrigins.length ? deps.config.corsOrigins : false });
  await app.register(rateLimit, {
    global: false,
    redis: deps.redis,
    nameSpace: `${deps.config.redisPrefix}:rate:`,
    skipOnError: false,
  });
  await registerApiDocument(app);
  app.addSchema(ErrorEnvelope);
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  apiGuideRoutes(app);
  await app.register(authPlugin, { deps });
  registerReadYourWrites(app, deps);

  authRoutes(app, deps);
  shellRoutes(app, deps);
  profileRoutes(app, deps);
  entryRoutes(app, deps);
  fileRoutes(app, deps);
  sharedCpdRoutes(app, deps);
  dashboardRoutes(app, deps);
  calendarRoutes(app, deps);
  hcpcPortalRoutes(app, deps);
  videoRoutes(app, deps);
  portfolioRoutes(app, deps);
  supervisionRoutes(app, deps);
  attestationRoutes(app, deps);
  registrationRoutes(app, deps);
  revalidationRoutes(app, deps);
  submissionRoutes(app, deps);
  ssoRoutes(app, deps);
  contactRoutes(app, deps);
  identifierRoutes(app, deps);
  accountLifecycleRoutes(app, deps);
  accountExportRoutes(app, deps);
  membershipRoutes(app, deps);
  organisationRoutes(app, deps);
  organisationSettingsRoutes(app, deps);
  adminRoutes(app, deps);
  healthRoutes(app, deps);

  await registerSpa(app, deps.config.webDist || DEFAULT_WEB_DIST);
  return app;
}
