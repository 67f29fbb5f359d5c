// Evidence photos and logos at print resolution: a phone photo of 4000 px and 6 MB becomes a
// JPEG of at most 1200 px on its long side, so a portfolio with many photos stays small and
// pdfkit (which reads JPEG and PNG only) gets a format it knows.
import sharp from "sharp";

// One image at a time, no libvips cache: memory stays flat through thousands of evidence files.
sharp.cache(false);
sharp.concurrency(1);

const RASTER_TYPES = new Set(["image/jpeg", "image/jpg", "image/png", "image/gif", "image/webp"]);
export const isRaster = (contentType: string) =>
  RASTER_TYPES.has((contentType.toLowerCase().split(";")[0] ?? "").trim());

/** Larger print-sized JPEGs are still re-encoded (a 1200 px photo needs no more than this). */
const MAX_PASS_THROUGH_BYTES = 2_000_000;

export interface PrintImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The image turned upright (EXIF), flattened on white and re-encoded as JPEG no larger than
 * `maxPx` on its long side. Throws when the bytes are not an image sharp can read.
 */
export async function printImage(
  bytes: Buffer,
  options: { maxPx?: number; quality?: number; png?: boolean } = {},
): Promise<PrintImage> {
  const { maxPx = 1200, quality = 80, png = false } = options;
  const meta = await sharp(bytes).metadata();
  // An upright RGB JPEG already at print size goes in as it is: decoding and re-encoding it would
  // cost most of a portfolio's time and change nothing on paper.
  if (
    !png &&
    meta.format === "jpeg" &&
    meta.width &&
    meta.height &&
    Math.max(meta.width, meta.height) <= maxPx &&
    (meta.orientation ?? 1) === 1 &&
    meta.space === "srgb" &&
    meta.channels === 3 &&
    bytes.length <= MAX_PASS_THROUGH_BYTES
  ) {
    return { data: bytes, width: meta.width, height: meta.height };
  }
  const pipeline = sharp(bytes, { animated: false, limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: maxPx, height: maxPx, fit: "inside", withoutEnlargement: true });
  // Logos keep their transparency (PNG); photos are flattened and compressed (JPEG).
  const out = png
    ? pipeline.png({ compressionLevel: 9 })
    : pipeline.flatten({ background: "#ffffff" }).jpeg({ quality });
  const { data, info } = await out.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Fits width x height into a box, keeping the aspect ratio. */
export function fitBox(width: number, height: number, maxW: number, maxH: number) {
  const scale = Math.min(maxW / width, maxH / height, 1);
  return { width: width * scale, height: height * scale };
}
