import type { ParsedPrice } from './price.ts';

export interface ExtractedProduct {
  name: string | null;
  description: string | null;
  sellingPoints: string[];
  brand: string | null;
  /** Decimal string with '.' as separator, e.g. "1299.00". */
  price: string | null;
  /** ISO 4217 code. */
  currency: string | null;
  sku: string | null;
  /** Absolute URLs, gallery order, deduplicated. */
  images: string[];
  videos: string[];
}

export type PageVerdict =
  | { kind: 'product'; product: ExtractedProduct }
  | { kind: 'blocked'; reason: string }
  | { kind: 'not_product'; reason: string };

/** What one source found. Unresolved URLs are fine; the merger resolves and filters them. */
export interface SourceResult {
  source: string;
  /** The source saw explicit product markup (schema.org Product, og:type=product, a Shopify product…). */
  isProduct: boolean;
  /** The source saw many products and no main one (a category or search listing). */
  listing?: boolean;
  /** The source saw an article / blog post. */
  article?: boolean;
  name: string | null;
  description: string | null;
  sellingPoints: string[];
  brand: string | null;
  price: ParsedPrice | null;
  /** A declared currency, even when this source has no price. */
  currency: string | null;
  sku: string | null;
  images: string[];
  videos: string[];
  /** Visible prices marked as excluding VAT next to a price with VAT (decimal strings; generic rules only). */
  exVatPrices?: string[];
  /** The sku came from a visible label ("Product code: …"), not from markup (generic rules only). */
  skuLabelled?: boolean;
}

export function emptyResult(source: string): SourceResult {
  return {
    source,
    isProduct: false,
    name: null,
    description: null,
    sellingPoints: [],
    brand: null,
    price: null,
    currency: null,
    sku: null,
    images: [],
    videos: [],
  };
}
