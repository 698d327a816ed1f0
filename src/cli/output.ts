type Row = Record<string, unknown>;

export interface Out {
  write(s: string): unknown;
}

/** A result: JSON with --json, else one "key: value" line per field. */
export function printResult(result: Row, json: boolean | undefined, out: Out = process.stdout): void {
  if (json) out.write(`${JSON.stringify(result)}\n`);
  else for (const [k, v] of Object.entries(result)) out.write(`${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}\n`);
}

/** Rows as an aligned text table with a header (columns in the given order), or JSON with --json. */
export function printTable(rows: readonly object[], columns: readonly string[], json: boolean | undefined, out: Out = process.stdout): void {
  if (json) {
    out.write(`${JSON.stringify(rows)}\n`);
    return;
  }
  const cell = (v: unknown) => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join(', ') : String(v));
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell((r as Row)[c]).length)));
  const line = (cells: string[]) => `${cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()}\n`;
  out.write(line(columns.map((c) => c.toUpperCase())));
  for (const r of rows) out.write(line(columns.map((c) => cell((r as Row)[c]))));
  if (rows.length === 0) out.write('(none)\n');
}
