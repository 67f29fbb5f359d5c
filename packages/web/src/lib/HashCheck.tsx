// The public check of a hash printed on a signed PDF (a supervision record, an attestation): the
// page's words, the hash checked, then the answer. The link must hold a record id and a SHA-256.
import { UUID_PATTERN } from "@cpd/contract";
import { Code, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import { ApiError } from "./api-error";
import { errorMessage } from "./error-messages";
import { GuestShell } from "./GuestShell";
import { Spinner } from "./Spinner";
import { StatusAlert } from "./StatusAlert";
import { usePageTitle } from "./use-page-title";

const UUID = new RegExp(UUID_PATTERN);
const HASH = /^[0-9a-fA-F]{64}$/;

export function HashCheck<T>({
  title,
  intro,
  what,
  useCheck,
  children,
}: {
  title: string;
  intro: ReactNode;
  /** "supervision record", "attestation": how the page names what was signed. */
  what: string;
  /** The feature's verify query (a TanStack useQuery hook fits), asked only for a well-formed link. */
  useCheck: (id: string, hash: string, enabled: boolean) => { isLoading: boolean; error: unknown; data?: T };
  children: (answer: T) => ReactNode;
}) {
  usePageTitle(title);
  const { id = "" } = useParams();
  const [search] = useSearchParams();
  const hash = (search.get("hash") ?? "").trim();
  const valid = UUID.test(id) && HASH.test(hash);
  const check = useCheck(id, hash, valid);
  return (
    <GuestShell title={title}>
      <Text>{intro}</Text>
      {hash && (
        <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
          Hash checked: <Code>{hash}</Code>
        </Text>
      )}
      {!valid ? (
        <StatusAlert tone="error" title="This verification link is not complete">
          The link must name a {what} and a 64-character SHA-256 hash. Copy the whole link from the PDF.
        </StatusAlert>
      ) : check.isLoading ? (
        <Spinner label="Checking the record" />
      ) : check.error ? (
        <StatusAlert tone="error" title="The record could not be checked">
          {check.error instanceof ApiError && check.error.status === 404
            ? `We could not find this ${what}.`
            : errorMessage(check.error)}
        </StatusAlert>
      ) : check.data ? (
        children(check.data)
      ) : null}
    </GuestShell>
  );
}
