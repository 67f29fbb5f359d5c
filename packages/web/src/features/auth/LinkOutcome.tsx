// What a page opened from an e-mailed link shows: a loader while the link is checked or used,
// then the outcome (read out by screen readers) and the way on to log in.
import { Anchor, Center, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { errorMessage } from "../../lib/error-messages";
import { Spinner } from "../../lib/Spinner";
import { type Status, StatusRegion } from "../../lib/StatusAlert";
import type { CallState } from "./use-call-on-open";

export function LinkOutcome({
  busyLabel,
  status,
  children,
}: {
  busyLabel: string;
  /** null while the call runs. */
  status: Status | null;
  children?: ReactNode;
}) {
  return (
    <Stack gap="md">
      <StatusRegion status={status} />
      {status ? (
        <>
          {children}
          <Anchor component={Link} to="/login" ta="center">
            Go to log in
          </Anchor>
        </>
      ) : (
        <Center py="lg">
          <Spinner label={busyLabel} />
        </Center>
      )}
    </Stack>
  );
}

/** The outcome of a call that answers `{ message }`: its message, or why it failed. */
export function messageOutcome(
  state: CallState<{ message: string }>,
  titles: { done: string; failed: string },
): Status | null {
  if (state.kind === "done") return { tone: "success", title: titles.done, text: state.value.message };
  if (state.kind === "failed")
    return { tone: "error", title: titles.failed, text: errorMessage(state.error) || "Unknown error" };
  return null;
}
