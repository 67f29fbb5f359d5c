// CPD Hub helpers: finding a library from the address, durations, and how a video is played.
import type { api, ResponseOf } from "@cpd/contract";

export type Library = ResponseOf<typeof api.videoLibraries>["libraries"][number];
export type Video = Library["videos"][number];

/** The library an address names: by id, or by name (any case). */
export function findLibrary(libraries: readonly Library[], key: string): Library | undefined {
  const k = key.toLowerCase();
  return libraries.find((l) => l.id === key) ?? libraries.find((l) => l.name.toLowerCase() === k);
}

/** mm:ss, or h:mm:ss from an hour. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/** An embeddable address for YouTube and Vimeo links; null for a file the browser plays itself. */
export function embedUrl(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const host = u.hostname.replace(/^www\./, "");
  if (host === "youtube.com" || host === "m.youtube.com") {
    if (u.pathname.startsWith("/embed/")) return url;
    const id = u.searchParams.get("v");
    return id ? `https://www.youtube.com/embed/${encodeURIComponent(id)}` : null;
  }
  if (host === "youtu.be") return `https://www.youtube.com/embed/${encodeURIComponent(u.pathname.slice(1))}`;
  if (host === "player.vimeo.com") return url;
  if (host === "vimeo.com") {
    const id = u.pathname.split("/").filter(Boolean)[0];
    return id && /^\d+$/.test(id) ? `https://player.vimeo.com/video/${id}` : null;
  }
  return null;
}

export const videoCount = (n: number) => `${n} ${n === 1 ? "video" : "videos"}`;
