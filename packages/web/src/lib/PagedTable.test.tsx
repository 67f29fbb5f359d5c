import { Button, Table, Text, VisuallyHidden } from "@mantine/core";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { renderWithProviders } from "../test/render";
import { ItemCard, PagedTable } from "./PagedTable";
import { setViewportWidth } from "./test-viewport";

type Item = { id: string; name: string };
type List = { data?: { items: Item[]; total: number }; isLoading: boolean; isFetching: boolean };

function setup(list: List, captionId?: string) {
  const onPage = vi.fn();
  const view = renderWithProviders(
    <PagedTable<Item>
      list={list}
      pageSize={2}
      page={1}
      onPage={onPage}
      noun={["file", "files"]}
      empty="No files uploaded"
      minWidth={400}
      captionId={captionId}
      head={<Table.Th>Name</Table.Th>}
      row={(i) => (
        <Table.Tr key={i.id}>
          <Table.Td>{i.name}</Table.Td>
        </Table.Tr>
      )}
    />,
  );
  return { ...view, onPage };
}

const items = [
  { id: "1", name: "a.pdf" },
  { id: "2", name: "b.pdf" },
];

describe("a paged table", () => {
  it("shows a loader while loading", () => {
    setup({ isLoading: true, isFetching: true });
    expect(screen.getByLabelText("Loading files")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("says when there is nothing", () => {
    setup({ data: { items: [], total: 0 }, isLoading: false, isFetching: false });
    expect(screen.getByText("No files uploaded")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("counts the items and pages in its caption, and pages under the table", async () => {
    const { user, onPage } = setup({ data: { items, total: 5 }, isLoading: false, isFetching: false });
    const table = screen.getByRole("table", { name: "5 files, page 1 of 3" });
    expect(table).toHaveAttribute("aria-busy", "false");
    expect(screen.getByRole("columnheader", { name: "Name" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "b.pdf" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Page 3" }));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it("names one item in the singular, and no pager for one page", () => {
    setup({ data: { items: items.slice(0, 1), total: 1 }, isLoading: false, isFetching: true });
    expect(screen.getByRole("table", { name: "1 file" })).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("with a caption id is a section named by its caption", () => {
    setup({ data: { items, total: 2 }, isLoading: false, isFetching: false }, "files-caption");
    expect(screen.getByRole("region", { name: "2 files" })).toBeInTheDocument();
  });
});

describe("a paged table with cards", () => {
  function setupCards(list: List, width: number) {
    onTestFinished(setViewportWidth(width));
    return renderWithProviders(
      <PagedTable<Item>
        list={list}
        pageSize={2}
        page={1}
        onPage={() => {}}
        noun={["file", "files"]}
        empty="No files uploaded"
        minWidth={400}
        captionId="files-caption"
        head={<Table.Th>Name</Table.Th>}
        row={(i) => (
          <Table.Tr key={i.id}>
            <Table.Td>{i.name}</Table.Td>
          </Table.Tr>
        )}
        card={(i) => (
          <ItemCard key={i.id}>
            <Text>{i.name}</Text>
            <Button size="compact-sm">
              Rename<VisuallyHidden> {i.name}</VisuallyHidden>
            </Button>
          </ItemCard>
        )}
      />,
    );
  }
  const loaded = { data: { items, total: 5 }, isLoading: false, isFetching: false };

  it("on a phone shows a list of cards named by the count, each with its actions in view", () => {
    setupCards(loaded, 375);
    expect(screen.queryByRole("table")).toBeNull();
    const list = screen.getByRole("list", { name: "5 files, page 1 of 3" });
    expect(list).toHaveAttribute("aria-busy", "false");
    expect(screen.getByRole("region", { name: "5 files, page 1 of 3" })).toBeInTheDocument();
    const cards = within(list).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    expect(within(cards[1] as HTMLElement).getByText("b.pdf", { selector: "p" })).toBeVisible();
    expect(within(cards[1] as HTMLElement).getByRole("button", { name: "Rename b.pdf" })).toBeVisible();
    // The pager stays under the list.
    expect(screen.getByRole("navigation", { name: "Pages of files" })).toBeInTheDocument();
  });

  it("on a wider screen keeps the table", () => {
    setupCards(loaded, 576);
    expect(screen.getByRole("table", { name: "5 files, page 1 of 3" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "b.pdf" })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "5 files, page 1 of 3" })).toBeNull();
  });

  it("on a phone still says when there is nothing, or that it is loading", () => {
    const { unmount } = setupCards(
      { data: { items: [], total: 0 }, isLoading: false, isFetching: false },
      375,
    );
    expect(screen.getByText("No files uploaded")).toBeInTheDocument();
    expect(screen.queryByRole("list")).toBeNull();
    unmount();
    setupCards({ isLoading: true, isFetching: true }, 375);
    expect(screen.getByLabelText("Loading files")).toBeInTheDocument();
  });
});
