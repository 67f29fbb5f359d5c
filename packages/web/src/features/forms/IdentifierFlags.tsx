// What the patient-identifier guard found in a field (ADR 0029), under the field: each flagged text
// with its reason in words (not colour only) and its two actions. The field's aria-describedby
// names this list's id while it has flags; it is a polite live region, so a flag is announced.
import { Button, Group, Stack, Text } from "@mantine/core";
import type { IdentifierFlag } from "./identifier-marks";
import { useResolveIdentifier } from "./queries";

interface Props {
  /** The list's id: the field's aria-describedby names it. */
  id: string;
  flags: readonly IdentifierFlag[];
  entryId: string | null;
  disabled?: boolean;
  onRedact: (flag: IdentifierFlag) => void;
  onResolved: (hash: string) => void;
}

const SAVE_FIRST_HINT = "Save the entry first";

export function IdentifierFlags({ id, flags, entryId, disabled, onRedact, onResolved }: Props) {
  const resolve = useResolveIdentifier(entryId, onResolved);
  return (
    <div id={id} aria-live="polite" data-testid="identifier-flags">
      {flags.length > 0 && (
        <Stack gap={6} mt={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {flags.map((flag, i) => {
            const textId = `${id}-${i}`;
            const hintId = `${id}-${i}-hint`;
            return (
              <li key={`${flag.start}-${flag.hash}`} className="identifier-flag-message">
                <Text fz="sm" id={textId} c="#8a1c1c">
                  <Text span inherit fw={700}>
                    {flag.severity === "identifier" ? "Patient identifier" : "Check"}: “{flag.text}”.
                  </Text>{" "}
                  {flag.reason}
                </Text>
                <Group gap="xs" mt={4} wrap="wrap">
                  <Button
                    size="compact-sm"
                    color="#9c1c1c"
                    disabled={disabled}
                    aria-describedby={textId}
                    onClick={() => onRedact(flag)}
                  >
                    Redact
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="default"
                    disabled={disabled || !entryId}
                    loading={resolve.isPending && resolve.variables?.hash === flag.hash}
                    aria-describedby={entryId ? textId : `${textId} ${hintId}`}
                    onClick={() => resolve.mutate({ text: flag.text, hash: flag.hash })}
                  >
                    Not a patient identifier
                  </Button>
                  {!entryId && (
                    <Text fz="xs" id={hintId}>
                      {SAVE_FIRST_HINT}
                    </Text>
                  )}
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
    </div>
  );
}
