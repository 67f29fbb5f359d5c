// A guest's 2FA on a public link (a supervision review, REQ-SUP-03; an attestation, REQ-ATTEST-04):
// where the code will go (masked), Send code, then the code with Verify; a new code can be asked
// for once the server's wait has passed (the countdown is visible).
import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { ApiError } from "./api-error";
import { nowMs } from "./clock";
import { errorMessage } from "./error-messages";
import { londonDateTime } from "./london-time";
import { Spinner } from "./Spinner";
import { StatusAlert } from "./StatusAlert";
import { useCountdown } from "./use-countdown";

/** What a link says of itself before the code: where the code goes and until when it works. */
interface GuestLinkInfo {
  maskedEmail: string;
  maskedNumber: string | null;
  expiresAt: string;
}

/** A mutation as the code step uses it (a TanStack useMutation result fits). */
interface Action<V, R> {
  mutate(vars: V, options: { onSuccess: (answer: R) => void; onError: (err: Error) => void }): void;
  isPending: boolean;
}

interface GuestCodeStepProps<L extends GuestLinkInfo> {
  codeLength: number;
  /** Seconds to wait before asking again when the server gives no Retry-After. */
  resendSeconds: number;
  /** The link's own call (a TanStack useQuery result fits). */
  link: { isLoading: boolean; error: unknown; data?: L };
  /** "review link", "attestation link": the words of the loading and failure lines. */
  linkName: string;
  /** Why the link cannot be used at all (invalid, expired, locked, withdrawn), once known. */
  unusable: string | null;
  intro: (info: L) => ReactNode;
  send: Action<null, { message: string; resendAfter: number }>;
  /** Its token is a string once the code is right (typed loosely: each link's token has its own pattern). */
  verify: Action<string, { token: unknown }>;
  /** An answer that means the link cannot be used: the page then says why. */
  problemOf: (err: unknown) => string | null;
  onToken: (token: string) => void;
  onProblem: (message: string) => void;
}

export function GuestCodeStep<L extends GuestLinkInfo>({
  codeLength,
  resendSeconds,
  link,
  linkName,
  unusable,
  intro,
  send,
  verify,
  problemOf,
  onToken,
  onProblem,
}: GuestCodeStepProps<L>) {
  const id = useId();
  const [sent, setSent] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState("");
  const codeInput = useRef<HTMLInputElement>(null);
  const wait = useCountdown(resendAt);

  useEffect(() => {
    if (unusable) onProblem(unusable);
  }, [unusable, onProblem]);

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
        const problem = problemOf(err);
        if (problem) return onProblem(problem);
        // A code went out moments ago (another tab, a reload): enter that one, or wait to resend.
        if (err instanceof ApiError && err.status === 429) {
          setSent((s) => s ?? "");
          setResendAt(nowMs() + (err.retryAfterSeconds ?? resendSeconds) * 1000);
        }
      },
    });
  }

  function submitCode(e: FormEvent) {
    e.preventDefault();
    const typed = code.replace(/\s/g, "");
    if (!new RegExp(`^\\d{${codeLength}}$`).test(typed)) {
      setCodeError(`Enter the ${codeLength}-digit code we sent you.`);
      return;
    }
    setCodeError("");
    verify.mutate(typed, {
      onSuccess: (res) => {
        if (typeof res.token === "string" && res.token) onToken(res.token);
      },
      onError: (err) => {
        const problem = problemOf(err);
        if (problem) return onProblem(problem);
        setCodeError(errorMessage(err));
      },
    });
  }

  if (link.isLoading) return <Spinner label={`Loading the ${linkName}`} />;
  const info = link.data;
  if (!info) {
    return (
      <StatusAlert tone="error" title={`Failed to load the ${linkName}`}>
        {link.error ? errorMessage(link.error) : "Please refresh the page."}
      </StatusAlert>
    );
  }

  return (
    <Stack gap="md" maw={560}>
      {intro(info)}
      <Text>The link works until {londonDateTime(info.expiresAt)}.</Text>
      <Text fw={600}>
        We will send a {codeLength}-digit code to {info.maskedEmail}
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
                label={`${codeLength}-digit code`}
                value={code}
                onChange={(e) => {
                  setCode(e.currentTarget.value);
                  if (codeError) setCodeError("");
                }}
                error={codeError || undefined}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={codeLength}
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
