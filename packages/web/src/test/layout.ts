// jsdom lays nothing out: give every element a size, so a guided tour counts its areas as shown.
import { vi } from "vitest";

export function layOutEverything() {
  const box = { x: 0, y: 0, top: 0, left: 0, bottom: 40, right: 200, width: 200, height: 40 };
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockReturnValue({ ...box, toJSON: () => box });
  vi.spyOn(Element.prototype, "getClientRects").mockReturnValue([box] as unknown as DOMRectList);
}
