// How stored file names are shown (REQ-FILE-03): '+' as a space, evidence without its extension,
// long names cut to the first 17 and last 17 characters.
export const spaced = (name: string) => name.replace(/\+/g, " ");

function extensionOf(name: string): string {
  const i = name.lastIndexOf(".");
  return i > 0 && i < name.length - 1 ? name.slice(i) : "";
}

export function withoutExtension(name: string): string {
  const ext = extensionOf(name);
  return ext ? name.slice(0, -ext.length) : name;
}

/** The name of an evidence file as listed: no extension, '+' as a space. */
export const evidenceName = (name: string) => spaced(withoutExtension(name));

export function truncateName(name: string, max = 30, keep = 17): string {
  return name.length > max ? `${name.slice(0, keep)}…${name.slice(-keep)}` : name;
}

/** A renamed file keeps its extension: the user edits only the name before it. */
export function renamed(original: string, input: string): string {
  const base = input.trim();
  const ext = extensionOf(original);
  if (!base) return original;
  return ext && !base.toLowerCase().endsWith(ext.toLowerCase()) ? `${base}${ext}` : base;
}

const IMAGE_EXTENSIONS = [".jpg", ".jpeg", ".png", ".gif", ".webp", ".bmp"];
export const isImage = (name: string, contentType?: string | null) =>
  (contentType ?? "").startsWith("image/") || IMAGE_EXTENSIONS.includes(extensionOf(name).toLowerCase());
