import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatPrice, parsePrice, spokenPrice } from '../src/pipeline/script/price.ts';
import { formatPrice as overlayPrice, parsePrice as overlayParse } from '../src/pipeline/timeline/text.ts';

describe('prices: one module for what is shown and what is said', () => {
  it('reads decimal commas and thousands separators of every shop', () => {
    assert.equal(parsePrice('89,00'), 89);
    assert.equal(parsePrice('29,9'), 29.9);
    assert.equal(parsePrice('1.299,50'), 1299.5);
    assert.equal(parsePrice('1,299.50'), 1299.5);
    assert.equal(parsePrice('1.299'), 1299);
    assert.equal(parsePrice('$29.99'), 29.99);
    assert.equal(parsePrice('on request'), null);
  });

  it('"89,00" EUR is 89 euros: "89 €" in German, "€89" in English, never 8900', () => {
    assert.equal(formatPrice('89,00', 'EUR', 'german'), '89 €');
    assert.equal(formatPrice('89,00', 'EUR', 'english'), '€89');
    assert.equal(formatPrice('89,50', 'EUR', 'german'), '89,50 €');
    assert.equal(formatPrice('89,50', 'EUR', 'english'), '€89.50');
    assert.equal(spokenPrice('89,00', 'EUR', 'english'), '89 euros');
    assert.equal(spokenPrice('89,00', 'EUR', 'german'), '89 Euro');
  });

  it('keeps the currency symbol in Thai, Chinese, Korean and Japanese', () => {
    for (const language of ['thai', 'chinese', 'korean', 'japanese'] as const) {
      const shown = formatPrice('49.90', 'USD', language)!;
      assert.match(shown, /\$/, `${language}: ${shown}`);
      assert.match(shown, /49\.90/, `${language}: ${shown}`);
    }
    assert.equal(formatPrice('12800', 'JPY', 'japanese'), '¥12,800');
  });

  it('says the amount in words: the currency named, digits without grouping the engine could misread', () => {
    assert.equal(spokenPrice('1.299,00', 'EUR', 'german'), '1299 Euro');
    assert.equal(spokenPrice('49.90', 'USD', 'english'), '49.90 US dollars');
    assert.equal(spokenPrice('12800', 'JPY', 'japanese'), '12800円');
    const arabic = spokenPrice('49.90', 'USD', 'arabic')!;
    assert.doesNotMatch(arabic, /[$\u200f]/u);
    assert.match(arabic, /\p{Script=Arabic}/u);
    for (const language of ['english', 'german', 'thai', 'hindi', 'korean'] as const) {
      assert.doesNotMatch(spokenPrice('49.90', 'USD', language)!, /\p{Sc}/u, language);
    }
  });

  it('leaves what is not one price as the shop wrote it, and says nothing for it', () => {
    assert.equal(formatPrice('£12', null, 'english'), '£12');
    assert.equal(formatPrice('12', 'XYZ1', 'english'), '12 XYZ1');
    assert.equal(formatPrice('on request', 'EUR', 'english'), 'on request');
    assert.equal(spokenPrice('on request', 'EUR', 'english'), null);
    assert.equal(formatPrice('  ', 'EUR', 'english'), null);
    assert.equal(spokenPrice(null, 'EUR', 'english'), null);
  });

  it('the overlay functions of the timeline are the same functions', () => {
    for (const [p, c, l] of [['89,00', 'EUR', 'german'], ['49.90', 'USD', 'thai'], ['1299', 'JPY', 'japanese']] as const) {
      assert.equal(overlayPrice(p, c, l), formatPrice(p, c, l));
      assert.equal(overlayParse(p), parsePrice(p));
    }
    assert.equal(overlayPrice('89,00', 'EUR', 'klingon'), formatPrice('89,00', 'EUR', 'english'));
  });
});
