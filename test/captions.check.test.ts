import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCaptions, captionViolations, type CaptionPage, type Captions } from '../src/pipeline/captions/index.ts';
import type { PlacedPage } from '../src/pipeline/captions/place.ts';
import { captionPlacer } from '../src/pipeline/render/caption-layer.ts';
import { registerFonts } from '../src/pipeline/render/fonts.ts';
import { STYLE_DEFS } from '../src/pipeline/templates/styles.ts';

registerFonts();

/** Hand-made captions: pages of lines of space-separated words (or '|'-separated for no-space scripts), 300 ms a word. */
function make(language: string, pages: string[][], opts: { rtl?: boolean; maxUnits?: number; gapMs?: number } = {}): Captions {
  let t = 0;
  const out: CaptionPage[] = pages.map((lines) => {
    const startMs = t;
    const built = lines.map((line) => {
      const tight = line.includes('|');
      const tokens = line.split(tight ? '|' : ' ').map((text, i) => {
        const tok = { text, startMs: t, endMs: t + 280, word: 0, spaceBefore: !tight && (i > 0 || t > 0) };
        t += 300;
        return tok;
      });
      return { tokens, text: tokens.map((x, i) => (i > 0 && x.spaceBefore ? ' ' : '') + x.text).join('') };
    });
    return { startMs, endMs: t + (opts.gapMs ?? 0), sentence: 0, lines: built };
  });
  return { language, rtl: opts.rtl ?? false, maxUnits: opts.maxUnits ?? 22, maxLines: 2, pages: out };
}

const tags = (v: string[]) => v.map((s) => s.slice(0, s.indexOf(':')));
const style = STYLE_DEFS.find((s) => s.name === 'Luxury Dark')!;
const box = { x: 40, y: 1400, w: 1000, h: 240 };

