import { api, VIDEO_MESSAGES } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import * as videos from "../modules/videos/service.js";
import { policies } from "../policies/index.js";
import { define, perMinute } from "./define.js";
import { sendPublicPng } from "./public-image.js";

export function videoRoutes(app: FastifyInstance, deps: Deps) {
  define(app, deps, api.videoLibraries, {}, ({ caller }) => videos.libraries(deps, caller.id));
  // Each certificate is e-mailed: limited like the other calls that send e-mail.
  define(app, deps, api.requestCertificate, perMinute(10), ({ caller, params, body }) =>
    videos.requestCertificate(deps, caller.id, params.videoId, body),
  );

  const admin = { policy: policies.admin };
  define(app, deps, api.adminVideoLibraries, admin, () => videos.adminLibraries(deps));
  define(app, deps, api.createVideoLibrary, admin, ({ body }) => videos.createLibrary(deps, body));
  define(app, deps, api.updateVideoLibrary, admin, ({ params, body }) =>
    videos.updateLibrary(deps, params.id, body),
  );
  define(app, deps, api.deleteVideoLibrary, admin, ({ params }) => videos.deleteLibrary(deps, params.id));
  define(app, deps, api.createVideo, admin, ({ params, body }) => videos.createVideo(deps, params.id, body));
  define(app, deps, api.updateVideo, admin, ({ params, body }) => videos.updateVideo(deps, params.id, body));
  define(app, deps, api.deleteVideo, admin, ({ params }) => videos.deleteVideo(deps, params.id));
  define(
    app,
    deps,
    api.uploadVideoThumbnail,
    {
      ...admin,
      tooLargeMessage: VIDEO_MESSAGES.thumbnailTooLarge,
      mediaTypeMessage: VIDEO_MESSAGES.thumbnailType,
    },
    ({ params, body }) => videos.uploadThumbnail(deps, params.id, body),
  );
  // Public and cacheable, as organisation logos are (ADR 0021): an <img> sends no session token.
  define(app, deps, api.videoThumbnail, perMinute(600), async ({ params, reply }) => {
    return sendPublicPng(reply, await videos.thumbnail(deps, params.videoId));
  });
}
