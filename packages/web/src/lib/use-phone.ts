import { useMediaQuery } from "@mantine/hooks";

/** Narrower than Mantine's xs breakpoint (36em, 576px), where the grids already go to one column. */
const PHONE_QUERY = "(max-width: 35.99em)";

/** Whether the window is phone-sized: lists become cards, filters fold away, the header drops the name. */
export function usePhone(): boolean {
  // Read on the first render (no server rendering here), so a phone never flashes the desktop layout.
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
}
