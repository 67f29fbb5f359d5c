/**
 * Spread onto a Mantine layout (`<Stack {...bareList}>`, `Group`, `SimpleGrid`) to make it a list
 * to screen readers: a `<ul>` without bullets or indent. Each child should be an `<li>` (e.g.
 * `<Card component="li">`). Margin props given beside it (`mt`, `mb`) still apply: Mantine resolves
 * `m` before the sides. For a grid of cards, `GridList` wraps this for SimpleGrid.
 */
export const bareList = { component: "ul", p: 0, m: 0, style: { listStyle: "none" } } as const;
