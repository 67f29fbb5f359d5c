import { DateField } from "../../lib/DateField";

/** The required From and To dates of a portfolio's range (ids `<idPrefix>-from`, `<idPrefix>-to`). */
export function DateRangeFields({
  idPrefix,
  from,
  to,
  onFromChange,
  onToChange,
}: {
  idPrefix: string;
  from: string;
  to: string;
  onFromChange: (iso: string) => void;
  onToChange: (iso: string) => void;
}) {
  return (
    <>
      <DateField id={`${idPrefix}-from`} label="From" required value={from} onChange={onFromChange} />
      <DateField id={`${idPrefix}-to`} label="To" required value={to} onChange={onToChange} />
    </>
  );
}
