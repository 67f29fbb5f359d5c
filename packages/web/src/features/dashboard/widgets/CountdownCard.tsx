import { ukDate } from "@cpd/contract";
import { Text } from "@mantine/core";
import { now } from "../../../lib/clock";
import { countdownMessage } from "../dashboard-model";
import { WidgetCard } from "./WidgetCard";

export function CountdownCard({
  hoursLeft,
  endDate,
  compliance,
}: {
  hoursLeft: number | null;
  endDate: string | null;
  compliance: number | null;
}) {
  const message = countdownMessage(hoursLeft, endDate, now());
  if (!message) return null;
  return (
    <WidgetCard title="CPD hours countdown">
      <Text fw={600} data-testid="countdown">
        {message}
      </Text>
      {compliance !== null && (
        <Text fz="sm" c="dimmed" mt={4}>
          {`${Math.round(compliance)}% of this period's CPD hours logged${endDate ? `; the period ends on ${ukDate(endDate)}` : ""}.`}
        </Text>
      )}
    </WidgetCard>
  );
}
