// The members' NMC confirmations by the confirmers the organisation appointed (REQ-ATTEST-09):
// for the organisation's own managers only, paged. Of the confirmer, only what the professional
// named (name and e-mail) and, once signed, what they filled in on the form.
import { type AppointedConfirmation, ATTESTATION, ukDate } from "@cpd/contract";
import { Table, Text } from "@mantine/core";
import { useState } from "react";
import { errorMessage } from "../../lib/error-messages";
import { londonDateTime } from "../../lib/london-time";
import { PagedTable } from "../../lib/PagedTable";
import { SectionCard } from "../../lib/SectionCard";
import { STATE_TEXT } from "../attestations";
import { useAppointedConfirmations } from "./queries";

const PAGE_SIZE = ATTESTATION.perPage;
const CAPTION_ID = "appointed-confirmations-caption";

function signerText(c: AppointedConfirmation): string {
  const s = c.signer;
  if (!s) return "Not signed";
  return `${s.name}, ${s.regulator} ${s.registrationNumber}, ${s.email}, ${s.address} ${s.postcode}, dated ${ukDate(s.date)}`;
}

function stateText(c: AppointedConfirmation): string {
  const at = c.signedAt ?? c.declinedAt ?? c.withdrawnAt ?? c.openedAt;
  return at ? `${STATE_TEXT[c.state]} ${londonDateTime(at)}` : STATE_TEXT[c.state];
}

export function AppointedConfirmationsSection({ organisationId }: { organisationId: number }) {
  const [page, setPage] = useState(1);
  const list = useAppointedConfirmations(organisationId, page, PAGE_SIZE);
  return (
    <SectionCard title="Confirmations by your appointed confirmers">
      <Text fz="sm" c="dimmed" mb="sm">
        Your members' NMC confirmations that one of your appointed confirmers was asked for. Other
        attestations and other attesters are not shown to managers.
      </Text>
      {list.isError ? (
        <Text role="alert">{errorMessage(list.error) || "These confirmations cannot be shown."}</Text>
      ) : (
        <PagedTable
          list={list}
          pageSize={PAGE_SIZE}
          page={page}
          onPage={setPage}
          noun={["confirmation", "confirmations"]}
          empty="No confirmations by your appointed confirmers yet."
          minWidth={760}
          captionId={CAPTION_ID}
          head={["Member", "Confirmer", "Asked", "State", "Signed as"]}
          row={(c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{c.member.name}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                {c.attester.name}
                <br />
                {c.attester.email}
              </Table.Td>
              <Table.Td>{londonDateTime(c.createdAt)}</Table.Td>
              <Table.Td>{stateText(c)}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{signerText(c)}</Table.Td>
            </Table.Tr>
          )}
        />
      )}
    </SectionCard>
  );
}
