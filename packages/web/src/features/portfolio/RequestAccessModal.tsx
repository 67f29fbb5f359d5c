import { HCPC } from "@cpd/contract";
import { Modal, Stack, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { FormActions } from "../../lib/FormActions";
import { notifySuccess } from "../../lib/notify";
import { StatusAlert } from "../../lib/StatusAlert";
import { DateRangeFields } from "./DateRangeFields";
import { useRequestHcpcAccess } from "./queries";

/** Asks for the HCPC portal's date range and e-mails the access link (REQ-PORT-01, REQ-HCPC-01). */
export function RequestAccessModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [problem, setProblem] = useState("");
  const request = useRequestHcpcAccess();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!from || !to) return setProblem("Please enter both the From and To dates.");
    if (from > to) return setProblem("The From date must be on or before the To date.");
    setProblem("");
    request.mutate(
      { dateFrom: from, dateTo: to },
      {
        onSuccess: () => {
          notifySuccess("Access Requested", "Please check your email for the link.");
          onClose();
        },
      },
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Request access to the HCPC audit portal">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>
            We will e-mail you a link to the portal for the activities in this date range. The link works for{" "}
            {HCPC.accessDays} days.
          </Text>
          {problem && (
            <StatusAlert tone="error" title="Check the dates">
              {problem}
            </StatusAlert>
          )}
          <DateRangeFields idPrefix="hcpc" from={from} to={to} onFromChange={setFrom} onToChange={setTo} />
          <FormActions submitLabel="Request access" pending={request.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
