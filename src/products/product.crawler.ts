import { AppError, Codes } from '../lib/errors.ts';
import type { MediaItem } from './product.repository.ts';

export interface CrawledProduct {
  name: string;
  description: string;
  media: MediaItem[];
  brand: string | null;
  price: string | null;
  currency: string | null;
  sellingPoints: string[];
}

/** Fetches a product page and extracts the product; throws AppError 40000 on any failure. */
export interface ProductCrawler {
  crawl(url: string): Promise<CrawledProduct>;
}

export function crawlFailure(reason: string): AppError {
  return new AppError(Codes.parameter, `Failed to extract product information: ${reason}`);
}

/** Stands in until the crawler lands: says so plainly instead of storing an empty product. */
export const unavailableCrawler: ProductCrawler = {
  crawl: async () => {
    throw crawlFailure('crawling product pages is not available in this build; send name and description instead');
  },
};
