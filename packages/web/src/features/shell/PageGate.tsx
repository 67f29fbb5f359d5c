// The guard of pages reached by URL (ADR 0020): a page whose sidebar item is locked shows the
// upgrade modal instead of itself; one whose switch is off says so. The API refuses the same calls.
import { FEATURE_MESSAGES, type FeatureName } from "@cpd/contract";
import { Anchor, Button, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useEffect } from "react";
import { Link, useLocation } from "react-router-dom";
import { Banner } from "../../lib/Banner";
import { usePageTitle } from "../../lib/use-page-title";
import { type Access, type NavItem, navItemOf, navState } from "./nav-items";
import { openUpgradeModal } from "./UpgradeModal";

const ORGANISATION_SWITCHED_OFF: Partial<Record<FeatureName, string>> = {
  OrganisationCertificates: FEATURE_MESSAGES.certificatesOff,
  OrganisationSharedCPD: FEATURE_MESSAGES.sharedCpdOff,
  OrganisationEvents: FEATURE_MESSAGES.eventsOff,
};

/** Why a hidden page is not there, in the words the API refuses its calls with. */
function switchedOffMessage(item: NavItem, access: Access): string {
  if (item.entrySwitch && access.switches?.[item.entrySwitch] === false) {
    return item.entrySwitch === "reflection"
      ? FEATURE_MESSAGES.reflectionOff
      : FEATURE_MESSAGES.supervisionOff;
  }
  return (
    (item.organisationFeature && ORGANISATION_SWITCHED_OFF[item.organisationFeature]) ||
    FEATURE_MESSAGES.switchedOff
  );
}

function Locked({ item }: { item: NavItem }) {
  usePageTitle(item.label);
  useEffect(() => openUpgradeModal(item.label), [item.label]);
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{item.label}</Title>
      <Banner colour="yellow" title="Premium feature">
        <Text>{item.label} is part of Premium membership.</Text>
      </Banner>
      <Button onClick={() => openUpgradeModal(item.label)} w="fit-content">
        See Premium membership
      </Button>
    </Stack>
  );
}

function SwitchedOff({ item, message }: { item: NavItem; message: string }) {
  usePageTitle(item.label);
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{item.label}</Title>
      <Banner colour="gray" title="Not available">
        <Text>{message}</Text>
      </Banner>
      <Anchor component={Link} to="/dashboard">
        Back to the dashboard
      </Anchor>
    </Stack>
  );
}

export function PageGate({ access, children }: { access: Access; children: ReactNode }) {
  const { pathname } = useLocation();
  const item = navItemOf(pathname);
  const state = item ? navState(item, access) : "open";
  if (item && state === "locked") return <Locked item={item} />;
  if (item && state === "hidden")
    return <SwitchedOff item={item} message={switchedOffMessage(item, access)} />;
  return <>{children}</>;
}
