/**
 * Checks on built captions (pure). Each finding starts with its rule's tag and ': ':
 * - `baseline`: words of one line not on one baseline (needs `place`);
 * - `order`: pages or words out of time order;
 * - `overlap`: pages on screen at once, words or lines drawn over each other, a line outside its box (needs `place` for the last two);
 * - `line-length`: a line wider than the budget (unless it is one unbreakable word), a page with too many lines;
 * - `split-name`: a protected span (name, brand, price) split across pages (unless it is longer than a page:
 *   then only at its words, onto consecutive pages, the fewest it takes), or across lines when it fits one;
 * - `line-start`: a line starting with small kana or closing punctuation, or ending with an opening bracket;
 * - `bidi`: words drawn against their writing direction ("Lamp Desk Aurora" in an Arabic line), or an RTL language not marked RTL (needs `place` for the first);
 * - `highlight`: a highlighted unit that is not a whole word (a single kana of a Japanese word).
 * The checks use their own simple references (Intl.Segmenter, character classes), not the builder's code.
 */
import type { Box } from '../templates/types.ts';
import type { CaptionLine, CaptionPage, Captions } from './build.ts';
import { isRtl, languageTag, textUnits } from './lang.ts';
import type { PlacedPage } from './place.ts';
import { BIDI_MARKS, NO_LINE_END, NO_LINE_START, protectedOccurrences, tokenizeDisplay } from './tokens.ts';

export interface CaptionCheckOptions {
  /** Product name, brand, price display string: never split across pages, nor across lines when they fit one. */
  protectedSpans: readonly (string | null | undefined)[];
  /** The placement the caption layer draws with (render/caption-layer.ts `captionPlacer`); enables the geometry checks. */
  place?: (page: CaptionPage) => PlacedPage;
  /** The caption box in the same coordinates as `place`, for the inside-the-box check. */
  box?: Box;
}

const STRONG_L = /[\p{L}\p{N}]/u;
const STRONG_R = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
/** A token's direction by its first letter: 'r' (RTL script), 'l' (other letters); null for numbers and symbols (their place depends on context). */
function direction(text: string): 'l' | 'r' | null {
  for (const ch of text) {
    if (STRONG_R.test(ch)) return 'r';
    if (/\p{N}/u.test(ch)) return null;
    if (STRONG_L.test(ch)) return 'l';
  }
  return null;
}

const lineString = (line: CaptionLine) => line.tokens.map((t, i) => (i > 0 && t.spaceBefore ? ' ' : '') + t.text).join('');

export function captionViolations(captions: Captions, opts: CaptionCheckOptions): string[] {
  const out: string[] = [];
  const { pages } = captions;
  const spans = opts.protectedSpans.filter((s): s is string => typeof s === 'string' && s.trim() !== '');
  const segmenter = new Intl.Segmenter(languageTag(captions.language), { granularity: 'word' });
  if (isRtl(captions.language) !== captions.rtl) out.push(`bidi: captions in ${captions.language} are marked ${captions.rtl ? 'rtl' : 'ltr'}`);

  pages.forEach((page, p) => {
    const next = pages[p + 1];
    const where = `page ${p + 1}`;
    if (next && next.startMs < page.startMs) out.push(`order: ${where} starts after page ${p + 2}`);
    if (next && page.endMs > next.startMs) out.push(`overlap: ${where} is still shown when page ${p + 2} starts`);
    const toks = page.lines.flatMap((l) => l.tokens);
    toks.forEach((t, i) => {
      if (i > 0 && t.startMs < toks[i - 1]!.startMs) out.push(`order: "${t.text}" on ${where} is lit before "${toks[i - 1]!.text}"`);
      if (t.startMs < page.startMs || t.startMs > page.endMs) out.push(`order: "${t.text}" is lit outside ${where}`);
    });
    if (page.lines.length > captions.maxLines) out.push(`line-length: ${where} has ${page.lines.length} lines (at most ${captions.maxLines})`);
    page.lines.forEach((line) => {
      const text = lineString(line);
      // Over the budget is allowed for what cannot be broken: one word, or a protected span with its punctuation.
      const rest = protectedOccurrences(text, spans).reduceRight((t, o) => t.slice(0, o.from) + t.slice(o.to), text);
      const unbreakable = line.tokens.length === 1 || !/[\p{L}\p{N}]/u.test(rest);
      if (!unbreakable && textUnits(text) > captions.maxUnits) out.push(`line-length: "${text}" is ${textUnits(text)} wide (at most ${captions.maxUnits})`);
      if (NO_LINE_START.test(text)) out.push(`line-start: "${text}" starts with a character a line may not start with`);
      if (NO_LINE_END.test(text)) out.push(`line-start: "${text}" ends with an opening bracket`);
    });
    if (opts.place) out.push(...geometry(page, opts.place(page), where, captions.rtl, opts.box));
  });

  // Protected spans, per sentence: all characters of an occurrence on one page (and one line when it
  // fits). Matched with whitespace ignored, so a span broken at a line is found however lines were joined.
  const bySentence = new Map<number, CaptionPage[]>();
  for (const page of pages) bySentence.set(page.sentence, [...(bySentence.get(page.sentence) ?? []), page]);
  const squeeze = (s: string) => s.replace(BIDI_MARKS, '').replace(/\s+/gu, '');
  for (const group of bySentence.values()) {
    // Highlight units are whole words: each token starts and ends on a word boundary of its
    // sentence (segmented whole, as dictionary segmentation depends on the context).
    const toks = group.flatMap((page) => page.lines.flatMap((l) => l.tokens));
    const sentence = toks.map((t, i) => (i > 0 && t.spaceBefore ? ' ' : '') + t.text).join('');
    const bounds = new Set([...segmenter.segment(sentence)].flatMap((s) => [s.index, s.index + s.segment.length]));
    let at = 0;
    toks.forEach((t, i) => {
      if (i > 0 && t.spaceBefore) at += 1;
      if (!bounds.has(at) || !bounds.has(at + t.text.length)) out.push(`highlight: "${t.text}" in "${sentence}" is part of a word`);
      at += t.text.length;
    });
    let text = '';
    const owner: [number, number][] = [];
    group.forEach((page, p) =>
      page.lines.forEach((line, l) =>
        line.tokens.forEach((t) => {
          const chars = squeeze(t.text);
          text += chars;
          for (let u = 0; u < chars.length; u++) owner.push([p, l]);
        }),
      ),
    );
    for (const o of protectedOccurrences(text, spans.map(squeeze))) {
      const hit = owner.slice(o.from, o.to);
      const name = spans.find((s) => squeeze(s).toLowerCase() === text.slice(o.from, o.to).toLowerCase()) ?? text.slice(o.from, o.to);
      // A name longer than a whole page may break at its own words onto the pages right after (the fewest it takes).
      const on = [...new Set(hit.map(([p]) => p))];
      const need = Math.ceil(linesNeeded(name, captions.maxUnits, languageTag(captions.language)) / captions.maxLines);
      const overPages = need > 1 && on.every((p, i) => i === 0 || p === on[i - 1]! + 1) && on.length <= need + 1;
      if (on.length > 1 && !overPages) out.push(`split-name: "${name}" is split across pages`);
      else if (new Set(hit.map(([p, l]) => `${p}:${l}`)).size > 1 && textUnits(name) <= captions.maxUnits) out.push(`split-name: "${name}" is split across lines though it fits one`);
    }
  }
  return out;
}

