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

/**
 * Fetches a product page and extracts the product, storing its media under the given product id;
 * throws AppError 40000 on any failure, before anything is stored.
 */
export interface ProductCrawler {
  crawl(url: string, productId: string): Promise<CrawledProduct>;
}

export function crawlFailure(reason: string): AppError {
  return new AppError(Codes.parameter, `Failed to extract product information: ${reason}`);
}
