// The change-of-email link (sent to the new address). Confirming it ends every session, so the
// page logs this browser out too and, a few seconds later, goes to log in with the new address.
import { api, LIFECYCLE, LIFECYCLE_MESSAGES } from "@cpd/contract";
import { Text } from "@mantine/core";
import { useEffect } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { call } from "../../lib/api-client";
import { session } from "../../lib/session";
import { AuthLayout } from "./AuthLayout";
import { LinkOutcome, messageOutcome } from "./LinkOutcome";
import { logout } from "./logout";
import { useCallOnOpen } from "./use-call-on-open";

const TITLE = "Confirm your new email address";

export default function ConfirmEmailChangePage() {
  const { token } = useParams();
  if (!token) {
    return (
      <AuthLayout title={TITLE}>
        <LinkOutcome
          busyLabel=""
          status={{ tone: "error", title: "Not changed", text: LIFECYCLE_MESSAGES.emailChangeNoToken }}
        />
      </AuthLayout>
    );
  }
  return <ConfirmChange token={token} />;
}

function ConfirmChange({ token }: { token: string }) {
  const navigate = useNavigate();
  const state = useCallOnOpen(token, () => call(api.confirmEmailChange, { params: { token } }));
  const message = state.kind === "done" ? state.value.message : null;

  useEffect(() => {
    if (message === null) return;
    const timer = setTimeout(async () => {
      if (session.get()) await logout();
      navigate("/login", { replace: true, state: { message } });
    }, LIFECYCLE.emailChangeRedirectMs);
    return () => clearTimeout(timer);
  }, [message, navigate]);

  return (
    <AuthLayout title={TITLE}>
      <LinkOutcome
        busyLabel="Changing your email address"
        status={messageOutcome(state, { done: "Email address changed", failed: "Not changed" })}
      >
        {message !== null && (
          <Text fz="sm">
            You will be taken to log in in {Math.round(LIFECYCLE.emailChangeRedirectMs / 1000)} seconds.
          </Text>
        )}
      </LinkOutcome>
    </AuthLayout>
  );
}
