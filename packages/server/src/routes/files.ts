import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import * as documents from "../modules/documents/service.js";
import * as files from "../modules/files/service.js";
import { contentDisposition } from "../modules/files/sniff.js";
import { policies } from "../policies/index.js";
import { define } from "./define.js";

// Shown in the browser: images and PDFs inline, anything else downloaded.
const INLINE = new Set([
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/bmp",
  "image/webp",
  "application/pdf",
]);

export function fileRoutes(app: FastifyInstance, deps: Deps) {
  define(
    app,
    deps,
    api.uploadFile,
    { tooLargeMessage: files.FILE_MESSAGES.tooLarge },
    ({ caller, query, body, request }) => {
      const length = request.headers["content-length"];
      return files.uploadFile(deps, {
        userId: caller.id,
        filename: query.filename,
        entryId: query.entryId,
        declaredLength: length !== undefined && /^\d+$/.test(length) ? Number(length) : null,
        body,
      });
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
  define(app, deps, api.downloadFile, {}, async ({ caller, params, query, reply }) => {
    const f = await files.openFile(deps, caller.id, params.id);
    reply
      .header("content-type", f.contentType === "text/plain" ? "text/plain; charset=utf-8" : f.contentType)
      .header("content-length", f.size)
      .header(
        "content-disposition",
        contentDisposition(f.filename, !query.download && INLINE.has(f.contentType)),
      )
      .header("cache-control", "private, max-age=300")
      // Uploaded content never runs as part of our origin.
      .header(
        "content-security-policy",
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      );
    return reply.send(f.body);
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
