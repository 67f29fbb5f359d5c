import { useCallback, useEffect, useState } from "react";

/**
 * Whether an element has come near the viewport (within `margin`), once true for good: a widget
 * below the fold asks for its data when the reader scrolls towards it, not with the page's first
 * calls (issue 30, ADR 0038). Nothing is watched until `active` (the page above it has its data,
 * so it is where it will stay). Without IntersectionObserver (jsdom, very old browsers) it is
 * `active`. Attach the returned callback ref to the element.
 */
export function useNearViewport<T extends Element>(
  active = true,
  margin = "300px",
): [(node: T | null) => void, boolean] {
  const noObserver = typeof IntersectionObserver === "undefined";
  const [near, setNear] = useState(false);
  const [node, setNode] = useState<T | null>(null);
  useEffect(() => {
    if (!active || near || !node || noObserver) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [active, near, node, margin, noObserver]);
  return [useCallback((n: T | null) => setNode(n), []), near || (noObserver && active)];
}
