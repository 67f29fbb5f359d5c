import { Button, Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { Link, Navigate } from "react-router-dom";
import { Spinner } from "../../lib/Spinner";
import { usePageTitle } from "../../lib/use-page-title";
import { useGoverningBodies } from "../profile";
import { RequestAccessModal } from "./RequestAccessModal";

/** One of the two ways to go: its heading, what it does, and the button that starts it. */
function ChoiceCard({ title, action, children }: { title: string; action: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm" h="100%">
        <Title order={2} fz="h3">
          {title}
        </Title>
        <Text style={{ flexGrow: 1 }}>{children}</Text>
        {action}
      </Stack>
    </Card>
  );
}

/** The standard portfolio or the HCPC audit portal; without HCPC, straight to the builder (REQ-PORT-01). */
export default function PortfolioChoosePage() {
  usePageTitle("Portfolio");
  const bodies = useGoverningBodies();
  const [requesting, setRequesting] = useState(false);

  if (bodies.isLoading) return <Spinner label="Loading your governing bodies" />;
  if (bodies.data && !bodies.data.includes("HCPC")) return <Navigate to="/portfolio-builder" replace />;

  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>Portfolio</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <ChoiceCard
          title="Standard portfolio"
          action={
            <Button component={Link} to="/portfolio-builder">
              Build a portfolio
            </Button>
          }
        >
          Build a print-ready PDF of your diary and reflective entries, with the profile pages and front page
          you choose.
        </ChoiceCard>
        <ChoiceCard
          title="HCPC audit"
          action={
            <Button variant="outline" onClick={() => setRequesting(true)}>
              Request access
            </Button>
          }
        >
          Selected for an HCPC CPD audit? Prepare your summary, activities, statement and evidence in a guided
          portal. We e-mail you a link to it.
        </ChoiceCard>
      </SimpleGrid>
      <RequestAccessModal opened={requesting} onClose={() => setRequesting(false)} />
    </Stack>
  );
}
