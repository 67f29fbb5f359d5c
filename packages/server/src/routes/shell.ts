import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import * as logos from "../modules/organisations/logos.js";
import * as shell from "../modules/shell/service.js";
import * as settings from "../modules/shell/settings.js";
import * as start from "../modules/shell/start.js";
import { define, perMinute } from "./define.js";
import { sendPublicPng } from "./public-image.js";

export function shellRoutes(app: FastifyInstance, deps: Deps) {
  define(app, deps, api.features, {}, ({ caller }) => shell.features(deps, caller.id));
  define(app, deps, api.userFeatures, {}, ({ caller }) => shell.featuresForUser(deps, caller.id));
  define(app, deps, api.usage, {}, ({ caller }) => shell.usage(deps, caller.id));
  define(app, deps, api.branding, {}, ({ caller }) => shell.branding(deps, caller.id));
  define(app, deps, api.welcomeVideo, {}, ({ caller }) => shell.welcomeVideo(deps, caller.id));
  define(app, deps, api.brandingByKey, perMinute(60), ({ params }) =>
    shell.brandingByKey(deps, params.organisationKey),
  );
  // Public and cacheable: the login page shows it before anyone signs in (ADR 0021).
  define(app, deps, api.organisationLogo, perMinute(600), async ({ params, reply }) => {
    return sendPublicPng(reply, await logos.organisationLogo(deps, params.id, params.kind));
  });
  define(app, deps, api.shellConfig, perMinute(60), () => shell.publicConfig(deps));
  define(app, deps, api.getDashboardSettings, {}, ({ caller }) => settings.getSettings(deps, caller.id));
  define(app, deps, api.saveDashboardSettings, {}, ({ caller, body }) =>
    settings.saveSettings(deps, caller.id, body),
  );
  define(app, deps, api.intercom, {}, ({ caller }) => shell.supportChatIdentity(deps, caller.id));
  // The eight answers a signed-in page load starts with, in one request (ADR 0038).
  define(app, deps, api.shellStart, {}, ({ caller }) => start.shellStart(deps, caller));
}
