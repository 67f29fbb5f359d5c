/** Up to 10 page buttons, centred on the current page where possible. */
export function pageWindow(page: number, pages: number, max = 10): number[] {
  if (pages <= 0) return [];
  const count = Math.min(max, pages);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
