import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brandFromTitle, cleanBrand, houseBrand, isShopNameFragment, latinForm, lexicon, withoutQualifier } from '../src/products/crawl/brands.ts';
import { extractProduct, type ExtractedProduct, type PageVerdict } from '../src/products/crawl/extract.ts';

function product(v: PageVerdict): ExtractedProduct {
  assert.equal(v.kind, 'product', `expected a product, got ${JSON.stringify(v)}`);
  return (v as { kind: 'product'; product: ExtractedProduct }).product;
}

/** A page with no brand markup at all: a title, a price and an add-to-cart button. */
const bare = (title: string, extra = '') =>
  `<html><head><title>${title} | Hardware Hub</title><meta property="og:site_name" content="Hardware Hub">${extra}</head>
   <body><h1>${title}</h1><span class="price">€89.00</span><button>Add to cart</button></body></html>`;

describe('brand lexicon', () => {
  it('is broad, and holds brand names rather than product lines or padded names', () => {
    const { map, size } = lexicon();
    assert.ok(size > 3000, `only ${size} brands`);
    for (const key of ['bosch', 'indesit', 'casio', 'lego', 'de longhi', 'harman kardon', 'l oreal paris']) assert.ok(map.has(key), key);
    for (const key of ['sony xperia', 'milwaukee m18', 'nintendo switch', 'lego technic', 'ubisoft montreal', 'bosch garden']) assert.ok(!map.has(key), key);
  });

  it('finds a well-known brand at the start of a title, or after a product-type word, in its canonical spelling', () => {
    assert.equal(brandFromTitle('BOSCH PSB 500 RE impact drill'), 'Bosch');
    assert.equal(brandFromTitle('Washing machine Indesit IWC 71252 7 kg'), 'Indesit');
    assert.equal(brandFromTitle('Casio G-Shock GA-2100 watch, black'), 'Casio');
    assert.equal(brandFromTitle('De Longhi Magnifica S ECAM 22.110'), "De'Longhi");
    assert.equal(brandFromTitle('Harman Kardon Onyx Studio 7'), 'Harman Kardon', 'the longest entry wins');
  });

  it('names no brand for a brand named late, after "for", or not as a whole word', () => {
    assert.equal(brandFromTitle('Hand-painted ceramic mug with a blue glaze by Bosch'), null);
    assert.equal(brandFromTitle('Case for Samsung Galaxy S21, clear'), null);
    assert.equal(brandFromTitle('Replacement filter compatible with Dyson V8'), null);
    assert.equal(brandFromTitle('Boschetto oak side table'), null);
  });

  it('takes a brand that is also an ordinary word only first, capitalised and followed by a model', () => {
    assert.equal(brandFromTitle('Apple iPhone 13 128 GB'), 'Apple');
    assert.equal(brandFromTitle('Apple pie dish, 24 cm'), null);
    assert.equal(brandFromTitle('Green Apple shampoo 250 ml'), null);
    assert.equal(brandFromTitle('Mini wireless speaker, 5 W'), null);
  });

  it('takes a two-letter brand only when written in capitals', () => {
    assert.equal(brandFromTitle('LG OLED55C3 55" TV'), 'LG');
    assert.equal(brandFromTitle('Lg size hoodie'), null);
  });
});

describe('brand values', () => {
  it('drops a trailing qualifier, keeps the Latin form of a name written in two scripts, and reduces a house line', () => {
    assert.equal(withoutQualifier('Nutrilon (Nutricia)'), 'Nutrilon');
    assert.equal(withoutQualifier('(unbranded)'), '(unbranded)');
    assert.equal(latinForm("達美樂披薩DOMINO'S PIZZA"), "DOMINO'S PIZZA");
    assert.equal(latinForm('ソニー'), 'ソニー');
    assert.equal(houseBrand('adidas Performance'), 'adidas');
    assert.equal(houseBrand('Nike Sportswear'), 'Nike');
    assert.equal(houseBrand('Calvin Klein Jeans'), 'Calvin Klein Jeans');
    assert.equal(houseBrand('Acme Performance'), 'Acme Performance', 'an unknown brand keeps its whole name');
    assert.equal(cleanBrand("達美樂披薩DOMINO'S PIZZA(全台多分店)"), "DOMINO'S PIZZA");
    assert.equal(cleanBrand('Marca: Panasonic'), 'Panasonic');
    assert.equal(cleanBrand('{{ product.vendor }}'), null);
  });

  it('treats a cut-off piece of the shop name as no brand, but keeps the shop name itself', () => {
    assert.equal(isShopNameFragment('Ali', 'www.alibaba.com', null), true);
    assert.equal(isShopNameFragment('Best', 'www.example.com', 'Best Buy'), true);
    assert.equal(isShopNameFragment('ZARA', 'www.zara.com', 'ZARA'), false);
    assert.equal(isShopNameFragment('Bosch', 'www.alibaba.com', 'Alibaba'), false);
  });
});

describe('brand on pages without brand markup', () => {
  it('comes from the title when the markup names none', () => {
    assert.equal(product(extractProduct(bare('Bosch PSR 1200 cordless drill'), 'https://www.hardware-hub.example/p/1')).brand, 'Bosch');
  });
  it('never overrides a brand the markup names', () => {
    const ld = '<script type="application/ld+json">{"@type":"Product","name":"Bosch-style drill","brand":{"name":"Heatwell"},"offers":{"price":"89.00","priceCurrency":"EUR"}}</script>';
    assert.equal(product(extractProduct(bare('Bosch PSR 1200 cordless drill', ld), 'https://www.hardware-hub.example/p/1')).brand, 'Heatwell');
  });
  it('stays empty when the title names no known brand', () => {
    assert.equal(product(extractProduct(bare('Cordless drill 12 V with two batteries'), 'https://www.hardware-hub.example/p/1')).brand, null);
  });
  it('falls back to the title when the markup brand is a fragment of the shop name', () => {
    const ld = '<script type="application/ld+json">{"@type":"Product","name":"Casio F-91W","brand":"Hardware","offers":{"price":"89.00","priceCurrency":"EUR"}}</script>';
    assert.equal(product(extractProduct(bare('Casio F-91W digital watch', ld), 'https://www.hardware-hub.example/p/1')).brand, 'Casio');
  });
});

describe('brand labels', () => {
  const specs = (label: string, value: string) => bare('Cordless drill 12 V', '').replace('<button>', `<table><tr><th>${label}</th><td>${value}</td></tr></table><button>`);
  it('reads a combined label whose parts all name the maker', () => {
    assert.equal(product(extractProduct(specs('Make/Manufacturer:', 'Heatwell'), 'https://www.hardware-hub.example/p/1')).brand, 'Heatwell');
  });
  it('does not read a combined label that names more than the maker', () => {
    assert.equal(product(extractProduct(specs('Make/Model:', 'Heatwell HX-200'), 'https://www.hardware-hub.example/p/1')).brand, null);
  });
});
