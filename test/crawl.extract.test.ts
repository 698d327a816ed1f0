import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { detectCurrency, normalizeCurrency, type PageLocale } from '../src/products/crawl/currency.ts';
import { loadPage } from '../src/products/crawl/dom.ts';
import { extractProduct, type ExtractedProduct, type PageVerdict } from '../src/products/crawl/extract.ts';
import { fromAmazonLayout } from '../src/products/crawl/amazon.ts';
import { fromAppState } from '../src/products/crawl/app-state.ts';
import { fromGeneric } from '../src/products/crawl/generic.ts';
import { MediaList, bestSrcset, imgUrl, isJunkImage, normalizeImageUrl } from '../src/products/crawl/images.ts';
import { parseJsonLoose } from '../src/products/crawl/json.ts';
import { fromJsonLd } from '../src/products/crawl/jsonld.ts';
import { fromMeta } from '../src/products/crawl/meta.ts';
import { fromMicrodata } from '../src/products/crawl/microdata.ts';
import { centsToDecimal, normalizeNumber, parseMachinePrice, parsePriceText } from '../src/products/crawl/price.ts';
import { fromShopify } from '../src/products/crawl/shopify.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/pages/${name}.html`, import.meta.url), 'utf8');

const URLS = {
  shopify: 'https://shop.acme-linen.com/products/linen-shirt?variant=222',
  woocommerce: 'https://www.example-woo.co.uk/product/oak-desk/',
  magento: 'https://www.beispiel-shop.de/kaffeemaschine-x1.html',
  bigcommerce: 'https://www.trailhead-example.com/trailhead-4p-tent/',
  amazon: 'https://www.amazon.com/dp/B0TEST1234',
  plain: 'https://www.loja-exemplo.com.br/produtos/caneca-azul',
  nextData: 'https://www.buitenwinkel.example/p/wandellaars-trek-2',
};

function product(v: PageVerdict): ExtractedProduct {
  assert.equal(v.kind, 'product', `expected a product, got ${JSON.stringify(v)}`);
  return (v as { kind: 'product'; product: ExtractedProduct }).product;
}

function pageAndLoc(html: string, url: string) {
  const page = loadPage(html, url);
  const loc: PageLocale = { host: page.host, lang: page.lang, path: page.pageUrl?.pathname ?? '' };
  return { page, loc };
}

const US: PageLocale = { host: 'shop.example.com', lang: 'en', path: '/' };

describe('price normalisation', () => {
  const cases: Array<[string, PageLocale, string, string]> = [
    ['1.299,00 €', { host: 'shop.example.de', lang: 'de', path: '/' }, '1299.00', 'EUR'],
    ['$1,299.99', US, '1299.99', 'USD'],
    ['¥12,800', { host: 'shop.example.jp', lang: 'ja', path: '/' }, '12800', 'JPY'],
    ['R$ 49,90', { host: 'loja.example.com.br', lang: 'pt-br', path: '/' }, '49.90', 'BRL'],
    ['1 299,00 zł', { host: 'sklep.example.pl', lang: 'pl', path: '/' }, '1299.00', 'PLN'],
    ["CHF 1'299.50", { host: 'shop.example.ch', lang: 'de-ch', path: '/' }, '1299.50', 'CHF'],
    ['₹1,29,999', { host: 'shop.example.in', lang: 'en-in', path: '/' }, '129999', 'INR'],
    ['30,000원~', { host: 'www.example.co.kr', lang: 'ko', path: '/' }, '30000', 'KRW'],
    ['Now only £48.99 (was £60)', { host: 'shop.example.co.uk', lang: 'en-gb', path: '/' }, '48.99', 'GBP'],
    ['149,- kr', { host: 'butik.example.se', lang: 'sv', path: '/' }, '149', 'SEK'],
  ];
  for (const [text, loc, amount, currency] of cases) {
    it(`parses ${JSON.stringify(text)} as ${amount} ${currency}`, () => {
      assert.deepEqual(parsePriceText(text, loc), { amount, currency });
    });
  }

  it('reads lone separators as thousands only when a group of three follows', () => {
    assert.equal(normalizeNumber('1,299'), '1299');
    assert.equal(normalizeNumber('12,99'), '12.99');
    assert.equal(normalizeNumber('0.299'), '0.299');
    assert.equal(normalizeNumber('1.234.567'), '1234567');
  });

  it('keeps a machine-written decimal point, except for currencies without minor units', () => {
    assert.equal(normalizeNumber('12.500', { machine: true }), '12.500');
    assert.equal(normalizeNumber('12.500', { machine: true, currency: 'JPY' }), '12500');
    assert.deepEqual(parseMachinePrice(87.11, 'USD', US), { amount: '87.11', currency: 'USD' });
    assert.deepEqual(parseMachinePrice('1299.00', 'EUR', US), { amount: '1299.00', currency: 'EUR' });
  });

  it('converts Shopify cents', () => {
    assert.equal(centsToDecimal(4900), '49.00');
    assert.equal(centsToDecimal(129999), '1299.99');
    assert.equal(centsToDecimal(0), null);
  });

  it('rejects texts without a price', () => {
    assert.equal(parsePriceText('Free shipping', US), null);
    assert.equal(parsePriceText('0,00 €', US), null);
    assert.equal(parsePriceText('Size 42', US, { requireCurrency: true }), null);
  });
});

