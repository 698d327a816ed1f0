/** Magento 2 gallery data (`<script type="text/x-magento-init">` with `mage/gallery/gallery`). */
import type { Page } from './dom.ts';
import { asArray, isObj, parseJsonStrict, type JsonObject } from './json.ts';
import { emptyResult, type SourceResult } from './types.ts';

function findGallery(v: unknown, depth = 0): JsonObject | null {
  if (!isObj(v) || depth > 4) return null;
  const g = v['mage/gallery/gallery'];
  if (isObj(g)) return g;
  for (const k in v) {
    const found = findGallery(v[k], depth + 1);
    if (found) return found;
  }
  return null;
}

export function fromMagento(page: Page): SourceResult {
  const r = emptyResult('magento');
  for (const s of page.scripts) {
    if (s.type !== 'text/x-magento-init' || !s.text.includes('mage/gallery/gallery')) continue;
    const gallery = findGallery(parseJsonStrict(s.text.trim()));
    if (!gallery) continue;
    const items = asArray(gallery.data).filter(isObj);
    // the main image first, then gallery order
    items.sort((a, b) => Number(b.isMain === true) - Number(a.isMain === true) || Number(a.position ?? 0) - Number(b.position ?? 0));
    for (const item of items) {
      const type = typeof item.type === 'string' ? item.type : 'image';
      if (type.includes('video') && typeof item.videoUrl === 'string') r.videos.push(item.videoUrl);
      const img = [item.full, item.img, item.thumb].find((x): x is string => typeof x === 'string' && x.length > 0);
      if (img && !type.includes('video')) r.images.push(img);
    }
    if (r.images.length > 0 || r.videos.length > 0) break;
  }
  return r;
}
