// /verify/supervision/:id?hash=… (public): whether the SHA-256 printed on a supervision PDF is the
// one its signers signed, whether the stored record still hashes to it, and who signed when.
import { UUID_PATTERN } from "@cpd/contract";
import { Code, Stack, Text, Title } from "@mantine/core";
import { useParams, useSearchParams } from "react-router-dom";
import { ApiError } from "../../lib/api-error";
import { errorMessage } from "../../lib/error-messages";
import { Spinner } from "../../lib/Spinner";
import { StatusAlert } from "../../lib/StatusAlert";
import { usePageTitle } from "../../lib/use-page-title";
import { GuestProviders, GuestShell } from "./GuestShell";
import { useVerify } from "./queries";
import { SignatureList } from "./SignatureList";

const TITLE = "Verify a supervision record";
const UUID = new RegExp(UUID_PATTERN);
const HASH = /^[0-9a-fA-F]{64}$/;

export default function VerifyRoute() {
  return (
    <GuestProviders>
      <VerifySupervision />
    </GuestProviders>
  );
}

export function VerifySupervision() {
  usePageTitle(TITLE);
  const { id = "" } = useParams();
  const [search] = useSearchParams();
  const hash = (search.get("hash") ?? "").trim();
  const valid = UUID.test(id) && HASH.test(hash);
  const verify = useVerify(id, hash, valid);

  return (
    <GuestShell title={TITLE}>
      <Text>
        The PDF of a signed supervision record prints a SHA-256 hash of what was signed. This page checks it
        against the record held by the CPD Dashboard.
      </Text>
      {hash && (
        <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
          Hash checked: <Code>{hash}</Code>
        </Text>
      )}
      {!valid ? (
        <StatusAlert tone="error" title="This verification link is not complete">
          The link must name a supervision record and a 64-character SHA-256 hash. Copy the whole link from
          the PDF.
        </StatusAlert>
      ) : verify.isLoading ? (
        <Spinner label="Checking the record" />
      ) : verify.error ? (
        <StatusAlert tone="error" title="The record could not be checked">
          {verify.error instanceof ApiError && verify.error.status === 404
            ? "We could not find this supervision record."
            : errorMessage(verify.error)}
        </StatusAlert>
      ) : verify.data ? (
        <Result answer={verify.data} />
      ) : null}
    </GuestShell>
  );
}

type Answer = NonNullable<ReturnType<typeof useVerify>["data"]>;

function Result({ answer }: { answer: Answer }) {
  const unsigned = answer.signatures.length === 0;
  return (
    <Stack gap="md">
      <StatusAlert
        tone={answer.matches ? "success" : "error"}
        title={answer.matches ? "Match: this is the signed record" : unsigned ? "Not signed" : "No match"}
      >
        {answer.message}
      </StatusAlert>
      <Stack gap={4} component="dl" m={0}>
        <Text component="dt" fw={600}>
          Record intact
        </Text>
        <Text component="dd" m={0}>
          {unsigned
            ? "There are no signatures to compare it with."
            : answer.recordIntact
              ? "Yes: the record has not changed since it was signed."
              : "No: the record held now differs from what was signed."}
        </Text>
        <Text component="dt" fw={600}>
          Completed
        </Text>
        <Text component="dd" m={0}>
          {answer.completed ? "Yes: both sides have signed." : "No: not both sides have signed."}
        </Text>
      </Stack>
      {!unsigned && (
        <Stack gap="sm" component="section" aria-labelledby="signatures-title">
          <Title order={2} fz="h3" id="signatures-title">
            Signatures
          </Title>
          <SignatureList signatures={answer.signatures} />
        </Stack>
      )}
    </Stack>
  );
}