describe('currency mapping', () => {
  const loc = (host: string, lang: string | null = null, path = '/'): PageLocale => ({ host, lang, path });
  it('maps symbols to ISO codes', () => {
    assert.equal(detectCurrency('€ 10', US), 'EUR');
    assert.equal(detectCurrency('£10', US), 'GBP');
    assert.equal(detectCurrency('₹10', US), 'INR');
    assert.equal(detectCurrency('10 zł', US), 'PLN');
    assert.equal(detectCurrency('R$ 10', US), 'BRL');
    assert.equal(detectCurrency('10 Kč', US), 'CZK');
    assert.equal(detectCurrency('10円', US), 'JPY');
    assert.equal(detectCurrency('USD 10', loc('shop.example.de', 'de')), 'USD');
  });
  it('resolves $ by domain, path locale and language', () => {
    assert.equal(detectCurrency('$10', US), 'USD');
    assert.equal(detectCurrency('$10', loc('www.example.ca')), 'CAD');
    assert.equal(detectCurrency('$10', loc('shop.example.com.au')), 'AUD');
    assert.equal(detectCurrency('$10', loc('www.example.com', 'en-au')), 'AUD');
    assert.equal(detectCurrency('$10', loc('www.example.com', 'en', '/nz/en/shoes')), 'NZD');
    assert.equal(detectCurrency('C$10', US), 'CAD');
  });
  it('resolves kr, ¥ and 元 by domain or language', () => {
    assert.equal(detectCurrency('99 kr', loc('www.example.no')), 'NOK');
    assert.equal(detectCurrency('99 kr', loc('www.example.dk')), 'DKK');
    assert.equal(detectCurrency('99 kr', loc('www.example.com', 'sv-se')), 'SEK');
    assert.equal(detectCurrency('¥99', loc('www.example.cn', 'zh-cn')), 'CNY');
    assert.equal(detectCurrency('¥99', loc('www.example.jp', 'ja')), 'JPY');
    assert.equal(detectCurrency('99元', loc('www.example.tw', 'zh-tw')), 'TWD');
  });
  it('does not read currency words inside other words', () => {
    assert.equal(detectCurrency('Kroner krone', US), null);
    assert.equal(detectCurrency('SHOP ALL', US), null);
  });
  it('normalises declared currencies', () => {
    assert.equal(normalizeCurrency('eur', US), 'EUR');
    assert.equal(normalizeCurrency('€', US), 'EUR');
    assert.equal(normalizeCurrency('dollars?', US), null);
  });
});

