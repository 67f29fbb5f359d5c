// The owner's "Supervision review" panel under a supervision entry (REQ-SUP-02..05): share the saved
// record with the other party; once shared, who with and until when, reset, the topics and
// comments, and sign-off. Loaded only with a supervision entry (its own chunk).
import { otherSide, SUPERVISION_MESSAGES, SUPERVISION_SIDES, type SupervisionSide } from "@cpd/contract";
import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import { entryChanged } from "../../lib/invalidate";
import { notifySuccess } from "../../lib/notify";
import { StatusAlert } from "../../lib/StatusAlert";
import { type Party, useProfileSignature, useWithheldFromReviewer } from "./queries";
import { ownerSide, type RevieweeRecord, reviewState } from "./review-model";
import { ShareDialog } from "./ShareDialog";
import { ShareSummary } from "./ShareSummary";
import { SignOff, type SignOffAnswer } from "./SignOff";
import { TopicList } from "./Topics";

interface Props {
  /** null until the entry is saved for the first time. */
  entryId: string | null;
  reviewee: RevieweeRecord | null;
  /** The role as last saved (values.SupervisionRole). */
  savedRole: string | undefined;
  /** The form has changes not saved yet. */
  dirty: boolean;
}

const isSide = (v: string | undefined): v is SupervisionSide =>
  (SUPERVISION_SIDES as readonly string[]).includes(v ?? "");

export default function SupervisionPanel({ entryId, reviewee, savedRole, dirty }: Props) {
  const id = useId();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const refresh = () =>
    Promise.all([qc.invalidateQueries({ queryKey: ["form", "entry", entryId] }), entryChanged(qc)]);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="md">
        <Title order={2} fz="h3" id={`${id}-title`}>
          Supervision review
        </Title>
        {entryId && reviewee ? (
          <SharedReview
            entryId={entryId}
            reviewee={reviewee}
            dirty={dirty}
            refresh={refresh}
            onSigned={(res) => {
              notifySuccess(res.message);
              void entryChanged(qc);
              navigate("/dashboard");
            }}
          />
        ) : (
          <NotShared
            entryId={entryId}
            role={isSide(savedRole) ? savedRole : null}
            dirty={dirty}
            onShared={() => {
              void refresh();
              navigate("/entries");
            }}
          />
        )}
      </Stack>
    </Card>
  );
}

function NotShared({
  entryId,
  role,
  dirty,
  onShared,
}: {
  entryId: string | null;
  role: SupervisionSide | null;
  dirty: boolean;
  onShared: () => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const other = role ? otherSide(role) : null;
  const hint =
    !entryId || !role
      ? SUPERVISION_MESSAGES.roleRequired
      : dirty
        ? "Save your changes before sharing the record."
        : null;
  return (
    <Stack gap="sm" align="flex-start">
      <Text>
        Share this record with the {other ?? "other party"} to discuss its topics, comment on them and sign it
        off together. They review it from an e-mailed link, without an account.
      </Text>
      {hint && <Text id={`${id}-hint`}>{hint}</Text>}
      <Button
        onClick={() => setOpen(true)}
        disabled={hint !== null}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        {other ? `Share with the ${other}` : "Share"}
      </Button>
      {entryId && other && (
        <ShareDialog
          opened={open}
          entryId={entryId}
          revieweeType={other}
          onClose={() => setOpen(false)}
          onShared={() => {
            setOpen(false);
            onShared();
          }}
        />
      )}
    </Stack>
  );
}

function SharedReview({
  entryId,
  reviewee,
  dirty,
  refresh,
  onSigned,
}: {
  entryId: string;
  reviewee: RevieweeRecord;
  dirty: boolean;
  refresh: () => Promise<unknown>;
  onSigned: (res: SignOffAnswer) => void;
}) {
  const side = ownerSide(reviewee);
  const state = reviewState(reviewee, side, !dirty);
  const party: Party = { kind: "owner", side, shareId: reviewee.Id, entryId, refresh };
  const active = reviewee.Status === "shared" || reviewee.Status === "locked";
  const hint = dirty && active ? SUPERVISION_MESSAGES.notSaved : null;
  const signOff = { party, reviewee, state, level: 3 as const, hint, onSigned };
  return (
    <>
      <Text>
        You are the <strong>{side}</strong>. You shared this record with the {reviewee.RevieweeType}.
      </Text>
      <ShareSummary entryId={entryId} reviewee={reviewee} onReset={() => void refresh()} />
      <WithheldNotice shareId={reviewee.Id} />
      <TopicList party={party} topics={reviewee.Topics} state={state} level={3} />
      {/* One component whatever the state: swapping it when the record reloads after a signature
          would unmount the sign-off whose success (message, redirect) is still to run. */}
      <OwnerSignOff {...signOff} />
    </>
  );
}

/** What the reviewer cannot open (a possible patient identifier added since sharing, ADR 0031). */
function WithheldNotice({ shareId }: { shareId: string }) {
  const withheld = useWithheldFromReviewer(shareId);
  if (!withheld.data) return null;
  return (
    <StatusAlert tone="info" title="Your reviewer cannot see everything">
      {withheld.data.message}
    </StatusAlert>
  );
}

/** The owner may sign with the signature saved in their profile. */
function OwnerSignOff(props: React.ComponentProps<typeof SignOff>) {
  const saved = useProfileSignature();
  return <SignOff {...props} savedSignature={saved.data?.signature ?? null} />;
}
