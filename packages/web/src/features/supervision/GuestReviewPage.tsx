// /review/supervision/:id, the reviewee's page (no login, REQ-ROLE-05, REQ-SUP-03, REQ-SUP-04): the 2FA code, then the
// record read-only with its topics, comments and sign-off. The guest token is kept for this tab
// in the tab's stored state (guest-token.ts); when it stops working the code step comes back.
import { api, SUPERVISION_MESSAGES, type SupervisionSide, UUID_PATTERN } from "@cpd/contract";
import { Anchor, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useParams } from "react-router-dom";
import { buildUrl } from "../../lib/api-client";
import { errorMessage } from "../../lib/error-messages";
import { GuestShell, guestRoute, LinkProblem } from "../../lib/GuestShell";
import { useGuestToken, withToken } from "../../lib/guest-token";
import { londonDateTime } from "../../lib/london-time";
import { Spinner } from "../../lib/Spinner";
import { StatusAlert } from "../../lib/StatusAlert";
import { usePageTitle } from "../../lib/use-page-title";
import { GuestAuth } from "./GuestAuth";
import { supervisionTokens } from "./guest-token";
import { type Party, supervisionKeys, useSupervisionView } from "./queries";
import { ReadOnlyRecord } from "./ReadOnlyRecord";
import { reviewState } from "./review-model";
import { SignOff, type SignOffAnswer } from "./SignOff";
import { authLost, shareProblem } from "./share-problem";
import { TopicList } from "./Topics";

const TITLE = "Supervision review";
const UUID = new RegExp(UUID_PATTERN);

export function GuestReview() {
  usePageTitle(TITLE);
  const { id = "" } = useParams();
  const [token, keepToken] = useGuestToken(supervisionTokens, id);
  const [problem, setProblem] = useState<string | null>(null);
  const [signed, setSigned] = useState<{ side: SupervisionSide; answer: SignOffAnswer } | null>(null);

  if (!UUID.test(id)) return <LinkProblem title={TITLE} message={SUPERVISION_MESSAGES.linkInvalid} />;
  if (problem) return <LinkProblem title={TITLE} message={problem} />;
  if (signed && token) return <Signed shareId={id} token={token} {...signed} />;
  if (!token) {
    return (
      <GuestShell title={TITLE}>
        <GuestAuth shareId={id} onToken={keepToken} onProblem={setProblem} />
      </GuestShell>
    );
  }
  return (
    <GuestRecord
      shareId={id}
      token={token}
      onAuthLost={() => keepToken(null)}
      onProblem={setProblem}
      onSigned={(side, answer) => setSigned({ side, answer })}
    />
  );
}

const pdfUrl = (shareId: string, token: string) =>
  withToken(buildUrl(api.supervisionPdf.path, { id: shareId }), token);

function DownloadPdf({ shareId, token }: { shareId: string; token: string }) {
  return (
    <Anchor href={pdfUrl(shareId, token)} target="_blank" rel="noopener noreferrer" fw={600}>
      Download PDF
    </Anchor>
  );
}

function GuestRecord({
  shareId,
  token,
  onAuthLost,
  onProblem,
  onSigned,
}: {
  shareId: string;
  token: string;
  onAuthLost: () => void;
  onProblem: (message: string) => void;
  onSigned: (side: SupervisionSide, answer: SignOffAnswer) => void;
}) {
  const qc = useQueryClient();
  const view = useSupervisionView(shareId, token);
  const error = view.error;
  useEffect(() => {
    if (!error) return;
    if (authLost(error)) onAuthLost();
    else {
      const problem = shareProblem(error);
      if (problem) onProblem(problem);
    }
  }, [error, onAuthLost, onProblem]);

  if (view.isLoading) {
    return (
      <GuestShell title={TITLE}>
        <Spinner label="Loading the supervision record" />
      </GuestShell>
    );
  }
  const data = view.data;
  const reviewee = data?.form.reviewee;
  if (!data || !reviewee || !data.form.entryId) {
    return (
      <GuestShell title={TITLE}>
        <StatusAlert tone="error" title="Failed to load the supervision record">
          {error ? errorMessage(error) : SUPERVISION_MESSAGES.linkInvalid}
        </StatusAlert>
      </GuestShell>
    );
  }
  const { form, ownerName, viewer } = data;
  const party: Party = {
    kind: "reviewee",
    side: viewer.side,
    shareId,
    entryId: data.form.entryId,
    guestToken: token,
    refresh: () => qc.invalidateQueries({ queryKey: supervisionKeys.view(shareId, token) }),
    onAuthLost,
  };
  const state = reviewState(reviewee, viewer.side, true);

  return (
    <GuestShell title={TITLE}>
      <Stack gap={4}>
        <Text>
          {ownerName} shared this supervision record with you. You are reviewing it as the{" "}
          <strong>{viewer.side}</strong>, {viewer.name}.
        </Text>
        <Text>The link works until {londonDateTime(reviewee.ExpiresAt)}.</Text>
        <div>
          <DownloadPdf shareId={shareId} token={token} />
        </div>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="record-title">
        <Title order={2} fz="h3" id="record-title">
          The record
        </Title>
        <Text fz="sm">
          The record's answers are read-only. Use the comments on each topic to discuss them.
        </Text>
        {data.withheld && data.withheld.files > 0 && (
          // Evidence the API leaves out (a possible patient identifier, or still being checked).
          <StatusAlert tone="info" title="Some evidence is not shown">
            {data.withheld.message}
          </StatusAlert>
        )}
        <ReadOnlyRecord form={form} token={token} level={3} ownerName={ownerName} />
      </Stack>
      <TopicList party={party} topics={reviewee.Topics} state={state} level={2} />
      <SignOff
        party={party}
        reviewee={reviewee}
        state={state}
        level={2}
        onSigned={(answer) => onSigned(viewer.side, answer)}
      />
    </GuestShell>
  );
}

function Signed({
  shareId,
  token,
  side,
  answer,
}: {
  shareId: string;
  token: string;
  side: SupervisionSide;
  answer: SignOffAnswer;
}) {
  return (
    <GuestShell title={TITLE}>
      <StatusAlert tone="success" title={`Thank you, you have signed the supervision record as the ${side}.`}>
        <Stack gap="xs">
          <Text>{answer.message}</Text>
          {!answer.completed && <Text>We will e-mail you when the other side has signed.</Text>}
        </Stack>
      </StatusAlert>
      {/* Outside the tinted alert: a link colour on its background is below 4.5:1. */}
      <div>
        <DownloadPdf shareId={shareId} token={token} />
      </div>
    </GuestShell>
  );
}

export default guestRoute(GuestReview);
