// An image an administrator uploads for everyone to see (organisation logos, video thumbnails;
// ADR 0021), made into a PNG we encoded: PNG and JPEG are decoded and re-encoded (metadata
// dropped), an SVG is sanitised and rasterised, so what the browser and the PDF worker get is
// never a script and never a foreign address.
import sharp from "sharp";

const SVG_START = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/** The SVG without what could run or reach out: scripts, event handlers, foreign references. */
function sanitiseSvg(text: string, unreadable: () => Error): string {
  // A document type may declare entities (expansion bombs, external files): refused outright.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw unreadable();
  return text
    .replace(/<script[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<script[^>]*\/>/gi, "")
    .replace(/<foreignObject[\s\S]*?<\/foreignObject\s*>/gi, "")
    .replace(/\s(on[a-z]+)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, "")
    .replace(/\s((?:xlink:)?href)\s*=\s*("[^"]*"|'[^']*')/gi, (all, _name, value: string) =>
      /^["']\s*(#|data:image\/(png|jpeg);)/i.test(value) ? all : "",
    )
    .replace(/url\(\s*(['"]?)(?!#)[^)]*\1\s*\)/gi, "none")
    .replace(/@import[^;]*;?/gi, "");
}

/**
 * The stored form of an uploaded image: a PNG of at most `maxPixels` on its longer side.
 * Throws `unreadable()` (a 415) when the bytes are not a PNG, JPEG or SVG image that decodes.
 */
export async function prepareUploadedImage(
  bytes: Buffer,
  maxPixels: number,
  unreadable: () => Error,
): Promise<Buffer> {
  const head = bytes.subarray(0, 8);
  const isPng = head.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const isJpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  let input = bytes;
  let density: number | undefined;
  if (!isPng && !isJpeg) {
    const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
    if (!SVG_START.test(text)) throw unreadable();
    input = Buffer.from(sanitiseSvg(text, unreadable), "utf8");
    // Drawn large enough to stay sharp at maxPixels, however small its own size is.
    const meta = await sharp(input)
      .metadata()
      .catch(() => {
        throw unreadable();
      });
    const longer = Math.max(meta.width ?? 0, meta.height ?? 0) || maxPixels;
    density = Math.min(600, Math.max(1, (72 * maxPixels) / longer));
  }
  try {
    return await sharp(input, { density, animated: false, limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: maxPixels, height: maxPixels, fit: "inside", withoutEnlargement: !density })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw unreadable();
  }
}
