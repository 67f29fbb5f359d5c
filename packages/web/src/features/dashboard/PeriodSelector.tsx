import { Button, Card, Group, NativeSelect, Text } from "@mantine/core";
import { useState } from "react";
import { DateField } from "../../lib/DateField";
import {
  canConfirmRange,
  PERIOD_OPTIONS,
  type Period,
  type PeriodChoice,
  rangeError,
} from "./dashboard-model";

/** 12, 24, 36 months, Lifetime, or a custom range that needs both dates before Confirm. */
export function PeriodSelector({
  value,
  onChange,
}: {
  value: PeriodChoice;
  onChange: (c: PeriodChoice) => void;
}) {
  const [selected, setSelected] = useState<Period>(value.period);
  const [from, setFrom] = useState(value.period === "custom" ? value.from : "");
  const [to, setTo] = useState(value.period === "custom" ? value.to : "");
  const [tried, setTried] = useState(false);
  const error = tried ? rangeError(from, to) : null;

  function choose(p: Period) {
    setSelected(p);
    setTried(false);
    if (p !== "custom") onChange({ period: p });
  }

  return (
    <Card withBorder padding="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <NativeSelect
          label="Period"
          value={selected}
          onChange={(e) => choose(e.currentTarget.value as Period)}
          data={PERIOD_OPTIONS}
          w={200}
        />
        {selected === "custom" && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setTried(true);
              if (canConfirmRange(from, to)) onChange({ period: "custom", from, to });
            }}
            style={{ display: "contents" }}
            aria-label="Custom range"
          >
            <DateField id="period-from" label="From" required value={from} onChange={setFrom} />
            <DateField id="period-to" label="To" required value={to} onChange={setTo} />
            <Button type="submit" disabled={!canConfirmRange(from, to)}>
              Confirm
            </Button>
          </form>
        )}
      </Group>
      {error && (
        <Text c="var(--mantine-color-error)" fz="sm" mt="xs" role="alert">
          {error}
        </Text>
      )}
      {selected === "custom" && !canConfirmRange(from, to) && !error && (
        <Text fz="sm" c="dimmed" mt="xs">
          Enter both dates (DD/MM/YYYY) to confirm the range.
        </Text>
      )}
    </Card>
  );
}
