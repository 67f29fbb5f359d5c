// Uploads a file as the raw request body with progress (fetch cannot report upload
// progress). The File is sent as is, so the browser sets Content-Length (the server needs it).
import { api, type ErrorEnvelope, MAX_FILE_BYTES, type ResponseOf } from "@cpd/contract";
import { buildUrl, failure } from "./api-client";
import { ApiError } from "./api-error";
import { session } from "./session";

export type UploadedFile = ResponseOf<typeof api.uploadFile>;

/** Spec 2 §5: the message of a file over 10 MB (10485760 bytes). */
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
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
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
    xhr.send(file);
  });
}

/** A URL that <img>, <a> and new tabs can load: they cannot send headers, so the token rides along. */
export function fileUrl(id: string, extra: { download?: boolean } = {}): string {
  return buildUrl(api.downloadFile.path, { id }, { auth_token: session.token() ?? undefined, ...extra });
}
