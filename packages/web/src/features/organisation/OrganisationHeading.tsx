import { Stack, Text, Title } from "@mantine/core";
import { StatusAlert } from "../../lib/StatusAlert";
import { OrganisationPicker } from "./OrganisationPicker";
import type { useCurrentOrganisation } from "./queries";

/** A page's title with the organisation it shows, and the picker for administrators. */
export function OrganisationHeading({
  title,
  org,
  actions,
}: {
  title: string;
  org: ReturnType<typeof useCurrentOrganisation>;
  actions?: React.ReactNode;
}) {
  return (
    <Stack gap="sm">
      <div
        style={{
          display: "flex",
          flexWrap: "wrap",
          gap: 12,
          justifyContent: "space-between",
          alignItems: "flex-end",
        }}
      >
        <div>
          <Title order={1}>{title}</Title>
          {org.current && <Text c="dimmed">{org.current.name}</Text>}
        </div>
        {actions}
      </div>
      <OrganisationPicker org={org} />
    </Stack>
  );
}

/** What a manager without an organisation sees. */
export const NoOrganisation = () => (
  <StatusAlert tone="info" title="No organisation">
    You do not manage an organisation yet.
  </StatusAlert>
);
