import { api } from "@cpd/contract";
import { call } from "../../lib/api-client";
import { CertificatesList, CERTIFICATES_PAGE_SIZE as PAGE_SIZE } from "../oversight";
import { OrganisationScreen } from "./OrganisationScreen";
import { orgKeys } from "./queries";

/** The video certificates the organisation's members have asked for. */
export default function OrganisationCertificatesPage() {
  return (
    <OrganisationScreen title="Certificates">
      {(id) => (
        <CertificatesList
          queryKey={orgKeys.certificates(id)}
          load={(page, query) =>
            call(api.organisationCertificates, { params: { id, perPage: PAGE_SIZE, page }, query })
          }
        />
      )}
    </OrganisationScreen>
  );
}
