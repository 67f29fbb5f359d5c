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

/** A row of sortable column headings, one per [label, sort] pair, in order. */
export function SortHeaders<S extends string>(props: {
  columns: readonly (readonly [label: string, sort: S])[];
  state: { sortBy: S; sortDesc: boolean };
  onSort: (s: S) => void;
}) {
  const { columns, state, onSort } = props;
  return columns.map(([label, sort]) => (
    <SortHeader key={sort} label={label} sort={sort} state={state} onSort={onSort} />
  ));
}
