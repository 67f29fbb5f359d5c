// The submission pack of one registration (REQ-SUBMIT-01, REQ-SUBMIT-02, REQ-SUBMIT-05): Build asks
// the worker for it, the state is polled until Completed (as the portfolio's download is), then the
// PDF's link, what is not met, and the regulator's online form as copy-ready text per field with
// its limit counted.
import {
  type CopyField,
  REGULATOR_NAMES,
  type RevalidationProgress,
  SUBMISSION,
  SUBMISSION_MESSAGES,
} from "@cpd/contract";
import { Button, CopyButton, List, Stack, Text, Textarea, Title } from "@mantine/core";
import { useId, useState } from "react";
import { SectionCard } from "../../lib/SectionCard";
import { Spinner } from "../../lib/Spinner";
import { StatusAlert } from "../../lib/StatusAlert";
import { useRequestSubmission, useSubmissionStatus } from "./queries";
import { amountText } from "./revalidation-model";

type Status = NonNullable<ReturnType<typeof useSubmissionStatus>["data"]>;

/** "812 of 1,000 characters", and how far over the limit. */
export function limitText(f: Pick<CopyField, "length" | "limit" | "unit" | "overLimit">): string {
  const count = `${f.length.toLocaleString("en-GB")} of ${f.limit.toLocaleString("en-GB")} ${f.unit}`;
  return f.overLimit
    ? `${count}: ${(f.length - f.limit).toLocaleString("en-GB")} over the limit. Shorten it before you paste it.`
    : count;
}

function CopyText({ f }: { f: CopyField }) {
  const label = f.group ? `${f.label} (${f.group})` : f.label;
  return (
    <Stack gap={4}>
      <Textarea
        label={label}
        value={f.text}
        readOnly
        autosize
        minRows={1}
        maxRows={8}
        description={f.overLimit ? undefined : limitText(f)}
        error={f.overLimit ? limitText(f) : undefined}
      />
      <div>
        <CopyButton value={f.text}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant={copied ? "filled" : "default"}
              color={copied ? "#1e6b30" : undefined}
              onClick={copy}
            >
              {copied ? "Copied" : "Copy"}
              <span className="visually-hidden"> {label}</span>
            </Button>
          )}
        </CopyButton>
      </div>
    </Stack>
  );
}

function Ready({ s }: { s: Status }) {
  const id = useId();
  const over = s.onlineForm?.fields.filter((f) => f.overLimit).length ?? 0;
  return (
    <Stack gap="md">
      <StatusAlert tone="success" title="Your submission pack is ready">
        The download link works for {SUBMISSION.linkMinutes} minutes; build the pack again for a new one.
      </StatusAlert>
      {s.downloadLink && (
        <Button
          component="a"
          href={s.downloadLink}
          download
          maw="100%"
          w="fit-content"
          // The label wraps on a phone rather than running off the screen.
          styles={{ root: { height: "auto", paddingBlock: 8 }, label: { whiteSpace: "normal" } }}
        >
          Download the submission pack (PDF{s.pages ? `, ${s.pages} pages` : ""})
        </Button>
      )}
      {s.unmet.length > 0 ? (
        <Stack gap={4}>
          <Text fw={600}>{SUBMISSION_MESSAGES.unmetHeading} (listed on the pack's first page):</Text>
          <List fz="sm" spacing={2}>
            {s.unmet.map((u) => (
              <List.Item key={u.id}>
                {u.title} (done: {amountText({ metric: "", done: u.done, target: u.target })}
                {u.missing.length > 0 ? `; still to cover ${u.missing.join(", ")}` : ""})
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : (
        <Text fz="sm">{SUBMISSION_MESSAGES.allMet}</Text>
      )}
      {s.onlineForm && (
        <Stack gap="sm" component="section" aria-labelledby={`${id}-form`}>
          <Title order={3} fz="h4" id={`${id}-form`}>
            Copy-ready text for {s.onlineForm.name}
          </Title>
          <Text fz="sm">
            Paste each field into the regulator's online form. Nothing is cut: text over the form's limit is
            marked, for you to shorten.
          </Text>
          {over > 0 && (
            <StatusAlert
              tone="error"
              title={over === 1 ? "1 field is over its limit" : `${over} fields are over their limits`}
            >
              The form will not take them as they are.
            </StatusAlert>
          )}
          {s.onlineForm.fields.map((f) => (
            <CopyText key={`${f.key}-${f.group ?? ""}`} f={f} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Progressing({ id }: { id: string }) {
  const status = useSubmissionStatus(id);
  const s = status.data;
  if (s?.state === "Completed") return <Ready s={s} />;
  if (s?.state === "Expired") {
    return (
      <StatusAlert tone="info" title="This pack was deleted">
        {SUBMISSION_MESSAGES.expired}
      </StatusAlert>
    );
  }
  if (s?.state === "Failed" || status.isError) {
    return (
      <StatusAlert tone="error" title="The submission pack could not be made">
        {s?.reason ?? SUBMISSION_MESSAGES.failed}
      </StatusAlert>
    );
  }
  return <Spinner label="Building your submission pack" />;
}

/** Build, wait for and download one registration's submission pack. */
export function SubmissionSection({ p }: { p: RevalidationProgress }) {
  const [id, setId] = useState<string | null>(null);
  const request = useRequestSubmission();
  const regulator = p.pack.regulator === "OTHER" ? REGULATOR_NAMES.OTHER : p.pack.regulator;
  const name = `${regulator} ${p.registration.registrationNumber}`;
  return (
    <SectionCard
      title={`Submission pack (${name})`}
      action={
        <Button
          size="sm"
          loading={request.isPending}
          onClick={() => request.mutate(p.registration.id, { onSuccess: (res) => setId(res.id) })}
        >
          Build submission pack
        </Button>
      }
    >
      <Stack gap="sm">
        <Text fz="sm">
          A PDF of this cycle's records in the {regulator}'s order and on its forms, with the attestations'
          signatures, and the text for the regulator's online form.
        </Text>
        {id && <Progressing key={id} id={id} />}
      </Stack>
    </SectionCard>
  );
}
