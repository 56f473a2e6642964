/**
 * CSV cells safe to open in a spreadsheet: quoted, and a value that starts like a formula (= + - @, tab,
 * carriage return) is prefixed with an apostrophe so it is shown as text, never run.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(values: (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
