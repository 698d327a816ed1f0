import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isRtlText } from '../src/pipeline/captions/place.ts';
import { buildCaptions, captionViolations, NO_LINE_END, NO_LINE_START, toWebVtt, type Captions } from '../src/pipeline/captions/index.ts';
import { JA_TRAILING, tokenizeDisplay } from '../src/pipeline/captions/tokens.ts';
import type { WordTiming } from '../src/pipeline/types.ts';

/** Engine words of one sentence: `ms` each, back to back from `t0`. */
function said(words: string[], sentence = 0, t0 = 200, ms = 250): WordTiming[] {
  return words.map((text, i) => ({ text, startMs: t0 + i * ms, endMs: t0 + (i + 1) * ms - 20, sentence }));
}

const tokensOf = (c: Captions) => c.pages.flatMap((p) => p.lines.flatMap((l) => l.tokens));
const linesOf = (c: Captions) => c.pages.flatMap((p) => p.lines.map((l) => l.text));
/** Start offsets (UTF-16) of Intl.Segmenter word segments: where a word may begin. */
const wordStarts = (text: string, tag: string) => new Set([...new Intl.Segmenter(tag, { granularity: 'word' }).segment(text)].map((s) => s.index));

describe('captions show the display text, timed over what was said', () => {
  const text = 'Charge it over USB-C for just US$49.90.';
  const words = said(['Charge', 'it', 'over', 'USB', 'C', 'for', 'just', 'forty-nine', 'US', 'dollars', 'and', 'ninety', 'cents']);
  const caps = buildCaptions(words, { language: 'english', aspectRatio: 1, sentences: [{ text, spoken: 'Charge it over USB-C for just forty-nine US dollars and ninety cents.' }] });
  const toks = tokensOf(caps);

  it('keeps "USB-C" and the currency symbol exactly as written', () => {
    assert.equal(toks.map((t, i) => (i > 0 && t.spaceBefore ? ' ' : '') + t.text).join(''), text);
    assert.ok(toks.some((t) => t.text === 'USB-C'), toks.map((t) => t.text).join('|'));
    assert.ok(toks.some((t) => t.text === 'US$49.90.'));
    const vtt = toWebVtt(caps);
    assert.match(vtt, /USB-C/);
    assert.match(vtt, /US\$49\.90\./);
  });

  it('gives tokens equal to a said word that word\'s times, and the rest the span of the words said for them', () => {
    const byText = (t: string) => toks.find((x) => x.text === t)!;
    assert.deepEqual([byText('Charge').startMs, byText('Charge').endMs], [words[0]!.startMs, words[0]!.endMs]);
    assert.deepEqual([byText('just').startMs, byText('just').endMs], [words[6]!.startMs, words[6]!.endMs]);
    assert.deepEqual([byText('USB-C').startMs, byText('USB-C').endMs], [words[3]!.startMs, words[4]!.endMs]);
    assert.deepEqual([byText('US$49.90.').startMs, byText('US$49.90.').endMs], [words[7]!.startMs, words[12]!.endMs]);
  });

  it('shares the time of a differently read Japanese sentence over its kanji words by characters', () => {
    const display = '高品質なオーロラデスクランプは、目に優しい光です。';
    const kana = 'こうひんしつなおーろらですくらんぷはめにやさしいひかりです'.split('');
    const w = said(kana, 0, 100, 120);
    const jp = buildCaptions(w, { language: 'japanese', aspectRatio: 0, sentences: [{ text: display, spoken: kana.join('') }] });
    const jt = tokensOf(jp);
    assert.equal(jt.map((t) => t.text).join(''), display);
    assert.ok(jt.length < display.length / 2, `tokens are words, not characters: ${jt.map((t) => t.text).join('|')}`);
    assert.ok(jt.some((t) => t.text === 'オーロラ'), jt.map((t) => t.text).join('|'));
    assert.equal(jt[0]!.startMs, w[0]!.startMs);
    assert.equal(jt.at(-1)!.endMs, w.at(-1)!.endMs);
    for (let i = 1; i < jt.length; i++) assert.ok(jt[i]!.startMs >= jt[i - 1]!.startMs, 'in time order');
    // The long-vowel word オーロラ (4 characters) is lit longer than the two-character 目に (a particle rides on its word).
    const dur = (t: string) => jt.filter((x) => x.text.startsWith(t)).map((x) => x.endMs - x.startMs)[0]!;
    assert.ok(jt.some((t) => t.text === '目に'), jt.map((t) => t.text).join('|'));
    assert.ok(dur('オーロラ') > dur('目に'));
    assert.deepEqual(captionViolations(jp, { protectedSpans: [] }).filter((v) => v.startsWith('highlight')), []);
  });
});

