import { api, MOBILE_LOGIN_POLL_MS } from "@cpd/contract";
import { Anchor, Button, Center, Stack, Text } from "@mantine/core";
import { QRCodeSVG } from "qrcode.react";
import { useCallback, useEffect, useState } from "react";
import { Link, Navigate } from "react-router-dom";
import { call } from "../../lib/api-client";
import { ApiError } from "../../lib/api-error";
import { errorMessage } from "../../lib/error-messages";
import { Spinner } from "../../lib/Spinner";
import { StatusAlert } from "../../lib/StatusAlert";
import { session, useSession } from "../../lib/session";
import { AuthLayout } from "./AuthLayout";

type Phase = { kind: "loading" } | { kind: "waiting"; token: string } | { kind: "failed"; message: string };

export default function QrLoginPage() {
  const state = useSession();
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  const restart = useCallback(() => {
    setPhase({ kind: "loading" });
    setAttempt((n) => n + 1);
  }, []);

  // Fetch a one-time token to show as the QR code.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the request on "Try again"
  useEffect(() => {
    let live = true;
    call(api.createOtp)
      .then((res) => live && setPhase({ kind: "waiting", token: res.token }))
      .catch((err) => live && setPhase({ kind: "failed", message: errorMessage(err) || "Unknown error" }));
    return () => {
      live = false;
    };
  }, [attempt]);

  // Every 2 s ask whether the app approved it: 403 = keep waiting, anything else stops.
  useEffect(() => {
    if (phase.kind !== "waiting") return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const res = await call(api.otpLogin, { body: { token: phase.token } });
        if (live) session.login(res.token, res.roles, false);
      } catch (err) {
        if (!live) return;
        if (err instanceof ApiError && err.status === 403) timer = setTimeout(poll, MOBILE_LOGIN_POLL_MS);
        else setPhase({ kind: "failed", message: errorMessage(err) || "Unknown error" });
      }
    };
    timer = setTimeout(poll, MOBILE_LOGIN_POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [phase]);

  if (state) return <Navigate to="/dashboard" replace />;

  return (
    <AuthLayout title="Log in with the mobile app">
      <Stack gap="md">
        <Text>Open the CPD mobile app, choose to log in on a computer and scan this code.</Text>
        <div aria-live="polite">
          {phase.kind === "loading" && (
            <Center py="xl">
              <Spinner label="Preparing the QR code" />
            </Center>
          )}
          {phase.kind === "waiting" && (
            <Stack align="center" gap="xs">
              <QRCodeSVG
                value={phase.token}
                size={220}
                marginSize={2}
                title="QR code for logging in with the mobile app"
                role="img"
              />
              <Text fz="sm" c="dimmed">
                Waiting for the mobile app to approve this login…
              </Text>
            </Stack>
          )}
          {phase.kind === "failed" && (
            <Stack gap="sm">
              <StatusAlert tone="error" title="Mobile login stopped">
                {phase.message}
              </StatusAlert>
              <Button variant="light" onClick={restart}>
                Show a new code
              </Button>
            </Stack>
          )}
        </div>
        <Anchor component={Link} to="/login" ta="center">
          Try another method
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
