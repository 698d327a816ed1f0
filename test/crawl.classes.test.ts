/**
 * Crawling classes still missed on unseen shops (issue 28, loose end 7), each page served by a
 * shop on loopback and read by the real crawler (safe fetch, extraction pool, media copied):
 * struck-through and "was" prices, offers hidden by a misspelt CSS property or an aria-hidden /
 * <template> wrapper, service and deal pages without product markup, author lists after "by".
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { createSafeFetcher } from '../src/net/safe-fetch.ts';
import { ExtractPool } from '../src/products/crawl/extract-pool.ts';
import { MediaImporter } from '../src/products/crawl/media-importer.ts';
import { PageCrawler, defaultPageLimits } from '../src/products/crawl/page-crawler.ts';
import type { CrawledProduct } from '../src/products/product.crawler.ts';
import { LocalBlobStore } from '../src/storage/blob-store.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/crawl/classes/${name}`, import.meta.url), 'utf8');

describe('crawling classes on unseen shops (pages on loopback)', () => {
  const pages = new Map<string, string>();
  let server: http.Server;
  let port = 0;
  let crawler: PageCrawler;
  let pool: ExtractPool;
  let photo: Buffer;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-classes-'));

  before(async () => {
    photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 180, g: 90, b: 40 } } })
      .composite([{ input: { create: { width: 20, height: 20, channels: 3, background: { r: 20, g: 60, b: 200 } } }, left: 10, top: 10 }])
      .jpeg()
      .toBuffer();
    server = http.createServer((req, res) => {
      const url = req.url ?? '/';
      if (url.startsWith('/img/')) return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
      const page = pages.get(url);
      if (!page) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
    const fetcher = createSafeFetcher({ allowPrivate: true, resolver: async () => [{ address: '127.0.0.1', family: 4 }] });
    pool = new ExtractPool({ workers: 1, parseTimeoutMs: 10_000, maxElements: 1_000_000, maxDepth: 10_000 });
    crawler = new PageCrawler(fetcher, new MediaImporter(fetcher, new LocalBlobStore(tmp, 'http://files.invalid/files')), pool, defaultPageLimits);
  });
  after(async () => {
    await pool.close();
    await new Promise<void>((r) => server.close(() => r()));
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  let n = 0;
  async function crawl(html: string, host = 'shop.example'): Promise<CrawledProduct> {
    const p = `/p/${++n}`;
    pages.set(p, html);
    return crawler.crawl(`http://${host}:${port}${p}`, `prod_${n}`);
  }

  describe('a struck-through or "was" price never wins', () => {
    it('skips a price struck through by inline CSS next to the current one', async () => {
      const p = await crawl(fixture('was-price-inline.html'));
      assert.equal(p.price, '59.00');
      assert.equal(p.currency, 'USD');
    });

    it('skips the "statt" price written in the same element as the current one', async () => {
      const p = await crawl(fixture('was-price-words.html'));
      assert.equal(p.price, '64.90');
      assert.equal(p.currency, 'EUR');
    });

    it('skips a "Was $…" price element and a line-through class', async () => {
      const p = await crawl(fixture('was-price-label.html'));
      assert.equal(p.price, '34.99');
    });

    it('still reads a lone price that only mentions "was" in a word ("Washable")', async () => {
      const html = fixture('was-price-inline.html').replace(/<p><span style[^\n]*<\/p>/, '<p>Washable cotton, <b>$59.00</b></p>');
      assert.equal((await crawl(html)).price, '59.00');
    });
  });

  describe('a hidden offer is skipped', () => {
    it('skips an offer hidden by a misspelt display property ("diplay: none")', async () => {
      assert.equal((await crawl(fixture('misspelt-hidden-offer.html'))).price, '58.00');
    });

    it('skips an offer hidden by "visiblity: hidden", an aria-hidden wrapper or a <template> wrapper', async () => {
      const hidden = fixture('misspelt-hidden-offer.html');
      for (const variant of [
        hidden.replace('style="diplay: none"', 'style="visiblity:hidden"'),
        hidden.replace('style="diplay: none"', 'aria-hidden="true"'),
        hidden.replace(/(<div itemprop="offers"[^>]*style="diplay: none">[\s\S]*?<\/div>)/, (m) => `<template>${m.replace(' style="diplay: none"', '')}</template>`),
      ]) {
        assert.equal((await crawl(variant)).price, '58.00', variant.slice(variant.indexOf('<div itemprop="offers"') - 20, variant.indexOf('<div itemprop="offers"') + 120));
      }
    });

    it('keeps the offer when nothing hides it, and when only a decorative span is aria-hidden', async () => {
      const shown = fixture('misspelt-hidden-offer.html').replace(' style="diplay: none"', '');
      assert.equal((await crawl(shown)).price, '72.00');
      const icon = shown.replace('<span itemprop="price" content="72.00">$72.00</span>', '<span aria-hidden="true">★</span><span itemprop="price" content="72.00">$72.00</span>');
      assert.equal((await crawl(icon)).price, '72.00');
    });
  });

  describe('a page selling a service or a deal is a product page', () => {
    it('reads a French service page (og:type article, a price and a booking form) as a product', async () => {
      const p = await crawl(fixture('service-page.html'), 'institut-belle-rive.example');
      assert.equal(p.name, 'Massage aux pierres chaudes (60 min)');
      assert.equal(p.price, '85.00');
      assert.equal(p.currency, 'EUR');
    });

    it('reads a deal page (a price and a "Buy this deal" form, no product markup) as a product', async () => {
      const p = await crawl(fixture('deal-page.html'), 'citydeals.example');
      assert.equal(p.name, 'Sunset Kayak Tour for Two');
      assert.equal(p.price, '79');
    });

    it('still refuses an article with a price but no buy form', async () => {
      const html = fixture('service-page.html').replace(/<form[\s\S]*<\/form>/, '');
      await assert.rejects(crawl(html, 'institut-belle-rive.example'), /not a product page/);
    });
  });

  describe('author lists after "by"', () => {
    it('drops authors separated by ";" from the name', async () => {
      assert.equal((await crawl(fixture('author-list.html'), 'harbour-books.example')).name, 'Field Guide to Coastal Birds');
    });

    it('drops authors separated by "," from the name', async () => {
      const html = fixture('author-list.html').replaceAll('; ', ', ');
      assert.equal((await crawl(html, 'harbour-books.example')).name, 'Field Guide to Coastal Birds');
    });

    it('keeps "by" that is part of the name ("Side by side garden bench")', async () => {
      const html = fixture('author-list.html').replaceAll('Field Guide to Coastal Birds by Maria Lindqvist; Tomas Berg; Aiko Tanaka', 'Side by side garden bench');
      assert.equal((await crawl(html, 'harbour-books.example')).name, 'Side by side garden bench');
    });
  });
});
