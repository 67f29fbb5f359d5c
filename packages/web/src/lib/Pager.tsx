import { Button, Group } from "@mantine/core";
import { pageWindow } from "./page-window";

/**
 * Page buttons under a paged list (a list of links in a labelled nav, the current page marked
 * aria-current); nothing when everything fits on one page. `steps` adds Previous and Next.
 */
export function Pager(props: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  steps?: boolean;
}) {
  const { label, page, pages, onPage, steps = false } = props;
  if (pages <= 1) return null;
  const step = (text: string, to: number, disabled: boolean) => (
    <li>
      <Button variant="default" size="xs" disabled={disabled} onClick={() => onPage(to)}>
        {text}
      </Button>
    </li>
  );
  return (
    <nav aria-label={label}>
      <Group gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }} wrap="wrap">
        {steps && step("Previous", page - 1, page <= 1)}
        {pageWindow(page, pages).map((n) => (
          <li key={n}>
            <Button
              size="xs"
              variant={n === page ? "filled" : "default"}
              aria-current={n === page ? "page" : undefined}
              aria-label={`Page ${n}`}
              onClick={() => onPage(n)}
            >
              {n}
            </Button>
          </li>
        ))}
        {steps && step("Next", page + 1, page >= pages)}
      </Group>
    </nav>
  );
}
