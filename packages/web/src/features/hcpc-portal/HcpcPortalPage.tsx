// The HCPC audit portal (REQ-HCPC-01): a guest wizard reached through the e-mailed link
// /hcpc-portal/access/{token}, which stores the token and comes back to /hcpc-portal.
import "@mantine/notifications/styles.css";
import { HCPC_LINK_EXPIRED_MESSAGE, ukDate } from "@cpd/contract";
import { Anchor, AspectRatio, Button, Container, Group, Progress, Stack, Text, Title } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { ApiError } from "../../lib/api-error";
import { nowMs } from "../../lib/clock";
import { queryClient } from "../../lib/query-client";
import { Spinner } from "../../lib/Spinner";
import { StatusAlert } from "../../lib/StatusAlert";
import { usePageTitle } from "../../lib/use-page-title";
import { WizardSteps } from "../portfolio";
import { ActivitiesStep } from "./ActivitiesStep";
import { EvidenceStep } from "./EvidenceStep";
import { progressPercent, STEPS } from "./portal-state";
import { dispatchPortal, usePortalState } from "./portal-store";
import { useGuideVideo, useHcpcInfo } from "./queries";
import { StatementStep } from "./StatementStep";
import { SummaryStep } from "./SummaryStep";
import { timeLeft } from "./time-left";

const STEP_LABELS = ["Summary", "Activities", "Statement", "Evidence"];

/** The route's element: the guest page brings its own cache and toasts (it is outside the signed-in shell). */
export default function HcpcPortalRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <Notifications position="top-right" limit={5} />
      <HcpcPortal />
    </QueryClientProvider>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <Container size="lg" py="lg" component="main" id="main">
      {children}
    </Container>
  );
}

function LinkProblem({ message }: { message: string }) {
  return (
    <Shell>
      <Stack gap="md" maw={640}>
        <Title order={1}>HCPC audit portal</Title>
        <StatusAlert tone="error" title="This link cannot be used">
          {message}
        </StatusAlert>
        <Anchor component={Link} to="/portfolio-builder/choose">
          Go to the portfolio builder
        </Anchor>
      </Stack>
    </Shell>
  );
}

/** Redraws every minute so the time left stays true. */
function useMinuteTick() {
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 60_000);
    return () => clearInterval(t);
  }, []);
}

export function HcpcPortal() {
  usePageTitle("HCPC audit portal");
  const { accessToken } = useParams();
  const state = usePortalState();
  // The link's token is stored before anything else (a different token starts afresh).
  if (accessToken) return <StoreToken token={accessToken} />;
  if (!state.accessToken) {
    return (
      <LinkProblem message="Open the portal from the link in your e-mail. You can request a new link from the portfolio builder." />
    );
  }
  return <Wizard token={state.accessToken} />;
}

function StoreToken({ token }: { token: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    dispatchPortal({ type: "token", token });
    navigate("/hcpc-portal", { replace: true });
  }, [token, navigate]);
  return null;
}

function Wizard({ token }: { token: string }) {
  const state = usePortalState();
  const info = useHcpcInfo(token);
  const [step, setStep] = useState(0);
  useMinuteTick();

  if (info.isLoading) {
    return (
      <Shell>
        <Spinner label="Loading the portal" />
      </Shell>
    );
  }
  if (info.isError) {
    const status = info.error instanceof ApiError ? info.error.status : undefined;
    return (
      <LinkProblem
        message={
          status === 404 || status === 410
            ? HCPC_LINK_EXPIRED_MESSAGE
            : "Failed to load portal information. Please refresh the page."
        }
      />
    );
  }
  const data = info.data;
  if (!data) return null;
  const percent = progressPercent(state);
  const current = STEPS[step] ?? "summary";

  return (
    <Shell>
      <Stack gap="lg">
        <Stack gap={4} component="header">
          <Title order={1}>HCPC audit portal</Title>
          <Text>
            {data.name}: activities from {ukDate(data.dateFrom)} to {ukDate(data.dateTo)}
          </Text>
          <Group gap="lg" align="center" wrap="wrap">
            <Stack gap={2} miw={220} style={{ flexGrow: 1, maxWidth: 360 }}>
              <Text id="portal-progress" fz="sm">
                {percent}% complete
              </Text>
              <Progress.Root size="md">
                <Progress.Section value={percent} aria-label="Portal progress" />
              </Progress.Root>
            </Stack>
            <Text fz="sm">
              Link: <strong>{timeLeft(data.expiresAt, nowMs())}</strong>
            </Text>
          </Group>
        </Stack>
        <GuideVideo />
        <WizardSteps
          label="Portal steps"
          noun="Step"
          headingId="portal-step-heading"
          steps={STEP_LABELS.map((label, i) => ({ label, done: state.completed[STEPS[i] ?? "summary"] }))}
          current={step}
          onSelect={setStep}
        >
          {current === "summary" && <SummaryStep token={token} done={state.completed.summary} />}
          {current === "activities" && (
            <ActivitiesStep token={token} selected={state.entries} done={state.completed.activities} />
          )}
          {current === "statement" && <StatementStep token={token} done={state.completed.statement} />}
          {current === "evidence" && (
            <EvidenceStep
              token={token}
              entries={state.entries}
              selected={state.evidence}
              done={state.completed.evidence}
            />
          )}
        </WizardSteps>
        <Group gap="sm">
          <Button variant="default" disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
            Back
          </Button>
          <Button disabled={step === STEPS.length - 1} onClick={() => setStep((s) => s + 1)}>
            Next
          </Button>
        </Group>
      </Stack>
    </Shell>
  );
}

/** The portal's guide video, when the operator configured one (hidden otherwise). */
function GuideVideo() {
  const url = useGuideVideo().data;
  if (!url) return null;
  return (
    <details>
      <summary>Watch the guide video</summary>
      <AspectRatio ratio={16 / 9} maw={640} mt="sm">
        <iframe
          src={url}
          title="HCPC audit portal guide video"
          loading="lazy"
          allow="fullscreen; picture-in-picture"
          style={{ border: 0 }}
        />
      </AspectRatio>
    </details>
  );
}
