export interface ChartSpec {
  type: "pie" | "bar";
  labels: string[];
  values: number[];
  colours: string[];
  /** Name of the numbers, e.g. "Entries" (the table's column header). */
  seriesLabel: string;
  /** Longer names per item for tooltips and the data table (governing body standards). */
  tooltips?: string[];
  stepSize?: number;
}
