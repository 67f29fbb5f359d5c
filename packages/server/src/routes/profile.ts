import { api, MESSAGES } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import * as personal from "../modules/personal-profile/service.js";
import * as signature from "../modules/personal-profile/signature.js";
import * as profile from "../modules/profile/service.js";
import { policies } from "../policies/index.js";
import { define } from "./define.js";

export function profileRoutes(app: FastifyInstance, deps: Deps) {
  define(app, deps, api.getProfile, {}, ({ caller }) => profile.getProfile(deps, caller.id));
  define(app, deps, api.updateProfile, { policy: policies.userBasic }, ({ caller, body }) =>
    profile.updateProfile(deps, caller.id, body),
  );
  define(app, deps, api.getMembership, {}, ({ caller }) => profile.getMembership(deps, caller.id));
  define(app, deps, api.cancelMembership, { policy: policies.userBasic }, ({ caller }) =>
    profile.cancelMembership(deps, caller.id),
  );
  define(
    app,
    deps,
    api.uploadProfileImage,
    {
      policy: policies.userBasic,
      tooLargeMessage: MESSAGES.imageTooLarge,
      mediaTypeMessage: MESSAGES.imageType,
    },
    ({ caller, body }) => profile.saveProfileImage(deps, caller.id, body),
  );
  define(app, deps, api.getProfileImage, {}, async ({ caller, reply }) => {
    const img = await profile.getProfileImage(deps, caller.id);
    reply
      .header("content-type", img.contentType)
      .header("cache-control", "private, max-age=300")
      .header("x-content-type-options", "nosniff");
    if (img.contentLength !== undefined) reply.header("content-length", img.contentLength);
    return reply.send(img.body);
  });
  define(app, deps, api.getGoverningBodies, {}, ({ caller }) => profile.getGoverningBodies(deps, caller.id));
  define(app, deps, api.putGoverningBodies, { policy: policies.userBasic }, ({ caller, body }) =>
    profile.putGoverningBodies(deps, caller.id, body),
  );
  define(app, deps, api.governingBodyOptions, {}, () => profile.governingBodyOptions());

  define(app, deps, api.getPersonalProfile, {}, ({ caller }) => personal.getPersonalProfile(deps, caller.id));
  define(app, deps, api.putPersonalProfile, {}, ({ caller, body }) =>
    personal.putPersonalProfile(deps, caller.id, body),
  );
  // The signature the owner may sign a supervision with (ADR 0022).
  define(app, deps, api.getProfileSignature, {}, ({ caller }) => signature.getSignature(deps, caller.id));
  define(app, deps, api.putProfileSignature, {}, ({ caller, body }) =>
    signature.saveSignature(deps, caller.id, body.signature),
  );
  define(app, deps, api.deleteProfileSignature, {}, ({ caller }) =>
    signature.deleteSignature(deps, caller.id),
  );
  define(app, deps, api.getTags, {}, ({ caller }) => personal.getTags(deps, caller.id));
  define(app, deps, api.putTags, {}, ({ caller, body }) => personal.putTags(deps, caller.id, body.tags));
}
