import { LIFECYCLE, LIFECYCLE_MESSAGES } from "@cpd/contract";
import { Anchor, Stack, Table, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { londonDateTime } from "../../lib/london-time";
import { PagedTable } from "../../lib/PagedTable";
import { usePageTitle } from "../../lib/use-page-title";
import { useEmailChangeHistory } from "./queries";

/** REQ-CONTACT-03 (route email-history): past changes of e-mail address, newest first, 10 per page. */
export default function EmailHistoryPage() {
  usePageTitle("Email change history");
  const [page, setPage] = useState(1);
  const history = useEmailChangeHistory(page);

  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to="/account-management" fz="sm">
        Back to Account Management
      </Anchor>
      <Title order={1}>Email change history</Title>
      <PagedTable
        list={history}
        pageSize={LIFECYCLE.emailHistoryPageSize}
        page={page}
        onPage={setPage}
        steps
        noun={["change", "changes"]}
        empty={LIFECYCLE_MESSAGES.noHistory}
        minWidth={560}
        captionId="email-history-caption"
        head={
          <>
            <Table.Th>Date changed</Table.Th>
            <Table.Th>Previous email</Table.Th>
            <Table.Th>New email</Table.Th>
          </>
        }
        row={(c) => (
          <Table.Tr key={`${c.dateChanged}-${c.newEmail}`}>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{londonDateTime(c.dateChanged)}</Table.Td>
            <Table.Td style={{ wordBreak: "break-word" }}>{c.previousEmail}</Table.Td>
            <Table.Td style={{ wordBreak: "break-word" }}>{c.newEmail}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