describe('captionViolations', () => {
  it('every finding starts with its tag', () => {
    const v = captionViolations(make('english', [['Aurora'], ['Desk Lamp']], { gapMs: 500 }), { protectedSpans: ['Aurora Desk Lamp'] });
    assert.ok(v.length > 0);
    for (const s of v) assert.match(s, /^(baseline|order|overlap|line-length|split-name|line-start|bidi|highlight): /);
  });

  it('split-name: a name across pages, or across lines when it fits one; not when kept together', () => {
    assert.deepEqual(tags(captionViolations(make('english', [['Meet the Aurora'], ['Desk Lamp today']]), { protectedSpans: ['Aurora Desk Lamp'] })), ['split-name']);
    assert.deepEqual(tags(captionViolations(make('english', [['Meet the Aurora', 'Desk Lamp today']]), { protectedSpans: ['Aurora Desk Lamp'] })), ['split-name']);
    assert.deepEqual(captionViolations(make('english', [['Meet the', 'Aurora Desk Lamp today']]), { protectedSpans: ['Aurora Desk Lamp'] }), []);
    // A name wider than a line may take two lines of one page.
    assert.deepEqual(captionViolations(make('english', [['Aurora Adjustable Desk', 'Lamp Pro']], { maxUnits: 22 }), { protectedSpans: ['Aurora Adjustable Desk Lamp Pro'] }), []);
    assert.deepEqual(tags(captionViolations(make('japanese', [['価格は|US$'], ['49.90|です']]), { protectedSpans: ['US$49.90'] })), ['split-name']);
  });

  it('split-name: a name longer than a page breaks at its words onto consecutive pages, and only such a name', () => {
    const long = 'UltraComfort Ergonomic Memory Foam Lumbar Support Cushion with Cooling Gel Layer';
    // 81 units over pages of two lines of 22 (44): two pages, at its own words.
    const pages = [['UltraComfort Ergonomic', 'Memory Foam Lumbar'], ['Support Cushion with', 'Cooling Gel Layer']];
    assert.deepEqual(captionViolations(make('english', pages), { protectedSpans: [long] }), []);
    // Not over more pages than it takes (one more when it starts inside a page).
    const scattered = [['UltraComfort'], ['Ergonomic Memory'], ['Foam Lumbar Support'], ['Cushion with Cooling', 'Gel Layer']];
    assert.deepEqual(tags(captionViolations(make('english', scattered), { protectedSpans: [long] })), ['split-name']);
    // Not for a name that fits one page.
    const short = 'UltraComfort Lumbar Support Cushion';
    assert.deepEqual(tags(captionViolations(make('english', [['Meet UltraComfort', 'Lumbar'], ['Support Cushion']]), { protectedSpans: [short] })), ['split-name']);
  });

  it('order: words lit out of time order', () => {
    const c = make('english', [['Meet the lamp']]);
    assert.deepEqual(captionViolations(c, { protectedSpans: [] }), []);
    const toks = c.pages[0]!.lines[0]!.tokens;
    [toks[0]!.startMs, toks[1]!.startMs] = [toks[1]!.startMs, toks[0]!.startMs];
    assert.ok(tags(captionViolations(c, { protectedSpans: [] })).includes('order'));
  });

  it('overlap: two pages on screen at once', () => {
    assert.deepEqual(tags(captionViolations(make('english', [['Meet the lamp'], ['Order today']], { gapMs: 200 }), { protectedSpans: [] })), ['overlap']);
  });

  it('line-length: a line over the budget, unless it is one word', () => {
    assert.deepEqual(tags(captionViolations(make('english', [['This line is far too long for a caption']]), { protectedSpans: [] })), ['line-length']);
    assert.deepEqual(captionViolations(make('german', [['Schreibtischlampenhalterungsadapter']]), { protectedSpans: [] }), []);
    // A name that fits, with the full stop it carries, may run a little over: it cannot be broken.
    assert.deepEqual(captionViolations(make('english', [['Aurora Desk Lamp.']], { maxUnits: 16 }), { protectedSpans: ['Aurora Desk Lamp'] }), []);
    assert.deepEqual(tags(captionViolations(make('english', [['the Aurora Desk Lamp.']], { maxUnits: 16 }), { protectedSpans: ['Aurora Desk Lamp'] })), ['line-length']);
  });

  it('line-start: small kana or closing punctuation first, an opening bracket last', () => {
    assert.ok(tags(captionViolations(make('japanese', [['ちょっと|した', 'ッ|ト']]), { protectedSpans: [] })).includes('line-start'));
    assert.deepEqual(tags(captionViolations(make('japanese', [['机を|明るく', '。|今夜']]), { protectedSpans: [] })), ['line-start']);
    assert.deepEqual(tags(captionViolations(make('japanese', [['新しい|「', 'ランプ」']]), { protectedSpans: [] })), ['line-start']);
    assert.deepEqual(captionViolations(make('japanese', [['机を|明るく', '照らします。']]), { protectedSpans: [] }), []);
  });

  it('highlight: a lit unit that is only part of a word (one kana of デスク)', () => {
    assert.deepEqual(tags(captionViolations(make('japanese', [['デ|ス|ク']]), { protectedSpans: [] })), ['highlight', 'highlight', 'highlight']);
    assert.deepEqual(captionViolations(make('japanese', [['デスク|ランプ']]), { protectedSpans: [] }), []);
  });

  it('bidi: an RTL language not marked RTL, and words drawn against their direction', () => {
    const ar = make('arabic', [['مصباح Aurora Desk Lamp الجديد']], { rtl: true, maxUnits: 40 });
    const place = captionPlacer(ar, box, style);
    assert.deepEqual(captionViolations(ar, { protectedSpans: ['Aurora Desk Lamp'], place, box }), []);
    assert.deepEqual(tags(captionViolations({ ...ar, rtl: false }, { protectedSpans: [] })), ['bidi']);
    // The same words laid out left to right in logical order, as a renderer without bidi would.
    const naive = (page: CaptionPage): PlacedPage => {
      const p = place(page);
      let x = 0;
      const runs = page.lines[0]!.tokens.map((t, k) => ({ token: k, text: t.text, x: (x += 100) - 100, y: p.lines[0]!.baseline, width: 90, rtl: false }));
      return { ...p, lines: [{ ...p.lines[0]!, runs }] };
    };
    const v = captionViolations(ar, { protectedSpans: [], place: naive });
    assert.ok(v.some((s) => s.startsWith('bidi: "مصباح" and "Aurora Desk Lamp"')), v.join('\n'));
    assert.ok(!v.some((s) => s.includes('Aurora Desk"')), 'Latin words left to right are fine');
    const reversed = (page: CaptionPage): PlacedPage => {
      const p = naive(page);
      return { ...p, lines: [{ ...p.lines[0]!, runs: p.lines[0]!.runs.map((r) => ({ ...r, x: 1000 - r.x })) }] };
    };
    assert.ok(captionViolations(ar, { protectedSpans: [], place: reversed }).some((s) => s.startsWith('bidi: "Aurora Desk"')));
  });

  it('baseline and overlap on the geometry: words off their line\'s baseline, words drawn over each other', () => {
    const c = make('english', [['Meet the', 'glowing lamp']]);
    const place = captionPlacer(c, box, style);
    assert.deepEqual(captionViolations(c, { protectedSpans: [], place, box }), []);
    const lifted = (page: CaptionPage): PlacedPage => {
      const p = place(page);
      return { ...p, lines: p.lines.map((l) => ({ ...l, runs: l.runs.map((r, i) => ({ ...r, y: r.y - (i === 1 ? 6 : 0) })) })) };
    };
    assert.deepEqual(tags(captionViolations(c, { protectedSpans: [], place: lifted })), ['baseline', 'baseline']);
    const piled = (page: CaptionPage): PlacedPage => {
      const p = place(page);
      return { ...p, lines: p.lines.map((l) => ({ ...l, runs: l.runs.map((r) => ({ ...r, x: l.runs[0]!.x })) })) };
    };
    assert.ok(tags(captionViolations(c, { protectedSpans: [], place: piled })).includes('overlap'));
  });

  it('finds nothing on captions built from real sentences in English, Arabic and Japanese', () => {
    const sentences: [string, string, string[]][] = [
      ['english', 'Meet the Aurora Desk Lamp: soft light, USB-C charging, only US$49.90.', ['Aurora Desk Lamp', 'US$49.90']],
      ['arabic', 'تعرّف على Aurora Desk Lamp، ضوء ناعم وشحن USB-C بسعر US$49.90 فقط!', ['Aurora Desk Lamp', 'US$49.90']],
      ['japanese', '高品質な「オーロラデスクランプ」は、USB-C充電でたったのUS$49.90です。', ['オーロラデスクランプ', 'US$49.90']],
    ];
    for (const [language, text, spans] of sentences) {
      const words = text.split(/\s+/).map((w, i) => ({ text: w, startMs: i * 400, endMs: i * 400 + 350, sentence: 0 }));
      for (const aspectRatio of [0, 1, 2] as const) {
        const caps = buildCaptions(words, { language, aspectRatio, sentences: [{ text }], protectedSpans: spans });
        const v = captionViolations(caps, { protectedSpans: spans, place: captionPlacer(caps, box, style), box });
        assert.deepEqual(v, [], `${language} ${aspectRatio}`);
      }
    }
  });
});
