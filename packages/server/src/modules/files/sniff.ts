// Judges an upload's type by its first bytes, never by the declared type or the
// name (the name only tells apart formats that share a container: Office files).
const starts = (b: Buffer, sig: number[], at = 0) =>
  b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (b: Buffer, text: string, at = 0) => starts(b, [...Buffer.from(text, "latin1")], at);

export function sniffFileType(head: Buffer, filename: string): string | null {
  const ext = filename.toLowerCase().split(".").pop() ?? "";
  if (starts(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (ascii(head, "GIF87a") || ascii(head, "GIF89a")) return "image/gif";
  if (ascii(head, "BM") && head.length >= 14) return "image/bmp";
  if (ascii(head, "RIFF") && ascii(head, "WEBP", 8)) return "image/webp";
  if (ascii(head, "%PDF-")) return "application/pdf";
  if (starts(head, [0x50, 0x4b, 0x03, 0x04])) {
    const office: Record<string, string> = {
      docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    };
    return office[ext] ?? null;
  }
  if (starts(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return ext === "doc" ? "application/msword" : null;
  if (ext === "txt" && head.length > 0 && !head.includes(0) && isUtf8(head)) return "text/plain";
  return null;
}

function isUtf8(b: Buffer) {
  try {
    // The head may cut a multi-byte character: ignore a partial one at the end.
    new TextDecoder("utf-8", { fatal: true }).decode(b.subarray(0, Math.max(0, b.length - 3)));
    return true;
  } catch {
    return false;
  }
}

/** A display name without paths or control characters, at most 255 characters. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (clean || "file").slice(0, 255);
}

/** Content-Disposition that cannot be broken by the name (RFC 6266 / 5987). */
export function contentDisposition(filename: string, inline: boolean): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${inline ? "inline" : "attachment"}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
