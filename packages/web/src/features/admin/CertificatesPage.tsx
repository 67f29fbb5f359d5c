import { api } from "@cpd/contract";
import { Stack, Title } from "@mantine/core";
import { call } from "../../lib/api-client";
import { usePageTitle } from "../../lib/use-page-title";
import { CertificatesList, CERTIFICATES_PAGE_SIZE as PAGE_SIZE } from "../oversight";

/** Every member's video certificates. */
export default function CertificatesPage() {
  usePageTitle("Certificates");
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1}>Certificates</Title>
      <CertificatesList
        queryKey={["admin", "certificates"]}
        load={(page, query) => call(api.adminCertificates, { params: { perPage: PAGE_SIZE, page }, query })}
      />
    </Stack>
  );
}
