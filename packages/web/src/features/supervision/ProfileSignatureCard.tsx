// The signature saved in the profile (ADR 0022): drawn on the sign-off's pad, saved, replaced or
// deleted here, and offered to the owner at sign-off as "Use my saved signature" (never to a
// reviewee). Its own chunk, with the signature pad.
import { SUPERVISION_MESSAGES } from "@cpd/contract";
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense, useId, useRef, useState } from "react";
import { notifySuccess } from "../../lib/notify";
import type { PadHandle } from "../../lib/SignaturePadField";
import { Spinner } from "../../lib/Spinner";
import { useDeleteProfileSignature, useProfileSignature, useSaveProfileSignature } from "./queries";

const SignaturePadField = lazy(() => import("../../lib/SignaturePadField"));

export default function ProfileSignatureCard({ canEdit }: { canEdit: boolean }) {
  const id = useId();
  const pad = useRef<PadHandle | null>(null);
  const saved = useProfileSignature();
  const save = useSaveProfileSignature();
  const remove = useDeleteProfileSignature();
  const [drawing, setDrawing] = useState(false);
  const [problem, setProblem] = useState("");
  const current = saved.data?.signature ?? null;

  function submit() {
    const signature = pad.current?.signature() ?? null;
    if (!signature) {
      setProblem(SUPERVISION_MESSAGES.signatureRequired);
      return;
    }
    setProblem("");
    save.mutate(signature, {
      onSuccess: (res) => {
        notifySuccess(res.message);
        setDrawing(false);
      },
    });
  }

  function cancel() {
    setDrawing(false);
    setProblem("");
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="sm">
        <Title order={2} fz="h4" id={`${id}-title`}>
          Signature
        </Title>
        <Text fz="sm">
          Save your signature once and choose “Use my saved signature” when you sign off a supervision record.
        </Text>
        {saved.isPending ? (
          <Spinner size="sm" label="Loading your signature" />
        ) : current && !drawing ? (
          <img
            src={current}
            alt="Your saved signature"
            style={{ width: "100%", maxWidth: 367, border: "1px solid #868e96", borderRadius: 6 }}
          />
        ) : (
          !drawing && <Text fz="sm">You have no saved signature.</Text>
        )}
        {drawing && (
          <Suspense fallback={<Spinner size="sm" label="Loading the signature pad" />}>
            <SignaturePadField handle={pad} />
          </Suspense>
        )}
        {problem && (
          <Text role="alert" c="var(--mantine-color-error)" fw={600}>
            {problem}
          </Text>
        )}
        {canEdit && (
          <Group gap="sm">
            {drawing ? (
              <>
                <Button onClick={submit} loading={save.isPending}>
                  Save signature
                </Button>
                <Button variant="default" onClick={cancel}>
                  Cancel
                </Button>
              </>
            ) : (
              <>
                <Button variant="default" onClick={() => setDrawing(true)} disabled={saved.isPending}>
                  {current ? "Replace signature" : "Draw signature"}
                </Button>
                {current && (
                  <Button
                    variant="default"
                    color="red"
                    loading={remove.isPending}
                    onClick={() =>
                      remove.mutate(undefined, { onSuccess: (res) => notifySuccess(res.message) })
                    }
                  >
                    Delete signature
                  </Button>
                )}
              </>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
