// /attestation/:id, the attester's page (no account, no sidebar; REQ-ATTEST-04, REQ-ATTEST-05): who
// asks and for what, the e-mailed code (lib/GuestCodeStep.tsx, as a supervision reviewee), then the
// professional's name and exactly the covered records read-only, the regulator's form, a drawn
// signature, and Sign or Decline. The `ag_` token is kept for this tab only (lib/guest-token.ts);
// when it stops working the code step comes back.
import {
  ATTESTATION,
  ATTESTATION_KIND_INFO,
  ATTESTATION_MESSAGES,
  type AttestationKind,
  UUID_PATTERN,
} from "@cpd/contract";
import { Anchor, Code, Stack, Text } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { ApiError } from "../../lib/api-error";
import { errorMessage } from "../../lib/error-messages";
import { GuestCodeStep } from "../../lib/GuestCodeStep";
import { GuestShell, guestRoute, LinkProblem } from "../../lib/GuestShell";
import { guestTokenStore, useGuestToken } from "../../lib/guest-token";
import { londonDateTime } from "../../lib/london-time";
import { Spinner } from "../../lib/Spinner";
import { StatusAlert } from "../../lib/StatusAlert";
import { usePageTitle } from "../../lib/use-page-title";
import { linkProblem } from "./attestation-model";
import { CoveredRecords } from "./CoveredRecords";
import { useAttestationCode, useAttestationLink, useAttestationView } from "./queries";
import { type Outcome, SignForm } from "./SignForm";

const TITLE = "Revalidation attestation";
const UUID = new RegExp(UUID_PATTERN);
const tokens = guestTokenStore("attestationGuest");

/** "an NMC reflective discussion", "a GPhC peer discussion" (the letters as they are said). */
function askedFor(kind: AttestationKind): string {
  const label = ATTESTATION_KIND_INFO[kind].label;
  return `${/^(NMC|[AEIOU])/.test(label) ? "an" : "a"} ${label}`;
}

export function Attester() {
  usePageTitle(TITLE);
  const { id = "" } = useParams();
  const [token, keepToken] = useGuestToken(tokens, id);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const done = useCallback(
    (o: Outcome) => {
      // The request is closed: its token is of no more use.
      keepToken(null);
      setOutcome(o);
    },
    [keepToken],
  );

  if (!UUID.test(id)) return <LinkProblem title={TITLE} message={ATTESTATION_MESSAGES.linkInvalid} />;
  if (outcome) return <Finished id={id} outcome={outcome} />;
  if (problem) return <LinkProblem title={TITLE} message={problem} />;
  if (!token) {
    return (
      <GuestShell title={TITLE}>
        <AttesterCode id={id} onToken={keepToken} onProblem={setProblem} />
      </GuestShell>
    );
  }
  return (
    <AttesterView
      id={id}
      token={token}
      onAuthLost={() => keepToken(null)}
      onProblem={setProblem}
      onDone={done}
    />
  );
}

function AttesterCode({
  id,
  onToken,
  onProblem,
}: {
  id: string;
  onToken: (token: string) => void;
  onProblem: (message: string) => void;
}) {
  const link = useAttestationLink(id);
  const send = useAttestationCode(id);
  const verify = useAttestationCode(id);
  // The code step names the mobile `maskedNumber`, as the supervision link does.
  const data = link.data && { ...link.data, maskedNumber: link.data.maskedMobile };
  return (
    <GuestCodeStep
      codeLength={ATTESTATION.codeLength}
      resendSeconds={ATTESTATION.resendSeconds}
      link={{ isLoading: link.isLoading, error: link.error, data }}
      linkName="attestation link"
      unusable={link.error ? linkProblem(link.error) : null}
      intro={(info) => (
        <Text>
          <strong>{info.professionalName}</strong> asks you to sign an attestation for their revalidation:{" "}
          {askedFor(info.kind)}. You need no account. To open it, confirm it is you with a{" "}
          {ATTESTATION.codeLength}-digit code.
        </Text>
      )}
      send={send}
      verify={verify}
      problemOf={linkProblem}
      onToken={onToken}
      onProblem={onProblem}
    />
  );
}

function AttesterView({
  id,
  token,
  onAuthLost,
  onProblem,
  onDone,
}: {
  id: string;
  token: string;
  onAuthLost: () => void;
  onProblem: (message: string) => void;
  onDone: (outcome: Outcome) => void;
}) {
  const view = useAttestationView(id, token);
  const error = view.error;
  useEffect(() => {
    if (!error) return;
    if (error instanceof ApiError && error.status === 401) return onAuthLost();
    const problem = linkProblem(error);
    if (problem) onProblem(problem);
  }, [error, onAuthLost, onProblem]);

  if (view.isLoading) {
    return (
      <GuestShell title={TITLE}>
        <Spinner label="Loading the attestation" />
      </GuestShell>
    );
  }
  const data = view.data;
  if (!data) {
    return (
      <GuestShell title={TITLE}>
        <StatusAlert tone="error" title="Failed to load the attestation">
          {error ? errorMessage(error) : ATTESTATION_MESSAGES.linkInvalid}
        </StatusAlert>
      </GuestShell>
    );
  }
  const open = data.state === "sent" || data.state === "opened";
  return (
    <GuestShell title={TITLE}>
      <Stack gap={4}>
        <Text>
          <strong>{data.professionalName}</strong> ({data.regulator} registration {data.registrationNumber})
          asks you, {data.attesterName}, to sign {askedFor(data.kind)}.
        </Text>
        {open && <Text>The link works until {londonDateTime(data.expiresAt)}.</Text>}
      </Stack>
      <CoveredRecords view={data} />
      {open ? (
        <SignForm view={data} id={id} token={token} onDone={onDone} onAuthLost={onAuthLost} />
      ) : (
        <StatusAlert tone="info" title={ATTESTATION_MESSAGES.notOpen}>
          {ATTESTATION_MESSAGES.alreadyClosed}
        </StatusAlert>
      )}
    </GuestShell>
  );
}

function Finished({ id, outcome }: { id: string; outcome: Outcome }) {
  if (!outcome.signed) {
    return (
      <GuestShell title={TITLE}>
        <StatusAlert tone="success" title={outcome.message}>
          We have told the professional who asked you. You can close this page.
        </StatusAlert>
      </GuestShell>
    );
  }
  const verify = `/verify/attestation/${id}?hash=${outcome.hash}`;
  return (
    <GuestShell title={TITLE}>
      <StatusAlert tone="success" title={outcome.message}>
        <Text>What you signed is fixed: this SHA-256 hash is printed with your signature.</Text>
      </StatusAlert>
      {/* Outside the tinted alert: a link colour on its background is below 4.5:1. */}
      <Stack gap="xs">
        <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
          SHA-256: <Code>{outcome.hash}</Code>
        </Text>
        <Anchor component={Link} to={verify} underline="always">
          Check this hash on the verification page
        </Anchor>
      </Stack>
    </GuestShell>
  );
}

export default guestRoute(Attester);
