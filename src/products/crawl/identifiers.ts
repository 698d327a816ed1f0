/**
 * Product identifiers (the `sku` field): what counts as an identifier, the code a shopper sees
 * preferred over an internal structured-data id, and an id read off the URL as a last resort.
 */
import { textOf, type Page } from './dom.ts';
import type { PageLocale } from './currency.ts';
import { parsePriceText } from './price.ts';

/** Words around a shipping or delivery cost ("Shipping: £3.95" in an sku-classed element). */
const SHIPPING = /shipping|delivery|postage|versand|livraison|envío|envio|spedizione|verzending|wysyłka|doprava|dostava|szállítás|frakt|fragt|toimitus|доставка/i;

/** SKUs must look like identifiers ("-1", "0", "null" are placeholders; a price or a shipping cost is none). */
export function cleanSku(v: string | null, loc?: PageLocale): string | null {
  if (!v) return null;
  const t = v.trim();
  if (!t || t.length > 60 || !/[\p{L}\p{N}]/u.test(t) || /^-?[01]$|^(null|undefined|n\/a|none)$/i.test(t)) return null;
  if (SHIPPING.test(t)) return null;
  // a money amount: a currency marker next to a number with cents or a thousands group ("$4.95", "3,90 €")
  if (loc && /\d[.,]\d{2}(?!\d)/.test(t) && parsePriceText(t, loc, { requireCurrency: true })) return null;
  return t;
}

/** Query parameters and path shapes that carry a product id. */
const ID_PARAM = /^(sku|productid|product_id|product-id|pid|itemid|item_id|artnr|articleid|article_id|prodid|prod_id)$/i;
const ID_PATHS = [
  /(?:^|\/)(?:p|prod|product|products|item|items|artikel|article|produkt|produit|producto|prodotto)\/([A-Za-z0-9][A-Za-z0-9_-]{2,30})(?:\/|$|\.html?$)/i,
  /[-_](?:p|pid|sku|art|item|prod)[-_]([A-Za-z0-9]{3,30})(?:\.html?|\/)?$/i,
  /[-_/](\d{5,14})(?:\.html?|\/)?$/,
];

/**
 * An id written in the page's URL (`?sku=AB-1`, `/p/12345`, `…-p-88213.html`, `…/wool-socks-104522`):
 * only ids that hold a digit and are not a year.
 */
export function idFromUrl(url: URL | null): string | null {
  if (!url) return null;
  for (const [k, v] of url.searchParams) {
    if (ID_PARAM.test(k) && /\d/.test(v) && /^[A-Za-z0-9][A-Za-z0-9._-]{2,40}$/.test(v)) return v;
  }
  const path = decodeURIComponent(url.pathname).replace(/\/+$/, '');
  for (const re of ID_PATHS) {
    const m = re.exec(path);
    const id = m?.[1];
    if (id && /\d/.test(id) && !/^(19|20)\d\d$/.test(id) && !/^\d+[a-z]{1,3}$/i.test(id)) return id;
  }
  return null;
}

/**
 * The code the page labels for shoppers ("Product code:", "Cód. produto:", "Art.-Nr.") against a
 * structured-data id: the structured one stays when the page shows it anywhere, else the labelled
 * one wins (the structured value is then an internal id).
 */
export function preferVisibleCode(structured: string | null, labelled: string | null, page: Page): string | null {
  if (!structured || !labelled || structured.toLowerCase() === labelled.toLowerCase()) return structured ?? labelled;
  if (page.textSample.includes(structured)) return structured;
  const root = page.$.root()[0];
  return textOf(root, 400_000).includes(structured) ? structured : labelled;
}

/** A value with words in it ("PC APPLE MQ2Y2SL/A", "Ca304103-0000 Montre") names a model or product, not an id. */
export function wordy(sku: string): boolean {
  const toks = sku.trim().split(/\s+/);
  return toks.length >= 2 && toks.some((t) => /^\p{L}{3,}$/u.test(t));
}

/** The page's sku, else the URL's id; a wordy sku loses to an id the URL carries. */
export function withUrlId(sku: string | null, url: URL | null): string | null {
  if (sku && !wordy(sku)) return sku;
  return idFromUrl(url) ?? sku;
}
