// The colours every PDF shares: the brand blue (header bars, headings, the portfolio's default
// accent), body text and secondary text.
export const BRAND_BLUE = "#005eb8";
export const INK = "#1b1f24";
export const MUTED = "#4a5560";
