import { Code, Stack, Text } from "@mantine/core";
import { bareList } from "../../lib/bare-list";
import { londonDateTime } from "../../lib/london-time";
import type { Signature } from "./review-model";

/** Each signature in words: side, signer, London time, and the SHA-256 of what was signed. */
export function SignatureList({ signatures }: { signatures: Signature[] }) {
  return (
    <Stack gap="xs" {...bareList}>
      {signatures.map((s) => (
        <li key={`${s.side}-${s.signedAt}`}>
          <Text>
            <strong>{s.side}</strong>: signed by {s.signerName} on {londonDateTime(s.signedAt)} (UK time)
          </Text>
          <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
            SHA-256: <Code>{s.contentHash}</Code>
          </Text>
        </li>
      ))}
    </Stack>
  );
}
