/**
 * Product-extraction benchmark over the shared development split
 * (../shared/bench/product-pages, see its README for the sources and scoring).
 *
 *   node --import tsx bench/crawl.bench.ts [--verbose]
 *
 * Scoring convention (per field): a field is scored on a page when the page's source annotates
 * that field at all (the union of `ground_truth_fields_annotated` over the source's pages), so a
 * Zyte page without a brand value means "this page has no brand", while the metascraper-shopping
 * pages, which only annotate price, are not scored for brand. Then:
 *   truth present, prediction matches       → TP
 *   truth present, prediction differs       → FP and FN (a wrong value is both)
 *   truth present, no prediction            → FN
 *   truth empty/absent, prediction present  → FP
 *   truth empty/absent, no prediction       → nothing
 * Matching: price as a decimal number (any listed value counts); brand and sku exactly after
 * trimming and case folding; name exactly after whitespace and case normalisation, and a lenient
 * variant where the normalised truth is contained in the normalised prediction. A page judged
 * blocked/not_product predicts nothing.
 *
 * Besides the whole set it reports: the pages of shops no rule was written for (the record is
 * bench/crawl-rule-pages.json), the F1 spread over 5 shop-grouped folds, and name/price/sku on the
 * older-style pages in test/fixtures/crawl/older (no structured data).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { extractProduct, type PageVerdict } from '../src/products/crawl/extract.ts';

interface ManifestPage {
  id: string;
  source: string;
  file: string;
  compressed: string | null;
  url: string;
  host: string;
  ground_truth: Record<string, string[]>;
  ground_truth_fields_annotated?: string[];
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = process.env.CRAWL_BENCH_DIR ?? path.resolve(repoRoot, '..', 'shared', 'bench', 'product-pages');
const verbose = process.argv.includes('--verbose');

const manifest = JSON.parse(readFileSync(path.join(benchDir, 'manifest.json'), 'utf8')) as { pages: ManifestPage[] };
const pages = manifest.pages.map((p) => {
  const raw = readFileSync(path.join(benchDir, p.file));
  const html = (p.compressed === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
  return { ...p, html };
});

// A warm-up pass (JIT, lazy module init), then timed passes: a page's time is its median over the
// passes, so one noisy moment on a shared VM does not decide it (CRAWL_BENCH_PASSES, default 5).
const passes = Math.max(1, Number(process.env.CRAWL_BENCH_PASSES ?? 5));
for (const p of pages) extractProduct(p.html, p.url);
const results: Array<{ page: (typeof pages)[number]; verdict: PageVerdict; ms: number }> = pages.map((p) => ({ page: p, verdict: extractProduct(p.html, p.url), ms: 0 }));
const perPass: number[][] = results.map(() => []);
for (let k = 0; k < passes; k++) {
  results.forEach((r, i) => {
    const t0 = performance.now();
    extractProduct(r.page.html, r.page.url);
    perPass[i]!.push(performance.now() - t0);
  });
}
const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
results.forEach((r, i) => (r.ms = mid(perPass[i]!)));
const passMedians = Array.from({ length: passes }, (_, k) => mid(perPass.map((t) => t[k]!)));

const annotatedBySource = new Map<string, Set<string>>();
for (const p of pages) {
  const set = annotatedBySource.get(p.source) ?? new Set<string>();
  for (const f of p.ground_truth_fields_annotated ?? Object.keys(p.ground_truth)) set.add(f);
  annotatedBySource.set(p.source, set);
}

const fold = (s: string) => s.normalize('NFKC').trim().toLowerCase();
const ws = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

type Matcher = (pred: string, truth: string) => boolean;
const fields: Array<{ label: string; field: 'price' | 'brand' | 'sku' | 'name'; match: Matcher }> = [
  { label: 'price', field: 'price', match: (p, t) => Math.abs(Number(p) - Number(t.trim())) < 1e-6 },
  { label: 'brand', field: 'brand', match: (p, t) => fold(p) === fold(t) },
  { label: 'sku', field: 'sku', match: (p, t) => fold(p) === fold(t) },
  { label: 'name', field: 'name', match: (p, t) => ws(p) === ws(t) },
  { label: 'name (lenient)', field: 'name', match: (p, t) => ws(p).includes(ws(t)) },
];

interface Scored {
  page: { source: string; host: string; ground_truth: Record<string, string[]> };
  verdict: PageVerdict;
}

/** Per-field counts over a set of scored pages (see the convention at the top). */
function score(set: Scored[], misses?: string[]): string[][] {
  const out: string[][] = [];
  for (const f of fields) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    let scored = 0;
    for (const { page, verdict } of set) {
      if (!annotatedBySource.get(page.source)?.has(f.field)) continue;
      scored++;
      const truth = (page.ground_truth[f.field] ?? []).map((t) => t.trim()).filter(Boolean);
      const pred = verdict.kind === 'product' ? verdict.product[f.field] : null;
      if (truth.length === 0) {
        if (pred) {
          fp++;
          misses?.push(`${f.label.padEnd(14)} FP  ${page.host}  pred=${JSON.stringify(pred)} (no truth)`);
        }
        continue;
      }
      if (!pred) {
        fn++;
        misses?.push(`${f.label.padEnd(14)} FN  ${page.host}  truth=${JSON.stringify(truth)} verdict=${verdict.kind}${verdict.kind !== 'product' ? ` (${verdict.reason})` : ''}`);
      } else if (truth.some((t) => f.match(pred, t))) tp++;
      else {
        fp++;
        fn++;
        misses?.push(`${f.label.padEnd(14)} BAD ${page.host}  pred=${JSON.stringify(pred)} truth=${JSON.stringify(truth)}`);
      }
    }
    const precision = tp + fp ? tp / (tp + fp) : 0;
    const recall = tp + fn ? tp / (tp + fn) : 0;
    const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
    out.push([f.label, String(scored), String(tp), String(fp), String(fn), precision.toFixed(3), recall.toFixed(3), f1.toFixed(3)]);
  }
  return out;
}

