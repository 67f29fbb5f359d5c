// Sign-off (REQ-SUP-05): who has signed, what this side is waiting for, and for the side whose turn
// it is, the signature pad (or the owner's saved signature) and the Sign Off button.
import { type api, type ResponseOf, type SignOffState, SUPERVISION_MESSAGES } from "@cpd/contract";
import { Button, Checkbox, Stack, Text, Title, type TitleOrder } from "@mantine/core";
import { lazy, Suspense, useId, useRef, useState } from "react";
import type { PadHandle } from "../../lib/SignaturePadField";
import { Spinner } from "../../lib/Spinner";
import { type Party, useSignOff } from "./queries";
import { type RevieweeRecord, signaturesOf } from "./review-model";
import { SignatureList } from "./SignatureList";

const SignaturePadField = lazy(() => import("../../lib/SignaturePadField"));

export type SignOffAnswer = ResponseOf<typeof api.completeSupervision>;

/** A saved profile signature the server can use: a PNG or JPEG data URL. */
const usableSignature = (s: string | null | undefined): string | null =>
  s && /^data:image\/(png|jpeg);base64,/.test(s) ? s : null;

interface Props {
  party: Party;
  reviewee: RevieweeRecord;
  state: SignOffState;
  level: TitleOrder;
  /** The owner's saved signature (never offered to the reviewee). */
  savedSignature?: string | null;
  /** Why this side cannot sign yet, when it is not the other side's turn (an unsaved form). */
  hint?: string | null;
  onSigned: (answer: SignOffAnswer) => void;
}

export function SignOff({ party, reviewee, state, level, savedSignature, hint, onSigned }: Props) {
  const id = useId();
  const pad = useRef<PadHandle | null>(null);
  const [useSaved, setUseSaved] = useState(false);
  const [problem, setProblem] = useState("");
  const signOff = useSignOff(party);
  const signatures = signaturesOf(reviewee);
  const active = reviewee.Status === "shared" || reviewee.Status === "locked";
  const saved = party.kind === "owner" ? usableSignature(savedSignature) : null;

  function submit() {
    setProblem("");
    if (saved && useSaved) {
      signOff.mutate({ signature: null, useGlobalSignature: true }, { onSuccess: onSigned });
      return;
    }
    const signature = pad.current?.signature() ?? null;
    if (!signature) {
      setProblem(
        party.kind === "reviewee"
          ? SUPERVISION_MESSAGES.globalForGuests
          : SUPERVISION_MESSAGES.signatureRequired,
      );
      return;
    }
    signOff.mutate({ signature, useGlobalSignature: false }, { onSuccess: onSigned });
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby={`${id}-title`}>
      <Title order={level} fz={level <= 2 ? "h3" : "h4"} id={`${id}-title`}>
        Sign off
      </Title>
      <Text fz="sm">
        The Supervisor signs first, then the Supervisee, which completes the supervision. The first signature
        freezes the record: topics, comments and answers can no longer change.
      </Text>
      {signatures.length > 0 && <SignatureList signatures={signatures} />}
      <div role="status" aria-live="polite">
        {state.waiting && <Text fw={600}>{state.waiting}</Text>}
      </div>
      {reviewee.Status === "completed" && <Text fw={600}>{SUPERVISION_MESSAGES.completed}</Text>}
      {hint && <Text id={`${id}-hint`}>{hint}</Text>}
      {state.canSign && (
        <>
          {saved && (
            <Checkbox
              label="Use my saved signature"
              checked={useSaved}
              onChange={(e) => setUseSaved(e.currentTarget.checked)}
            />
          )}
          {saved && useSaved ? (
            <img
              src={saved}
              alt="Your saved signature"
              style={{ maxWidth: 367, maxHeight: 89, border: "1px solid #868e96", borderRadius: 6 }}
            />
          ) : (
            <Suspense fallback={<Spinner size="sm" label="Loading the signature pad" />}>
              <SignaturePadField handle={pad} />
            </Suspense>
          )}
        </>
      )}
      {problem && (
        <Text role="alert" c="var(--mantine-color-error)" fw={600}>
          {problem}
        </Text>
      )}
      {active && (
        <div>
          <Button
            onClick={submit}
            disabled={!state.canSign}
            loading={signOff.isPending}
            aria-describedby={hint ? `${id}-hint` : undefined}
          >
            Sign Off
          </Button>
        </div>
      )}
    </Stack>
  );
}
