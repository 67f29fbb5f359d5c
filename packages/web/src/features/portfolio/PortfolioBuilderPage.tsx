import { londonDay, PAGE_TITLES, pageOptions } from "@cpd/contract";
import { Button, Checkbox, Group, Stack, Text, Title } from "@mantine/core";
import { useEffect, useMemo, useRef, useState } from "react";
import { now } from "../../lib/clock";
import { Spinner } from "../../lib/Spinner";
import { usePageTitle } from "../../lib/use-page-title";
import { useClinicalSkillsLink } from "../dashboard";
import { useGoverningBodies } from "../profile";
import { type BuilderState, STAGES, selection, stageProblem, UNTAGGED, yearsBefore } from "./builder-model";
import { DateRangeFields } from "./DateRangeFields";
import { DownloadStage } from "./DownloadStage";
import { EntriesStage } from "./EntriesStage";
import { FrontPageStage } from "./FrontPageStage";
import { useRangeEntries } from "./queries";
import { WizardSteps } from "./Stepper";

/** Today in the UK (the users' day, whatever the browser's zone). */
const todayIso = () => londonDay(now());

function initialState(): BuilderState {
  const today = todayIso();
  return {
    include: [],
    line1: "Continuing Professional",
    line2: "Development Portfolio",
    background: 1,
    includeBranding: false,
    cover: "classic",
    dateFrom: yearsBefore(today, 1),
    dateTo: today,
    tags: [],
    excludedEntries: [],
    excludedEvidence: [],
  };
}

/** The six-stage portfolio builder (REQ-PORT-02..05). */
export default function PortfolioBuilderPage() {
  usePageTitle("Portfolio builder");
  const bodies = useGoverningBodies();
  const link = useClinicalSkillsLink(true);
  const [state, setState] = useState<BuilderState>(initialState);
  const [stage, setStage] = useState(0);
  const patch = (p: Partial<BuilderState>) => setState((s) => ({ ...s, ...p }));

  const options = useMemo(
    () => pageOptions(bodies.data ?? [], link.data?.linked ?? false),
    [bodies.data, link.data?.linked],
  );
  // Every page offered starts ticked, once the governing bodies are known.
  const optionsReady = bodies.isFetched && link.isFetched;
  useEffect(() => {
    if (optionsReady) setState((s) => (s.include.length ? s : { ...s, include: options }));
  }, [optionsReady, options]);

  const rangeOk = stageProblem(2, { ...state, tags: [UNTAGGED] }) === null;
  const entries = useRangeEntries(state.dateFrom, state.dateTo, rangeOk);
  const tagOptions = useMemo(() => {
    const all = new Set<string>();
    for (const e of entries.data ?? []) for (const t of e.tags) all.add(t);
    return [...[...all].sort((a, b) => a.localeCompare(b)), UNTAGGED];
  }, [entries.data]);
  // Tags seen for the first time start ticked; ones the user unticked stay unticked.
  const seenTags = useRef(new Set<string>());
  useEffect(() => {
    const fresh = tagOptions.filter((t) => !seenTags.current.has(t));
    if (!fresh.length) return;
    for (const t of fresh) seenTags.current.add(t);
    setState((s) => ({ ...s, tags: [...s.tags, ...fresh] }));
  }, [tagOptions]);

  const sel = selection(entries.data ?? [], state);
  const excluded = new Set(state.excludedEntries);
  const excludedEvidence = new Set(state.excludedEvidence);
  const setExcluded = (ids: string[], out: boolean) =>
    setState((s) => {
      const next = new Set(s.excludedEntries);
      for (const id of ids) out ? next.add(id) : next.delete(id);
      return { ...s, excludedEntries: [...next] };
    });
  const setEvidenceExcluded = (id: string, out: boolean) =>
    setState((s) => ({
      ...s,
      excludedEvidence: out ? [...s.excludedEvidence, id] : s.excludedEvidence.filter((x) => x !== id),
    }));

  const problem = stageProblem(stage, state);
  const reachable = (i: number) => STAGES.slice(0, i).every((_, j) => stageProblem(j, state) === null);

  if (!optionsReady) return <Spinner label="Loading the portfolio builder" />;

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>Portfolio builder</Title>
      <WizardSteps
        label="Portfolio stages"
        noun="Stage"
        headingId="stage-heading"
        steps={STAGES.map((label, i) => ({ label, disabled: i > stage && !reachable(i) }))}
        current={stage}
        onSelect={setStage}
      >
        {stage === 0 && (
          <Checkbox.Group
            label="Pages to include"
            value={state.include}
            onChange={(include) => patch({ include: options.filter((c) => include.includes(c)) })}
          >
            <Stack gap="xs" mt="xs">
              {options.map((code) => (
                <Checkbox key={code} value={code} label={PAGE_TITLES[code] ?? code} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {stage === 1 && <FrontPageStage state={state} patch={patch} />}
        {stage === 2 && (
          <Stack gap="md">
            <Group align="flex-start" gap="lg">
              <DateRangeFields
                idPrefix="portfolio"
                from={state.dateFrom}
                to={state.dateTo}
                onFromChange={(dateFrom) => patch({ dateFrom })}
                onToChange={(dateTo) => patch({ dateTo })}
              />
            </Group>
            {entries.isFetching && <Spinner size="sm" label="Loading your entries" />}
            <Checkbox.Group
              label="Tags"
              description="Entries with any ticked tag are listed; Untagged lists entries without tags."
              value={state.tags}
              onChange={(tags) => patch({ tags })}
            >
              <Group gap="md" mt="xs">
                {tagOptions.map((t) => (
                  <Checkbox key={t} value={t} label={t} />
                ))}
              </Group>
            </Checkbox.Group>
          </Stack>
        )}
        {(stage === 3 || stage === 4) &&
          (entries.isLoading ? (
            <Spinner label="Loading your entries" />
          ) : (
            <EntriesStage
              kind={stage === 3 ? "diary" : "reflective"}
              entries={stage === 3 ? sel.diary : sel.reflections}
              excluded={excluded}
              excludedEvidence={excludedEvidence}
              setExcluded={setExcluded}
              setEvidenceExcluded={setEvidenceExcluded}
            />
          ))}
        {stage === 5 && (
          <DownloadStage
            pagesChosen={state.include.length}
            request={{
              dateFrom: state.dateFrom,
              dateTo: state.dateTo,
              include: state.include,
              title: { line1: state.line1, line2: state.line2 },
              diaryEntries: sel.diaryIds,
              reflectiveEntries: sel.reflectiveIds,
              evidenceIds: sel.evidenceIds,
              includeBranding: state.includeBranding,
              selectedPortfolioCover: state.cover,
              background: state.background,
            }}
          />
        )}
      </WizardSteps>
      <Stack gap={4}>
        <Group gap="sm">
          <Button variant="default" disabled={stage === 0} onClick={() => setStage((s) => s - 1)}>
            Back
          </Button>
          {stage < STAGES.length - 1 && (
            <Button
              disabled={problem !== null}
              aria-describedby={problem ? "stage-problem" : undefined}
              onClick={() => setStage((s) => s + 1)}
            >
              Next
            </Button>
          )}
        </Group>
        {problem && (
          <Text id="stage-problem" c="var(--mantine-color-error)" role="status">
            {problem}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
