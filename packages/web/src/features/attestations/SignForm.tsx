// What the regulator's form asks of the attester (for the NMC: name, PIN or other registration
// number and regulator, e-mail, professional address and postcode, date; a confirmer also
// confirms the statement), a drawn signature, and Sign; or Decline with a reason.
import { ATTESTATION, ATTESTATION_MESSAGES, type api, type ResponseOf } from "@cpd/contract";
import { Button, Checkbox, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { ApiError } from "../../lib/api-error";
import { now } from "../../lib/clock";
import { DateField } from "../../lib/DateField";
import { errorMessage } from "../../lib/error-messages";
import { londonDay } from "../../lib/london-time";
import type { PadHandle } from "../../lib/SignaturePadField";
import { Spinner } from "../../lib/Spinner";
import { StatusAlert } from "../../lib/StatusAlert";
import {
  type SignerDraft,
  type SignerErrors,
  type SignerField,
  signerErrors,
  toSignerDetails,
} from "./attestation-model";
import { useDeclineAttestation, useSignAttestation } from "./queries";

const SignaturePadField = lazy(() => import("../../lib/SignaturePadField"));

type View = ResponseOf<typeof api.attestationView>;
export type Outcome = { signed: true; message: string; hash: string } | { signed: false; message: string };

const FIELD_ORDER: SignerField[] = [
  "name",
  "registrationNumber",
  "regulator",
  "email",
  "address",
  "postcode",
  "date",
  "confirmed",
];

/** The one-line fields of the regulator's form. */
const TEXT_FIELDS = {
  name: { label: "Your name", maxLength: ATTESTATION.nameMax, autoComplete: "name" },
  registrationNumber: {
    label: "Your PIN or registration number",
    description: "Your NMC PIN, or another professional registration number",
    maxLength: ATTESTATION.registrationNumberMax,
    autoComplete: "off",
  },
  regulator: {
    label: "The body you are registered with",
    description: "For example NMC, GMC or HCPC",
    maxLength: ATTESTATION.regulatorMax,
    autoComplete: "off",
  },
  email: { label: "Your e-mail address", type: "email", maxLength: 254, autoComplete: "email" },
  postcode: { label: "Postcode", maxLength: ATTESTATION.postcodeMax, autoComplete: "postal-code" },
} as const;

interface Props {
  view: View;
  id: string;
  token: string;
  onDone: (outcome: Outcome) => void;
  /** The token stopped working: back to the code step. */
  onAuthLost: () => void;
}

export function SignForm({ view, id, token, onDone, onAuthLost }: Props) {
  const uid = useId();
  const fieldId = (f: SignerField) => `${uid}-${f}`;
  const pad = useRef<PadHandle | null>(null);
  const today = londonDay(now());
  const [d, setD] = useState<SignerDraft>({
    name: view.attesterName,
    registrationNumber: "",
    regulator: "",
    email: "",
    address: "",
    postcode: "",
    date: today,
    confirmed: false,
  });
  const [errors, setErrors] = useState<SignerErrors>({});
  const [problem, setProblem] = useState("");
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState("");
  const [declineProblem, setDeclineProblem] = useState("");
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (declining) reasonInput.current?.focus();
  }, [declining]);
  const sign = useSignAttestation(id, token);
  const decline = useDeclineAttestation(id, token);

  const set = (field: SignerField, value: string | boolean) => {
    setD((x) => ({ ...x, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const text = (field: Exclude<SignerField, "confirmed" | "date">) => ({
    id: fieldId(field),
    value: d[field],
    error: errors[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(field, e.currentTarget.value),
  });
  const input = (field: keyof typeof TEXT_FIELDS) => (
    <TextInput required {...TEXT_FIELDS[field]} {...text(field)} />
  );
  const failed = (show: (message: string) => void) => (err: unknown) => {
    if (err instanceof ApiError && err.status === 401) return onAuthLost();
    show(errorMessage(err));
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setProblem("");
    const found = signerErrors(d, today, view.statement);
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    const signature = pad.current?.signature() ?? null;
    if (!signature) {
      setProblem(ATTESTATION_MESSAGES.signatureRequired);
      return;
    }
    sign.mutate(
      { details: toSignerDetails(d, view.statement), signature },
      {
        onSuccess: (res) => onDone({ signed: true, message: res.message, hash: res.hash }),
        onError: failed(setProblem),
      },
    );
  }

  function sendDecline(e: React.FormEvent) {
    e.preventDefault();
    setDeclineProblem("");
    if (!reason.trim()) {
      setReasonError(ATTESTATION_MESSAGES.reasonRequired);
      reasonInput.current?.focus();
      return;
    }
    decline.mutate(reason.trim(), {
      onSuccess: (res) => onDone({ signed: false, message: res.message }),
      onError: failed(setDeclineProblem),
    });
  }

  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate aria-labelledby={`${uid}-title`}>
        <Stack gap="sm">
          <Title order={2} fz="h3" id={`${uid}-title`}>
            Your details
          </Title>
          <Text fz="sm">
            The {view.regulator} asks for these details of the person who attests. They are kept only with
            this attestation and shown only to {view.professionalName}.
          </Text>
          {input("name")}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {input("registrationNumber")}
            {input("regulator")}
          </SimpleGrid>
          {input("email")}
          <Textarea
            label="Your professional address"
            required
            autosize
            minRows={2}
            maxLength={ATTESTATION.addressMax}
            autoComplete="street-address"
            {...text("address")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {input("postcode")}
            <DateField
              id={fieldId("date")}
              label="Date"
              required
              description="DD/MM/YYYY"
              value={d.date}
              extraError={errors.date}
              onChange={(v) => set("date", v)}
            />
          </SimpleGrid>
          {view.statement !== null && (
            <Checkbox
              id={fieldId("confirmed")}
              label={view.statement}
              description="As the confirmer, you confirm this statement."
              checked={d.confirmed}
              error={errors.confirmed}
              onChange={(e) => set("confirmed", e.currentTarget.checked)}
            />
          )}
          <Suspense fallback={<Spinner size="sm" label="Loading the signature pad" />}>
            <SignaturePadField handle={pad} />
          </Suspense>
          <div role="alert">
            {problem && (
              <Text c="var(--mantine-color-error)" fw={600}>
                {problem}
              </Text>
            )}
          </div>
          <div>
            <Button type="submit" loading={sign.isPending}>
              Sign
            </Button>
          </div>
        </Stack>
      </form>
      <Stack gap="sm" component="section" aria-labelledby={`${uid}-decline-title`}>
        <Title order={2} fz="h3" id={`${uid}-decline-title`}>
          Decline
        </Title>
        {!declining ? (
          <>
            <Text fz="sm">
              If you cannot attest to these records, decline and tell {view.professionalName} why.
            </Text>
            <div>
              <Button variant="default" onClick={() => setDeclining(true)}>
                Decline this request
              </Button>
            </div>
          </>
        ) : (
          <form onSubmit={sendDecline} noValidate>
            <Stack gap="sm">
              <Textarea
                ref={reasonInput}
                label="Your reason"
                description={`${view.professionalName} will read it.`}
                required
                autosize
                minRows={3}
                maxLength={ATTESTATION.reasonMax}
                value={reason}
                error={reasonError || undefined}
                onChange={(e) => {
                  setReason(e.currentTarget.value);
                  setReasonError("");
                }}
              />
              {declineProblem && (
                <StatusAlert tone="error" title="Your answer was not sent">
                  {declineProblem}
                </StatusAlert>
              )}
              <Group gap="sm">
                <Button type="submit" color="#a51d1d" loading={decline.isPending}>
                  Send my decline
                </Button>
                <Button variant="default" onClick={() => setDeclining(false)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Stack>
  );
}
