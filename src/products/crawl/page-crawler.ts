import { decodeHtml, FetchError, type FetchFailure, type SafeFetcher } from '../../net/safe-fetch.ts';
import { crawlFailure, type CrawledProduct, type ProductCrawler } from '../product.crawler.ts';
import { extractProduct, type ExtractedProduct } from './extract.ts';
import type { MediaImporter } from './media-importer.ts';

export interface PageLimits {
  maxBytes: number;
  deadlineMs: number;
}

export const defaultPageLimits: PageLimits = { maxBytes: 10 * 1024 * 1024, deadlineMs: 15_000 };

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

/** Page URL → stored product: safe fetch, charset decoding, extraction, media copied into storage. */
export class PageCrawler implements ProductCrawler {
  constructor(
    private readonly fetcher: SafeFetcher,
    private readonly media: MediaImporter,
    private readonly limits: PageLimits = defaultPageLimits,
  ) {}

  async crawl(url: string, productId: string): Promise<CrawledProduct> {
    let page;
    try {
      page = await this.fetcher.fetch(url, {
        maxBytes: this.limits.maxBytes,
        deadlineMs: this.limits.deadlineMs,
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
    const { text } = decodeHtml(page.body, page.headers['content-type']);
    const verdict = extractProduct(text, page.url);
    if (verdict.kind === 'blocked') throw crawlFailure(`blocked by the site (${verdict.reason})`);
    if (verdict.kind === 'not_product' || !verdict.product.name) {
      throw crawlFailure(`not a product page (${verdict.kind === 'not_product' ? verdict.reason : 'no product name found'})`);
    }
    const p = verdict.product;
    const media = await this.media.importAll(productId, p.images, p.videos);
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
