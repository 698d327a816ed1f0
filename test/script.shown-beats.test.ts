import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LANGUAGES, SCRIPT_STYLES, type Language } from '../src/catalog/languages.ts';
import { LENGTH_RULES, reach, showcaseScene } from '../src/pipeline/length/decide.ts';
import { countLabel, writeBuiltin } from '../src/pipeline/script/builtin.ts';
import { PHRASES } from '../src/pipeline/script/phrases/index.ts';
import { narrationLanguageShare } from '../src/pipeline/script/language-share.ts';
import { SHOWN_BEATS } from '../src/pipeline/script/phrases/shown-beats.ts';
import { estimateScriptS } from '../src/pipeline/script/rates.ts';
import { keywords, productPoints } from '../src/pipeline/script/text.ts';
import type { ProductFacts, Script } from '../src/pipeline/types.ts';

/** An English product (the bench's lamp) narrated in languages whose voice may not read its text. */
const lamp: ProductFacts = {
  name: 'Aurora Desk Lamp',
  brand: 'Lumina',
  description: 'A dimmable LED desk lamp with a USB-C charging port and a warm-to-cool light range.',
  sellingPoints: ['Five brightness levels and three colour temperatures', 'USB-C port charges your phone', 'Folds flat for travel'],
  price: '2499',
  currency: 'INR',
  targetAudience: 'students and remote workers',
  language: 'english',
  imagePaths: ['/m/0.jpg', '/m/1.jpg'],
  videoPaths: [],
};
const FOREIGN: Language[] = ['japanese', 'chinese', 'korean', 'hindi', 'thai', 'arabic', 'german'];
const said = (s: Script) => s.sentences.map((x) => x.spoken ?? x.text).join(' ');
const shownTexts = (s: Script) => s.sentences.flatMap((x) => (x.cue.readS ? [x.cue.overlay!, ...(x.cue.shown ?? [])] : []));

