// Video thumbnails in our own storage, as organisation logos are (ADR 0021): an uploaded PNG,
// JPEG or SVG is stored as a PNG we encoded and answered from this origin, so the page's
// Content-Security-Policy shows it. An older foreign address is never fetched: it stays, shown to
// administrators only, until a file is uploaded in its place or it is removed.
import { createHash } from "node:crypto";
import { THUMBNAIL_MAX_PIXELS, VIDEO_MESSAGES } from "@cpd/contract";
import { AppError, badRequest } from "../../lib/errors.js";
import { Storage } from "../../lib/storage.js";
import { prepareUploadedImage } from "../../lib/uploaded-image.js";

interface ThumbnailColumns {
  videoId: string;
  thumbnail: string | null;
  thumbnailKey: string | null;
}

const version = (key: string) => createHash("sha256").update(key).digest("hex").slice(0, 12);

/** The address the thumbnail is shown at: ours when stored; a foreign one only when `foreign`. */
export function thumbnailAddress(v: ThumbnailColumns, { foreign = false } = {}): string | null {
  if (v.thumbnailKey)
    return `/api/videos/${encodeURIComponent(v.videoId)}/thumbnail?v=${version(v.thumbnailKey)}`;
  return foreign ? v.thumbnail : null;
}

/** The PNG to store for an upload (415 when it is not an image that decodes), under a new key. */
export async function prepareThumbnail(body: Buffer): Promise<{ key: string; png: Buffer }> {
  const png = await prepareUploadedImage(
    body,
    THUMBNAIL_MAX_PIXELS,
    () => new AppError(415, "UNSUPPORTED_IMAGE", VIDEO_MESSAGES.thumbnailUnreadable),
  );
  return { key: Storage.newKey("video-thumbnails"), png };
}

/**
 * The thumbnail columns a saved video writes: omitted or the value the library answer gave keeps
 * them, null removes the thumbnail (its object is in `replaced`, deleted after the change), and
 * anything else (a web address) is refused: a thumbnail is uploaded as a file.
 */
export function thumbnailColumnsOnSave(
  current: ThumbnailColumns | null,
  sent: string | null | undefined,
): { data: { thumbnail?: null; thumbnailKey?: null }; replaced: string | null } {
  if (sent === undefined) return { data: {}, replaced: null };
  if (sent === null)
    return { data: { thumbnail: null, thumbnailKey: null }, replaced: current?.thumbnailKey ?? null };
  if (current && sent === thumbnailAddress(current, { foreign: true })) return { data: {}, replaced: null };
  throw badRequest(VIDEO_MESSAGES.thumbnailUploadOnly, "VALIDATION_ERROR");
}
