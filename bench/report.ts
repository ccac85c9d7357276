// Plain-text tables for stdout.

export type Cell = string | number;

/** Formats a number with a fixed number of decimals and thousands separators. */
export function fmt(value: number, decimals = 1): string {
  if (!Number.isFinite(value)) return '—';
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** `12.3×` */
export function times(value: number, decimals = 1): string {
  return Number.isFinite(value) ? `${fmt(value, decimals)}×` : '—';
}

/** A table with a header row; the first column is left-aligned, the others right-aligned. */
export function table(header: readonly string[], rows: ReadonlyArray<readonly Cell[]>): string {
  const all = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '─'.repeat(width)).join('  ');
  return [line(all[0]!), rule, ...all.slice(1).map(line)].join('\n');
}

export function heading(title: string): string {
  return `\n${title}\n${'═'.repeat(title.length)}`;
}

/** Progress notes go to stderr so stdout holds only the report. */
export function progress(message: string): void {
  process.stderr.write(`  … ${message}\n`);
}
