import { ukDate } from "@cpd/contract";
import { SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { addDays, longDayName } from "../../lib/london-time";
import { type CalendarItem, chipText, itemLabel, KIND_STYLES } from "./calendar-model";

export type OpenItem = (item: CalendarItem) => void;

const MAX_IN_CELL = 4;
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/**
 * One calendar item: a button (details) or a link-like button (entry edit), never colour alone.
 * Named by what it shows, then its kind (WCAG 2.5.3: the name starts with what is seen).
 */
export function ItemChip({
  item,
  onOpen,
  wrap = false,
}: {
  item: CalendarItem;
  onOpen: OpenItem;
  wrap?: boolean;
}) {
  const style = KIND_STYLES[item.kind];
  return (
    <button
      type="button"
      className={`cal-chip${wrap ? " cal-chip-wrap" : ""}`}
      style={{ color: style.colour, background: style.background }}
      onClick={() => onOpen(item)}
      // Exactly the shown text, then the kind: a hidden span would add a space before the comma.
      aria-label={`${chipText(item)}, ${style.label}`}
      title={itemLabel(item)}
    >
      <span className="cal-symbol" aria-hidden="true">
        {style.symbol}
      </span>
      <span className="cal-chip-text">{chipText(item)}</span>
    </button>
  );
}

function ItemList({ items, onOpen, wrap }: { items: CalendarItem[]; onOpen: OpenItem; wrap?: boolean }) {
  return (
    <ul className="cal-items">
      {items.map((it) => (
        <li key={it.key}>
          <ItemChip item={it} onOpen={onOpen} wrap={wrap} />
        </li>
      ))}
    </ul>
  );
}

/** A month grid: a table with weekday column headers; each day lists its items. */
export function MonthView({
  monthStart,
  gridStart,
  today,
  days,
  onOpen,
  onMore,
}: {
  monthStart: string;
  gridStart: string;
  today: string;
  days: Map<string, CalendarItem[]>;
  onOpen: OpenItem;
  /** Shows one day's full list (the week view of that day). */
  onMore: (day: string) => void;
}) {
  const month = monthStart.slice(0, 7);
  const weeks: string[][] = [];
  for (let w = 0; w < 6; w++) {
    const week = Array.from({ length: 7 }, (_, i) => addDays(gridStart, w * 7 + i));
    // Drop a trailing week that lies wholly in the next month.
    if (w > 3 && week[0]?.slice(0, 7) !== month) break;
    weeks.push(week);
  }
  return (
    <table className="cal-table">
      <thead>
        <tr>
          {WEEKDAYS.map((d, i) => (
            <th key={d} scope="col">
              <abbr title={WEEKDAY_NAMES[i]}>{d}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0] ?? ""}>
            {week.map((day) => {
              const classes = [day.slice(0, 7) !== month && "cal-outside", day === today && "cal-today"]
                .filter(Boolean)
                .join(" ");
              const items = days.get(day) ?? [];
              return (
                <td
                  key={day}
                  className={classes || undefined}
                  aria-current={day === today ? "date" : undefined}
                >
                  <div className="cal-day-number">
                    <span aria-hidden="true">{Number(day.slice(8))}</span>
                    <span className="visually-hidden">
                      {longDayName(day)}
                      {items.length ? `, ${items.length} ${items.length === 1 ? "item" : "items"}` : ""}
                    </span>
                    {day === today && (
                      <span className="cal-today-tag" aria-hidden="true">
                        Today
                      </span>
                    )}
                  </div>
                  {items.length > 0 && <ItemList items={items.slice(0, MAX_IN_CELL)} onOpen={onOpen} />}
                  {items.length > MAX_IN_CELL && (
                    <button type="button" className="cal-more" onClick={() => onMore(day)}>
                      +{items.length - MAX_IN_CELL} more
                      <span className="visually-hidden"> items on {longDayName(day)}</span>
                    </button>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function WeekView({
  weekStart,
  today,
  days,
  onOpen,
}: {
  weekStart: string;
  today: string;
  days: Map<string, CalendarItem[]>;
  onOpen: OpenItem;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 7 }} spacing={6}>
      {Array.from({ length: 7 }, (_, i) => addDays(weekStart, i)).map((day, i) => {
        const items = days.get(day) ?? [];
        return (
          <section
            key={day}
            className={`cal-week-day${day === today ? " cal-today" : ""}`}
            aria-labelledby={`week-${day}`}
            aria-current={day === today ? "date" : undefined}
          >
            <Title order={3} fz="sm" id={`week-${day}`}>
              <abbr title={WEEKDAY_NAMES[i]}>{WEEKDAYS[i]}</abbr> {ukDate(day).slice(0, 5)}
              {day === today && <span className="cal-today-tag"> Today</span>}
            </Title>
            {items.length ? (
              <ItemList items={items} onOpen={onOpen} wrap />
            ) : (
              <Text fz="xs" c="dimmed" mt={4}>
                Nothing planned
              </Text>
            )}
          </section>
        );
      })}
    </SimpleGrid>
  );
}

export function ListView({
  today,
  days,
  onOpen,
  empty,
}: {
  today: string;
  days: Map<string, CalendarItem[]>;
  onOpen: OpenItem;
  empty: string;
}) {
  if (days.size === 0) return <Text>{empty}</Text>;
  return (
    <Stack gap="md">
      {[...days.entries()].map(([day, items]) => (
        <section key={day} aria-labelledby={`list-${day}`}>
          <Title order={3} fz="md" id={`list-${day}`}>
            {longDayName(day)}
            {day === today && <span className="cal-today-tag"> (Today)</span>}
          </Title>
          <ul className="cal-items">
            {items.map((it) => (
              <li key={it.key}>
                <ItemChip item={it} onOpen={onOpen} wrap />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Stack>
  );
}
