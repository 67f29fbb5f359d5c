import { Alert, Button, Group, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { notifyError } from "../../lib/notify";
import { session } from "../../lib/session";
import { useEndImpersonation, useImpersonation } from "./queries";

/**
 * While an administrator acts as a user, every page says so, with one button back to the
 * administrator's own session (the server retires the impersonation token).
 */
export function ImpersonationBanner() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const who = useImpersonation();
  const end = useEndImpersonation({
    onSuccess: (res) => {
      session.login(res.token, res.roles, false);
      qc.clear();
      navigate("/admin/overview", { replace: true });
    },
    onError: (err) => notifyError("Failed to end impersonation", err),
  });
  if (!who.data?.impersonating) return null;
  return (
    <Alert color="orange" variant="filled" radius={0} py="xs" role="status" aria-live="polite">
      <Group justify="space-between" gap="xs">
        <Text fz="sm" fw={600} c="black">
          You are signed in as {who.data.user.email} by {who.data.administrator?.email ?? "an administrator"}.
        </Text>
        <Button size="xs" color="dark" onClick={() => end.mutate()} loading={end.isPending}>
          End impersonation
        </Button>
      </Group>
    </Alert>
  );
}
