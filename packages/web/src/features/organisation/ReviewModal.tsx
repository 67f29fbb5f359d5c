import { api, londonDay } from "@cpd/contract";
import { Button, Group, Modal, SimpleGrid, Stack, Switch, Textarea } from "@mantine/core";
import { useState } from "react";
import { now } from "../../lib/clock";
import { DateField } from "../../lib/DateField";
import { DateRangeFields } from "../../lib/DateRangeFields";
import { downloadWithSession } from "../../lib/download";
import { errorMessage } from "../../lib/error-messages";
import { ModalActions } from "../../lib/ModalActions";
import { notifySuccess } from "../../lib/notify";
import { type Status, StatusRegion } from "../../lib/StatusAlert";
import { useCreateReview } from "./queries";
import { lastTwelveMonths } from "./range";

export interface ReviewTarget {
  id: string;
  name: string;
}

/** REQ-ORG-02: the annual review: date range (and its portfolio), met requirements, comments. */
export function ReviewModal({ user, onClose }: { user: ReviewTarget | null; onClose: () => void }) {
  const [range, setRange] = useState(lastTwelveMonths);
  const [date, setDate] = useState(() => londonDay(now()));
  const [met, setMet] = useState(false);
  const [comments, setComments] = useState("");
  const [status, setStatus] = useState<Status | null>(null);
  const [downloading, setDownloading] = useState(false);

  const save = useCreateReview({
    onSuccess: () => {
      notifySuccess("Review saved", `The annual review of ${user?.name} has been recorded.`);
      setComments("");
      setMet(false);
      setStatus(null);
      onClose();
    },
    onError: (err) =>
      setStatus({ tone: "error", title: "Review not saved", text: errorMessage(err) || "Unknown error" }),
  });

  async function portfolio() {
    // REQ-ORG-02: both dates are required to download the portfolio.
    if (!user || !range.from || !range.to) {
      setStatus({ tone: "error", title: "Portfolio not downloaded", text: "Please enter both dates." });
      return;
    }
    setDownloading(true);
    try {
      await downloadWithSession(
        api.reviewPortfolio,
        undefined,
        `portfolio-${user.name.replace(/\W+/g, "-")}.pdf`,
        {
          body: { user: user.id, dateFrom: range.from, dateTo: range.to },
        },
      );
      setStatus(null);
    } catch (err) {
      setStatus({
        tone: "error",
        title: "Portfolio not downloaded",
        text: errorMessage(err) || "Unknown error",
      });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Modal opened={user !== null} onClose={onClose} title={`Annual review: ${user?.name ?? ""}`} size="lg">
      <Stack gap="sm">
        <StatusRegion status={status} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateRangeFields id="review" value={range} onChange={setRange} labels={["Date from", "Date to"]} />
        </SimpleGrid>
        <Group>
          <Button variant="light" onClick={() => void portfolio()} loading={downloading}>
            Download portfolio
          </Button>
        </Group>
        <DateField id="review-date" label="Review date" required value={date} onChange={setDate} />
        <Switch label="Met requirements" checked={met} onChange={(e) => setMet(e.currentTarget.checked)} />
        <Textarea
          label="Comments"
          autosize
          minRows={3}
          maxRows={10}
          value={comments}
          onChange={(e) => setComments(e.currentTarget.value)}
        />
        <ModalActions onClose={onClose}>
          <Button
            onClick={() => save.mutate({ user: user?.id ?? "", date, comments, metRequirements: met })}
            loading={save.isPending}
            disabled={!date}
          >
            Save review
          </Button>
        </ModalActions>
      </Stack>
    </Modal>
  );
}
