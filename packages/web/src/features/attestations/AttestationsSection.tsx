// One registration's attestation requests (REQ-ATTEST-01..03, ADR 0028): each with its state in
// words (and "record changed since signing" once a covered record was edited after the signature),
// withdraw and remind while it is open, and the dialog that asks someone new.
import {
  ATTESTATION,
  ATTESTATION_KIND_INFO,
  type Attestation,
  REGULATOR_NAMES,
  type RevalidationProgress,
  ukDate,
} from "@cpd/contract";
import { Badge, Button, Card, Code, Group, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useState } from "react";
import { bareList } from "../../lib/bare-list";
import { nowMs } from "../../lib/clock";
import { londonDateTime } from "../../lib/london-time";
import { notifySuccess } from "../../lib/notify";
import { Pager } from "../../lib/Pager";
import { SectionCard } from "../../lib/SectionCard";
import { Spinner } from "../../lib/Spinner";
import { AskDialog } from "./AskDialog";
import {
  CHANGED_COLOUR,
  CHANGED_TEXT,
  isOpen,
  kindsFor,
  nextReminderAt,
  STATE_COLOURS,
  STATE_TEXT,
} from "./attestation-model";
import { useAttestations, useRemindAttestation, useWithdrawAttestation } from "./queries";

/** What happened to a request, in one line: when it was sent, and its latest step. */
function history(a: Attestation): string {
  const parts = [`Sent ${ukDate(a.createdAt.slice(0, 10))}`];
  if (a.openedAt && a.state === "opened") parts.push(`opened ${londonDateTime(a.openedAt)}`);
  if (a.signedAt) parts.push(`signed ${londonDateTime(a.signedAt)}`);
  if (a.declinedAt) parts.push(`declined ${londonDateTime(a.declinedAt)}`);
  if (a.withdrawnAt) parts.push(`withdrawn ${londonDateTime(a.withdrawnAt)}`);
  if (isOpen(a)) parts.push(`the link works until ${londonDateTime(a.expiresAt)}`);
  if (a.state === "expired") parts.push(`expired ${londonDateTime(a.expiresAt)}`);
  if (a.lastReminderAt && isOpen(a)) parts.push(`last reminder ${londonDateTime(a.lastReminderAt)}`);
  return parts.join(" · ");
}

function Request({ a }: { a: Attestation }) {
  const withdraw = useWithdrawAttestation();
  const remind = useRemindAttestation();
  const label = ATTESTATION_KIND_INFO[a.kind].label;
  const covered = a.recordIds.length + a.entryIds.length;
  const remindAt = nextReminderAt(a, nowMs());
  const who = `${label} by ${a.attester.name}`;

  const confirmWithdraw = () =>
    modals.openConfirmModal({
      title: "Withdraw this request?",
      children: (
        <Text fz="sm">{`${a.attester.name}'s link will stop working. You can ask again later.`}</Text>
      ),
      labels: { confirm: "Withdraw", cancel: "Keep it" },
      confirmProps: { color: "#a51d1d" },
      onConfirm: () => withdraw.mutate(a.id, { onSuccess: (res) => notifySuccess(res.message) }),
    });

  return (
    <Card component="li" withBorder padding="sm" data-testid={`attestation-${a.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{label}</Text>
            <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
              {a.attester.name} ({a.attester.email}
              {a.attester.mobile ? `, ${a.attester.mobile}` : ""})
            </Text>
          </div>
          <Group gap={6}>
            <Badge color={STATE_COLOURS[a.state]} variant="filled" tt="none">
              {STATE_TEXT[a.state]}
            </Badge>
            {a.recordChangedSinceSigning && (
              <Badge color={CHANGED_COLOUR} variant="filled" tt="none">
                {CHANGED_TEXT}
              </Badge>
            )}
          </Group>
        </Group>
        <Text fz="sm" c="dimmed">
          {history(a)}
        </Text>
        <Text fz="sm">
          Covers {covered === 1 ? "1 record" : `${covered} records`}
          {a.entryIds.length > 0 ? ` (${a.entryIds.length} of them CPD entries)` : ""}.
        </Text>
        {a.signer && (
          <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
            Signed as {a.signer.name}, {a.signer.regulator} {a.signer.registrationNumber}, {a.signer.email},{" "}
            {a.signer.address} {a.signer.postcode}, dated {ukDate(a.signer.date)}.
          </Text>
        )}
        {a.state === "declined" && a.declineReason && (
          <Text fz="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            <strong>Their reason:</strong> {a.declineReason}
          </Text>
        )}
        {a.recordChangedSinceSigning && (
          <Text fz="sm">
            A record it covers was edited after it was signed: the signature no longer matches it. Ask again
            to have the changed record attested.
          </Text>
        )}
        {a.signedHash && (
          <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
            SHA-256: <Code>{a.signedHash}</Code>
          </Text>
        )}
        {isOpen(a) && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              onClick={() => remind.mutate(a.id, { onSuccess: (res) => notifySuccess(res.message) })}
              loading={remind.isPending}
              disabled={remindAt !== null}
            >
              Send a reminder<span className="visually-hidden"> for the {who}</span>
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="#a51d1d"
              onClick={confirmWithdraw}
              loading={withdraw.isPending}
            >
              Withdraw<span className="visually-hidden"> the {who}</span>
            </Button>
            {remindAt !== null && (
              <Text fz="xs" c="dimmed">
                Reminders go at most once a day: the next from{" "}
                {londonDateTime(new Date(remindAt).toISOString())}.
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The attestations section of one registration; nothing for a regulator that asks for none. */
export function AttestationsSection({ p }: { p: RevalidationProgress }) {
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState(false);
  const kinds = kindsFor(p.pack.regulator);
  const list = useAttestations(p.registration.id, page, kinds.length > 0);
  if (kinds.length === 0) return null;
  const items = list.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / ATTESTATION.perPage));
  const name = `${p.pack.regulator === "OTHER" ? REGULATOR_NAMES.OTHER : p.pack.regulator} ${p.registration.registrationNumber}`;

  return (
    <SectionCard
      title={`Attestations (${name})`}
      action={
        <Button size="sm" onClick={() => setAsking(true)}>
          Ask someone to attest
        </Button>
      }
    >
      <Stack gap="sm">
        <Text fz="sm">
          {kinds.map((k) => ATTESTATION_KIND_INFO[k].label).join(", ")}: the person you ask signs from an
          e-mailed link, with no account. They see only the records you choose.
        </Text>
        {list.isLoading ? (
          <Spinner label="Loading your attestation requests" />
        ) : items.length === 0 ? (
          <Text fz="sm">No requests yet.</Text>
        ) : (
          <Stack gap="xs" {...bareList} aria-label={`Attestation requests (${name})`}>
            {items.map((a) => (
              <Request key={a.id} a={a} />
            ))}
          </Stack>
        )}
        {pages > 1 && (
          <Pager label="Pages of attestation requests" page={page} pages={pages} onPage={setPage} />
        )}
      </Stack>
      <AskDialog p={p} opened={asking} onClose={() => setAsking(false)} />
    </SectionCard>
  );
}