const misses: string[] = [];
const rows = score(results, misses);

// Pages of shops no rule was written for (bench/crawl-rule-pages.json keeps the record).
const ledger = JSON.parse(readFileSync(path.join(repoRoot, 'bench', 'crawl-rule-pages.json'), 'utf8')) as { rules: Array<{ hosts: string[] }> };
const ruleHosts = new Set(ledger.rules.flatMap((r) => r.hosts));
const bareHost = (h: string) => h.toLowerCase().replace(/^www\./, '');
const unseen = results.filter((r) => !ruleHosts.has(bareHost(r.page.host)));
const unseenRows = score(unseen);

// Shop-grouped folds: every shop's pages in one of 5 folds (by a hash of the host). The rules are
// hand-written, not fitted, so there is nothing to re-tune per fold: the spread of the per-fold
// scores shows how much the figures depend on which shops are in the set.
const foldOf = (host: string) => [...bareHost(host)].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % 5;
const foldRows = [0, 1, 2, 3, 4].map((k) => score(results.filter((r) => foldOf(r.page.host) === k)));

// Older-style pages written for the crawler (no JSON-LD/OpenGraph): name exact, price and sku.
const olderDir = path.join(repoRoot, 'test', 'fixtures', 'crawl', 'older');
const older = (JSON.parse(readFileSync(path.join(olderDir, 'manifest.json'), 'utf8')) as { pages: Array<{ file: string; url: string; name: string; price?: string; sku?: string }> }).pages;
const olderResults = older.map((o) => {
  const v = extractProduct(readFileSync(path.join(olderDir, o.file), 'utf8'), o.url);
  const p = v.kind === 'product' ? v.product : null;
  return { o, p };
});
const olderNames = olderResults.filter(({ o, p }) => !!p?.name && ws(p.name) === ws(o.name)).length;
const olderPrices = olderResults.filter(({ o, p }) => o.price && p?.price && Number(p.price) === Number(o.price)).length;
const olderSkus = olderResults.filter(({ o, p }) => o.sku && p?.sku === o.sku).length;

