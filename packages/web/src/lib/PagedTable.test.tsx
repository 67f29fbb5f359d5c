import { Table } from "@mantine/core";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test/render";
import { PagedTable } from "./PagedTable";

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
