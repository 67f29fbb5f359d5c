import { api } from "@cpd/contract";
import { call } from "../../lib/api-client";
import { SHARES_PAGE_SIZE as PAGE_SIZE, SharesList, shareQuery } from "../oversight";
import { OrganisationScreen } from "./OrganisationScreen";
import { orgKeys } from "./queries";

/** What the organisation's members have shared with the community (hidden items marked). */
export default function OrganisationSharedCpdPage() {
  return (
    <OrganisationScreen title="Shared CPD">
      {(id) => (
        <SharesList
          queryKey={orgKeys.shares(id)}
          load={(page, f) =>
            call(api.organisationShares, { params: { id, perPage: PAGE_SIZE, page }, query: shareQuery(f) })
          }
        />
      )}
    </OrganisationScreen>
  );
}
