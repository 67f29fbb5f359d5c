// The onboarding link an organisation's new user is e-mailed: choose a password and a governing
// body, then log in and add their registrations. A used or expired link says so ("Session Invalid") and points to log in.
import { api, LIFECYCLE_MESSAGES, ONBOARDING_GOVERNING_BODIES, type ResponseOf } from "@cpd/contract";
import { NativeSelect, Stack, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { call } from "../../lib/api-client";
import { ApiError } from "../../lib/api-error";
import { errorMessage } from "../../lib/error-messages";
import { StatusRegion } from "../../lib/StatusAlert";
import { ONBOARDING_REGISTRATIONS_PATH } from "../../routes/paths";
import { checkNewPassword, NewPasswordFields } from "../account";
import { AuthLayout } from "./AuthLayout";
import { SubmitAndBack } from "./auth-fields";
import { LinkOutcome } from "./LinkOutcome";
import { useCallOnOpen } from "./use-call-on-open";

type GoverningBody = (typeof ONBOARDING_GOVERNING_BODIES)[number];

export default function OnboardingPage() {
  const { token = "" } = useParams();
  const onboarding = useCallOnOpen(token, () => call(api.getOnboarding, { params: { id: token } }));

  if (onboarding.kind === "done") return <OnboardingForm token={token} who={onboarding.value} />;
  const invalid =
    onboarding.kind === "failed" && onboarding.error instanceof ApiError && onboarding.error.status === 404;
  return (
    <AuthLayout title="Set up your account">
      <LinkOutcome
        busyLabel="Checking your link"
        status={
          onboarding.kind === "failed"
            ? {
                tone: "error",
                title: invalid ? "Session Invalid" : "Failed to get session",
                text: invalid
                  ? LIFECYCLE_MESSAGES.onboardingInvalid
                  : errorMessage(onboarding.error) || "Unknown error",
              }
            : null
        }
      />
    </AuthLayout>
  );
}

function OnboardingForm({ token, who }: { token: string; who: ResponseOf<typeof api.getOnboarding> }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [governingBody, setGoverningBody] = useState<GoverningBody | "">("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    const problem = checkNewPassword(password, confirm, LIFECYCLE_MESSAGES.onboardingPasswordsDoNotMatch);
    if (problem) return setError(problem);
    if (!governingBody) return setError("Please choose your governing body");
    setBusy(true);
    try {
      const res = await call(api.completeOnboarding, {
        params: { id: token },
        body: { password, governingBody },
      });
      // The first log-in goes on to the registrations step (REQ-REVAL-02).
      navigate(`/login?redirect=${encodeURIComponent(ONBOARDING_REGISTRATIONS_PATH)}`, {
        replace: true,
        state: { message: res.message },
      });
    } catch (err) {
      setError(errorMessage(err) || "Unknown error");
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Set up your account">
      <form onSubmit={submit}>
        <Stack gap="md">
          <Text>
            Welcome, {who.firstName}.{" "}
            {who.organisationName
              ? `${who.organisationName} has created your CPD Dashboard account.`
              : "Your CPD Dashboard account is ready."}{" "}
            Choose a password to finish setting it up.
          </Text>
          <StatusRegion status={error ? { tone: "error", title: "Account not set up", text: error } : null} />
          {/* The account's e-mail, for password managers and for the user to see which account this is. */}
          <Text>
            Email: <strong>{who.email}</strong>
          </Text>
          <input type="hidden" autoComplete="username" value={who.email} readOnly />
          <NewPasswordFields
            first
            next={password}
            confirm={confirm}
            onNext={setPassword}
            onConfirm={setConfirm}
          />
          <NativeSelect
            label="Governing body"
            required
            value={governingBody}
            onChange={(e) => setGoverningBody(e.currentTarget.value as GoverningBody)}
            data={[
              { value: "", label: "Choose your governing body", disabled: true },
              ...ONBOARDING_GOVERNING_BODIES,
            ]}
          />
          <SubmitAndBack label="Set password" busy={busy} />
        </Stack>
      </form>
    </AuthLayout>
  );
}
