import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LANGUAGES, type Language } from '../src/catalog/languages.ts';
import { PHRASES } from '../src/pipeline/script/phrases/index.ts';
import type { PhraseTable, StyleKey } from '../src/pipeline/script/phrases/types.ts';
import { STYLE_KEYS } from '../src/pipeline/script/builtin.ts';

/**
 * The form of the 54 phrase tables: the slots each template may use, one sentence each, no
 * artificial spaces in languages written without them, and no two sentences of one script that
 * open with the same word. (Whether the words are good is in docs/script.md, "Phrase tables: review".)
 */

type Slot = 'p' | 'name' | 'price' | 'audience';

/** Every template of a table with the placeholders its slot takes (each exactly once). */
function templates(t: PhraseTable): { where: string; text: string; slots: Slot[]; sentence: boolean }[] {
  const out: { where: string; text: string; slots: Slot[]; sentence: boolean }[] = [];
  const add = (where: string, xs: readonly string[], slots: Slot[], sentence = true) =>
    xs.forEach((text, i) => out.push({ where: `${where}[${i}]`, text, slots, sentence }));
  add('point', t.point, ['p']);
  add('reasons', t.reasons, ['p']);
  add('fact', [t.fact], ['p']);
  add('first', [t.first], ['p']);
  add('next', [t.next], ['p']);
  add('unlike', [t.unlike], ['p']);
  add('recap', [t.recap], ['p']);
  add('price', t.price, ['price']);
  add('offer', [t.offer], []);
  add('cta', t.cta, []);
  add('softCta', [t.softCta], []);
  add('audience', t.audience, ['audience']);
  // An overlay label ("3 reasons"), not a sentence.
  add('threeReasons', [t.threeReasons], [], false);
  for (const [key, [hookA, hookB, intro, line]] of Object.entries(t.styles)) {
    add(`${key}.hook`, [hookA, hookB], []);
    // The twist's story opens without the name and its line names it; every other intro names it.
    add(`${key}.intro`, [intro], key === 'twist' ? [] : ['name']);
    add(`${key}.line`, [line], key === 'twist' ? ['name'] : []);
  }
  return out;
}

/** Sentence ends: Latin/Cyrillic/etc., CJK full-width, Devanagari danda, Urdu, Arabic, Ethiopic, Greek question mark. */
const END = /[.!?。！？।۔؟።;]$/u;
const INNER_END = /[.!?。！？।۔؟።](?=\s|$)|[。！？]/u;

const SPACELESS: Partial<Record<Language, string>> = {
  japanese: 'ja', chinese: 'zh-CN', 'traditional-chinese': 'zh-TW', cantonese: 'zh-HK', thai: 'th',
};
const LOCALE: Partial<Record<Language, string>> = { ...SPACELESS, korean: 'ko' };

/** The first word of a template, lower-cased: by Intl.Segmenter for languages without spaces. */
function firstWord(text: string, language: Language): string | null {
  const seg = new Intl.Segmenter(LOCALE[language] ?? 'en', { granularity: 'word' });
  const body = text.trimStart();
  if (body.startsWith('{')) return null;
  for (const s of seg.segment(body)) {
    if (s.segment.startsWith('{')) return null;
    if (s.isWordLike) return s.segment.toLocaleLowerCase();
  }
  return null;
}

/** Pairs of templates that can stand in one script and open with the same word. */
function sameOpenings(t: PhraseTable, language: Language): string[] {
  const bad: string[] = [];
  const clash = (group: string, xs: readonly string[]) => {
    const seen = new Map<string, string>();
    for (const x of xs) {
      const w = firstWord(x, language);
      if (w === null) continue;
      if (seen.has(w)) bad.push(`${group}: "${seen.get(w)}" / "${x}"`);
      else seen.set(w, x);
    }
  };
  // Connectors follow one another in one script; one audience sentence, one price and one call
  // to action join them.
  const closing = [...t.point.slice(1), ...(t.audience), ...t.price, ...t.cta, t.softCta];
  clash('connectors+price+cta', closing);
  // A style's hook, intro and line are said in one script, next to those.
  for (const [key, [hookA, hookB, intro, line]] of Object.entries(t.styles) as [StyleKey, readonly string[]][]) {
    // Soft Selling closes with its gentle call to action, every other style with one of the others.
    const ctas = key === 'soft' ? [t.softCta] : t.cta;
    const opens = new Set([...t.point.slice(1), ...(t.audience), ...t.price, ...ctas].map((x) => firstWord(x, language)));
    for (const hook of [hookA, hookB]) clash(key, [hook!, intro!, line!]);
    for (const x of [hookA!, hookB!, intro!, line!]) {
      const w = firstWord(x, language);
      if (w !== null && opens.has(w)) bad.push(`${key}: "${x}" opens like a connector, price or call to action`);
    }
  }
  return bad;
}

