import { ukDate } from "@cpd/contract";
import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifySuccess } from "../../lib/notify";
import { openUpgradeModal, useMembership } from "../shell";
import { membershipStatus } from "./membership-text";
import { useCancelMembership } from "./queries";

const TIER_LABEL = { BASIC: "Basic", PREMIUM: "Premium", CORPORATE: "Corporate" } as const;

export function MembershipCard({ canCancel }: { canCancel: boolean }) {
  const { data: m, isLoading } = useMembership();
  const cancel = useCancelMembership({ onSuccess: () => notifySuccess("Membership Cancelled") });

  const confirmCancel = () =>
    modals.openConfirmModal({
      title: "Cancel renewal",
      children: (
        <Text>Your membership will stay active until its end date and will not renew. Continue?</Text>
      ),
      labels: { confirm: "Cancel Renewal", cancel: "Keep my membership" },
      confirmProps: { color: "red.8" },
      onConfirm: () => cancel.mutate(),
    });

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="membership-title">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="h4" id="membership-title">
            Membership
          </Title>
          {m && (
            <Badge color={m.active ? "#1e6b30" : "gray.8"} variant="filled">
              {TIER_LABEL[m.tier]}
            </Badge>
          )}
        </Group>
        {isLoading && <Text c="dimmed">Loading membership…</Text>}
        {m && (
          <>
            {m.memberSince && <Text fz="sm">Member since {ukDate(m.memberSince)}</Text>}
            <Text fz="sm">{membershipStatus(m)}</Text>
            {m.active && m.membershipSource && <Text fz="sm">Paid by {m.membershipSource}</Text>}
            {!m.active && (
              <>
                <Text fz="sm">Premium stores unlimited entries and generates a portfolio.</Text>
                {m.upgradeUrl ? (
                  // The external direct-debit page opens in a new tab (REQ-MEMBER-01).
                  <Button
                    size="xs"
                    component="a"
                    href={m.upgradeUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    Upgrade (opens in a new tab)
                  </Button>
                ) : (
                  <Button size="xs" onClick={() => openUpgradeModal()}>
                    Upgrade
                  </Button>
                )}
              </>
            )}
            {m.active && m.cancellable && m.autoRenew && canCancel && (
              <Button
                size="xs"
                variant="outline"
                color="red.8"
                onClick={confirmCancel}
                loading={cancel.isPending}
              >
                Cancel Renewal
              </Button>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
