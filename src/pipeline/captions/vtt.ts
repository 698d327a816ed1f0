/**
 * WebVTT from caption pages: one cue per page (its one or two lines), with a timestamp tag
 * before every word after the first so players that support karaoke-style cues can follow the
 * words (https://www.w3.org/TR/webvtt1/#webvtt-cue-timestamp).
 */
import type { Captions } from './build.ts';

export function vttTime(ms: number): string {
  const t = Math.max(0, Math.round(ms));
  const h = Math.floor(t / 3_600_000);
  const m = Math.floor((t % 3_600_000) / 60_000);
  const s = Math.floor((t % 60_000) / 1000);
  const f = t % 1000;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(f).padStart(3, '0')}`;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function toWebVtt(captions: Captions): string {
  const out = ['WEBVTT', ''];
  captions.pages.forEach((page, i) => {
    out.push(String(i + 1));
    out.push(`${vttTime(page.startMs)} --> ${vttTime(page.endMs)}`);
    for (const line of page.lines) {
      const parts = line.tokens.map((tok, k) => {
        const sep = k > 0 && tok.spaceBefore ? ' ' : '';
        const stamp = tok.startMs > page.startMs && tok.startMs < page.endMs ? `<${vttTime(tok.startMs)}>` : '';
        return `${sep}${stamp}${escapeText(tok.text)}`;
      });
      out.push(parts.join(''));
    }
    out.push('');
  });
  return out.join('\n');
}
