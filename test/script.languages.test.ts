import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LANGUAGES, SCRIPT_STYLES, type Language } from '../src/catalog/languages.ts';
import { formatPrice, writeScript } from '../src/pipeline/script/index.ts';
import { STYLE_KEYS } from '../src/pipeline/script/builtin.ts';
import { PHRASES } from '../src/pipeline/script/phrases/index.ts';
import type { PhraseTable } from '../src/pipeline/script/phrases/types.ts';
import { denseCharCount, estimateScriptS, estimateSentenceS, LANGUAGE_PROFILES } from '../src/pipeline/script/rates.ts';
import type { ProductFacts } from '../src/pipeline/types.ts';

const product: ProductFacts = {
  name: 'ThermoFlask Pro 750 – Insulated Steel Bottle',
  description: 'A double-walled stainless steel bottle for every day. The lid locks with one click, so nothing spills in your bag.',
  sellingPoints: ['Keeps drinks cold for 24 hours', 'Leak-proof one-click lid', 'Fits every cup holder', 'Made from 18/8 stainless steel'],
  brand: 'ThermoFlask',
  price: '49.90',
  currency: 'EUR',
  targetAudience: '',
  imagePaths: ['/m/0.jpg', '/m/1.jpg'],
  videoPaths: [],
};

/** The Unicode script each language's own phrases are written in; Japanese with kanji and kana (the voice is given the kana reading). */
const SCRIPT: Partial<Record<Language, RegExp>> = {
  hindi: /\p{Script=Devanagari}/u, thai: /\p{Script=Thai}/u, korean: /\p{Script=Hangul}/u, arabic: /\p{Script=Arabic}/u,
  urdu: /\p{Script=Arabic}/u, persian: /\p{Script=Arabic}/u, amharic: /\p{Script=Ethiopic}/u, russian: /\p{Script=Cyrillic}/u,
  ukrainian: /\p{Script=Cyrillic}/u, bulgarian: /\p{Script=Cyrillic}/u, serbian: /\p{Script=Cyrillic}/u, mongolian: /\p{Script=Cyrillic}/u,
  bengali: /\p{Script=Bengali}/u, assamese: /\p{Script=Bengali}/u, odia: /\p{Script=Oriya}/u, greek: /\p{Script=Greek}/u,
  hebrew: /\p{Script=Hebrew}/u, malayalam: /\p{Script=Malayalam}/u, tamil: /\p{Script=Tamil}/u, telugu: /\p{Script=Telugu}/u,
  kannada: /\p{Script=Kannada}/u, chinese: /\p{Script=Han}/u, 'traditional-chinese': /\p{Script=Han}/u, cantonese: /\p{Script=Han}/u,
  japanese: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\u30fc]/u,
};
const scriptOf = (l: Language) => SCRIPT[l] ?? /\p{Script=Latin}/u;

function allPhrases(t: PhraseTable): string[] {
  return [
    ...t.point, ...t.reasons, t.fact, t.first, t.next, t.unlike, ...t.price, t.offer, ...t.cta, t.softCta,
    ...(t.audience ?? []), t.recap, t.threeReasons, ...Object.values(t.styles).flat(),
  ];
}
/** Share of a phrase's letters (slots removed) in the given script. */
function share(text: string, re: RegExp): number {
  const letters = [...text.replace(/\{\w+\}/g, '')].filter((c) => /\p{L}/u.test(c));
  return letters.length === 0 ? 1 : letters.filter((c) => re.test(c)).length / letters.length;
}

