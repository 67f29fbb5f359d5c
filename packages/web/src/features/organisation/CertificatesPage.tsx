import { api } from "@cpd/contract";
import { Stack } from "@mantine/core";
import { call } from "../../lib/api-client";
import { usePageTitle } from "../../lib/use-page-title";
import { CertificatesList, PAGE_SIZE } from "../oversight/CertificatesList";
import { NoOrganisation, OrganisationHeading } from "./OrganisationHeading";
import { orgKeys, useCurrentOrganisation } from "./queries";

/** The video certificates the organisation's members have asked for. */
export default function OrganisationCertificatesPage() {
  usePageTitle("Organisation certificates");
  const org = useCurrentOrganisation();
  const id = org.current?.id;
  if (org.list.isSuccess && !org.current) return <NoOrganisation />;
  return (
    <Stack gap="lg" maw={1200}>
      <OrganisationHeading title="Certificates" org={org} />
      {id !== undefined && (
        <CertificatesList
          key={id}
          queryKey={orgKeys.certificates(id)}
          load={(page, query) =>
            call(api.organisationCertificates, { params: { id, perPage: PAGE_SIZE, page }, query })
          }
        />
      )}
    </Stack>
  );
}
