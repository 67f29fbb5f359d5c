import { DateField } from "./DateField";

export interface DateRange {
  from: string;
  to: string;
}

const RANGE_ORDER_MESSAGE = "The start date must be on or before the end date";
export const isValidRange = (r: DateRange) => Boolean(r.from && r.to && r.from <= r.to);

/** A from/to pair of DD/MM/YYYY fields; a backwards range is flagged on the second. */
export function DateRangeFields({
  id,
  value,
  onChange,
  labels = ["From", "To"],
  required = true,
}: {
  id: string;
  value: DateRange;
  onChange: (r: DateRange) => void;
  labels?: [string, string];
  required?: boolean;
}) {
  const backwards = Boolean(value.from && value.to && value.from > value.to);
  return (
    <>
      <DateField
        id={`${id}-from`}
        label={labels[0]}
        required={required}
        value={value.from}
        onChange={(from) => onChange({ ...value, from })}
      />
      <DateField
        id={`${id}-to`}
        label={labels[1]}
        required={required}
        value={value.to}
        onChange={(to) => onChange({ ...value, to })}
        extraError={backwards ? RANGE_ORDER_MESSAGE : undefined}
      />
    </>
  );
}