describe('phrase tables: form', () => {
  for (const language of LANGUAGES) {
    it(`${language}: every slot filled, each template one sentence with exactly its placeholders`, () => {
      const t = PHRASES[language];
      const slots = ['point', 'reasons', 'fact', 'first', 'next', 'unlike', 'price', 'offer', 'cta', 'softCta', 'recap', 'audience', 'threeReasons', 'styles'];
      for (const slot of slots) assert.ok(t[slot as keyof PhraseTable] !== undefined, `slot ${slot} missing`);
      assert.deepEqual(Object.keys(t.styles).sort(), [...new Set(Object.values(STYLE_KEYS))].sort(), 'one entry per style');
      for (const forms of Object.values(t.styles)) assert.ok(forms.length === 4 && forms.every((f) => typeof f === 'string' && f.length > 0));
      assert.ok(t.audience && t.audience.length >= 2 && t.audience.length <= 3, 'two or three audience templates');
      for (const { where, text, slots, sentence } of templates(t)) {
        const found = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        assert.deepEqual(found, [...slots].sort(), `${where} placeholders: ${text}`);
        assert.equal(text, text.trim(), `${where} has outer spaces`);
        assert.doesNotMatch(text, /\s{2}/, `${where} has a double space`);
        if (!sentence) continue;
        const body = text.replace(/\{\w+\}/g, 'X');
        if (language === 'thai') {
          // Thai writes no sentence-final punctuation (a space ends a sentence); ! and ? are used.
          assert.doesNotMatch(body, /[.。]$/u, `${where}: ${text}`);
        } else {
          assert.match(body, END, `${where} lacks closing punctuation: ${text}`);
        }
        assert.doesNotMatch(body.slice(0, -1), INNER_END, `${where} is more than one sentence: ${text}`);
      }
    });

    it(`${language}: no two sentences of one script open with the same word`, () => {
      assert.deepEqual(sameOpenings(PHRASES[language], language), []);
    });
  }

  for (const language of ['japanese', 'chinese', 'traditional-chinese', 'cantonese'] as const) {
    it(`${language}: no spaces between characters of its own script`, () => {
      for (const { where, text } of templates(PHRASES[language])) {
        assert.doesNotMatch(text, /[^\x00-\x7F] +[^\x00-\x7F]/u, `${where}: ${text}`);
        // Nor next to a placeholder: the product text fills it without a gap.
        assert.doesNotMatch(text, /[^\x00-\x7F] +\{|\} +[^\x00-\x7F]/u, `${where}: ${text}`);
      }
    });
  }

  it('thai: a space only at a word boundary (Thai spaces separate clauses, never split a word)', () => {
    const seg = new Intl.Segmenter('th', { granularity: 'word' });
    for (const { where, text } of templates(PHRASES.thai)) {
      // The repetition mark ๆ is written with a space before it ("เล็ก ๆ"): not a split word.
      for (const m of text.matchAll(/(\p{Script=Thai}+) +(?=(\p{Script=Thai}+))/gu)) {
        if (m[2]!.startsWith('ๆ') || m[1]!.endsWith('ๆ')) continue;
        // The words either side of the space, joined: one word means the space split it ("เหตุ ผล").
        const left = [...seg.segment(m[1]!)].at(-1)!.segment;
        const right = [...seg.segment(m[2]!)][0]!.segment;
        const joined = [...seg.segment(left + right)];
        assert.ok(joined.length > 1, `${where}: the space splits a word in "${text}"`);
      }
    }
  });

  it('japanese: written in kanji and kana, as Japanese is written (the voice gets its kana reading elsewhere)', () => {
    const all = templates(PHRASES.japanese).filter((x) => x.sentence);
    const withKanji = all.filter((x) => /\p{Script=Han}/u.test(x.text));
    // Short interjections ("どうぞ！") may be kana only; running text is not.
    assert.ok(withKanji.length >= 0.8 * all.length, `${withKanji.length} of ${all.length} templates have kanji`);
    for (const { where, text } of all) {
      const kana = text.match(/[\p{Script=Hiragana}]/gu)?.length ?? 0;
      if (kana >= 10) assert.match(text, /\p{Script=Han}/u, `${where} is long and has no kanji: ${text}`);
    }
  });
});

describe('the checks above can fail', () => {
  it('finds the same opening word, extra placeholders and inner spaces', () => {
    assert.equal(firstWord('Voici les faits.', 'french'), 'voici');
    assert.equal(firstWord('¡Pídelo ya!', 'spanish'), 'pídelo');
    assert.equal(firstWord('{p}.', 'english'), null);
    assert.equal(firstWord('今すぐチェック！', 'japanese'), '今');
    assert.match('すごい もの', /[^\x00-\x7F] +[^\x00-\x7F]/u);
    assert.match('Hello. World.'.slice(0, -1), INNER_END);
    const clashing: PhraseTable = { ...PHRASES.english, price: [...PHRASES.english.price, 'Plus tax, {price}.'] };
    assert.equal(sameOpenings(clashing, 'english').length, 1, 'a price opening like a connector is found');
    const th = new Intl.Segmenter('th', { granularity: 'word' });
    assert.equal([...th.segment('เหตุผล')].length, 1, 'a split Thai word is found by joining its halves');
    assert.doesNotMatch('Plus : {p}.'.replace(/\{\w+\}/g, 'X').slice(0, -1), INNER_END);
  });
});