describe('line breaks by each language\'s rules', () => {
  const cases: [string, string, string][] = [
    ['japanese', 'ja', 'ちょっとした工夫で、「オーロラデスクランプ」はあなたの机をもっと明るく快適にします。キャンペーン中です！'],
    ['chinese', 'zh-CN', '这款护眼台灯采用柔和的光线，让你在夜晚工作和学习时更加舒适，现在购买还有优惠。'],
    ['thai', 'th', 'โคมไฟตั้งโต๊ะที่ให้แสงนุ่มนวลสบายตาเหมาะสำหรับการทำงานและอ่านหนังสือในเวลากลางคืน'],
  ];
  for (const [language, tag, text] of cases)
    it(`${language}: lines start on a word, never with small kana or closing punctuation, never end with an opening bracket`, () => {
      // Engine words per character: the worst case for where lines could break.
      const caps = buildCaptions(said([...text], 0, 0, 90), { language, maxUnits: 12, sentences: [{ text }] });
      const lines = linesOf(caps);
      assert.ok(lines.length >= 3, lines.join(' | '));
      assert.equal(lines.join(''), text);
      const starts = wordStarts(text, tag);
      let at = 0;
      for (const line of lines) {
        assert.ok(starts.has(at), `"${line}" starts inside a word (${lines.join(' | ')})`);
        assert.ok(!NO_LINE_START.test(line), `"${line}" starts with a forbidden character`);
        assert.ok(!NO_LINE_END.test(line), `"${line}" ends with an opening bracket`);
        at += line.length;
      }
    });
});

describe('Japanese phrases', () => {
  it('particles, auxiliaries and okurigana ride on their word: no line and no highlight starts with one', () => {
    const text = 'このランプは目にやさしい光で作業を助けます。ちょっとした工夫で、あなたの机をもっと明るく快適にします。';
    const toks = tokenizeDisplay(text, 'ja-JP').map((t) => t.text);
    assert.equal(toks.join(''), text);
    for (const unit of ['ランプは', '目に', '光で', '作業を', '助けます。', 'あなたの', '机を', '明るく', '快適にします。']) assert.ok(toks.includes(unit), `${unit}: ${toks.join('|')}`);
    assert.ok(toks.includes('やさしい'), 'a hiragana word of its own stays one');
    assert.ok(!toks.some((t) => JA_TRAILING.has(t)), toks.join('|'));
    const caps = buildCaptions(said([...text], 0, 0, 90), { language: 'japanese', maxUnits: 12, sentences: [{ text }] });
    // Lines are cut between these units only, so none starts with a particle.
    const starts = new Set(tokenizeDisplay(text, 'ja-JP').map((t) => t.from));
    let at = 0;
    for (const line of linesOf(caps)) {
      assert.ok(starts.has(at), `"${line}" starts inside a phrase`);
      at += line.length;
    }
    assert.ok(linesOf(caps).length >= 3);
    // Not after a comma or a closing bracket (a quoted name may fill a line already).
    assert.deepEqual(tokenizeDisplay('「オーロラ」は、', 'ja-JP').map((t) => t.text), ['「オーロラ」', 'は、']);
  });
});

