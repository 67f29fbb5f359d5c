import { LIFECYCLE_MESSAGES, ukDate } from "@cpd/contract";
import { Button, Checkbox, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { now } from "../../lib/clock";
import { londonDay } from "../../lib/london-time";
import { notifySuccess } from "../../lib/notify";
import { SectionCard } from "../../lib/SectionCard";
import { Spinner } from "../../lib/Spinner";
import { StatusAlert } from "../../lib/StatusAlert";
import { logout } from "../auth";
import { useProfile, useScheduledDeletion } from "../shell";
import { DEFAULT_DELETION_CHOICE, DELETION_CHOICES, type DeletionChoice, deletionDay } from "./account-rules";
import { useCancelDeletion, useScheduleDeletion } from "./queries";

/**
 * REQ-ACCOUNT-01: delete the account now or after 1, 7 (default) or 30 days (the date shown is
 * today + delay + 1 day, London's today), only with the box ticked. A scheduled deletion shows
 * its date; only full members may cancel it.
 */
export function DeleteAccountCard() {
  const navigate = useNavigate();
  const scheduled = useScheduledDeletion();
  const fullMember = useProfile().data?.fullMember === true;
  const [choice, setChoice] = useState<DeletionChoice>(DEFAULT_DELETION_CHOICE);
  const [confirmed, setConfirmed] = useState(false);
  const [confirmError, setConfirmError] = useState("");
  const today = londonDay(now());

  const schedule = useScheduleDeletion(today, {
    onSuccess: async (res, c) => {
      if (c === "now") {
        // Every session has ended on the server: leave with its message.
        await logout();
        navigate("/login", { replace: true, state: { message: res.message } });
        return;
      }
      setConfirmed(false);
      // The card now shows the date; the server's sentence says it once more, briefly.
      notifySuccess("Deletion scheduled", res.message);
    },
  });

  const cancel = useCancelDeletion({
    onSuccess: () => {
      notifySuccess("Cancelled", "Your account will not be deleted.");
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!confirmed) {
      setConfirmError(LIFECYCLE_MESSAGES.deletionConfirm);
      return;
    }
    schedule.mutate(choice);
  }

  const when = choice === "now" ? "immediately" : `on ${ukDate(deletionDay(choice, today))}`;
  const current = scheduled.data?.scheduled ? scheduled.data.scheduledDate : null;

  return (
    <SectionCard size="lg" title="Delete account">
      <Stack gap="sm">
        {scheduled.isLoading && <Spinner size="sm" label="Loading the deletion status" />}
        {current && (
          <StatusAlert tone="info" title="Deletion scheduled">
            <Stack gap="xs">
              <Text fz="sm">Your account is scheduled to be deleted on {ukDate(current)}.</Text>
              {fullMember ? (
                <Group>
                  <Button
                    size="xs"
                    variant="default"
                    loading={cancel.isPending}
                    onClick={() => cancel.mutate()}
                  >
                    Cancel deletion
                  </Button>
                </Group>
              ) : (
                <Text fz="sm">{LIFECYCLE_MESSAGES.deletionCancelFullOnly}.</Text>
              )}
            </Stack>
          </StatusAlert>
        )}
        <Text fz="sm">
          Deleting your account permanently removes your entries, files, documents and profile. It cannot be
          undone. You can export your data first.
        </Text>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <NativeSelect
              label={current ? "Change when your account is deleted" : "When should your account be deleted?"}
              data={DELETION_CHOICES}
              value={choice}
              onChange={(e) => setChoice(e.currentTarget.value as DeletionChoice)}
              description={`Your account will be deleted ${when}.`}
            />
            <Checkbox
              label="I understand that my account and everything in it will be permanently deleted"
              checked={confirmed}
              error={confirmError || undefined}
              onChange={(e) => {
                setConfirmed(e.currentTarget.checked);
                setConfirmError("");
              }}
            />
            <Group justify="flex-end">
              <Button type="submit" color="red.8" loading={schedule.isPending}>
                {choice === "now" ? "Delete my account now" : "Schedule deletion"}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </SectionCard>
  );
}
