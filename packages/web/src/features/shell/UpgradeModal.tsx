import { PRICE_MONTHLY_GBP, PRICE_YEARLY_GBP } from "@cpd/contract";
import { Button, Group, List, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useMembership } from "./queries";
import { expiredText } from "./trial-model";

const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
function PriceItem({ pounds, per }: { pounds: number; per: "month" | "year" }) {
  return (
    <List.Item>
      <Text span fw={700}>
        {gbp.format(pounds)}
      </Text>{" "}
      per {per}
    </List.Item>
  );
}

function UpgradeContent({
  feature,
  expired,
}: {
  feature?: string;
  expired?: { trial: boolean; deletion: string | null };
}) {
  // The external direct-debit page, set by the server's UPGRADE_URL (opened in a new tab).
  const upgradeUrl = useMembership().data?.upgradeUrl;
  return (
    <Stack gap="md">
      {expired && (
        <Text fw={600}>
          {expiredText(expired.trial)} {expired.deletion ?? ""} Upgrade to keep your account and everything in
          it.
        </Text>
      )}
      {feature && <Text>{feature} is part of Premium membership.</Text>}
      <Text>Premium stores unlimited entries and generates a portfolio.</Text>
      <List spacing="xs">
        <PriceItem pounds={PRICE_MONTHLY_GBP} per="month" />
        <PriceItem pounds={PRICE_YEARLY_GBP} per="year" />
      </List>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => modals.closeAll()}>
          Not now
        </Button>
        {upgradeUrl && (
          <Button
            component="a"
            href={upgradeUrl}
            target="_blank"
            rel="noopener noreferrer"
            // Wraps on a phone rather than cutting the label off.
            h="auto"
            py={8}
            styles={{ label: { whiteSpace: "normal", textAlign: "center", lineHeight: 1.35 } }}
          >
            Upgrade to Premium (opens in a new tab)
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export function openUpgradeModal(feature?: string) {
  // Replaces the shell's expired-access prompt if it is open, rather than stacking on it.
  modals.close("upgrade");
  modals.open({
    modalId: "upgrade",
    title: "Upgrade to Premium",
    children: <UpgradeContent feature={feature} />,
  });
}

/** The modal the shell opens by itself for an expired trial, saying when the account goes. */
export function openTrialExpiredModal(trial: boolean, deletion: string | null) {
  modals.open({
    modalId: "upgrade",
    title: "Upgrade to Premium",
    children: <UpgradeContent expired={{ trial, deletion }} />,
  });
}
