// The Fastify application factory. It never listens: main.ts does, and tests
// drive it with inject(). Resources are created by the caller and passed in.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ErrorEnvelope } from "@cpd/contract";
import { AjvCompiler } from "@fastify/ajv-compiler";
import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyServerOptions, type RouteOptions } from "fastify";
import type { Deps } from "./deps.js";
import { validationMessage } from "./lib/validation-message.js";
import { authPlugin } from "./plugins/auth.js";
import { cspDirectives } from "./plugins/csp.js";
import { frameworkErrors, registerErrorHandling } from "./plugins/errors.js";
import { registerSpa } from "./plugins/spa.js";
import { registerCompression, transportOptions } from "./plugins/transport.js";
import { accountExportRoutes, accountLifecycleRoutes } from "./routes/account-lifecycle.js";
import { adminRoutes } from "./routes/admin.js";
import { authRoutes } from "./routes/auth.js";
import { calendarRoutes } from "./routes/calendar.js";
import { contactRoutes } from "./routes/contact.js";
import { dashboardRoutes } from "./routes/dashboard.js";
import { entryRoutes } from "./routes/entries.js";
import { fileRoutes } from "./routes/files.js";
import { hcpcPortalRoutes } from "./routes/hcpc-portal.js";
import { healthRoutes } from "./routes/health.js";
import { membershipRoutes } from "./routes/membership.js";
import { organisationSettingsRoutes } from "./routes/organisation-settings.js";
import { organisationRoutes } from "./routes/organisations.js";
import { portfolioRoutes } from "./routes/portfolio.js";
import { profileRoutes } from "./routes/profile.js";
import { registrationRoutes } from "./routes/registration.js";
import { sharedCpdRoutes } from "./routes/shared-cpd.js";
import { shellRoutes } from "./routes/shell.js";
import { ssoRoutes } from "./routes/sso.js";
import { supervisionRoutes } from "./routes/supervision.js";
import { videoRoutes } from "./routes/videos.js";

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, "../../web/dist");

/** Query-string tokens must never reach the logs. */
export const redactUrl = (url: string) => url.replace(/([?&](?:auth_)?token=)[^&]*/g, "$1[REDACTED]");

export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", "headers.authorization"],
      censor: "[REDACTED]",
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}

const AJV_OPTIONS = { removeAdditional: "all", useDefaults: true, allErrors: false } as const;
const strictValidators = AjvCompiler();
const coercingValidators = AjvCompiler();

/**
 * Paths and query strings arrive as text, so they are coerced to the contract's
 * types; JSON bodies are not: `null` must stay null (never 0) and "5" is not a number.
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
  return (route: { httpPart?: string }) => (route.httpPart === "body" ? strict : coercing)(route as never);
}

export async function buildApp(deps: Deps, opts: { logger?: FastifyServerOptions["logger"] } = {}) {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: deps.config.trustProxy,
    // biome-ignore lint/suspicious/noExplicitAny: fastify types the factory for ajv schemas, not route objects
    schemaController: { compilersFactory: { buildValidator: buildInputValidator as any } },
    frameworkErrors,
    schemaErrorFormatter: (errors, dataVar) => new Error(validationMessage(errors[0], dataVar)),
    // JSON bodies are small; uploads declare their own limit per route.
    bodyLimit: 1_048_576,
    ...transportOptions(deps.config),
  });

  registerErrorHandling(app);
  // JSON bodies only: without Fastify's text/plain parser, a text body on a JSON call is a 415
  // naming the type to send, not a confusing 400 about the body's shape. (Upload and webhook
  // routes register their own parsers in their own scopes.)
  app.removeContentTypeParser("text/plain");
  await registerCompression(app);

  await app.register(helmet, {
    contentSecurityPolicy: { directives: cspDirectives(deps.config) },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, { origin: deps.config.corsOrigins.length ? deps.config.corsOrigins : false });
  await app.register(rateLimit, {
    global: false,
    redis: deps.redis,
    nameSpace: `${deps.config.redisPrefix}:rate:`,
    skipOnError: false,
  });
  await app.register(swagger, {
    transform: documentFileAnswers,
    // Shared schemas keep their $id as the component name (ErrorEnvelope, not def-0).
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "CPD platform API",
        version: "1.0.0",
        description:
          "REST API of the CPD platform. Authenticate with POST /api/auth/login and send the token as `Authorization: Bearer <token>`. Errors answer `{ statusCode, error, message, code }`.",
      },
      servers: [{ url: "/", description: "This server (every path starts with /api)" }],
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          authToken: {
            type: "apiKey",
            in: "query",
            name: "auth_token",
            description:
              "The session token as a query parameter, for files a browser opens directly (downloads, iCalendar feeds, <img>)",
          },
          supervisionGuest: {
            type: "http",
            scheme: "bearer",
            description:
              "The guest token `POST /supervision/authenticate/{id}` gives a supervision's reviewee",
          },
        },
      },
    },
  });
  app.addSchema(ErrorEnvelope);
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  await app.register(authPlugin, { deps });

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
  registrationRoutes(app, deps);
  ssoRoutes(app, deps);
  contactRoutes(app, deps);
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

/**
 * Files and redirects are sent as they are, so their routes carry no 2xx schema for Fastify to
 * serialise with; the document still says what they answer: the file's media types as binary, or
 * a 302. Only the document changes, never the route.
 */
function documentFileAnswers({ schema, url, route }: { schema: unknown; url: string; route: RouteOptions }) {
  const answer = route.config?.answer;
  if (!answer || !schema || typeof schema !== "object") return { schema: schema as object, url };
  const s = schema as { response?: Record<string, unknown> };
  const documented = answer.redirect
    ? { 302: { description: "Redirect (the Location header)", type: "null" } }
    : {
        [answer.status]: {
          description: "The file",
          content: Object.fromEntries(
            (answer.produces ?? ["application/octet-stream"]).map((t: string) => [
              t,
              { schema: { type: "string", format: "binary" } },
            ]),
          ),
        },
      };
  return { schema: { ...s, response: { ...documented, ...s.response } }, url };
}
