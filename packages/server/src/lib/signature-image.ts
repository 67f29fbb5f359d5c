// What a signature may be (REQ-SUP-05; an attester's too, ADR 0028): a PNG drawn on the pad, as a
// data URL, of a sane size; or the member's saved signature, a PNG or JPEG data URL. Judged from the bytes.
import { SUPERVISION } from "@cpd/contract";

export interface SignatureImage {
  bytes: Buffer;
  contentType: "image/png" | "image/jpeg";
  extension: "png" | "jpg";
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** The pad at up to 4x its size (high-density screens draw at device pixels). */
const MAX_WIDTH = 4 * SUPERVISION.pad.width;
const MAX_HEIGHT = 4 * SUPERVISION.pad.height;

function decode(dataUrl: string, prefixes: RegExp): { type: string; bytes: Buffer } | null {
  const m = prefixes.exec(dataUrl);
  if (!m) return null;
  const data = dataUrl.slice(m[0].length);
  if (!BASE64.test(data) || data.length % 4 !== 0) return null;
  return { type: (m[1] ?? "").toLowerCase(), bytes: Buffer.from(data, "base64") };
}

/** Width and height from a PNG's IHDR, or null when the bytes are not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) return null;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString("latin1", 12, 16) !== "IHDR") return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const isJpeg = (bytes: Buffer) =>
  bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** A signature drawn on the pad, or null when it is not an acceptable PNG. */
export function drawnSignature(dataUrl: string): SignatureImage | null {
  const d = decode(dataUrl, /^data:image\/(png);base64,/);
  if (!d || d.bytes.length > SUPERVISION.signatureMaxBytes) return null;
  const size = pngSize(d.bytes);
  if (!size) return null;
  if (size.width < 1 || size.width > MAX_WIDTH || size.height < 1 || size.height > MAX_HEIGHT) return null;
  return { bytes: d.bytes, contentType: "image/png", extension: "png" };
}

/** The member's saved signature, or null when it is not a PNG or JPEG data URL. */
export function savedSignature(dataUrl: string | null | undefined): SignatureImage | null {
  if (!dataUrl) return null;
  const d = decode(dataUrl, /^data:image\/(png|jpeg|jpg);base64,/i);
  if (!d) return null;
  if (d.type === "png" && pngSize(d.bytes))
    return { bytes: d.bytes, contentType: "image/png", extension: "png" };
  if (d.type !== "png" && isJpeg(d.bytes))
    return { bytes: d.bytes, contentType: "image/jpeg", extension: "jpg" };
  return null;
}
