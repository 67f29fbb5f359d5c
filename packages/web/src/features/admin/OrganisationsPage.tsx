import { Anchor, Badge, Button, Group, Stack, Table, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { Link } from "react-router-dom";
import { PagedTable } from "../../lib/PagedTable";
import { usePageTitle } from "../../lib/use-page-title";
import { useAdminOrganisations } from "./queries";

const PAGE_SIZE = 20;

/** The organisations, by name, with a link to configure each. */
export default function OrganisationsPage() {
  usePageTitle("Organisations");
  const [filter, setFilter] = useState("");
  const [debounced] = useDebouncedValue(filter.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useAdminOrganisations(debounced, page, PAGE_SIZE);
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Organisations</Title>
        <Button component={Link} to="/admin/organisations/create">
          New organisation
        </Button>
      </Group>
      <TextInput
        label="Filter"
        description="Part of a name or key"
        maw={360}
        value={filter}
        onChange={(e) => {
          setFilter(e.currentTarget.value);
          setPage(1);
        }}
      />
      <PagedTable
        list={list}
        pageSize={PAGE_SIZE}
        page={page}
        onPage={setPage}
        steps
        noun={["organisation", "organisations"]}
        empty="No organisations match."
        minWidth={720}
        captionId="organisations-caption"
        head={["Name", "Key", "Users", "Sign-in", "Managers"]}
        row={(o) => (
          <Table.Tr key={o.id}>
            <Table.Td>
              <Anchor component={Link} to={`/admin/organisations/${o.id}/configure`}>
                {o.name}
              </Anchor>
              {!o.enabled && (
                <Badge ml="xs" size="sm" variant="outline" color="gray.8">
                  Disabled
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{o.key}</Table.Td>
            <Table.Td>{o.userCount}</Table.Td>
            <Table.Td>{o.usesOauth ? "Single sign-on" : "Password"}</Table.Td>
            <Table.Td style={{ wordBreak: "break-all" }}>
              {o.managers.map((m) => m.email).join(", ") || "None"}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
