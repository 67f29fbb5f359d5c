import { api, londonDateTime, londonDay, MEMBER_GROUPS, type MemberGroup, ukDate } from "@cpd/contract";
import { Button, Card, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { call } from "../../lib/api-client";
import { FilterForm, useFilteredPages } from "../../lib/filtered-pages";
import { notifyError } from "../../lib/notify";
import { PagedTable } from "../../lib/PagedTable";
import { session } from "../../lib/session";
import { TOASTS } from "../../lib/toast-messages";
import { usePageTitle } from "../../lib/use-page-title";
import { PersonCell } from "../oversight";
import { useImpersonate, useMemberGroups } from "./queries";

const PAGE_SIZE = 25;

/** Members by where they stand (premium, corporate, trial, ...), each group's accounts, and "Log in as". */
export default function MemberGroupsPage() {
  usePageTitle("Member groups");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [group, setGroup] = useState<MemberGroup>("trial");
  const groups = useMemberGroups();
  const f = useFilteredPages({
    queryKey: ["admin", "member-groups", group],
    initial: { filter: "" },
    pageSize: PAGE_SIZE,
    load: (page, query) =>
      call(api.memberGroupMembers, { params: { group, perPage: PAGE_SIZE, page }, query }),
    errorTitle: "Failed to load members",
  });
  const impersonate = useImpersonate({
    onSuccess: (res) => {
      session.login(res.token, res.roles, false);
      qc.clear();
      navigate("/dashboard", { replace: true });
    },
    onError: (err) => notifyError(TOASTS.impersonateFailed, err),
  });
  const choose = (g: MemberGroup) => {
    setGroup(g);
    f.paging.onPage(1);
  };
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1}>Member groups</Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {(groups.data ?? (Object.keys(MEMBER_GROUPS) as MemberGroup[]).map((g) => ({ group: g }))).map(
          (g) => {
            const data = "members" in g ? g : null;
            const selected = g.group === group;
            return (
              <Card
                key={g.group}
                withBorder
                padding="md"
                bg={selected ? "var(--mantine-color-blue-light)" : undefined}
              >
                <Text fz="sm" c="dimmed">
                  {MEMBER_GROUPS[g.group as MemberGroup]}
                </Text>
                <Text fz="xl" fw={700}>
                  {data?.members ?? "--"}
                </Text>
                {data && data.deletionScheduled > 0 && (
                  <Text fz="xs">{data.deletionScheduled} due to be deleted</Text>
                )}
                <Button
                  mt="xs"
                  size="xs"
                  variant={selected ? "filled" : "default"}
                  aria-pressed={selected}
                  onClick={() => choose(g.group as MemberGroup)}
                >
                  {selected ? "Showing members" : "Show members"}
                </Button>
              </Card>
            );
          },
        )}
      </SimpleGrid>
      <FilterForm onApply={f.apply}>
        <TextInput
          label="Filter"
          description="Part of an email address or name"
          maxLength={200}
          {...f.field("filter")}
        />
      </FilterForm>
      <PagedTable
        {...f.paging}
        noun={["member", "members"]}
        empty={`No ${MEMBER_GROUPS[group].toLowerCase()} match.`}
        minWidth={900}
        captionId="members-caption"
        head={
          <>
            <Table.Th>Member</Table.Th>
            <Table.Th>Organisation</Table.Th>
            <Table.Th>Joined</Table.Th>
            <Table.Th>Last login</Table.Th>
            <Table.Th>Ends</Table.Th>
            <Table.Th>Deletion</Table.Th>
            <Table.Th>
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </>
        }
        row={(m) => (
          <Table.Tr key={m.id}>
            <PersonCell name={m.name} email={m.email} />
            <Table.Td>{m.organisation ?? "—"}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{ukDate(londonDay(m.createdAt))}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>
              {m.lastLoginAt ? londonDateTime(m.lastLoginAt) : "Never"}
            </Table.Td>
            <Table.Td>{m.endDate ? ukDate(m.endDate) : "—"}</Table.Td>
            <Table.Td>{m.deletionScheduledFor ? ukDate(m.deletionScheduledFor) : "—"}</Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="default"
                onClick={() => impersonate.mutate(m.email)}
                loading={impersonate.isPending && impersonate.variables === m.email}
                aria-label={`Log in as ${m.email}`}
              >
                Log in as
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
