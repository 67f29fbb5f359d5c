// Uploads a file as a multipart form with progress (fetch cannot report upload progress):
// the documented way any client uploads, so the server's type check sees the file's own bytes.
import { api, type ErrorEnvelope, MAX_FILE_BYTES, type ResponseOf, UPLOAD_FIELD } from "@cpd/contract";
import { buildUrl, failure } from "./api-client";
import { ApiError } from "./api-error";
import { session } from "./session";

export type UploadedFile = ResponseOf<typeof api.uploadFile>;

/** REQ-FILE-01: the message of a file over 10 MB (10485760 bytes). */
export const FILE_TOO_LARGE = "The file size cannot exceed 10MB";

export const isTooLarge = (file: { size: number }) => file.size > MAX_FILE_BYTES;

export function uploadFile(
  file: File,
  opts: { entryId?: string; filename?: string; onProgress?: (percent: number) => void } = {},
): Promise<UploadedFile> {
  const url = buildUrl(api.uploadFile.path, undefined, {
    filename: opts.filename ?? file.name,
    entryId: opts.entryId,
  });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    const token = session.token();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError("Network error", { status: 0 }));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(100);
        resolve(body as UploadedFile);
      } else {
        reject(
          failure(
            api.uploadFile,
            xhr.status,
            body as Partial<ErrorEnvelope> | null,
            xhr.statusText,
            xhr.getResponseHeader("Retry-After"),
          ),
        );
      }
    };
    const form = new FormData();
    form.append(UPLOAD_FIELD, file, opts.filename ?? file.name);
    xhr.send(form);
  });
}

/** A URL that <img>, <a> and new tabs can load: they cannot send headers, so the token rides along. */
export function fileUrl(id: string, extra: { download?: boolean } = {}): string {
  return buildUrl(api.downloadFile.path, { id }, { auth_token: session.token() ?? undefined, ...extra });
}
