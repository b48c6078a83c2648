// CSV for spreadsheets (docs/security.md: exports). A cell that a spreadsheet would read as a formula is defused
// with a leading apostrophe (OWASP CSV injection), then every cell is quoted when it needs to be.
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | Date | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function csvRow(values: CsvValue[]): string {
  return values.map(csvCell).join(',');
}

/** Rows joined with CRLF (RFC 4180), with a byte-order mark so spreadsheet apps read UTF-8 names correctly. */
export function toCsv(header: string[], rows: CsvValue[][]): string {
  return `\uFEFF${[csvRow(header), ...rows.map(csvRow)].join('\r\n')}\r\n`;
}
