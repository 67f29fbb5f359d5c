// The My Files preview panel shows a random image of the user's files and moves on every
// 5 seconds (REQ-FILE-04), unless paused, hovered, focused or the user prefers reduced motion.

export const ROTATE_MS = 5000;

/** A random id from the list, never the current one when there is another to choose. */
export function nextRandom(
  ids: readonly string[],
  current: string | null,
  random = Math.random,
): string | null {
  const pool = ids.length > 1 ? ids.filter((id) => id !== current) : ids;
  if (pool.length === 0) return null;
  const i = Math.min(pool.length - 1, Math.floor(random() * pool.length));
  return pool[i] ?? null;
}

export interface RotationState {
  /** The user pressed Play or Pause; null until then. */
  userPlaying: boolean | null;
  reducedMotion: boolean;
  hovered: boolean;
  focused: boolean;
  /** A file the user chose to preview is showing. */
  chosen: boolean;
  imageCount: number;
}

/** Playing unless paused by the user, or by default when the user prefers reduced motion. */
export const isPlaying = (s: Pick<RotationState, "userPlaying" | "reducedMotion">) =>
  s.userPlaying ?? !s.reducedMotion;

/** The timer runs only while playing, with something to rotate, and the panel not in use. */
export const shouldRotate = (s: RotationState) =>
  isPlaying(s) && !s.hovered && !s.focused && !s.chosen && s.imageCount > 1;
