// Reads a CSV file chosen in the browser (RFC 4180: quoted cells, doubled quotes, CRLF or LF,
// a byte-order mark) into rows of cells, and maps a header row's columns to fields.

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const s = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === "") quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && s[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ""));
}

const key = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");

/**
 * The data rows as objects of `fields`, found by the header's names (case, spaces and
 * punctuation ignored: "First name" is firstName); null when a field's column is missing.
 */
export function csvRecords<F extends string>(
  text: string,
  fields: readonly F[],
): { records: Record<F, string>[]; missing: F[] } {
  const [header = [], ...data] = parseCsv(text);
  const index = new Map(header.map((h, i) => [key(h), i]));
  const missing = fields.filter((f) => !index.has(key(f)));
  if (missing.length) return { records: [], missing };
  const records = data.map(
    (r) =>
      Object.fromEntries(fields.map((f) => [f, r[index.get(key(f)) as number] ?? ""])) as Record<F, string>,
  );
  return { records, missing: [] };
}
