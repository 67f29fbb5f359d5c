// The reviewee's 2FA (REQ-SUP-03): where the code will go (masked), Send code, then the code with
// Verify; a new code can be asked for 30 s after the last one (the countdown is visible).
import { SUPERVISION, SUPERVISION_MESSAGES } from "@cpd/contract";
import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ApiError } from "../../lib/api-error";
import { nowMs } from "../../lib/clock";
import { errorMessage } from "../../lib/error-messages";
import { londonDateTime } from "../../lib/london-time";
import { Spinner } from "../../lib/Spinner";
import { StatusAlert } from "../../lib/StatusAlert";
import { useCountdown } from "../../lib/use-countdown";
import { useAuthenticate, useLinkInfo } from "./queries";
import { shareProblem } from "./share-problem";

const CODE = new RegExp(`^\\d{${SUPERVISION.codeLength}}$`);

interface Props {
  shareId: string;
  onToken: (token: string) => void;
  /** The link cannot be used (invalid, expired, locked). */
  onProblem: (message: string) => void;
}

export function GuestAuth({ shareId, onToken, onProblem }: Props) {
  const id = useId();
  const link = useLinkInfo(shareId, true);
  const send = useAuthenticate(shareId, "Failed to initiate authentication");
  const verify = useAuthenticate(shareId, "Failed to complete authentication");
  const [sent, setSent] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState("");
  const codeInput = useRef<HTMLInputElement>(null);
  const wait = useCountdown(resendAt);

  const linkProblem = link.error ? shareProblem(link.error) : null;
  const locked = link.data?.status === "locked";
  useEffect(() => {
    if (linkProblem) onProblem(linkProblem);
    else if (locked) onProblem(SUPERVISION_MESSAGES.locked);
  }, [linkProblem, locked, onProblem]);

  const codeStep = sent !== null;
  useEffect(() => {
    if (codeStep) codeInput.current?.focus();
  }, [codeStep]);

  function requestCode() {
    send.mutate(null, {
      onSuccess: (res) => {
        setSent(res.message);
        setResendAt(nowMs() + res.resendAfter * 1000);
      },
      onError: (err) => {
        const problem = shareProblem(err);
        if (problem) return onProblem(problem);
        // A code went out moments ago (another tab, a reload): enter that one, or wait to resend.
        if (err instanceof ApiError && err.status === 429) {
          setSent((s) => s ?? "");
          setResendAt(nowMs() + (err.retryAfterSeconds ?? SUPERVISION.resendSeconds) * 1000);
        }
      },
    });
  }

  function submitCode(e: FormEvent) {
    e.preventDefault();
    const typed = code.replace(/\s/g, "");
    if (!CODE.test(typed)) {
      setCodeError(`Enter the ${SUPERVISION.codeLength}-digit code we sent you.`);
      return;
    }
    setCodeError("");
    verify.mutate(typed, {
      onSuccess: (res) => {
        if (res.token) onToken(res.token);
      },
      onError: (err) => {
        const problem = shareProblem(err);
        if (problem) return onProblem(problem);
        setCodeError(errorMessage(err));
      },
    });
  }

  if (link.isLoading) return <Spinner label="Loading the review link" />;
  const info = link.data;
  if (!info) {
    return (
      <StatusAlert tone="error" title="Failed to load the review link">
        {link.error ? errorMessage(link.error) : "Please refresh the page."}
      </StatusAlert>
    );
  }

  return (
    <Stack gap="md" maw={560}>
      <Text>
        Someone has shared a supervision record with you to review and sign. To open it, confirm it is you
        with a {SUPERVISION.codeLength}-digit code.
      </Text>
      {info.status === "completed" && (
        <Text>
          This supervision has been completed. You can still open it to read it and download the PDF.
        </Text>
      )}
      <Text>The link works until {londonDateTime(info.expiresAt)}.</Text>
      <Text fw={600}>
        We will send a {SUPERVISION.codeLength}-digit code to {info.maskedEmail}
        {info.maskedNumber ? ` (and by text to ${info.maskedNumber})` : ""}.
      </Text>
      {!codeStep ? (
        <div>
          <Button onClick={requestCode} loading={send.isPending}>
            Send code
          </Button>
        </div>
      ) : (
        <>
          <div role="status" aria-live="polite">
            {sent && <Text>{sent}</Text>}
          </div>
          <form onSubmit={submitCode} noValidate>
            <Stack align="flex-start" gap="sm">
              <TextInput
                ref={codeInput}
                label={`${SUPERVISION.codeLength}-digit code`}
                value={code}
                onChange={(e) => {
                  setCode(e.currentTarget.value);
                  if (codeError) setCodeError("");
                }}
                error={codeError || undefined}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={SUPERVISION.codeLength}
                w={200}
              />
              <Button type="submit" loading={verify.isPending}>
                Verify
              </Button>
            </Stack>
          </form>
          <Group gap="sm" align="center" wrap="wrap">
            <Button
              variant="default"
              onClick={requestCode}
              disabled={wait > 0}
              loading={send.isPending}
              aria-describedby={wait > 0 ? `${id}-wait` : undefined}
            >
              Resend code
            </Button>
            {wait > 0 && (
              <Text id={`${id}-wait`} fz="sm">
                You can ask for a new code in {wait} s.
              </Text>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
