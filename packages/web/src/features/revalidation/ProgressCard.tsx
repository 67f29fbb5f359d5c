import { REGULATOR_NAMES, type RevalidationProgress, ukDate } from "@cpd/contract";
import { Anchor, Badge, Group, List, Progress, Stack, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { SectionCard } from "../../lib/SectionCard";
import { StatusAlert } from "../../lib/StatusAlert";
import {
  amountText,
  deadlineText,
  forecastText,
  percent,
  STATUS_COLOURS,
  STATUS_TEXT,
} from "./revalidation-model";

type Requirement = RevalidationProgress["requirements"][number];

function StatusBadge({ status }: { status: RevalidationProgress["status"] }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="filled" tt="none">
      {STATUS_TEXT[status]}
    </Badge>
  );
}

/** One requirement: its title, a bar of done against target, and what is missing or forecast. */
function RequirementBar({
  r,
  deadline,
  registrationId,
  compact = false,
}: {
  r: Requirement;
  deadline: string;
  /** Links the entries counted to the entries list filtered to them; without it, no link. */
  registrationId?: string;
  compact?: boolean;
}) {
  const amount = amountText(r);
  const forecast = forecastText(r, deadline);
  return (
    <div data-testid={`requirement-${r.id}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
        <Text fz={compact ? "xs" : "sm"} fw={600}>
          {r.met && (
            <span aria-hidden="true" style={{ color: "#1e6b30" }}>
              {"✓ "}
            </span>
          )}
          {r.title}
          {r.met && <span className="visually-hidden"> (met)</span>}
        </Text>
        <Text fz={compact ? "xs" : "sm"} style={{ whiteSpace: "nowrap" }}>
          {amount}
        </Text>
      </Group>
      <Progress.Root size={compact ? "sm" : "md"} mt={4}>
        <Progress.Section
          value={percent(r.done, r.target)}
          color={r.met ? "#1e6b30" : "#1c5f8c"}
          aria-label={`${r.title}: ${amount}`}
        />
      </Progress.Root>
      {!compact && r.missing.length > 0 && (
        <Text fz="sm" mt={4}>
          Still to cover: {r.missing.join(", ")}
        </Text>
      )}
      {!compact && registrationId && r.entryIds.length > 0 && (
        <Anchor
          component={Link}
          to={`/entries?${new URLSearchParams({ countsTowards: `${registrationId}:${r.id}` })}`}
          fz="sm"
          underline="always"
        >
          {r.entryIds.length === 1 ? "See the 1 entry" : `See the ${r.entryIds.length} entries`}
          <span className="visually-hidden"> counting towards {r.title}</span>
        </Anchor>
      )}
      {!compact && (
        <Text fz="sm" c="dimmed" mt={2}>
          {forecast && `${forecast} · `}
          <Anchor href={r.source} target="_blank" rel="noreferrer" fz="sm" underline="always">
            Where this is published
            <span className="visually-hidden"> ({r.title}, opens in a new tab)</span>
          </Anchor>
        </Text>
      )}
      {compact && !r.met && r.forecast && (
        <Text fz="xs" c="dimmed">
          At your pace, reached by {ukDate(r.forecast)}
        </Text>
      )}
    </div>
  );
}

/** One registration's cycle and each requirement's progress, on the revalidation page. */
export function ProgressCard({ p }: { p: RevalidationProgress }) {
  const { registration: reg } = p;
  return (
    <SectionCard
      title={`${REGULATOR_NAMES[p.pack.regulator]} (${reg.registrationNumber})`}
      action={<StatusBadge status={p.status} />}
    >
      <Stack gap="sm">
        <Text fz="sm">
          {p.pack.title}, version {p.pack.version}
        </Text>
        <List fz="sm" spacing={2}>
          <List.Item>
            Cycle: {ukDate(p.cycleStart)} to {ukDate(p.cycleEnd)}
          </List.Item>
          <List.Item>
            <strong>{deadlineText(p.daysToDeadline, p.deadline)}</strong>
          </List.Item>
          {p.windowOpens && <List.Item>Submission window opens {ukDate(p.windowOpens)}</List.Item>}
        </List>
        {p.warnings.map((w) => (
          <StatusAlert key={`${w.code}-${w.message}`} tone="info" title="Warning">
            {w.message}
          </StatusAlert>
        ))}
        {p.requirements.map((r) => (
          <RequirementBar key={r.id} r={r} deadline={p.deadline} registrationId={reg.id} />
        ))}
      </Stack>
    </SectionCard>
  );
}

/** The dashboard's summary of one registration: compact bars, days to the deadline, forecasts. */
export function CompactProgress({ p }: { p: RevalidationProgress }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text fw={600} fz="sm">
          {p.pack.regulator === "OTHER" ? p.pack.title : p.pack.regulator}
          {` · ${p.registration.registrationNumber}`}
        </Text>
        <StatusBadge status={p.status} />
      </Group>
      <Text fz="sm">{deadlineText(p.daysToDeadline, p.deadline)}</Text>
      {p.requirements.map((r) => (
        <RequirementBar key={r.id} r={r} deadline={p.deadline} compact />
      ))}
    </Stack>
  );
}
