// The registration e-mail's link: confirms the address, then the user logs in.
import { api } from "@cpd/contract";
import { useParams } from "react-router-dom";
import { call } from "../../lib/api-client";
import { AuthLayout } from "./AuthLayout";
import { LinkOutcome, messageOutcome } from "./LinkOutcome";
import { useCallOnOpen } from "./use-call-on-open";

export default function ConfirmEmailPage() {
  const { token = "" } = useParams();
  const state = useCallOnOpen(token, () => call(api.confirmEmail, { params: { id: token } }));
  return (
    <AuthLayout title="Confirm your email address">
      <LinkOutcome
        busyLabel="Confirming your email address"
        status={messageOutcome(state, { done: "Email address confirmed", failed: "Not confirmed" })}
      />
    </AuthLayout>
  );
}
