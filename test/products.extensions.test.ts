import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatPrice, spokenPrice } from '../src/pipeline/script/price.ts';
import { extensionChanges, parsePriceInput } from '../src/products/product-extensions.ts';

describe('hand-given product extensions are stored as the crawler stores them', () => {
  it('prices in any common writing become one decimal string; 0 removes the price', () => {
    const cases: [string, string | null][] = [
      ['49.90', '49.90'],
      ['49,90', '49.90'],
      ['1.299,00', '1299.00'],
      ['1,299.00', '1299.00'],
      ['007.5', '7.5'],
      ['12.500', '12.500'],
      ['0', null],
      ['0.00', null],
    ];
    for (const [raw, want] of cases) assert.equal(parsePriceInput(raw), want, raw);
    for (const bad of ['-1', 'free', '1e21', '999999999999', '12abc']) assert.throws(() => parsePriceInput(bad), /price must be a non-negative number/, bad);
  });

  it('the price module shows and says a hand-given price like a crawled one', () => {
    const ext = extensionChanges({ price: '1.299,00', currency: 'eur' });
    assert.deepEqual(ext, { price: '1299.00', currency: 'EUR' });
    assert.equal(formatPrice(ext.price!, ext.currency!, 'german'), '1.299 €');
    assert.equal(formatPrice(ext.price!, ext.currency!, 'english'), '€1,299');
    assert.match(spokenPrice(ext.price!, ext.currency!, 'english')!, /^1299 euros$/);
  });

  it('blank selling points are dropped and an empty list is no change', () => {
    assert.deepEqual(extensionChanges({ selling_points: [' Light ', '', 'Strong'] }), { sellingPoints: ['Light', 'Strong'] });
    assert.deepEqual(extensionChanges({ selling_points: [] }), {});
    assert.deepEqual(extensionChanges({ selling_points: ['  '] }), {});
  });
});
