// For component tests only: jsdom has no layout, so src/test/setup.ts answers every media query
// "no" (a desktop). This makes width queries answer as a window of the given width would.

function matchesWidth(query: string, width: number): boolean {
  const m = /\((max|min)-width:\s*([\d.]+)(px|em)\)/.exec(query);
  if (!m) return false;
  const limit = Number(m[2]) * (m[3] === "em" ? 16 : 1);
  return m[1] === "max" ? width <= limit : width >= limit;
}

/** A media query list that answers `matches` and never changes. */
export function fixedMediaQuery(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

/** Makes `window.matchMedia` answer for a window `width` px wide; returns the undo. */
export function setViewportWidth(width: number): () => void {
  const before = window.matchMedia;
  window.matchMedia = (query: string) => fixedMediaQuery(query, matchesWidth(query, width));
  return () => {
    window.matchMedia = before;
  };
}
