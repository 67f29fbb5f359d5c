// CSV we write (RFC 4180), safe to open in a spreadsheet: a cell that a spreadsheet would run
// as a formula (starting with =, +, -, @, tab or carriage return) gets a leading apostrophe.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let s = String(value);
  if (typeof value === "string" && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n']/.test(s) || s !== s.trim() ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One CSV line, CRLF-terminated. */
export const csvLine = (cells: (string | number | boolean | null | undefined)[]) =>
  `${cells.map(csvCell).join(",")}\r\n`;
