// /verify/supervision/:id?hash=… (public): whether the SHA-256 printed on a supervision PDF is the
// one its signers signed, whether the stored record still hashes to it, and who signed when.
import { Stack, Text, Title } from "@mantine/core";
import { guestRoute } from "../../lib/GuestShell";
import { HashCheck } from "../../lib/HashCheck";
import { StatusAlert } from "../../lib/StatusAlert";
import { useVerify } from "./queries";
import { SignatureList } from "./SignatureList";

export function VerifySupervision() {
  return (
    <HashCheck
      title="Verify a supervision record"
      intro="The PDF of a signed supervision record prints a SHA-256 hash of what was signed. This page checks it against the record held by the CPD Dashboard."
      what="supervision record"
      useCheck={useVerify}
    >
      {(answer) => <Result answer={answer} />}
    </HashCheck>
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

export default guestRoute(VerifySupervision);