describe('products shown, not read: what the writer can still say (phrases/shown-beats.ts)', () => {
  it('every catalog language has the lead-in of the shown cards; a brand sentence holds {brand} once', () => {
    for (const language of LANGUAGES) {
      const w = SHOWN_BEATS[language];
      assert.ok(w.highlights.trim().length > 0 && !/[{}]/.test(w.highlights), language);
      if (language !== 'thai') assert.match(w.highlights, /[.!?。！？।۔።]$/u, `${language}: one sentence with its closing punctuation`);
      if (w.brand) assert.equal(w.brand.split('{brand}').length, 2, language);
    }
  });

  for (const language of FOREIGN) {
    it(`${language}, 60 s: the brand and the lead-in are said, every product text is shown (none read), the recap shows them again`, () => {
      const s = writeBuiltin({ product: lamp, style: "Don't Worry", lengthS: 60, language, seed: 'v1' });
      const texts = s.sentences.map((x) => x.text);
      assert.ok(texts.includes(SHOWN_BEATS[language].highlights), texts.join(' | '));
      if (SHOWN_BEATS[language].brand) assert.ok(texts.includes(SHOWN_BEATS[language].brand!.replace('{brand}', 'Lumina')), texts.join(' | '));
      for (const p of lamp.sellingPoints) assert.ok(!said(s).includes(p), `${language} reads "${p}"`);
      const shown = shownTexts(s);
      for (const p of productPoints(lamp)) assert.ok(shown.includes(keywords(p.text)), `${language}: "${p.text}" not shown`);
      const recap = s.sentences.find((x) => x.cue.kind === 'story' && x.text.includes('Aurora Desk Lamp') && x.cue.readS);
      assert.ok(recap, `${language}: the name recap's scene shows texts`);
      // Only scenes that show cue cards (point, story) hold texts to read.
      for (const x of s.sentences) if (x.cue.readS) assert.ok(x.cue.kind === 'point' || x.cue.kind === 'story', `${language}: ${x.cue.kind} holds texts`);
      for (const x of s.sentences) assert.ok((x.cue.readS ?? 0) <= 8 && (x.cue.shown?.length ?? 0) <= 2);
      assert.ok(narrationLanguageShare(s, language, [lamp.name, lamp.brand]) >= 0.8, `${language} share`);
    });
  }

  it('the brand is not said when the name carries it; a product the voice can read gets none of these sentences', () => {
    const bottle = { ...lamp, name: 'Lumina Desk Lamp' };
    const ja = writeBuiltin({ product: bottle, style: 'Discovery', lengthS: 60, language: 'japanese', seed: 'v1' });
    assert.ok(!ja.sentences.some((x) => x.text === SHOWN_BEATS.japanese.brand!.replace('{brand}', 'Lumina')));
    for (const style of SCRIPT_STYLES) {
      const en = writeBuiltin({ product: lamp, style, lengthS: 60, language: 'english', seed: 'v1' });
      assert.ok(!en.sentences.some((x) => x.text === SHOWN_BEATS.english.highlights || x.text === 'Made by Lumina.'), style);
    }
  });

  it('Top 3 of a product with three texts shown: "Reason one/two/three." counted aloud, each over its own card, in order', () => {
    for (const language of ['japanese', 'thai', 'hindi', 'german'] as const) {
      const s = writeBuiltin({ product: lamp, style: 'Top 3 reasons', lengthS: 30, language, seed: 'v1' });
      const counted = s.sentences.filter((x) => x.cue.gesture === 'count');
      assert.deepEqual(counted.map((x) => x.text), PHRASES[language].reasons.map(countLabel), language);
      const points = productPoints(lamp);
      counted.forEach((x, k) => assert.equal(x.cue.overlay, keywords(points[k]!.text), `${language} reason ${k + 1} shows point ${k + 1}`));
      assert.ok(!s.sentences.some((x) => x.text === SHOWN_BEATS[language].highlights), 'the counted reasons are the lead-ins');
    }
    assert.equal(countLabel('Reason one: {p}.'), 'Reason one.');
    assert.equal(countLabel('理由その一：{p}。'), '理由その一。');
    assert.equal(countLabel('เหตุผลที่หนึ่ง {p}'), 'เหตุผลที่หนึ่ง');
    // Two texts only: nothing promises three (the Feature Explainer's hooks, no counting).
    const two = writeBuiltin({ product: { ...lamp, description: '', sellingPoints: lamp.sellingPoints.slice(0, 2) }, style: 'Top 3 reasons', lengthS: 30, language: 'japanese', seed: 'v1' });
    assert.ok(!two.sentences.some((x) => x.cue.gesture === 'count'));
  });

  it('at 60 s every style counts up to three shown texts aloud ("Reason one."), each over its own card in order, led in by "Here are its highlights."; not at 30 s', () => {
    const points = productPoints(lamp);
    for (const language of ['chinese', 'thai', 'arabic'] as const)
      for (const style of SCRIPT_STYLES) {
        if (style === 'Top 3 reasons') continue;
        const s = writeBuiltin({ product: lamp, style, lengthS: 60, language, seed: 'v1' });
        const counted = s.sentences.filter((x) => x.cue.gesture === 'count');
        assert.deepEqual(counted.map((x) => x.text), PHRASES[language].reasons.map(countLabel), `${language} ${style}`);
        counted.forEach((x, k) => assert.equal(x.cue.overlay, keywords(points[k]!.text), `${language} ${style}: label ${k + 1} shows text ${k + 1}`));
        const lead = s.sentences.findIndex((x) => x.text === SHOWN_BEATS[language].highlights);
        assert.ok(lead >= 0 && lead < s.sentences.indexOf(counted[0]!), `${language} ${style}: the lead-in comes first`);
        assert.equal(s.sentences[lead]!.cue.readS, undefined, 'the lead-in holds no card of its own (the counted ones take them in order)');
        const shown = shownTexts(s);
        for (const p of points) assert.ok(shown.includes(keywords(p.text)), `${language} ${style}: "${p.text}" not shown`);
        const at30 = writeBuiltin({ product: lamp, style, lengthS: 30, language, seed: 'v1' });
        assert.ok(!at30.sentences.some((x) => x.cue.gesture === 'count'), `${language} ${style} 30 s`);
      }
    // Two texts: two labels.
    const two = writeBuiltin({ product: { ...lamp, description: '', sellingPoints: lamp.sellingPoints.slice(0, 2) }, style: 'Data', lengthS: 60, language: 'chinese', seed: 'v1' });
    assert.deepEqual(two.sentences.filter((x) => x.cue.gesture === 'count').map((x) => x.text), PHRASES.chinese.reasons.slice(0, 2).map(countLabel));
  });

  it('fitting: in every style, what finishing can reach (slowest rate, reading and visual beats) covers the 60 s target within 10 %', () => {
    // A product with two selling points and a one-line description too (a thin one); a product with
    // a single short description can still fall short (docs/script.md).
    const thin: ProductFacts = { ...lamp, name: 'Nimbus', brand: 'Nimbus', description: 'A compact desk fan with three speeds.', sellingPoints: ['Quiet motor', 'USB-C powered'], targetAudience: '' };
    for (const product of [lamp, thin])
    for (const language of ['japanese', 'korean', 'hindi', 'chinese', 'thai'] as const)
      for (const style of SCRIPT_STYLES) {
        const s = writeBuiltin({ product, style, lengthS: 60, language, seed: 'v1' });
        const endS = estimateScriptS(s.sentences.map((x) => x.spoken ?? x.text), language);
        const { maxS } = reach({ paceScale: 1, estimatedS: endS, speechS: endS, endS, sentences: s.sentences.length, beatsS: s.sentences.map((x) => x.cue.readS ?? 0), showcase: s.sentences.map((x) => showcaseScene(x.cue)) });
        // The video ends 1.5 s after the last word when short of the length (mixLengthS).
        assert.ok(maxS + 1.5 >= 60 * (1 - LENGTH_RULES.tolerance), `${product.name} ${language} ${style}: reaches ${maxS.toFixed(1)} s`);
      }
  });
});