describe('image URLs', () => {
  it('picks the widest srcset candidate, also with commas inside URLs', () => {
    assert.equal(bestSrcset('a.jpg 300w, b.jpg 1200w, c.jpg 800w'), 'b.jpg');
    assert.equal(bestSrcset('a.jpg 1x, b.jpg 2x'), 'b.jpg');
    assert.equal(bestSrcset('https://res.example/w_200,h_200/a.jpg 200w, https://res.example/w_900,h_900/a.jpg 900w'), 'https://res.example/w_900,h_900/a.jpg');
    assert.equal(bestSrcset(''), null);
  });
  it('prefers zoom/large attributes, then srcset, then lazy attributes over a placeholder src', () => {
    const { page } = pageAndLoc(
      `<img id="a" src="/blank.gif" data-src="/real-a.jpg">
       <img id="b" src="data:image/gif;base64,AAAA" data-lazy-src="/real-b.jpg">
       <img id="c" data-original="/real-c.jpg">
       <img id="d" src="/small-d.jpg" data-zoom-image="/zoom-d.jpg" srcset="/d-2.jpg 2x">
       <img id="e" src="/small-e.jpg" data-large_image="/large-e.jpg">
       <img id="f" src="/f-1.jpg" data-srcset="/f-1.jpg 400w, /f-2.jpg 1600w">`,
      'https://shop.example.com/p',
    );
    const url = (id: string) => imgUrl(page.byId.get(id)!);
    assert.equal(url('a'), '/real-a.jpg');
    assert.equal(url('b'), '/real-b.jpg');
    assert.equal(url('c'), '/real-c.jpg');
    assert.equal(url('d'), '/zoom-d.jpg');
    assert.equal(url('e'), '/large-e.jpg');
    assert.equal(url('f'), '/f-2.jpg');
  });
  it('drops tracking pixels, icons, logos, sprites, payment badges and SVGs', () => {
    for (const u of [
      'https://www.facebook.com/tr?id=1&ev=PageView',
      'https://ad.doubleclick.net/ddm/activity/src=1',
      'https://www.google-analytics.com/collect?v=1',
      'https://shop.example.com/img/spacer.gif',
      'https://shop.example.com/img/logo.png',
      'https://shop.example.com/icons/cart.png',
      'https://shop.example.com/img/nav-sprite.png',
      'https://shop.example.com/img/payment/visa.png',
      'https://shop.example.com/img/star.svg',
    ]) {
      assert.equal(isJunkImage(u), true, u);
    }
    assert.equal(isJunkImage('https://shop.example.com/img/google-pixel-8-pro.jpg'), false);
    assert.equal(isJunkImage('https://cdn.shopify.com/s/files/1/products/mug.jpg'), false);
  });
  it('normalises Shopify size suffixes to the full image and dedupes by the normalised URL', () => {
    assert.equal(normalizeImageUrl('https://cdn.shopify.com/s/files/1/0001/products/mug_100x.jpg?v=3'), 'https://cdn.shopify.com/s/files/1/0001/products/mug.jpg?v=3');
    assert.equal(normalizeImageUrl('https://shop.example.com/cdn/shop/products/mug_800x600_crop_center@2x.png'), 'https://shop.example.com/cdn/shop/products/mug.png');
    const list = new MediaList(new URL('https://shop.example.com/products/mug'));
    list.addAll([
      '//cdn.shopify.com/s/files/1/0001/products/mug_100x.jpg?v=3',
      'https://cdn.shopify.com/s/files/1/0001/products/mug_grande.jpg?v=3',
      'http://cdn.shopify.com/s/files/1/0001/products/mug.jpg?v=3&width=400',
      '/files/other.jpg',
    ]);
    assert.deepEqual(list.urls, ['https://cdn.shopify.com/s/files/1/0001/products/mug.jpg?v=3', 'https://shop.example.com/files/other.jpg']);
  });
});

describe('JSON helpers', () => {
  it('repairs broken JSON and decodes entity-encoded JSON', () => {
    assert.deepEqual(parseJsonLoose('{"a": 1, "b": [1, 2,],}'), { a: 1, b: [1, 2] });
    assert.deepEqual(parseJsonLoose('{&quot;a&quot;: &quot;x&quot;}'), { a: 'x' });
    assert.deepEqual(parseJsonLoose('<!-- {"a": 2} -->'), { a: 2 });
    assert.equal(parseJsonLoose(''), undefined);
  });
});

