import { api, type ErrorCode, LIFECYCLE, LIFECYCLE_MESSAGES } from "@cpd/contract";
import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { ApiError } from "../../lib/api-error";
import { nowMs } from "../../lib/clock";
import { errorMessage } from "../../lib/error-messages";
import { FormActions } from "../../lib/FormActions";
import { notifyError, notifyMessage, notifySuccess } from "../../lib/notify";
import { Spinner } from "../../lib/Spinner";
import { useCountdown } from "../../lib/use-countdown";
import { useCompleteVerification, useStartVerification } from "./queries";

export type ContactKind = "mobile" | "alternativeEmail";

const KINDS = {
  mobile: {
    title: "Verify mobile number",
    start: api.startMobileVerification,
    complete: api.completeMobileVerification,
    failed: "Failed to verify mobile number",
  },
  alternativeEmail: {
    title: "Verify alternative email address",
    start: api.startAlternativeEmailVerification,
    complete: api.completeAlternativeEmailVerification,
    failed: "Failed to verify alternative email address",
  },
} as const;

const CODE_PATTERN = new RegExp(`^[0-9]{${LIFECYCLE.verificationCodeDigits}}$`);

/** Refusals of a start that say what to do; anything else is the required "Please try again". */
const TELLING: readonly ErrorCode[] = [
  "NO_MOBILE",
  "NO_ALTERNATIVE_EMAIL",
  "ALREADY_VERIFIED",
  "SMS_UNAVAILABLE",
  "TOO_MANY_REQUESTS",
];
const startFailure = (err: unknown) =>
  err instanceof ApiError && err.code && TELLING.includes(err.code) ? errorMessage(err) : "Please try again";

/**
 * REQ-CONTACT-01: opening the modal sends a 6-digit code (15 minutes) to the mobile number or
 * the alternative e-mail address; the code confirms it (Verified). A start that fails closes
 * the modal with "Failed to start verification process"; a wrong code keeps it open.
 */
export function VerifyContactModal({
  kind,
  target,
  onClose,
}: {
  kind: ContactKind;
  /** The number or address being verified, as the profile holds it. */
  target: string;
  onClose: () => void;
}) {
  const k = KINDS[kind];
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState("");
  const [sentAt, setSentAt] = useState<number | null>(null);
  const resendIn = useCountdown(sentAt === null ? null : sentAt + LIFECYCLE.verificationResendSeconds * 1000);
  const codeRef = useRef<HTMLInputElement>(null);

  const send = useStartVerification(k.start, {
    onSuccess: () => {
      setSentAt(nowMs());
      setCode("");
      setCodeError("");
    },
    onError: (err, first) => {
      if (first) {
        notifyMessage("Failed to start verification process", startFailure(err), "error");
        onClose();
      } else {
        notifyError("Failed to request verification code", err);
      }
    },
  });

  const verify = useCompleteVerification(k.complete, k.failed, {
    onSuccess: (res) => {
      notifySuccess(res.message);
      onClose();
    },
    onError: (err) => {
      setCodeError(errorMessage(err));
      codeRef.current?.focus();
    },
  });

  // Opening the modal sends the first code (once, even when React runs effects twice).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    send.mutate(true);
  }, [send]);

  // Each code sent puts the cursor in the code field (it appears with the first one).
  useEffect(() => {
    if (sentAt !== null) codeRef.current?.focus();
  }, [sentAt]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = code.trim();
    if (!CODE_PATTERN.test(value)) {
      setCodeError(LIFECYCLE_MESSAGES.codeFormat);
      codeRef.current?.focus();
      return;
    }
    setCodeError("");
    verify.mutate(value);
  }

  const firstSend = sentAt === null;
  return (
    <Modal opened onClose={onClose} title={k.title} centered>
      {firstSend ? (
        <Group gap="sm" role="status">
          <Spinner size="sm" />
          <Text>Sending a verification code to {target}…</Text>
        </Group>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text role="status">
              {send.data?.message ?? ""} ({target}). It expires in {LIFECYCLE.verificationCodeMinutes}{" "}
              minutes.
            </Text>
            <TextInput
              ref={codeRef}
              label="Verification code"
              description={`The ${LIFECYCLE.verificationCodeDigits} digits we sent you`}
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={LIFECYCLE.verificationCodeDigits}
              value={code}
              error={codeError || undefined}
              onChange={(e) => setCode(e.currentTarget.value.replace(/\s/g, ""))}
              data-autofocus
            />
            <Group justify="space-between" wrap="wrap">
              <Button
                variant="subtle"
                disabled={resendIn > 0}
                loading={send.isPending}
                onClick={() => send.mutate(false)}
              >
                {resendIn > 0 ? `Send a new code (in ${resendIn} s)` : "Send a new code"}
              </Button>
              <FormActions submitLabel="Verify" pending={verify.isPending} onCancel={onClose} />
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
