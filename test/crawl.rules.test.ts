/**
 * Generic extraction rules for pages the crawler was not developed on (issue 18): one fixture per
 * failure class (test/fixtures/crawl/) and the older-style page set (test/fixtures/crawl/older/).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { LANGUAGES } from '../src/catalog/languages.ts';
import { cleanBrand } from '../src/products/crawl/brands.ts';
import { loadPage } from '../src/products/crawl/dom.ts';
import { extractProduct, type ExtractedProduct, type PageVerdict } from '../src/products/crawl/extract.ts';
import { cleanSku, idFromUrl, withUrlId } from '../src/products/crawl/identifiers.ts';
import { SAME_WORDS, WORDS } from '../src/products/crawl/label-words.ts';
import { stripSiteName, withoutAuthorAndFormat } from '../src/products/crawl/titles.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/crawl/${name}`, import.meta.url), 'utf8');

function product(v: PageVerdict): ExtractedProduct {
  assert.equal(v.kind, 'product', `expected a product, got ${JSON.stringify(v)}`);
  return (v as { kind: 'product'; product: ExtractedProduct }).product;
}

describe('prices', () => {
  it('skips a microdata offer hidden by inline CSS, even under a misspelt style attribute', () => {
    const p = product(extractProduct(fixture('hidden-offer.html'), 'https://www.oakandash.example/walnut-serving-board'));
    assert.equal(p.price, '99.00');
    assert.equal(p.currency, 'USD');
  });

  it('skips a hidden offer under a correct style attribute and a hidden attribute too', () => {
    for (const hide of ['style="display:none"', 'hidden', 'style="visibility: hidden"']) {
      const html = fixture('hidden-offer.html').replace('stlye="display: none"', hide);
      assert.equal(product(extractProduct(html, 'https://www.oakandash.example/walnut-serving-board')).price, '99.00', hide);
    }
  });

  it('does not take a block shown on larger screens ("d-none d-lg-block") for hidden', () => {
    const html = fixture('hidden-offer.html').replace('stlye="display: none"', 'class="d-none d-lg-block"');
    assert.equal(product(extractProduct(html, 'https://www.oakandash.example/walnut-serving-board')).price, '129.00');
  });

  it('takes the visible offer when no offer is hidden (first offer wins)', () => {
    const html = fixture('hidden-offer.html').replace('stlye="display: none"', '');
    assert.equal(product(extractProduct(html, 'https://www.oakandash.example/walnut-serving-board')).price, '129.00');
  });

  it('prefers the price with VAT over a structured price the page marks "zzgl. MwSt."', () => {
    const p = product(extractProduct(fixture('vat-jsonld.html'), 'https://www.werkzeughaus-berg.example/akkuschrauber-as-18'));
    assert.equal(p.price, '121.00');
    assert.equal(p.currency, 'EUR');
  });

  it('prefers the price with VAT on a page without structured data, even when the ex-VAT one comes first', () => {
    const p = product(extractProduct(fixture('vat-generic.html'), 'https://www.depot-supplies.example/pallet-truck-2500'));
    assert.equal(p.price, '298.80');
  });

  it('keeps a lone price marked ex VAT (nothing else is offered)', () => {
    const html = '<html><body><h1>Bench Grinder</h1><p><span class="price">£120.00</span> ex VAT</p><button>Add to basket</button></body></html>';
    assert.equal(product(extractProduct(html, 'https://www.depot-supplies.example/bench-grinder')).price, '120.00');
  });

  it('prefers a JSON-LD priceSpecification marked VAT-included', () => {
    const ld = { '@context': 'https://schema.org', '@type': 'Product', name: 'Desk', offers: { '@type': 'Offer', price: 200, priceCurrency: 'EUR', priceSpecification: [{ '@type': 'UnitPriceSpecification', price: 200, valueAddedTaxIncluded: false }, { '@type': 'UnitPriceSpecification', price: 242, valueAddedTaxIncluded: true }] } };
    const html = `<html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body><h1>Desk</h1></body></html>`;
    assert.equal(product(extractProduct(html, 'https://www.office.example/desk')).price, '242');
  });
});

describe('names on pages without structured data', () => {
  const dir = new URL('./fixtures/crawl/older/', import.meta.url);
  const manifest = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')) as { pages: Array<{ file: string; url: string; name: string; price?: string; sku?: string }> };

  it('has at least 20 older-style pages, none with JSON-LD or OpenGraph', () => {
    assert.ok(manifest.pages.length >= 20);
    for (const p of manifest.pages) {
      const html = readFileSync(new URL(p.file, dir), 'utf8');
      assert.doesNotMatch(html, /application\/ld\+json|property="og:|itemscope/i, p.file);
    }
  });

  for (const p of manifest.pages) {
    it(`names ${p.file} exactly (${JSON.stringify(p.name)})`, () => {
      const got = product(extractProduct(readFileSync(new URL(p.file, dir), 'utf8'), p.url));
      assert.equal(got.name, p.name);
      if (p.price) assert.equal(Number(got.price), Number(p.price));
      if (p.sku) assert.equal(got.sku, p.sku);
    });
  }

  it('strips the shop name without cutting a real name at " - "', () => {
    const page = loadPage('<html><head><meta property="og:site_name" content="Acme Store"></head></html>', 'https://www.acme.example/x');
    assert.equal(stripSiteName('Jean-Paul - Linen Shirt - Acme Store', page), 'Jean-Paul - Linen Shirt');
    assert.equal(stripSiteName('Tea Towel - Set of 3 | Acme Store', page), 'Tea Towel - Set of 3');
    assert.equal(stripSiteName('Acme Blue Mug - Acme', page), 'Acme Blue Mug');
    assert.equal(stripSiteName('Desk Lamp – acme.example', page), 'Desk Lamp');
    assert.equal(stripSiteName('Vegetable Perfection: 100 delicious recipes', page), 'Vegetable Perfection: 100 delicious recipes');
    assert.equal(stripSiteName('Storage Box - Large | Acme Store', page), 'Storage Box - Large');
    // a part that is only a piece of the shop's name ("Store" of "Acme Store") is not the shop's name
    assert.equal(stripSiteName('Blue Mug | Store', page), 'Blue Mug | Store');
  });

  it('drops a trailing author and format, keeps other brackets', () => {
    assert.equal(withoutAuthorAndFormat('The Quiet Harbour by A. Writer (Paperback)'), 'The Quiet Harbour');
    assert.equal(withoutAuthorAndFormat('Salt Roads by Jane van der Berg, Hardcover'), 'Salt Roads');
    assert.equal(withoutAuthorAndFormat('Der stille Hafen von Max Mustermann (Taschenbuch)'), 'Der stille Hafen');
    assert.equal(withoutAuthorAndFormat('Harbour Lights EP (12" Vinyl)'), 'Harbour Lights EP');
    assert.equal(withoutAuthorAndFormat('The Whole Truth (A. Shaw Book 1)'), 'The Whole Truth (A. Shaw Book 1)');
    assert.equal(withoutAuthorAndFormat('Stand by Me'), 'Stand by Me');
    assert.equal(withoutAuthorAndFormat('Mouse pad by Logitech'), 'Mouse pad by Logitech');
  });
});

describe('buy buttons and labels in our languages', () => {
  const NOT_LATIN_OR_CYRILLIC = new Set(['hindi', 'japanese', 'korean', 'thai', 'arabic', 'greek', 'chinese', 'bengali', 'urdu', 'traditional-chinese', 'cantonese', 'malayalam', 'tamil', 'telugu', 'hebrew', 'persian', 'odia', 'assamese', 'kannada', 'amharic']);
  const EU = ['bulgarian', 'croatian', 'czech', 'danish', 'dutch', 'english', 'estonian', 'finnish', 'french', 'german', 'greek', 'hungarian', 'irish', 'italian', 'latvian', 'lithuanian', 'maltese', 'polish', 'portuguese', 'romanian', 'slovak', 'slovenian', 'spanish', 'swedish'];
  const wanted = [...new Set([...EU, ...LANGUAGES.filter((l) => !NOT_LATIN_OR_CYRILLIC.has(l)).map((l) => SAME_WORDS[l] ?? l)])];

  it('covers the 24 EU languages and every Latin/Cyrillic language of our 54', () => {
    assert.equal(EU.length, 24);
    for (const l of wanted) {
      const w = WORDS[l];
      assert.ok(w, `no words for ${l}`);
      for (const kind of ['buy', 'brand', 'maker', 'code', 'vatIn', 'vatEx'] as const) assert.ok(w[kind].length > 0, `${l}: no ${kind} words`);
    }
  });

  for (const l of wanted) {
    it(`reads a ${l} page with no structured data and no price as a product (buy button, brand and code labels)`, () => {
      const w = WORDS[l]!;
      const cap = (s: string) => s[0]!.toLocaleUpperCase() + s.slice(1);
      const html = `<html><head><title>Nordlys 40</title></head><body>
        <h1>Nordlys 40</h1>
        <table><tr><th>${cap(w.brand[0]!)}:</th><td>Kestrel Works</td></tr><tr><th>${cap(w.code[0]!)}:</th><td>KW-4040</td></tr></table>
        <button type="button">${cap(w.buy[0]!)}</button></body></html>`;
      const p = product(extractProduct(html, 'https://shop.example.net/nordlys-40'));
      assert.equal(p.name, 'Nordlys 40');
      assert.equal(p.brand, 'Kestrel Works');
      assert.equal(p.sku, 'KW-4040');
    });
  }

  it('still judges a page with no buy button, price or markup "not a product"', () => {
    const v = extractProduct('<html><body><h1>Nordlys 40</h1><p>Kestrel Works</p><button>Share</button></body></html>', 'https://shop.example.net/nordlys-40');
    assert.equal(v.kind, 'not_product');
    // a single buy verb counts only as the whole button text
    const gift = extractProduct('<html><body><h1>Our story</h1><button>Buy gift cards</button></body></html>', 'https://shop.example.net/about');
    assert.equal(gift.kind, 'not_product');
    const kupi = extractProduct('<html><body><h1>Nordlys 40</h1><button>Kupi</button></body></html>', 'https://shop.example.net/nordlys-40');
    assert.equal(kupi.kind, 'product');
  });
});

describe('currencies of our Latin/Cyrillic languages', () => {
  it('reads Mongolian, Kenyan/Tanzanian (Swahili) and Bosnian prices', () => {
    const cases: Array<[string, string, string]> = [
      ['https://www.delguur.mn/p/1', '45,000₮', 'MNT'],
      ['https://www.duka.co.ke/p/1', 'KSh 2,499', 'KES'],
      ['https://www.duka.co.tz/p/1', 'TSh 35,000', 'TZS'],
      ['https://www.trgovina.ba/p/1', '49,90 KM', 'BAM'],
    ];
    for (const [url, text, cur] of cases) {
      const p = product(extractProduct(`<html><body><h1>Nordlys 40</h1><p class="price">${text}</p></body></html>`, url));
      assert.equal(p.currency, cur, text);
    }
  });
});

describe('identifiers', () => {
  it('prefers the code the page shows ("Cód. produto:") over an internal structured id, and no shipping price is an id', () => {
    const p = product(extractProduct(fixture('visible-code.html'), 'https://www.casalima.example/chaleira-eletrica'));
    assert.equal(p.sku, '55012-PT');
    assert.equal(p.price, '39.90');
  });

  it('keeps the structured id when the page shows it', () => {
    const html = fixture('visible-code.html').replace('<p class="price">', '<p>Ref. interna: 100234</p><p class="price">');
    assert.equal(product(extractProduct(html, 'https://www.casalima.example/chaleira-eletrica')).sku, '100234');
  });

  it('reads "Product code:", "Art.-Nr." with and without a colon', () => {
    for (const [label, code] of [['Product code: HB-2231', 'HB-2231'], ['Art.-Nr.: 4711-22', '4711-22'], ['Art.-Nr. 4711-22', '4711-22']] as const) {
      const html = `<html><body><h1>Kettle</h1><p>${label}</p><p class="price">$30.00</p><button>Add to cart</button></body></html>`;
      assert.equal(product(extractProduct(html, 'https://www.shop.example/kettle')).sku, code, label);
    }
  });

  it('takes an id only written in the URL', () => {
    const html = '<html><body><h1>Wool Socks</h1><p class="price">$12.00</p><button>Add to cart</button></body></html>';
    assert.equal(product(extractProduct(html, 'https://www.socks.example/en/wool-socks-p-88213.html')).sku, '88213');
    assert.equal(product(extractProduct(html, 'https://www.socks.example/product.php?pid=AB-7731')).sku, 'AB-7731');
    assert.equal(product(extractProduct(html, 'https://www.socks.example/wool-socks')).sku, null);
    assert.equal(idFromUrl(new URL('https://www.socks.example/blog/2021/wool-socks')), null);
    assert.equal(idFromUrl(new URL('https://www.socks.example/socks/100ml')), null);
  });

  it('lets an id in the URL beat an sku with words in it (a model or product name)', () => {
    const url = new URL('https://www.shop.example/computers/all-in-one-pro-27-112949990');
    assert.equal(withUrlId('PC APPLE MQ2Y2SL/A', url), '112949990');
    assert.equal(withUrlId('CS 8163', url), 'CS 8163');
    assert.equal(withUrlId('MQ2Y2SL/A', url), 'MQ2Y2SL/A');
    assert.equal(withUrlId('PC APPLE MQ2Y2SL/A', new URL('https://www.shop.example/computers/all-in-one')), 'PC APPLE MQ2Y2SL/A');
  });

  it('takes no shipping price for the code when a labelled code follows it', () => {
    const html = '<html><body><h1>Kettle</h1><ul><li>Item shipping: £3.95</li><li>Product code: KT-17</li></ul><p class="price">£30.00</p><button>Add to basket</button></body></html>';
    assert.equal(product(extractProduct(html, 'https://www.shop.example.co.uk/kettle')).sku, 'KT-17');
  });

  it('rejects shipping prices and money amounts as ids', () => {
    const loc = { host: 'shop.example.co.uk', lang: 'en-gb', path: '/' };
    assert.equal(cleanSku('£3.95', loc), null);
    assert.equal(cleanSku('Shipping: 4.95', loc), null);
    assert.equal(cleanSku('3,95 €', { host: 'loja.example.pt', lang: 'pt', path: '/' }), null);
    assert.equal(cleanSku('AB-3.95', loc), 'AB-3.95');
    assert.equal(cleanSku('100234', loc), '100234');
  });
});

describe('brand brackets', () => {
  it('keeps a bracket that belongs to the brand ("Atelier (Lyon)")', () => {
    assert.equal(product(extractProduct(fixture('brand-bracket.html'), 'https://www.maisonclaire.example/tablier-lin')).brand, 'Atelier (Lyon)');
    assert.equal(cleanBrand('Atelier (Lyon)', ['Atelier (Lyon) Linen Apron']), 'Atelier (Lyon)');
  });

  it('drops a qualifier: a company form, a branch, another script, or a name the title writes bare', () => {
    assert.equal(cleanBrand('Acme (Acme Trading Ltd)'), 'Acme');
    assert.equal(cleanBrand("達美樂披薩DOMINO'S PIZZA(全台多分店)"), "DOMINO'S PIZZA");
    assert.equal(cleanBrand('Nutrilon (Nutricia)', ['Nutrilon Pronutra 1, 800 g']), 'Nutrilon');
  });
});
