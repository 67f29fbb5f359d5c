import { Button, Group } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ChangeEvent, type ReactNode, useState } from "react";

type Filters = Record<string, string>;

/** The filled-in values only, trimmed: the query of a filtered call. */
const filledIn = <F extends Filters>(f: F): Partial<F> =>
  Object.fromEntries(
    Object.entries(f)
      .map(([k, v]) => [k, v.trim()])
      .filter(([, v]) => v),
  ) as Partial<F>;

/**
 * A server-paged list behind a filter form: what the form holds, what was applied (on submit,
 * back to page 1), the page and its query. `paging` is what PagedTable needs of it.
 */
export function useFilteredPages<F extends Filters, P extends { items: unknown[]; total: number }>(o: {
  queryKey: readonly unknown[];
  initial: F;
  pageSize: number;
  load: (page: number, applied: Partial<F>) => Promise<P>;
  errorTitle: string;
}) {
  const [filters, setFilters] = useState(o.initial);
  const [applied, setApplied] = useState<Partial<F>>(filledIn(o.initial));
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...o.queryKey, applied, page],
    queryFn: () => o.load(page, applied),
    placeholderData: keepPreviousData,
    meta: { errorTitle: o.errorTitle },
  });
  return {
    filters,
    setFilters,
    list,
    /** A text input's value and onChange for one filter. */
    field: (name: keyof F & string) => ({
      value: filters[name],
      onChange: (e: ChangeEvent<HTMLInputElement>) =>
        setFilters({ ...filters, [name]: e.currentTarget.value }),
    }),
    /** A select's value and onChange for one filter. */
    choice: (name: keyof F & string) => ({
      value: filters[name],
      allowDeselect: false,
      onChange: (v: string | null) => setFilters({ ...filters, [name]: v ?? "" }),
    }),
    /** DateRangeFields' value and onChange, over the filters "from" and "to". */
    range: {
      value: { from: filters.from ?? "", to: filters.to ?? "" },
      onChange: (r: { from: string; to: string }) => setFilters({ ...filters, ...r }),
    },
    apply: () => {
      setApplied(filledIn(filters));
      setPage(1);
    },
    paging: { list, page, onPage: setPage, pageSize: o.pageSize, steps: true },
  };
}

/** Filter fields in a row with their submit button. */
export function FilterForm({
  onApply,
  submit = "Filter",
  children,
}: {
  onApply: () => void;
  submit?: string;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onApply();
      }}
    >
      <Group align="flex-end">
        {children}
        <Button type="submit" variant="default">
          {submit}
        </Button>
      </Group>
    </form>
  );
}
