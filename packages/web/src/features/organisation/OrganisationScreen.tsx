import { Stack } from "@mantine/core";
import { usePageTitle } from "../../lib/use-page-title";
import { NoOrganisation, OrganisationHeading } from "./OrganisationHeading";
import { useCurrentOrganisation } from "./queries";

/** A page about one organisation: its heading (and picker), then the content for its id. */
export function OrganisationScreen({
  title,
  children,
}: {
  title: string;
  children: (organisationId: number) => React.ReactNode;
}) {
  usePageTitle(`Organisation ${title.toLowerCase()}`);
  const org = useCurrentOrganisation();
  if (org.list.isSuccess && !org.current) return <NoOrganisation />;
  return (
    <Stack gap="lg" maw={1200}>
      <OrganisationHeading title={title} org={org} />
      {org.current && <div key={org.current.id}>{children(org.current.id)}</div>}
    </Stack>
  );
}
