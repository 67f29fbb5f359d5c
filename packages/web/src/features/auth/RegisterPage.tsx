// Registration (REQ-AUTH-04): name, e-mail (checked with the server when it changes, offering a
// password reset for a known address), optional mobile and profession, a password typed twice
// and the captcha; success asks the user to confirm the e-mailed link.
import { api, LIFECYCLE_MESSAGES, MESSAGES, type ResponseOf, validPhoneNumber } from "@cpd/contract";
import { Anchor, SimpleGrid, Stack } from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { call } from "../../lib/api-client";
import { errorMessage } from "../../lib/error-messages";
import { StatusAlert, StatusRegion } from "../../lib/StatusAlert";
import { TOASTS } from "../../lib/toast-messages";
import { checkNewPassword, NewPasswordFields } from "../account";
import { AuthLayout } from "./AuthLayout";
import { EmailInput, SubmitAndBack, TextField } from "./auth-fields";
import { CaptchaWidget } from "./CaptchaWidget";
import { useCallOnOpen } from "./use-call-on-open";

/** Sent when the server has no captcha configured (it then checks none; the field is required). */
export const NO_CAPTCHA_TOKEN = "captcha-not-configured";

export default function RegisterPage() {
  const [done, setDone] = useState("");
  return (
    <AuthLayout title={done ? "Registration Successful" : "Create an account"}>
      {done ? <Registered message={done} /> : <RegistrationForm onDone={setDone} />}
    </AuthLayout>
  );
}

function Registered({ message }: { message: string }) {
  const box = useRef<HTMLDivElement>(null);
  // The form is gone: move focus to the outcome so keyboard and screen reader users are not lost.
  useEffect(() => box.current?.focus(), []);
  return (
    <Stack gap="md" ref={box} tabIndex={-1} style={{ outline: "none" }}>
      <StatusAlert tone="success" title="Check your email">
        {message}
      </StatusAlert>
      <Anchor component={Link} to="/login" ta="center">
        Go to log in
      </Anchor>
    </Stack>
  );
}

function RegistrationForm({ onDone }: { onDone: (message: string) => void }) {
  const captcha = useCallOnOpen("captcha", () => call(api.captchaSettings));
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [email, setEmail] = useState("");
  const [emailCheck, setEmailCheck] = useState<{
    email: string;
    result: ResponseOf<typeof api.validateEmail>;
  }>();
  const [checkFailed, setCheckFailed] = useState<{ email: string; text: string } | null>(null);
  const [phone, setPhone] = useState("");
  const [jobTitle, setJobTitle] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [token, setToken] = useState("");
  const [resets, setResets] = useState(0);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const settings = captcha.kind === "done" ? captcha.value : null;
  const needsCaptcha = settings?.enabled === true;

  // The server says whether the address is well formed and whether it has an account already.
  async function checkEmail() {
    const value = email.trim();
    if (!value || emailCheck?.email === value) return;
    try {
      setEmailCheck({ email: value, result: await call(api.validateEmail, { body: { email: value } }) });
      setCheckFailed(null);
    } catch (err) {
      // Only a hint: registering checks the address again. This page has no toasts: said at the field.
      const detail = errorMessage(err);
      setCheckFailed({
        email: value,
        text: detail ? `${TOASTS.validateEmailFailed}: ${detail}` : TOASTS.validateEmailFailed,
      });
    }
  }
  const check = emailCheck?.email === email.trim() ? emailCheck.result : null;
  const emailError = !check
    ? checkFailed?.email === email.trim()
      ? checkFailed.text
      : undefined
    : !check.valid
      ? check.message
      : check.registered && (
          <>
            {check.message}{" "}
            <Anchor component={Link} to="/forgot-password" fz="inherit" underline="always">
              Reset your password
            </Anchor>
          </>
        );

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    const problem =
      checkNewPassword(password, confirm, LIFECYCLE_MESSAGES.passwordsDoNotMatch) ??
      (phone.trim() && !validPhoneNumber(phone.trim()) ? MESSAGES.invalidMobile : null) ??
      (captcha.kind !== "done" || (needsCaptcha && !token) ? LIFECYCLE_MESSAGES.captchaMissing : null);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      const res = await call(api.register, {
        body: {
          firstName: firstName.trim(),
          lastName: lastName.trim(),
          email: email.trim(),
          password,
          phoneNumber: phone.trim() || null,
          jobTitle: jobTitle.trim() || null,
          recaptchaToken: needsCaptcha ? token : NO_CAPTCHA_TOKEN,
        },
      });
      onDone(res.message);
    } catch (err) {
      setError(errorMessage(err) || "Unknown error");
      // A captcha token is good for one check: ask for a new one.
      setResets((n) => n + 1);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextField
            label="First name"
            autoComplete="given-name"
            required
            maxLength={100}
            value={firstName}
            onChange={setFirstName}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            required
            maxLength={100}
            value={lastName}
            onChange={setLastName}
          />
        </SimpleGrid>
        <EmailInput
          autoComplete="email"
          value={email}
          onChange={setEmail}
          onBlur={checkEmail}
          error={emailError || undefined}
          description={check?.valid && !check.registered ? check.message : undefined}
        />
        <TextField
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          maxLength={30}
          value={phone}
          onChange={setPhone}
        />
        <TextField
          label="Profession"
          autoComplete="organization-title"
          maxLength={200}
          value={jobTitle}
          onChange={setJobTitle}
        />
        <NewPasswordFields
          first
          next={password}
          confirm={confirm}
          onNext={setPassword}
          onConfirm={setConfirm}
        />
        {settings?.enabled && settings.siteKey && settings.scriptUrl && (
          <CaptchaWidget
            siteKey={settings.siteKey}
            scriptUrl={settings.scriptUrl}
            onToken={setToken}
            resets={resets}
          />
        )}
        {captcha.kind === "failed" && (
          <StatusAlert tone="error" title="Security check unavailable">
            {errorMessage(captcha.error) || LIFECYCLE_MESSAGES.captchaMissing}
          </StatusAlert>
        )}
        <StatusRegion status={error ? { tone: "error", title: "Registration failed", text: error } : null} />
        <SubmitAndBack label="Create account" busy={busy} />
      </Stack>
    </form>
  );
}
