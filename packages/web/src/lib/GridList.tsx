import { SimpleGrid, type SimpleGridProps } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A responsive grid of cards that is a list to screen readers (a `<ul>` without bullets or
 * indent): each child should be an `<li>` (e.g. `<Card component="li">`).
 */
export function GridList({
  children,
  ...grid
}: Omit<SimpleGridProps, "p" | "m" | "style"> & { children: ReactNode }) {
  return (
    <SimpleGrid component="ul" p={0} m={0} style={{ listStyle: "none" }} {...grid}>
      {children}
    </SimpleGrid>
  );
}
