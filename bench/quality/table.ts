/**
 * bench:quality's report: one row per video and the defect total (pure: rows in, text out).
 * A defect is one missed target (length, true peak, clipping, A/V end, silent tail, language
 * share) or one violation string from the caption and layout checks.
 */
import type { AvJudgement, AvMeasure } from './measure.ts';

export interface Row {
  label: string;
  lengthS: number;
  av: AvMeasure | null;
  judged: AvJudgement | null;
  tailS: number | null;
  captions: Record<string, number>;
  layout: Record<string, number>;
  /** Text boxes cut (an ellipsis the text does not have, a part shown, an unfinished shorter claim): quality/nothing-cut.ts. */
  cut: number;
  /** Price sentences/overlays showing another amount or no currency symbol. */
  price: number;
  languageShare: number | null;
  languageLow: boolean;
  /** Pipeline failure (the video was not made): one defect. */
  error: string | null;
  renderS: number;
}

export function defects(r: Row): number {
  if (r.error) return 1;
  const j = r.judged!;
  const flags = [j.lengthOff, j.peakOver, j.clipped, j.avOff, j.tailLong, r.languageLow].filter(Boolean).length;
  const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
  return flags + r.price + r.cut + sum(r.captions) + sum(r.layout);
}

const tags = (o: Record<string, number>) => {
  const parts = Object.entries(o).filter(([, n]) => n > 0).map(([k, n]) => `${k}×${n}`);
  return parts.length ? parts.join(' ') : '0';
};
const mark = (bad: boolean | undefined, s: string) => (bad ? `${s}!` : s);

export const HEADER = ['video', 'dur/len s', 'TP dBTP', 'clip', 'A/V ms', 'tail s', 'lang', 'price', 'captions', 'layout', 'cut', 'defects', 'wall s'];

export function formatRow(r: Row): string[] {
  if (r.error || !r.av || !r.judged) return [r.label, 'ERROR', r.error ?? '', '', '', '', '', '', '', '', '', String(defects(r)), r.renderS.toFixed(0)];
  const j = r.judged;
  return [
    r.label,
    mark(j.lengthOff, `${r.av.durationS.toFixed(1)}/${r.lengthS}`),
    mark(j.peakOver, r.av.truePeakDb.toFixed(1)),
    mark(j.clipped, String(r.av.clipped)),
    mark(j.avOff, ((r.av.videoS - r.av.audioS) * 1000).toFixed(0)),
    mark(j.tailLong, r.tailS!.toFixed(1)),
    mark(r.languageLow, r.languageShare === null ? '-' : `${Math.round(r.languageShare * 100)}%`),
    mark(r.price > 0, String(r.price)),
    tags(r.captions),
    tags(r.layout),
    mark(r.cut > 0, String(r.cut)),
    String(defects(r)),
    r.renderS.toFixed(0),
  ];
}

/** Markdown table (readable in a terminal and pasteable into a note). */
export function formatTable(rows: readonly Row[]): string {
  const body = rows.map(formatRow);
  const widths = HEADER.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(HEADER), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

export function totals(rows: readonly Row[]): { videos: number; defects: number; clean: number } {
  const d = rows.map(defects);
  return { videos: rows.length, defects: d.reduce((a, b) => a + b, 0), clean: d.filter((n) => n === 0).length };
}
