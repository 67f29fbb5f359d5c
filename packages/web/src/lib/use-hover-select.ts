// Hovering over an item selects it after HOVER_SELECT_MS (ADR 0024): a pointer passing over the
// list selects nothing. Keyboard focus selects at once, so the selection does not need a mouse.
import { useEffect, useRef, useState } from "react";

export const HOVER_SELECT_MS = 500;

export function useHoverSelect<Id extends string>() {
  const [selected, setSelected] = useState<Id | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const props = (id: Id) => ({
    onMouseEnter: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setSelected(id), HOVER_SELECT_MS);
    },
    onMouseLeave: () => clearTimeout(timer.current),
    onFocus: () => setSelected(id),
    "data-selected": selected === id || undefined,
  });
  return { selected, props };
}