describe('source: JSON-LD', () => {
  it('reads a Yoast @graph Product with offers array, brand object and HTML entities', () => {
    const { page, loc } = pageAndLoc(fixture('woocommerce'), URLS.woocommerce);
    const r = fromJsonLd(page, loc);
    assert.equal(r.isProduct, true);
    assert.equal(r.name, 'Oak Desk – Large');
    assert.equal(r.brand, 'Oak & Co');
    assert.equal(r.sku, 'OD-1');
    assert.deepEqual(r.price, { amount: '1299.00', currency: 'GBP' });
    assert.equal(r.description, 'Solid oak writing desk with two drawers & cable tidy.');
    assert.deepEqual(r.sellingPoints, [], 'additionalProperty is not selling points');
  });
  it('repairs broken JSON-LD (comments, trailing commas, raw newlines) and reads AggregateOffer lowPrice and VideoObject', () => {
    const { page, loc } = pageAndLoc(fixture('bigcommerce'), URLS.bigcommerce);
    const r = fromJsonLd(page, loc);
    assert.equal(r.name, 'Trailhead 4P Tent');
    assert.equal(r.brand, 'Trailhead');
    assert.deepEqual(r.price, { amount: '1299.99', currency: 'USD' });
    assert.equal(r.images.length, 2);
    assert.deepEqual(r.videos, ['https://videos.trailhead-example.com/tent-setup.mp4']);
  });
  it('reads a ProductGroup through hasVariant offers, arrays of blocks and @id references', () => {
    const html = `<script type="application/ld+json">[
      {"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[]},
      {"@context":"https://schema.org","@type":"ProductGroup","name":"Wool Socks","brand":{"@id":"#brand"},"productGroupID":"WS",
       "hasVariant":[{"@type":"Product","sku":"WS-1","offers":{"@type":"Offer","price":12.5,"priceCurrency":"EUR"}},
                     {"@type":"Product","sku":"WS-2","offers":{"@type":"Offer","price":13.5,"priceCurrency":"EUR"}}]},
      {"@type":"Brand","@id":"#brand","name":"Fjellsokk"}]</script>`;
    const { page, loc } = pageAndLoc(html, 'https://shop.example.no/p/socks');
    const r = fromJsonLd(page, loc);
    assert.equal(r.name, 'Wool Socks');
    assert.equal(r.brand, 'Fjellsokk');
    assert.deepEqual(r.price, { amount: '12.5', currency: 'EUR' });
  });
  it('takes a plain string brand and the offer matching the page URL', () => {
    const html = `<script type="application/ld+json">{"@type":"Product","name":"Lamp","brand":"Lumo",
      "offers":[{"@type":"Offer","url":"https://shop.example.com/lamp?c=red","price":"30","priceCurrency":"USD"},
                {"@type":"Offer","url":"https://shop.example.com/lamp?c=blue","price":"35","priceCurrency":"USD"}]}</script>`;
    const { page, loc } = pageAndLoc(html, 'https://shop.example.com/lamp?c=blue');
    const r = fromJsonLd(page, loc);
    assert.equal(r.brand, 'Lumo');
    assert.equal(r.price?.amount, '35');
  });
  it('flags an ItemList of products without a main product as a listing', () => {
    const html = `<script type="application/ld+json">{"@type":"ItemList","itemListElement":[
      {"@type":"ListItem","position":1,"item":{"@type":"Product","name":"A","offers":{"price":"1"}}},
      {"@type":"ListItem","position":2,"item":{"@type":"Product","name":"B","offers":{"price":"2"}}},
      {"@type":"ListItem","position":3,"item":{"@type":"Product","name":"C","offers":{"price":"3"}}}]}</script><h1>Lamps</h1><span class="price">$1</span>`;
    const { page, loc } = pageAndLoc(html, 'https://shop.example.com/lamps');
    assert.equal(fromJsonLd(page, loc).listing, true);
    const v = extractProduct(html, 'https://shop.example.com/lamps');
    assert.equal(v.kind, 'not_product');
  });
});

describe('source: microdata', () => {
  it('reads the Product scope with nested Brand and Offer items (Magento)', () => {
    const { page, loc } = pageAndLoc(fixture('magento'), URLS.magento);
    const r = fromMicrodata(page, loc);
    assert.equal(r.isProduct, true);
    assert.equal(r.name, 'Kaffeemaschine X1');
    assert.equal(r.brand, 'Brühwerk');
    assert.equal(r.sku, 'KM-X1');
    assert.deepEqual(r.price, { amount: '1299.00', currency: 'EUR' });
    assert.deepEqual(r.images, ['/media/catalog/product/k/m/km-x1.jpg']);
  });
  it('reads content attributes and visible text, and a brand given as content on the Brand item', () => {
    const html = `<div itemscope itemtype="https://schema.org/Product">
      <span itemprop="name">Desk Fan</span>
      <meta itemprop="brand" itemscope itemtype="https://schema.org/Brand" content="Breeze">
      <span itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">1.299,00 €</span></span>
      <img itemprop="image" src="/fan.jpg" data-zoom-image="/fan-big.jpg"></div>`;
    const { page, loc } = pageAndLoc(html, 'https://shop.example.de/fan');
    const r = fromMicrodata(page, loc);
    assert.equal(r.brand, 'Breeze');
    assert.deepEqual(r.price, { amount: '1299.00', currency: 'EUR' });
    assert.deepEqual(r.images, ['/fan-big.jpg']);
  });
});

describe('source: OpenGraph / product meta', () => {
  it('reads og and product:* tags', () => {
    const html = `<meta property="og:type" content="product"><meta property="og:title" content="Rain Jacket | Coastline">
      <meta property="og:image" content="https://cdn.example.com/jacket.jpg"><meta property="og:video" content="https://cdn.example.com/jacket.mp4">
      <meta property="product:price:amount" content="129.95"><meta property="product:price:currency" content="NZD"><meta property="product:brand" content="Coastline">`;
    const { page, loc } = pageAndLoc(html, 'https://coastline.example.nz/jacket');
    const r = fromMeta(page, loc);
    assert.equal(r.isProduct, true);
    assert.deepEqual(r.price, { amount: '129.95', currency: 'NZD' });
    assert.equal(r.brand, 'Coastline');
    assert.deepEqual(r.images, ['https://cdn.example.com/jacket.jpg']);
    assert.deepEqual(r.videos, ['https://cdn.example.com/jacket.mp4']);
  });
  it('yields a product from meta tags alone, without the shop name in the title', () => {
    const html = `<title>Rain Jacket | Coastline</title><meta property="og:site_name" content="Coastline"><meta property="og:type" content="product"><meta property="og:title" content="Rain Jacket | Coastline"><meta property="og:price:amount" content="129.95"><meta property="og:price:currency" content="NZD">`;
    const p = product(extractProduct(html, 'https://coastline.example.nz/jacket'));
    assert.equal(p.name, 'Rain Jacket');
    assert.equal(p.price, '129.95');
    assert.equal(p.currency, 'NZD');
  });
});

