import { api, ukDate } from "@cpd/contract";
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useRef, useState } from "react";
import { call } from "../../lib/api-client";
import { GridList } from "../../lib/GridList";
import { notifyError } from "../../lib/notify";
import { Spinner } from "../../lib/Spinner";
import { usePageTitle } from "../../lib/use-page-title";
import { useSharedCategories } from "../entries";
import { type Item, type Sort, useSharedCpd, useSharedItemPatch } from "./queries";

function UpvoteButton({ item, onChange }: { item: Item; onChange: (patch: Partial<Item>) => void }) {
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    try {
      const res = item.hasUpvoted
        ? await call(api.removeUpvote, { params: { id: item.id } })
        : await call(api.upvote, { params: { id: item.id } });
      onChange({ upvotes: res.currentUpvotes, hasUpvoted: !item.hasUpvoted });
    } catch (e) {
      notifyError(item.hasUpvoted ? "Failed to remove upvote" : "Failed to upvote", e);
    } finally {
      setBusy(false);
    }
  }
  if (item.mine) {
    return (
      <Text fz="sm" c="dimmed">
        {item.upvotes === 1 ? "1 person found this helpful" : `${item.upvotes} people found this helpful`}
      </Text>
    );
  }
  return (
    <Button
      size="xs"
      variant={item.hasUpvoted ? "filled" : "default"}
      aria-pressed={item.hasUpvoted}
      // What it shows ("Helpful · 3") first, then which card (WCAG 2.5.3).
      aria-label={`Helpful · ${item.upvotes} ${item.upvotes === 1 ? "upvote" : "upvotes"} for ${item.title}`}
      loading={busy}
      onClick={toggle}
      leftSection={<span aria-hidden="true">▲</span>}
    >
      Helpful · {item.upvotes}
    </Button>
  );
}

export default function SharedCpdPage() {
  usePageTitle("Shared CPD");
  const [sort, setSort] = useState<Sort>("newest");
  const [category, setCategory] = useState<string>("All");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 400);
  const categories = useSharedCategories();
  const filters = { sort, category, search: debounced };
  const list = useSharedCpd(filters);
  const sentinel = useRef<HTMLDivElement>(null);

  // Infinite scroll: the next page loads when the end of the list comes into view.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !list.hasNextPage) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !list.isFetchingNextPage) list.fetchNextPage();
      },
      { rootMargin: "200px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [list.hasNextPage, list.isFetchingNextPage, list.fetchNextPage]);

  const patch = useSharedItemPatch(filters);

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  return (
    <Stack gap="lg" maw={1400}>
      <Title order={1}>Shared CPD</Title>
      <Text>CPD activities that other members found worthwhile. Upvote the ones that help you.</Text>
      <Card withBorder padding="md" component="section" aria-label="Search and sort">
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label="Search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: "1 1 220px" }}
          />
          <Select
            label="Category"
            data={["All", ...(categories.data ?? [])]}
            value={category}
            onChange={(v) => setCategory(v ?? "All")}
            allowDeselect={false}
            style={{ flex: "1 1 220px" }}
          />
          <div>
            <Text component="span" fz="sm" fw={500} id="sort-label" display="block" mb={4}>
              Sort by
            </Text>
            <SegmentedControl
              aria-labelledby="sort-label"
              value={sort}
              onChange={(v) => setSort(v as Sort)}
              data={[
                { value: "newest", label: "Newest" },
                { value: "helpful", label: "Most Helpful" },
              ]}
            />
          </div>
        </Group>
      </Card>

      {list.isLoading ? (
        <Spinner label="Loading Shared CPD" />
      ) : items.length === 0 ? (
        <Text>No Results</Text>
      ) : (
        <>
          <Text fz="sm" aria-live="polite">
            Showing {items.length} of {total}
          </Text>
          <GridList cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
            {items.map((item) => (
              <Card key={item.id} withBorder padding="md" component="li">
                <Stack gap="xs" h="100%">
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <Avatar src={item.avatarUrl} alt="" color="blue" radius="xl">
                      {item.nickname.charAt(0).toUpperCase()}
                    </Avatar>
                    <div style={{ minWidth: 0 }}>
                      <Title order={2} fz="h4" style={{ wordBreak: "break-word" }}>
                        {item.title}
                      </Title>
                      <Text fz="sm" c="dimmed">
                        {item.nickname || "Anonymous"} · {ukDate(item.date)}
                      </Text>
                    </div>
                  </Group>
                  <Badge variant="outline" color="blue.9" tt="none" w="fit-content" maw="100%">
                    {item.category}
                  </Badge>
                  <Text fz="sm" style={{ whiteSpace: "pre-line", flex: 1, overflowWrap: "anywhere" }}>
                    {item.description}
                  </Text>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    {item.websiteUrl ? (
                      <Anchor
                        href={item.websiteUrl}
                        target="_blank"
                        rel="noopener noreferrer nofollow"
                        fz="sm"
                      >
                        Visit website
                        <span className="visually-hidden"> for {item.title} (opens in a new tab)</span>
                      </Anchor>
                    ) : (
                      <span />
                    )}
                    <UpvoteButton item={item} onChange={(p) => patch(item.id, p)} />
                  </Group>
                </Stack>
              </Card>
            ))}
          </GridList>
          <div ref={sentinel} />
          {list.isFetchingNextPage && <Spinner size="sm" label="Loading more" />}
          {list.hasNextPage && !list.isFetchingNextPage && (
            <Button variant="default" onClick={() => list.fetchNextPage()} w="fit-content">
              Load more
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
