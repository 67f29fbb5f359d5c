import { Table, UnstyledButton, VisuallyHidden } from "@mantine/core";

/** A sortable column heading: announces its order (aria-sort) and toggles on click. */
export function SortHeader<S extends string>(props: {
  label: string;
  sort: S;
  state: { sortBy: S; sortDesc: boolean };
  onSort: (s: S) => void;
}) {
  const { label, sort, state, onSort } = props;
  const active = state.sortBy === sort;
  return (
    <Table.Th aria-sort={active ? (state.sortDesc ? "descending" : "ascending") : "none"}>
      <UnstyledButton onClick={() => onSort(sort)} fw={700} fz="sm">
        {label}
        <span aria-hidden="true">{active ? (state.sortDesc ? " ▼" : " ▲") : " ↕"}</span>
        <VisuallyHidden>, sort</VisuallyHidden>
      </UnstyledButton>
    </Table.Th>
  );
}