/** Lines a text takes at the captions' own tokens (words; dictionary words in Thai, Japanese, Chinese), filled greedily to maxUnits. */
function linesNeeded(text: string, maxUnits: number, locale: string): number {
  const parts = tokenizeDisplay(text.trim(), locale).map((t) => (t.spaceBefore ? ' ' : '') + t.text);
  let lines = 1;
  let line = '';
  for (const w of parts) {
    if (line && textUnits((line + w).trim()) > maxUnits) {
      lines++;
      line = w;
    } else line += w;
  }
  return lines;
}

function geometry(page: CaptionPage, placed: PlacedPage, where: string, rtl: boolean, box?: Box): string[] {
  const out: string[] = [];
  placed.lines.forEach((line, li) => {
    const text = lineString(page.lines[li]!);
    const ys = new Set(line.runs.map((r) => Math.round(r.y * 2) / 2));
    if (ys.size > 1) out.push(`baseline: "${text}" on ${where} has words on ${ys.size} baselines`);
    const runs = [...line.runs].sort((a, b) => a.x - b.x);
    for (let i = 1; i < runs.length; i++)
      if (runs[i - 1]!.x + runs[i - 1]!.width > runs[i]!.x + 0.5) out.push(`overlap: "${runs[i - 1]!.text}" and "${runs[i]!.text}" overlap on ${where}`);
    const prev = placed.lines[li - 1];
    if (prev && prev.bottom > line.top + 0.5) out.push(`overlap: lines ${li} and ${li + 1} of ${where} overlap`);
    if (box && runs.length > 0 && (runs[0]!.x < box.x - 0.5 || runs.at(-1)!.x + runs.at(-1)!.width > box.x + box.w + 0.5))
      out.push(`overlap: "${text}" on ${where} leaves the caption box`);
    // Neighbouring words of one direction read that way (left to right, or right to left), and
    // runs of different direction follow each other in the paragraph's direction.
    const tokens = page.lines[li]!.tokens;
    const pos = tokens.map((_, k) => {
      const body = line.runs.filter((r) => r.token === k).sort((a, b) => b.width - a.width)[0];
      return body ? body.x + body.width / 2 : null;
    });
    const dirs = tokens.map((t) => direction(t.text));
    const seq = tokens.flatMap((t, k) => (dirs[k] && pos[k] !== null ? [{ k, dir: dirs[k]!, x: pos[k]! }] : []));
    for (let i = 1; i < seq.length; i++) {
      const a = seq[i - 1]!;
      const b = seq[i]!;
      if (a.k + 1 === b.k && a.dir === b.dir && (a.dir === 'l' ? a.x > b.x : a.x < b.x))
        out.push(`bidi: "${tokens[a.k]!.text} ${tokens[b.k]!.text}" drawn ${a.dir === 'l' ? 'right to left' : 'left to right'} on ${where}`);
    }
    const groups: { dir: string; xs: number[]; text: string[] }[] = [];
    for (const e of seq) {
      const g = groups[groups.length - 1];
      if (g && g.dir === e.dir) {
        g.xs.push(e.x);
        g.text.push(tokens[e.k]!.text);
      } else groups.push({ dir: e.dir, xs: [e.x], text: [tokens[e.k]!.text] });
    }
    for (let i = 1; i < groups.length; i++) {
      const a = groups[i - 1]!;
      const b = groups[i]!;
      const wrong = rtl ? Math.min(...a.xs) < Math.max(...b.xs) : Math.max(...a.xs) > Math.min(...b.xs);
      if (wrong) out.push(`bidi: "${a.text.join(' ')}" and "${b.text.join(' ')}" are not in ${rtl ? 'right-to-left' : 'left-to-right'} order on ${where}`);
    }
  });
  return out;
}
