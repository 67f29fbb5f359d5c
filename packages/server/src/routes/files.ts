import { IncomingMessage } from "node:http";
import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import * as documents from "../modules/documents/service.js";
import * as files from "../modules/files/service.js";
import { policies } from "../policies/index.js";
import { define } from "./define.js";
import { sendStoredFile } from "./file-reply.js";

export function fileRoutes(app: FastifyInstance, deps: Deps) {
  define(
    app,
    deps,
    api.uploadFile,
    { tooLargeMessage: files.FILE_MESSAGES.tooLarge, mediaTypeMessage: files.FILE_MESSAGES.mediaType },
    async ({ caller, query, body, part, request, reply }) => {
      const length = request.headers["content-length"];
      try {
        return await files.uploadFile(deps, {
          userId: caller.id,
          filename: query.filename ?? part?.filename,
          entryId: query.entryId,
          length: part ? "unsized" : length !== undefined && /^\d+$/.test(length) ? Number(length) : null,
          body,
          // A raw body read off the socket (not inject()'s payload): its chunks are the upload's own.
          ownsChunks: !part && request.raw instanceof IncomingMessage,
          timeouts: deps.config.uploadTimeouts,
        });
      } catch (err) {
        // The rest of a refused or stalled body is not waited for: answer, then close the
        // connection (a client still sending would otherwise hold it for ever).
        if (!request.raw.complete) reply.header("connection", "close");
        throw err;
      }
    },
  );
  define(app, deps, api.listFiles, {}, ({ caller, params, query }) =>
    files.listFiles(deps, caller.id, query, params.perPage, params.page),
  );
  define(app, deps, api.unassignedFiles, {}, ({ caller }) => files.unassignedFiles(deps, caller.id));
  define(app, deps, api.renameFile, {}, ({ caller, params, body }) =>
    files.renameFile(deps, caller.id, params.id, body.newFilename),
  );
  define(app, deps, api.deleteFile, { policy: policies.userBasic }, ({ caller, params }) =>
    files.deleteFile(deps, caller.id, params.id),
  );
  define(app, deps, api.replaceFileContent, { policy: policies.userBasic }, ({ caller, params, body }) =>
    files.replaceFileContent(deps, caller.id, params.id, body.versionId),
  );
  define(app, deps, api.downloadFile, {}, async ({ caller, params, query, reply }) => {
    const f = await files.openFile(deps, caller.id, params.id);
    return sendStoredFile(reply, f, query.download === true);
  });

  define(app, deps, api.createDocument, {}, ({ caller, body }) =>
    documents.createDocument(deps, caller.id, body),
  );
  define(app, deps, api.listDocuments, {}, ({ caller, query }) =>
    documents.listDocuments(deps, caller.id, query.type),
  );
  define(app, deps, api.deleteDocument, {}, ({ caller, params }) =>
    documents.deleteDocument(deps, caller.id, params.id),
  );
}