describe('phrase tables: all 54 languages', () => {
  it('every language has a table, and only Flemish/Dutch and Tagalog/Filipino share one', () => {
    assert.deepEqual(Object.keys(PHRASES).sort(), [...LANGUAGES].sort());
    const owners = new Map<PhraseTable, Language[]>();
    for (const l of LANGUAGES) owners.set(PHRASES[l], [...(owners.get(PHRASES[l]) ?? []), l]);
    const shared = [...owners.values()].filter((ls) => ls.length > 1).map((ls) => ls.sort().join('+')).sort();
    assert.deepEqual(shared, ['dutch+flemish', 'filipino+tagalog']);
  });

  for (const language of LANGUAGES) {
    it(`${language}: slots in the right places, enough variants, hooks under 3 s, written in its own script`, () => {
      const t = PHRASES[language];
      for (const p of [...t.point, ...t.reasons, t.fact, t.first, t.next, t.unlike, t.recap]) assert.equal(p.split('{p}').length, 2, p);
      for (const p of t.price) assert.equal(p.split('{price}').length, 2, p);
      assert.ok(t.point.length >= 3 && t.price.length >= 3 && t.cta.length >= 4);
      for (const a of t.audience ?? []) assert.equal(a.split('{audience}').length, 2, a);
      assert.ok(t.cta.at(-1)!.length <= Math.min(...t.cta.map((c) => c.length)), 'the last call to action is the shortest');
      assert.equal(new Set(t.reasons).size, 3);
      for (const [key, [hookA, hookB, intro, line]] of Object.entries(t.styles)) {
        for (const hook of [hookA, hookB]) {
          assert.doesNotMatch(hook, /\{/, hook);
          assert.ok(estimateSentenceS(hook, language) <= 3, `${key} hook too long to say in 3 s: ${hook}`);
        }
        assert.notEqual(hookA, hookB);
        if (key === 'twist') assert.ok(!intro.includes('{name}') && line.includes('{name}'), 'the twist names the product');
        else assert.ok(intro.includes('{name}'), `${key} intro names the product: ${intro}`);
      }
      for (const p of allPhrases(t)) {
        assert.equal(p, p.trim());
        assert.ok(share(p, scriptOf(language)) >= 0.6, `${language} phrase not in its script: ${p}`);
      }
      if (language === 'japanese') assert.match(allPhrases(t).join(''), /[\p{Script=Hiragana}\p{Script=Katakana}]/u, 'Japanese, not Chinese: it has kana');
    });
  }

  it('Simplified and Traditional Chinese use their own characters; Cantonese is written Cantonese', () => {
    const simplifiedOnly = /[这们个买价点为时说让还给经于无过问实觉对发现车钱从东来后样间头试诉义动习乐么机开关结准备应该话请题决没长见边电带难听专荐轻种数]/u;
    const traditionalOnly = /[這們個買價點為時說讓還給經於無過問實覺對發現車錢從東來後樣間頭試訴義動習樂麼機開關結準備應該話請題決沒長見邊電帶難聽專薦輕種數]/u;
    const zh = allPhrases(PHRASES.chinese).join('');
    const tw = allPhrases(PHRASES['traditional-chinese']).join('');
    const yue = allPhrases(PHRASES.cantonese).join('');
    assert.doesNotMatch(zh, traditionalOnly);
    assert.doesNotMatch(tw, simplifiedOnly);
    assert.doesNotMatch(yue, simplifiedOnly);
    assert.match(tw, traditionalOnly);
    for (const particle of ['嘅', '咗', '啲', '唔', '係', '佢', '喺']) assert.ok(yue.includes(particle), particle);
    assert.notDeepEqual(PHRASES.cantonese.cta, PHRASES['traditional-chinese'].cta);
  });
});

describe('scripts in every language', () => {
  for (const language of LANGUAGES) {
    it(`${language}: all styles and lengths fit under the length, open with its hook, close with its call to action, in its script`, async () => {
      const t = PHRASES[language];
      const re = scriptOf(language);
      // The product is written in English: other voices do not read its sentences, so their
      // scripts are shorter (no filler makes up the time); Top 3 counts the shown texts aloud
      // ("Reason one." over its card), so it keeps its own hooks.
      const own = language === 'english';
      for (const style of SCRIPT_STYLES) {
        for (const lengthS of [15, 30, 60] as const) {
          const s = await writeScript({ product, style, lengthS, language, overrideScript: null });
          const est = estimateScriptS(s.sentences.map((x) => x.text), language);
          assert.ok(est <= lengthS, `${style} ${lengthS} s: ${est.toFixed(1)} s`);
          if (own && lengthS < 60) assert.ok(est >= 0.9 * lengthS, `${style} ${lengthS} s: ${est.toFixed(1)} s`);
          const [hookA, hookB] = t.styles[STYLE_KEYS[style]];
          assert.ok([hookA, hookB].includes(s.sentences[0]!.text), `${style}: hook ${s.sentences[0]!.text}`);
          const cta = s.sentences.at(-1)!;
          assert.equal(cta.cue.kind, 'cta');
          assert.ok([...t.cta, t.softCta].includes(cta.text), `${style}: cta ${cta.text}`);
          assert.match(s.text, re);
          assert.equal(s.text, s.sentences.map((x) => x.text).join(LANGUAGE_PROFILES[language].joiner));
        }
      }
    });
  }

  it('the price is said in each language’s convention', async () => {
    const cases: [Language, string, string, string][] = [
      ['german', '49.90', 'EUR', '49,90 €'],
      ['english', '49.90', 'USD', '$49.90'],
      ['japanese', '12800', 'JPY', '¥12,800'],
      ['french', '49.90', 'EUR', '49,90 €'],
      ['hindi', '1499', 'INR', '₹1,499'],
      ['russian', '990', 'RUB', '990 ₽'],
      ['polish', '129.99', 'PLN', '129,99 zł'],
      ['korean', '39000', 'KRW', '₩39,000'],
      ['thai', '1290', 'THB', '฿1,290'],
    ];
    for (const [language, price, currency, expected] of cases) {
      assert.equal(formatPrice(price, currency, language), expected, language);
      const s = await writeScript({ product: { ...product, price, currency }, style: 'Discovery', lengthS: 30, language, overrideScript: null });
      const said = s.sentences.find((x) => x.cue.kind === 'price')!;
      assert.ok(said.text.includes(expected), `${language}: ${said.text}`);
      assert.equal(said.cue.overlay, expected);
    }
  });
});

describe('budgets for Chinese, Japanese, Korean and Thai are in characters', () => {
  const zhProduct: ProductFacts = {
    ...product,
    name: '极光保温杯',
    description: '双层不锈钢真空设计，保冷二十四小时。一键锁扣杯盖，放进包里也不会漏。',
    sellingPoints: ['保冷二十四小时，保温十二小时', '一键锁扣，滴水不漏', '适配所有车载杯架', '食品级不锈钢'],
    currency: 'CNY',
  };

  it('a Chinese script of Chinese product text holds about rate × length characters', async () => {
    const cps = LANGUAGE_PROFILES.chinese.rate;
    for (const lengthS of [15, 30, 60] as const) {
      const s = await writeScript({ product: zhProduct, style: 'Feature Explainer', lengthS, language: 'chinese', overrideScript: null });
      const chars = denseCharCount(s.text);
      const est = estimateScriptS(s.sentences.map((x) => x.text), 'chinese');
      // Four points and their recaps fill 15 and 30 s; at 60 s the script ends when they run out (no filler).
      assert.ok(est <= lengthS && (lengthS === 60 || est >= 0.9 * lengthS), `${lengthS} s: ${est}`);
      assert.ok(chars <= cps * lengthS && chars >= (lengthS === 60 ? 0.4 : 0.6) * cps * lengthS, `${chars} characters for ${lengthS} s`);
      assert.doesNotMatch(s.text, /\s/, 'Chinese sentences are joined without spaces');
    }
  });

  it('the estimate counts characters, not words, for char languages', () => {
    assert.equal(LANGUAGE_PROFILES.chinese.unit, 'char');
    assert.equal(LANGUAGE_PROFILES.japanese.unit, 'char');
    assert.equal(LANGUAGE_PROFILES.korean.unit, 'char');
    assert.equal(LANGUAGE_PROFILES.thai.unit, 'char');
    const ten = '这是十个汉字的句子啊';
    assert.ok(Math.abs(estimateSentenceS(ten, 'chinese') - (10 / 4.5 + 0.2)) < 1e-9);
    // Thai tone marks and vowel signs are not extra characters of speech time.
    assert.ok(Math.abs(estimateSentenceS('น้ำ', 'thai') - (2 / 9 + 0.2)) < 1e-9);
    // Japanese kanji are said as their kana reading, about 1.9 kana each; kana count one each.
    assert.ok(Math.abs(estimateSentenceS('東京です', 'japanese') - ((2 * 1.9 + 2) / 7 + 0.2)) < 1e-9);
    assert.ok(Math.abs(estimateSentenceS('とうきょう', 'japanese') - (5 / 7 + 0.2)) < 1e-9);
    // A Latin word inside Chinese costs a word, not its letters.
    assert.ok(Math.abs(estimateSentenceS('试试ThermoFlask', 'chinese') - (2 / 4.5 + 1 / 2.5 + 0.2)) < 1e-9);
  });
});
