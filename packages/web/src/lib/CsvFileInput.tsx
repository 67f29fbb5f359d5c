import { FileInput } from "@mantine/core";

/** Choosing the CSV file of an import; its clear button is named for screen readers. */
export function CsvFileInput({ onChoose }: { onChoose: (file: File | null) => void }) {
  return (
    <FileInput
      label="CSV file"
      accept=".csv,text/csv"
      clearable
      clearButtonProps={{ "aria-label": "Remove the file" }}
      onChange={onChoose}
    />
  );
}
