import { FetchError, type FetchFailure, type SafeFetcher } from '../../net/safe-fetch.ts';
import { crawlFailure, type CrawledProduct, type ProductCrawler } from '../product.crawler.ts';
import type { ExtractedProduct } from './extract.ts';
import type { PageExtractor } from './extract-pool.ts';
import type { MediaImporter } from './media-importer.ts';

export interface PageLimits {
  maxBytes: number;
  /** The page itself (every redirect and the body). */
  deadlineMs: number;
  /** The whole crawl: page, extraction and media (CRAWL_DEADLINE_MS). */
  crawlDeadlineMs: number;
}

export const defaultPageLimits: PageLimits = { maxBytes: 10 * 1024 * 1024, deadlineMs: 15_000, crawlDeadlineMs: 45_000 };

const htmlTypes = new Set(['text/html', 'application/xhtml+xml', 'text/plain', '']);

/** What a client reads after "Failed to extract product information: ". */
const fetchReasons: Record<FetchFailure, string> = {
  bad_url: 'the URL is not an http(s) address',
  address_not_allowed: 'address not allowed (the host resolves to a private, loopback or reserved address)',
  unreachable: 'the page is unreachable',
  timeout: 'the page timed out',
  too_large: 'the page is too large',
  too_many_redirects: 'too many redirects',
  redirect_not_allowed: 'the page redirects to an address that is not allowed',
  bad_content_type: 'the URL is not an HTML page',
  http_status: 'the site answered with an error',
};

/**
 * Page URL → stored product: safe fetch, then charset decoding and extraction in the extraction
 * pool's worker threads, then media copied into storage, all within one deadline. Media still
 * downloading when the deadline passes are skipped; the media that arrived are kept.
 */
export class PageCrawler implements ProductCrawler {
  constructor(
    private readonly fetcher: SafeFetcher,
    private readonly media: MediaImporter,
    private readonly extractor: PageExtractor,
    private readonly limits: PageLimits = defaultPageLimits,
  ) {}

  async crawl(url: string, productId: string): Promise<CrawledProduct> {
    const deadlineAt = Date.now() + this.limits.crawlDeadlineMs;
    let page;
    try {
      page = await this.fetcher.fetch(url, {
        maxBytes: this.limits.maxBytes,
        deadlineMs: Math.min(this.limits.deadlineMs, this.limits.crawlDeadlineMs),
        accept: (t) => htmlTypes.has(t),
        headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5', 'accept-language': 'en;q=0.9,*;q=0.5' },
      });
    } catch (err) {
      if (err instanceof FetchError) {
        const blocked = err.kind === 'http_status' && (err.status === 403 || err.status === 429 || err.status === 503);
        const detail = err.kind === 'http_status' ? ` (HTTP ${err.status})` : '';
        throw crawlFailure(blocked ? `blocked by the site (HTTP ${err.status})` : `${fetchReasons[err.kind]}${detail}`);
      }
      throw err;
    }
    const verdict = await this.extractor.extract({ body: page.body, contentType: page.headers['content-type'], url: page.url }, deadlineAt);
    if (verdict.kind === 'over_budget' || verdict.kind === 'too_slow') throw crawlFailure(`the page is too complex to read (it ${verdict.reason})`);
    if (verdict.kind === 'deadline') throw crawlFailure(`the crawl took longer than ${this.limits.crawlDeadlineMs} ms`);
    if (verdict.kind === 'blocked') throw crawlFailure(`blocked by the site (${verdict.reason})`);
    if (verdict.kind === 'not_product' || !verdict.product.name) {
      throw crawlFailure(`not a product page (${verdict.kind === 'not_product' ? verdict.reason : 'no product name found'})`);
    }
    const p = verdict.product;
    const media = await this.media.importAll(productId, p.images, p.videos, deadlineAt);
    return {
      name: p.name ?? '',
      description: describe(p),
      media,
      brand: p.brand,
      price: p.price,
      currency: p.currency,
      sellingPoints: p.sellingPoints,
    };
  }
}

/** The seed's description carries the introduction and the selling points. */
function describe(p: ExtractedProduct): string {
  const intro = (p.description ?? '').trim();
  const points = p.sellingPoints.map((s) => `• ${s.trim()}`).filter((s) => s.length > 2);
  return [intro, points.join('\n')].filter(Boolean).join('\n\n');
}