const header = ['field', 'pages', 'TP', 'FP', 'FN', 'precision', 'recall', 'F1'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');

const ms = results.map((r) => r.ms).sort((a, b) => a - b);
const pct = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
const median = ms.length % 2 ? ms[(ms.length - 1) / 2]! : (ms[ms.length / 2 - 1]! + ms[ms.length / 2]!) / 2;
const verdicts = new Map<string, number>();
for (const r of results) verdicts.set(r.verdict.kind, (verdicts.get(r.verdict.kind) ?? 0) + 1);
const withImage = results.filter((r) => r.verdict.kind === 'product' && r.verdict.product.images.length > 0).length;

console.log(`crawl bench: ${pages.length} pages from ${benchDir}`);
console.log(`verdicts: ${[...verdicts].map(([k, v]) => `${k} ${v}`).join(', ')}`);
console.log('scoring: a field is scored on the pages whose source annotates it; a wrong value counts as FP and FN; a value where the truth is empty is FP');
console.log('');
console.log(line(header));
for (const r of rows) console.log(line(r));
console.log('');
console.log('');
console.log(`shops no rule was written for (bench/crawl-rule-pages.json): ${unseen.length} pages from ${new Set(unseen.map((r) => bareHost(r.page.host))).size} shops`);
console.log(line(header));
for (const r of unseenRows) console.log(line(r));
console.log('');
console.log('F1 by shop-grouped fold (5 folds by host; no rule is fitted, so none is re-tuned per fold):');
console.log(['field', 'fold 1', 'fold 2', 'fold 3', 'fold 4', 'fold 5', 'min', 'max'].map((c, i) => (i === 0 ? c.padEnd(14) : c.padStart(7))).join('  '));
for (let i = 0; i < fields.length - 1; i++) {
  const f1s = foldRows.map((fr) => Number(fr[i]![7]));
  const scoredIn = foldRows.map((fr) => Number(fr[i]![1]));
  const cells = f1s.map((x, k) => (scoredIn[k]! > 0 ? x.toFixed(3) : '-'));
  const valid = f1s.filter((_, k) => scoredIn[k]! > 0);
  console.log([fields[i]!.label.padEnd(14), ...cells.map((c) => c.padStart(7)), Math.min(...valid).toFixed(3).padStart(7), Math.max(...valid).toFixed(3).padStart(7)].join('  '));
}
console.log('');
console.log(`older-style fixture pages (test/fixtures/crawl/older, no structured data): name exact ${olderNames}/${older.length}, price ${olderPrices}/${older.filter((o) => o.price).length}, sku ${olderSkus}/${older.filter((o) => o.sku).length}`);
console.log('');
console.log(`pages with at least one image: ${withImage}/${pages.length}`);
console.log(`parse time per page (extractProduct only, a page's median of ${passes} passes after a warm-up pass): median ${median.toFixed(2)} ms, p95 ${pct(0.95).toFixed(2)} ms, max ${ms[ms.length - 1]!.toFixed(2)} ms`);
console.log(`  median of each pass: ${passMedians.map((x) => x.toFixed(2)).join(', ')} ms`);
if (verbose) {
  console.log('');
  for (const m of misses) console.log(m);
  for (const { o, p } of olderResults) if (!p || ws(p.name ?? '') !== ws(o.name)) console.log(`older name     BAD ${o.file}  pred=${JSON.stringify(p?.name ?? null)} truth=${JSON.stringify(o.name)}`);
  const slow = [...results].sort((a, b) => b.ms - a.ms).slice(0, 8);
  console.log('');
  for (const s of slow) console.log(`slow ${s.ms.toFixed(1)} ms  ${s.page.host}  ${(s.page.html.length / 1024).toFixed(0)} KB`);
}
