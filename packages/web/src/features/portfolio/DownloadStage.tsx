import { type api, type BodyOf, PAGE_TITLES, PORTFOLIO, ukDate } from "@cpd/contract";
import { Button, List, Progress, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { API_ROOT } from "../../lib/api-client";
import { nowMs } from "../../lib/clock";
import { notifySuccess } from "../../lib/notify";
import { StatusAlert } from "../../lib/StatusAlert";
import { estimatedPages, isEmailed, shownProgress } from "./builder-model";
import { usePortfolioStatus, useRequestPortfolio } from "./queries";

type Request = BodyOf<typeof api.requestPortfolio>;

/** The state call's link, usable without the bearer header: absolute, /api/..., or an API path. */
function downloadHref(link: string): string {
  if (/^https?:\/\//i.test(link) || link.startsWith(`${API_ROOT}/`)) return link;
  return `${API_ROOT}${link.startsWith("/") ? "" : "/"}${link}`;
}

interface Started {
  uuid: string;
  pages: number;
  at: number;
}

function Progressing({ started }: { started: Started }) {
  const status = usePortfolioStatus(started.uuid);
  const [, tick] = useState(0);
  const state = status.data?.state;
  const running = state !== "Completed" && state !== "Failed" && state !== "Expired" && !status.isError;
  // The animation redraws while the server works (real timers; the clock gives the elapsed time).
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(t);
  }, [running]);

  if (state === "Completed" && status.data?.downloadLink) {
    return (
      <Stack gap="sm">
        <Progress.Root size="lg">
          <Progress.Section value={100} aria-label="Portfolio progress" />
        </Progress.Root>
        <StatusAlert tone="success" title="Your portfolio is ready">
          The link works for {PORTFOLIO.linkMinutes} minutes.
        </StatusAlert>
        <Button component="a" href={downloadHref(status.data.downloadLink)} download w="fit-content">
          Download portfolio
        </Button>
      </Stack>
    );
  }
  if (state === "Failed" || state === "Expired" || status.isError) {
    const reason =
      status.data?.reason ?? (state === "Expired" ? "The portfolio has expired." : "Please try again.");
    return (
      <StatusAlert tone="error" title="Failed to download portfolio">
        {reason}
      </StatusAlert>
    );
  }
  const value = shownProgress(nowMs() - started.at, started.pages, status.data?.progress ?? 0);
  return (
    <Stack gap="xs">
      <Text>Building your portfolio… {value}%</Text>
      <Progress.Root size="lg">
        <Progress.Section value={value} animated aria-label="Portfolio progress" />
      </Progress.Root>
    </Stack>
  );
}

export function DownloadStage({ request, pagesChosen }: { request: Request; pagesChosen: number }) {
  const pages = estimatedPages(request.diaryEntries.length, request.reflectiveEntries.length);
  const mutation = useRequestPortfolio();
  const [started, setStarted] = useState<Started | null>(null);
  const [emailed, setEmailed] = useState(false);

  function build() {
    setEmailed(false);
    setStarted(null);
    mutation.mutate(request, {
      onSuccess: (res) => {
        if (res.delivery === "email") {
          setEmailed(true);
          notifySuccess("Portfolio Requested", "You will receive an e-mail within 10 minutes.");
        } else {
          setStarted({ uuid: res.uuid, pages: res.estimatedPages, at: nowMs() });
        }
      },
    });
  }

  return (
    <Stack gap="md">
      <List spacing={4}>
        <List.Item>
          Title: {request.title.line1}
          {request.title.line2 ? ` / ${request.title.line2}` : ""}
        </List.Item>
        <List.Item>
          Dates: {ukDate(request.dateFrom)} to {ukDate(request.dateTo)}
        </List.Item>
        <List.Item>
          Pages: {pagesChosen} ({request.include.map((c) => PAGE_TITLES[c] ?? c).join(", ")})
        </List.Item>
        <List.Item>Diary entries: {request.diaryEntries.length}</List.Item>
        <List.Item>Reflective entries: {request.reflectiveEntries.length}</List.Item>
        <List.Item>Evidence files: {request.evidenceIds.length}</List.Item>
      </List>
      <Text fw={700}>Estimated pages: {pages}</Text>
      {isEmailed(pages) && (
        <Text>
          Portfolios of {PORTFOLIO.emailFromPages} pages or more are e-mailed to you instead of downloaded.
        </Text>
      )}
      <Button onClick={build} loading={mutation.isPending} w="fit-content">
        Build portfolio
      </Button>
      {emailed && (
        <StatusAlert tone="success" title="Portfolio Requested">
          You will receive an e-mail within 10 minutes.
        </StatusAlert>
      )}
      {started && <Progressing started={started} />}
    </Stack>
  );
}
