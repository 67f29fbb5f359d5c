// "Ask someone to attest" (REQ-ATTEST-01): the kind the registration's regulator asks for, who attests
// (name, e-mail, optional mobile for the code by text) and the records and entries it covers.
import {
  ATTESTATION,
  ATTESTATION_KIND_INFO,
  ATTESTATION_MESSAGES,
  type AttestationKind,
  type RevalidationProgress,
  ukDate,
} from "@cpd/contract";
import { Checkbox, Modal, MultiSelect, ScrollArea, Select, Stack, Text, TextInput } from "@mantine/core";
import { useId, useState } from "react";
import { errorMessage } from "../../lib/error-messages";
import { FormActions } from "../../lib/FormActions";
import { notifySuccess } from "../../lib/notify";
import { Spinner } from "../../lib/Spinner";
import { StatusAlert } from "../../lib/StatusAlert";
import { RECORD_KIND_LABELS, useRecords } from "../revalidation";
import { kindsFor, type RequestDraft, type RequestErrors, requestErrors } from "./attestation-model";
import { useCreateAttestation, useCycleEntries } from "./queries";

const blank = (kinds: AttestationKind[]): RequestDraft => ({
  kind: kinds.length === 1 ? (kinds[0] ?? null) : null,
  name: "",
  email: "",
  mobile: "",
  recordIds: [],
  entryIds: [],
});

/** Who attests: the code goes to the e-mail address, and by text to a UK mobile. */
const ATTESTER_FIELDS = [
  { field: "name", label: "Their name", required: true, maxLength: ATTESTATION.nameMax },
  {
    field: "email",
    label: "Their e-mail address",
    description: "We e-mail them a link to sign, and a code to open it.",
    required: true,
    type: "email",
    maxLength: 254,
  },
  {
    field: "mobile",
    label: "Their mobile number",
    description: "Optional. A UK mobile: the code is also sent by text.",
    type: "tel",
    maxLength: ATTESTATION.mobileMax,
  },
] as const;

/** The order the dialog's fields come in, for focusing the first one in error. */
const FIELD_ORDER = ["kind", "name", "email", "mobile", "covered"] as const;

function AskForm({ p, onDone }: { p: RevalidationProgress; onDone: () => void }) {
  const id = useId();
  const kinds = kindsFor(p.pack.regulator);
  const [d, setD] = useState<RequestDraft>(() => blank(kinds));
  const [errors, setErrors] = useState<RequestErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const records = useRecords(1, null);
  const entries = useCycleEntries(p.cycleStart, p.cycleEnd, true);
  const create = useCreateAttestation();

  const set = (patch: Partial<RequestDraft>, field: keyof RequestErrors) => {
    setD((x) => ({ ...x, ...patch }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found = requestErrors(d);
    setErrors(found);
    setFailure(null);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      const field = document.getElementById(`${id}-${first}`);
      (field instanceof HTMLInputElement ? field : field?.querySelector("input"))?.focus();
      return;
    }
    try {
      await create.mutateAsync({
        kind: d.kind as AttestationKind,
        registrationId: p.registration.id,
        attester: { name: d.name.trim(), email: d.email.trim(), mobile: d.mobile.trim() || null },
        recordIds: d.recordIds,
        entryIds: d.entryIds,
      });
      notifySuccess(ATTESTATION_MESSAGES.created);
      onDone();
    } catch (err) {
      setFailure(errorMessage(err) || "The request was not sent.");
    }
  }

  const recordItems = records.data?.items ?? [];
  const entryOptions = (entries.data?.items ?? []).map((e) => ({
    value: e.id,
    label: `${e.title}${e.date ? ` (${ukDate(e.date)})` : ""}`,
  }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select
          id={`${id}-kind`}
          label="What you are asking for"
          required
          allowDeselect={false}
          data={kinds.map((k) => ({ value: k, label: ATTESTATION_KIND_INFO[k].label }))}
          value={d.kind}
          error={errors.kind}
          onChange={(v) => set({ kind: v as AttestationKind | null }, "kind")}
        />
        {ATTESTER_FIELDS.map(({ field, ...props }) => (
          <TextInput
            key={field}
            id={`${id}-${field}`}
            autoComplete="off"
            {...props}
            value={d[field]}
            error={errors[field]}
            onChange={(e) => set({ [field]: e.currentTarget.value }, field)}
          />
        ))}
        <div id={`${id}-covered`}>
          <Checkbox.Group
            label="Records it covers"
            description={`What they will see and sign for: choose at least one record or entry, at most ${ATTESTATION.maxRecords} in all.`}
            value={d.recordIds}
            error={errors.covered}
            onChange={(v) => set({ recordIds: v }, "covered")}
          >
            {records.isLoading ? (
              <Spinner size="sm" label="Loading your records" />
            ) : recordItems.length === 0 ? (
              <Text fz="sm" mt={6}>
                You have no revalidation records yet.
              </Text>
            ) : (
              <ScrollArea.Autosize mah={240} type="auto" mt={6}>
                <Stack gap={6} pr="sm">
                  {recordItems.map((r) => (
                    <Checkbox
                      key={r.id}
                      value={r.id}
                      label={`${RECORD_KIND_LABELS[r.kind]}: ${r.title} (${ukDate(r.date)})`}
                    />
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            )}
          </Checkbox.Group>
        </div>
        <MultiSelect
          label="CPD entries it covers"
          description={`Optional. Your diary entries dated in this cycle (${ukDate(p.cycleStart)} to ${ukDate(p.cycleEnd)}).`}
          data={entryOptions}
          value={d.entryIds}
          searchable
          nothingFoundMessage="No entry of this cycle matches"
          placeholder={entryOptions.length === 0 ? "No entries in this cycle" : "Search your entries"}
          maxValues={ATTESTATION.maxRecords}
          onChange={(v) => set({ entryIds: v }, "covered")}
          comboboxProps={{ withinPortal: false }}
        />
        {failure && (
          <StatusAlert tone="error" title="The request was not sent">
            {failure}
          </StatusAlert>
        )}
        <FormActions submitLabel="Send request" pending={create.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}

export function AskDialog({
  p,
  opened,
  onClose,
}: {
  p: RevalidationProgress;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Ask someone to attest" size="lg">
      {opened && <AskForm p={p} onDone={onClose} />}
    </Modal>
  );
}