describe('source: Shopify', () => {
  it('reads data-product-json: cents, the variant from ?variant=, vendor, media and description bullets', () => {
    const { page, loc } = pageAndLoc(fixture('shopify'), URLS.shopify);
    const r = fromShopify(page, loc);
    assert.equal(r.isProduct, true);
    assert.equal(r.name, 'Linen Shirt');
    assert.equal(r.brand, 'Acme Linen');
    assert.equal(r.sku, 'LS-M');
    assert.deepEqual(r.price, { amount: '54.00', currency: 'EUR' });
    assert.deepEqual(r.sellingPoints, ['100% European linen', 'Relaxed fit', 'Mother-of-pearl buttons']);
    assert.deepEqual(r.videos, ['https://cdn.shopify.com/videos/c/vp/abc/abc.HD-1080p.mp4', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ']);
  });
  it('reads a /products/x.js-style object assigned in a theme script', () => {
    const html = `<h1>Cap</h1><script>window.productJSON = {"id":1,"title":"Cap","vendor":"Hatco","price":1999,
      "variants":[{"id":5,"price":1999,"sku":"CAP-1","available":true}],"images":["//cdn.shopify.com/s/files/1/products/cap_small.jpg"]};</script>`;
    const { page, loc } = pageAndLoc(html, 'https://hatco.example.com/products/cap');
    const r = fromShopify(page, loc);
    assert.equal(r.brand, 'Hatco');
    assert.equal(r.sku, 'CAP-1');
    assert.deepEqual(r.price, { amount: '19.99', currency: null });
    assert.deepEqual(product(extractProduct(html, 'https://hatco.example.com/products/cap')).images, ['https://cdn.shopify.com/s/files/1/products/cap.jpg']);
  });
  it('falls back to the analytics `var meta` product (first available variant, cents)', () => {
    const html = `<h1>Tote Bag</h1><script>var meta = {"product":{"id":9,"vendor":"Canvas Co","variants":[{"id":1,"price":2500,"name":"Tote Bag - Natural","public_title":"Natural","sku":"TB-N"}]},"page":{"pageType":"product"}};
      window.ShopifyAnalytics.meta.currency = 'USD';</script>`;
    const { page, loc } = pageAndLoc(html, 'https://canvas.example.com/products/tote');
    const r = fromShopify(page, loc);
    assert.equal(r.name, 'Tote Bag');
    assert.equal(r.brand, 'Canvas Co');
    assert.deepEqual(r.price, { amount: '25.00', currency: 'USD' });
  });
});

describe('source: embedded app state', () => {
  it('finds the product-like object in __NEXT_DATA__ (not the recommendation)', () => {
    const { page, loc } = pageAndLoc(fixture('next-data'), URLS.nextData);
    const r = fromAppState(page, loc, ['Wandellaars Trek 2']);
    assert.equal(r.name, 'Wandellaars Trek 2');
    assert.equal(r.brand, 'Bergpad');
    assert.equal(r.sku, 'BP-TREK2-42');
    assert.deepEqual(r.price, { amount: '89.95', currency: 'EUR' });
  });
  it('reads window.__NUXT__ when it is plain JSON', () => {
    const html = `<script>window.__NUXT__={"state":{"catalog":{"current":{"name":"Camp Stove","brand":"Flamm","price":{"amount":"64.90","currencyCode":"CHF"}}}}};</script>`;
    const { page, loc } = pageAndLoc(html, 'https://shop.example.ch/p/stove');
    const r = fromAppState(page, loc, []);
    assert.equal(r.name, 'Camp Stove');
    assert.equal(r.brand, 'Flamm');
    assert.deepEqual(r.price, { amount: '64.90', currency: 'CHF' });
  });
  it('reads window.__INITIAL_STATE__ and ignores a __NUXT__ function', () => {
    const html = `<script>window.__NUXT__=(function(a){return {data:[{name:"X",price:a}]}}(5));
      window.__INITIAL_STATE__ = {"pdp":{"item":{"title":"Trail Bottle","salePrice":"€ 19,95","currency":"EUR"}}};</script>`;
    const { page, loc } = pageAndLoc(html, 'https://shop.example.nl/p/bottle');
    const r = fromAppState(page, loc, []);
    assert.equal(r.name, 'Trail Bottle');
    assert.deepEqual(r.price, { amount: '19.95', currency: 'EUR' });
  });
});

describe('source: Amazon-style layout', () => {
  it('reads title, byline brand, buy-box price (not the struck list price), bullets, ASIN and hi-res images', () => {
    const { page, loc } = pageAndLoc(fixture('amazon'), URLS.amazon);
    const r = fromAmazonLayout(page, loc);
    assert.equal(r.name, 'Acme Noise Cancelling Headphones, Black');
    assert.equal(r.brand, 'Acme');
    assert.deepEqual(r.price, { amount: '1299.99', currency: 'USD' });
    assert.equal(r.sku, 'B0TEST1234');
    assert.deepEqual(r.sellingPoints, [
      'Active noise cancelling blocks traffic and engine noise',
      '30-hour battery life with quick charge',
      'Memory-foam ear cushions for all-day comfort',
    ]);
    assert.equal(r.images[0], 'https://m.media-amazon.com/images/I/71abc._AC_SL1500_.jpg');
  });
  it('uses the largest data-a-dynamic-image entry when data-old-hires is missing, and "Brand:" bylines', () => {
    const html = `<span id="productTitle">Kettle</span><a id="bylineInfo">Marke: Heizwerk</a>
      <img id="landingImage" src="https://m.media-amazon.com/images/I/1._SX300_.jpg" data-a-dynamic-image='{"https://m.media-amazon.com/images/I/1._SX300_.jpg":[300,300],"https://m.media-amazon.com/images/I/1._SX900_.jpg":[900,900]}'>
      <div id="corePrice_feature_div"><span class="a-price"><span class="a-offscreen">39,99 €</span></span></div>`;
    const { page, loc } = pageAndLoc(html, 'https://www.amazon.de/dp/B0KETTLE01');
    const r = fromAmazonLayout(page, loc);
    assert.equal(r.brand, 'Heizwerk');
    assert.deepEqual(r.images, ['https://m.media-amazon.com/images/I/1._SX900_.jpg']);
    assert.deepEqual(r.price, { amount: '39.99', currency: 'EUR' });
    assert.equal(r.sku, 'B0KETTLE01');
  });
});

describe('source: generic page rules (no markup)', () => {
  it('reads h1, the price next to it (not the struck one, not the nav or related products), labelled brand/SKU and feature bullets', () => {
    const { page, loc } = pageAndLoc(fixture('plain'), URLS.plain);
    const r = fromGeneric(page, loc, []);
    assert.equal(r.name, 'Caneca Azul Esmaltada');
    assert.deepEqual(r.price, { amount: '49.90', currency: 'BRL' });
    assert.equal(r.brand, 'Cerâmica Sol');
    assert.equal(r.sku, 'CAN-AZ-01');
    assert.deepEqual(r.sellingPoints, ['Esmalte vitrificado sem chumbo', 'Pode ir ao fogão', 'Borda reforçada em inox']);
  });
  it('extracts a complete product from the plain page, with gallery images resolved and filtered', () => {
    const p = product(extractProduct(fixture('plain'), URLS.plain));
    assert.equal(p.description, 'Caneca de ágata esmaltada azul, 350 ml, feita à mão.');
    assert.deepEqual(p.images, [
      'https://www.loja-exemplo.com.br/img/caneca-1.jpg',
      'https://www.loja-exemplo.com.br/img/caneca-2.jpg',
      'https://www.loja-exemplo.com.br/img/caneca-3-1200.jpg',
    ]);
  });
  it('matches class words whole (font-bold is not "old", product-header is not the page header)', () => {
    const html = `<div class="product-header"><h1>Desk Lamp</h1><span class="price font-bold">$25.00</span><span class="price old-price">$30.00</span></div><button>Add to cart</button>`;
    const p = product(extractProduct(html, 'https://shop.example.com/p/lamp'));
    assert.equal(p.price, '25.00');
  });
  it('finds a price written as plain text after the title when no element is marked as a price', () => {
    const html = `<h1>Goose Rillettes 250 g</h1><div class="info">Hand made.</div><ul><li>Was <strike>NT$390</strike></li></ul><div class="deal">Only NT$<span>299</span> per jar</div><button>Add to cart</button>`;
    const p = product(extractProduct(html, 'https://shop.example.tw/p/1'));
    assert.equal(p.price, '299');
    assert.equal(p.currency, 'TWD');
  });
});

describe('merging', () => {
  const conflicting = `<html lang="en"><head>
    <meta property="og:type" content="product"><meta property="og:title" content="Meta Name">
    <meta property="og:image" content="https://cdn.example.com/og.jpg">
    <meta property="product:price:amount" content="99.00"><meta property="product:price:currency" content="USD">
    <script type="application/ld+json">{"@type":"Product","name":"LD Name","brand":{"name":"LD Brand"},"image":"https://cdn.example.com/ld.jpg",
      "offers":{"@type":"Offer","price":"120.00","priceCurrency":"USD"}}</script></head>
    <body><div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Micro Name</h1><meta itemprop="brand" content="Micro Brand">
      <img itemprop="image" src="https://cdn.example.com/micro.jpg"><span itemprop="sku">MICRO-SKU</span></div>
      <div class="product-gallery"><img src="https://cdn.example.com/gallery.jpg"></div></body></html>`;

  it('lets JSON-LD beat microdata and meta per field, falls through to the next source for missing fields, and merges images', () => {
    const p = product(extractProduct(conflicting, 'https://shop.example.com/p/1'));
    assert.equal(p.name, 'LD Name');
    assert.equal(p.brand, 'LD Brand');
    assert.equal(p.sku, 'MICRO-SKU');
    assert.equal(p.price, '120.00');
    assert.deepEqual(p.images, ['https://cdn.example.com/ld.jpg', 'https://cdn.example.com/micro.jpg', 'https://cdn.example.com/og.jpg', 'https://cdn.example.com/gallery.jpg']);
  });

  it('prefers the structured price that the visible page corroborates when structured sources disagree', () => {
    const html = conflicting.replace('<h1 itemprop="name">Micro Name</h1>', '<h1 itemprop="name">Micro Name</h1><span class="price">$99.00</span>');
    const p = product(extractProduct(html, 'https://shop.example.com/p/1'));
    assert.equal(p.price, '99.00');
  });

  it('prefers og:title over an h1 that the titles do not mention', () => {
    const html = `<title>Rain Boots | Puddle Shop</title><meta property="og:site_name" content="Puddle Shop"><meta property="og:title" content="Rain Boots | Puddle Shop">
      <h1>Free delivery on orders over $50</h1><div class="pdp"><span class="price">$45.00</span><button>Add to cart</button></div>`;
    assert.equal(product(extractProduct(html, 'https://puddle.example.com/p/boots')).name, 'Rain Boots');
    const agreeing = html.replace('Free delivery on orders over $50', 'Rain Boots');
    assert.equal(product(extractProduct(agreeing, 'https://puddle.example.com/p/boots')).name, 'Rain Boots');
  });
  it('does not let heuristics override structured data', () => {
    const html = `<script type="application/ld+json">{"@type":"Product","name":"Kettle","offers":{"price":"45.00","priceCurrency":"GBP"}}</script>
      <h1>Kettle</h1><span class="price">£39.00</span><table><tr><th>Brand</th><td>Heatwell</td></tr></table>`;
    const p = product(extractProduct(html, 'https://shop.example.co.uk/kettle'));
    assert.equal(p.price, '45.00');
    assert.equal(p.currency, 'GBP');
    assert.equal(p.brand, 'Heatwell', 'a field the structured data lacks comes from the page rules');
  });

  it('merges Shopify JSON, og:image and gallery images into one deduplicated list of full-size URLs', () => {
    const p = product(extractProduct(fixture('shopify'), URLS.shopify));
    assert.deepEqual(p.images, ['https://cdn.shopify.com/s/files/1/0001/products/shirt.jpg?v=1', 'https://cdn.shopify.com/s/files/1/0001/products/shirt-back.jpg?v=1']);
    assert.equal(p.price, '54.00');
    assert.equal(p.currency, 'EUR');
  });

  it('fills the currency from another source or the shop country when the price source has none', () => {
    const html = `<script type="application/ld+json">{"@type":"Product","name":"Mug","offers":{"price":"12.00"}}</script>`;
    assert.equal(product(extractProduct(html, 'https://shop.example.fr/mug')).currency, 'EUR');
    const withMeta = html + '<meta property="og:price:currency" content="CHF">';
    assert.equal(product(extractProduct(withMeta, 'https://shop.example.fr/mug')).currency, 'CHF');
  });
});

describe('platform fixtures end to end', () => {
  it('WooCommerce: base href, lazy attributes, protocol-relative URLs, pixels/logos/badges dropped', () => {
    const p = product(extractProduct(fixture('woocommerce'), URLS.woocommerce));
    assert.equal(p.price, '1299.00');
    assert.equal(p.currency, 'GBP');
    assert.deepEqual(p.images, [
      'https://www.example-woo.co.uk/wp-content/uploads/2024/01/desk.jpg',
      'https://cdn.example-woo.co.uk/assets/uploads/desk-side.jpg',
      'https://cdn.example-woo.co.uk/uploads/desk-top.jpg',
      'https://cdn.example-woo.co.uk/assets/uploads/desk-drawer.jpg',
    ]);
  });
  it('Magento: microdata price over a stale meta price, gallery JSON images and video', () => {
    const p = product(extractProduct(fixture('magento'), URLS.magento));
    assert.equal(p.price, '1299.00');
    assert.deepEqual(p.images, ['https://www.beispiel-shop.de/media/catalog/product/k/m/km-x1.jpg', 'https://www.beispiel-shop.de/media/catalog/product/k/m/km-x1-side.jpg']);
    assert.deepEqual(p.videos, ['https://www.youtube.com/watch?v=abc123XYZ00']);
  });
  it('BigCommerce: repaired JSON-LD plus <video><source> and VideoObject videos', () => {
    const p = product(extractProduct(fixture('bigcommerce'), URLS.bigcommerce));
    assert.equal(p.sku, 'TH-4P');
    assert.deepEqual(p.videos, ['https://videos.trailhead-example.com/tent-setup.mp4', 'https://www.trailhead-example.com/content/videos/tent-pitch.mp4']);
  });
  it('collects <video src> and og:video', () => {
    const html = `<meta property="og:video:secure_url" content="https://cdn.example.com/v/og.mp4"><h1>Drone</h1><span class="price">$499</span>
      <video src="/v/flight.mp4" autoplay muted></video><video><source src="/v/flight.mp4"><source src="/v/flight.webm"></video>`;
    const p = product(extractProduct(html, 'https://shop.example.com/drone'));
    assert.deepEqual(p.videos, ['https://cdn.example.com/v/og.mp4', 'https://shop.example.com/v/flight.mp4', 'https://shop.example.com/v/flight.webm']);
  });
});

describe('verdicts', () => {
  it('a Cloudflare challenge is blocked', () => {
    const v = extractProduct(fixture('botwall-cloudflare'), 'https://shop.example.com/p/1');
    assert.equal(v.kind, 'blocked');
    assert.match((v as { reason: string }).reason, /Cloudflare/);
  });
  it('the Amazon captcha page is blocked', () => {
    const v = extractProduct(fixture('botwall-amazon'), URLS.amazon);
    assert.equal(v.kind, 'blocked');
    assert.match((v as { reason: string }).reason, /captcha/);
  });
  it('DataDome and PerimeterX interstitials are blocked', () => {
    const dd = `<html><head><title>shop.example.com</title></head><body><script>var dd={'rt':'c','cid':'AHrlqAAAAAMA','hsh':'2211F522B61E269B869FA6EAFFB5E1','host':'geo.captcha-delivery.com'}</script><script src="https://ct.captcha-delivery.com/c.js"></script></body></html>`;
    assert.equal(extractProduct(dd, 'https://shop.example.com/p/1').kind, 'blocked');
    const px = `<html><head><title>Access to this page has been denied</title></head><body><h1>Please verify you are a human</h1><p>Press &amp; Hold to confirm you are a human (and not a bot).</p><div id="px-captcha"></div></body></html>`;
    assert.equal(extractProduct(px, 'https://shop.example.com/p/1').kind, 'blocked');
  });
  it('a product page that merely includes a captcha widget is still a product', () => {
    const p = product(extractProduct(fixture('product-with-captcha'), 'https://www.summit-gear.example.co.uk/vest-12l'));
    assert.equal(p.name, 'Trail Running Vest 12L');
    assert.equal(p.price, '85.00');
    assert.equal(p.currency, 'GBP');
  });
  it('a product with JSON-LD and a Cloudflare script include is not blocked', () => {
    const html = `<title>Just a moment...</title><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script>
      <script type="application/ld+json">{"@type":"Product","name":"Tent","offers":{"price":"199","priceCurrency":"USD"}}</script>`;
    assert.equal(extractProduct(html, 'https://shop.example.com/tent').kind, 'product');
  });
  it('a blog article is not a product', () => {
    const v = extractProduct(fixture('article'), 'https://blog.example-beans.com/brew-better-coffee');
    assert.equal(v.kind, 'not_product');
    assert.match((v as { reason: string }).reason, /article/);
  });
  it('a category listing is not a product', () => {
    const v = extractProduct(fixture('category'), 'https://www.pottery-corner.example/mugs');
    assert.equal(v.kind, 'not_product');
    assert.match((v as { reason: string }).reason, /lists several products/);
  });
  it('a page without any product signal, or without a name, is not a product', () => {
    const about = `<title>About us</title><h1>About us</h1><p>We have been making furniture since 1952.</p>`;
    assert.equal(extractProduct(about, 'https://shop.example.com/about').kind, 'not_product');
    assert.equal(extractProduct('', 'https://shop.example.com/').kind, 'not_product');
    assert.equal(extractProduct('<<<>>> not html', 'not a url').kind, 'not_product');
  });
});
