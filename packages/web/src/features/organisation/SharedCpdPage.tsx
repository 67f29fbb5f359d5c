import { api } from "@cpd/contract";
import { Stack } from "@mantine/core";
import { call } from "../../lib/api-client";
import { usePageTitle } from "../../lib/use-page-title";
import { PAGE_SIZE, SharesList, shareQuery } from "../oversight/SharesList";
import { NoOrganisation, OrganisationHeading } from "./OrganisationHeading";
import { orgKeys, useCurrentOrganisation } from "./queries";

/** What the organisation's members have shared with the community (hidden items marked). */
export default function OrganisationSharedCpdPage() {
  usePageTitle("Organisation shared CPD");
  const org = useCurrentOrganisation();
  const id = org.current?.id;
  if (org.list.isSuccess && !org.current) return <NoOrganisation />;
  return (
    <Stack gap="lg" maw={1200}>
      <OrganisationHeading title="Shared CPD" org={org} />
      {id !== undefined && (
        <SharesList
          key={id}
          queryKey={orgKeys.shares(id)}
          load={(page, f) =>
            call(api.organisationShares, { params: { id, perPage: PAGE_SIZE, page }, query: shareQuery(f) })
          }
        />
      )}
    </Stack>
  );
}
