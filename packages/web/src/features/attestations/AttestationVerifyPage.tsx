// /verify/attestation/:id?hash=… (public, REQ-ATTEST-07): whether the SHA-256 printed for an
// attestation is the one its signature covers, and whether a covered record changed since.
import { ATTESTATION_KIND_INFO } from "@cpd/contract";
import { Stack, Text } from "@mantine/core";
import { guestRoute } from "../../lib/GuestShell";
import { HashCheck } from "../../lib/HashCheck";
import { londonDateTime } from "../../lib/london-time";
import { StatusAlert } from "../../lib/StatusAlert";
import { useVerifyAttestation } from "./queries";

export function VerifyAttestation() {
  return (
    <HashCheck
      title="Verify an attestation"
      intro="A revalidation submission pack prints, beside each attestation's signature, a SHA-256 hash of what was signed. This page checks it against the attestation held by the CPD Dashboard."
      what="attestation"
      useCheck={useVerifyAttestation}
    >
      {(answer) => (
        <Stack gap="md">
          <StatusAlert
            tone={answer.matches ? "success" : "error"}
            title={
              answer.matches
                ? "Match: this is the signed attestation"
                : answer.signed
                  ? "No match"
                  : "Not signed"
            }
          >
            {answer.message}
          </StatusAlert>
          <Stack gap={4} component="dl" m={0}>
            <Text component="dt" fw={600}>
              Kind
            </Text>
            <Text component="dd" m={0}>
              {ATTESTATION_KIND_INFO[answer.kind].label}
            </Text>
            <Text component="dt" fw={600}>
              Signed
            </Text>
            <Text component="dd" m={0}>
              {answer.signedAt ? `Yes, on ${londonDateTime(answer.signedAt)} (UK time)` : "No"}
            </Text>
            {answer.signed && (
              <>
                <Text component="dt" fw={600}>
                  Records intact
                </Text>
                <Text component="dd" m={0}>
                  {answer.recordChangedSinceSigning
                    ? "No: a record it covers has changed since it was signed."
                    : "Yes: the records have not changed since they were signed."}
                </Text>
              </>
            )}
          </Stack>
        </Stack>
      )}
    </HashCheck>
  );
}

export default guestRoute(VerifyAttestation);
