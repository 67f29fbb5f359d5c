import { Card, Group, Stack, Table, Text } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { bareList } from "./bare-list";
import { Pager } from "./Pager";
import { Spinner } from "./Spinner";
import { usePhone } from "./use-phone";

/**
 * A server-paged list as a table in a card: a loader, the empty text, or the table with a caption
 * counting the items ("12 entries, page 2 of 3"); the page buttons under the card. Given `card`,
 * phones get the page as a list of cards instead, named by the same count, so nothing (row actions
 * least of all) hides in a table scrolled sideways.
 */
export function PagedTable<T>(props: {
  list: { data?: { items: T[]; total: number }; isLoading: boolean; isFetching: boolean };
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  /** Previous and Next around the page buttons. */
  steps?: boolean;
  /** The items' name, one and many: "entry", "entries". */
  noun: [one: string, many: string];
  empty: string;
  minWidth: number;
  /** With an id, the card is a section named by the caption (or by the empty text). */
  captionId?: string;
  highlightOnHover?: boolean;
  /** The column headings: plain names, or the cells themselves (sort buttons, hidden labels). */
  head: ReactNode | string[];
  row: (item: T) => ReactNode;
  /** An item on a phone: an `<ItemCard key=…>` with its main facts and its actions in view. */
  card?: (item: T) => ReactNode;
}) {
  const { list, page, noun, captionId } = props;
  const phone = usePhone();
  const ownId = useId();
  const data = list.data;
  const pages = data ? Math.ceil(data.total / props.pageSize) : 0;
  const section = captionId ? ({ component: "section", "aria-labelledby": captionId } as const) : {};
  const caption = data
    ? `${data.total === 1 ? `1 ${noun[0]}` : `${data.total} ${noun[1]}`}${pages > 1 ? `, page ${page} of ${pages}` : ""}`
    : "";
  const pager = (
    <Pager
      label={`Pages of ${noun[1]}`}
      page={page}
      pages={pages}
      onPage={props.onPage}
      steps={props.steps}
    />
  );

  if (props.card && phone && data && data.items.length > 0) {
    const labelId = captionId ?? ownId;
    return (
      <>
        <Stack gap="xs" {...section}>
          <Text id={labelId} fw={600}>
            {caption}
          </Text>
          <Stack {...bareList} gap="sm" aria-labelledby={labelId} aria-busy={list.isFetching}>
            {data.items.map(props.card)}
          </Stack>
        </Stack>
        {pager}
      </>
    );
  }

  return (
    <>
      <Card withBorder padding={0} {...section}>
        {list.isLoading ? (
          <Group p="lg">
            <Spinner size="sm" label={`Loading ${noun[1]}`} />
          </Group>
        ) : !data || data.items.length === 0 ? (
          <Text p="lg" id={captionId}>
            {props.empty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={props.minWidth}>
            <Table
              striped
              highlightOnHover={props.highlightOnHover}
              verticalSpacing="sm"
              aria-busy={list.isFetching}
            >
              <Table.Caption id={captionId} style={{ captionSide: "top", textAlign: "left" }} px="md">
                {caption}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {Array.isArray(props.head)
                    ? props.head.map((h) => <Table.Th key={h}>{h}</Table.Th>)
                    : props.head}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{data.items.map(props.row)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {pager}
    </>
  );
}

/** One item of PagedTable's phone list: a bordered card that is a list item. */
export function ItemCard({ children }: { children: ReactNode }) {
  return (
    <Card component="li" withBorder padding="sm">
      {children}
    </Card>
  );
}