describe('line breaks in spaced scripts', () => {
  it('never start a line with punctuation set off by a space (French « ! », Hindi danda)', () => {
    for (const [language, text] of [
      ['french', 'Une lampe douce pour vos nuits de travail ! Trois températures : chaude ou froide ; à vous de voir ?'],
      ['hindi', 'यह लैंप आपकी आँखों के लिए आरामदायक है । आज ही ऑर्डर करें ।'],
    ]) {
      const words = said(text!.split(' ').filter((w) => /[\p{L}\p{N}]/u.test(w)));
      for (const maxUnits of [10, 12, 14, 16]) {
        const caps = buildCaptions(words, { language: language!, maxUnits, sentences: [{ text: text! }] });
        for (const line of linesOf(caps)) assert.ok(!NO_LINE_START.test(line), `${language} ${maxUnits}: "${line}"`);
      }
    }
  });
});

describe('protected spans (product name, brand, price)', () => {
  const name = 'Aurora Desk Lamp';
  const text = 'Say hello to the new Aurora Desk Lamp from Lumina, a soft light for late nights, now only US$49.90 at launch.';
  const words = said(text.replace(/[,.]/g, '').split(' '));

  it('are not split across lines when they fit one, nor across pages', () => {
    for (const maxLines of [1, 2]) {
      const caps = buildCaptions(words, { language: 'english', maxUnits: 22, maxLines, sentences: [{ text }], protectedSpans: [name, 'Lumina', 'US$49.90'] });
      assert.ok(linesOf(caps).some((l) => l.includes(name)), linesOf(caps).join(' | '));
      assert.ok(linesOf(caps).some((l) => l.includes('US$49.90')));
      assert.deepEqual(captionViolations(caps, { protectedSpans: [name, 'US$49.90'] }), []);
    }
  });

  it('a name that fits stays on one line even with the punctuation after it (the line may run over)', () => {
    const t = 'Here it is: the Aurora Desk Lamp.';
    const caps = buildCaptions(said(t.split(' ')), { language: 'english', maxUnits: 16, sentences: [{ text: t }], protectedSpans: [name] });
    assert.ok(linesOf(caps).includes('Aurora Desk Lamp.'), linesOf(caps).join(' | '));
  });

  it('match a formatted price (directional mark, no-break space) however the script spaced it', () => {
    const price = new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD', numberingSystem: 'latn' }).format(49.9);
    assert.match(price, /[\u200f\u00a0]/, 'Intl puts marks or no-break spaces in the Arabic price');
    const t = 'احصل عليه اليوم بسعر 49.90 US$ فقط، اطلبه الآن!';
    const caps = buildCaptions(said(t.split(' ')), { language: 'arabic', maxUnits: 12, sentences: [{ text: t }], protectedSpans: [price] });
    const toks = tokensOf(caps).filter((x) => x.group !== undefined);
    assert.deepEqual(toks.map((x) => x.text), ['49.90', 'US$']);
    assert.ok(linesOf(caps).some((l) => l.includes('49.90 US$')), linesOf(caps).join(' | '));
  });

  it('in Japanese too, where the name is several dictionary words', () => {
    const jp = '今夜から、やさしい光のオーロラデスクランプがあなたの机を明るく照らします。';
    const caps = buildCaptions(said([...jp], 0, 0, 90), { language: 'japanese', maxUnits: 20, sentences: [{ text: jp }], protectedSpans: ['オーロラデスクランプ'] });
    assert.ok(linesOf(caps).some((l) => l.includes('オーロラデスクランプ')), linesOf(caps).join(' | '));
  });
});

describe('text direction of shown text', () => {
  it('follows the first strong letter (Latin text in an Arabic video is LTR), and the language where there is none', () => {
    assert.equal(isRtlText('Five brightness levels and…', true), false);
    assert.equal(isRtlText('تسوق الآن', true), true);
    assert.equal(isRtlText('שלום Aurora', false), true);
    assert.equal(isRtlText('89 €', true), true);
    assert.equal(isRtlText('89 €', false), false);
  });
});
