import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import type { AnyNode } from 'domhandler';
import { ExtractPool } from '../src/products/crawl/extract-pool.ts';
import { pageOverBudget } from '../src/products/crawl/page-budget.ts';

/** The depth htmlparser2 (through cheerio, as dom.ts loads pages) actually builds. */
function parsedDepth(html: string): number {
  const $ = cheerio.load(html, { xml: { xmlMode: false, decodeEntities: true } } as cheerio.CheerioOptions);
  let max = 0;
  const stack: Array<[AnyNode, number]> = [[$.root()[0] as AnyNode, 0]];
  while (stack.length) {
    const [n, d] = stack.pop()!;
    max = Math.max(max, d);
    for (const c of (n as { children?: AnyNode[] }).children ?? []) if (c.type === 'tag' || c.type === 'script' || c.type === 'style') stack.push([c, d + 1]);
  }
  return max;
}

/** The smallest depth budget the pre-scan accepts the page under. */
function scannedDepth(html: string): number {
  for (let d = 1; d < 200; d++) if (pageOverBudget(html, { maxElements: 1e9, maxDepth: d }) === null) return d;
  return Infinity;
}

const deep = (n: number) => `<!doctype html><html><body>${'<div>'.repeat(n)}x${'</div>'.repeat(n)}</body></html>`;

describe('pageOverBudget: the pre-scan measures what the parser builds', () => {
  const samples = [
    '<p>a<p>b<div><ul><li>x<li>y</ul></div>',
    '<svg><path/><path/><g><path d="M0"/></g></svg><div/><div/><span>',
    '<table><tr><td>1<td>2<tr><td>3</table></span></b></div>',
    '<div><div></p></div></div><br></br>',
    '<script>var s = "<div><div><div><div>";</script><style>div{}</style><div><!-- <div><div> --></div>',
    '<select><option>a<option>b<optgroup><option>c</select><dl><dt>x<dd>y<dt>z</dl>',
    '<div><span><b><i>deep</div>after<em>x</em>',
    '<math><mi>x</mi><mrow/></math><textarea><div><div></textarea>',
    '<ul><li><ul><li><ul><li>x</ul></ul></ul>',
  ];
  for (const html of samples) {
    it(JSON.stringify(html), () => assert.equal(scannedDepth(html), parsedDepth(html)));
  }

  it('refuses a page nested deeper than the budget, naming it', () => {
    assert.equal(pageOverBudget(deep(999), { maxElements: 1e6, maxDepth: 1002 }), null);
    assert.equal(pageOverBudget(deep(1000), { maxElements: 1e6, maxDepth: 1001 }), 'nests elements more than 1001 deep');
  });

  it('refuses a page with more elements than the budget, naming it', () => {
    const flat = `<html><body>${'<span>x</span>'.repeat(3000)}</body></html>`;
    assert.equal(pageOverBudget(flat, { maxElements: 3002, maxDepth: 100 }), null);
    assert.equal(pageOverBudget(flat, { maxElements: 3001, maxDepth: 100 }), 'has more than 3001 elements');
  });

  it('stops at the budget: 500,000 nested elements (2.5 MB) are refused without parsing them', () => {
    const t0 = performance.now();
    assert.match(pageOverBudget(deep(500_000), { maxElements: 200_000, maxDepth: 1000 }) ?? '', /more than 1000 deep/);
    // Parsing this page on the main thread took minutes; the scan stops after 1,000 tags.
    assert.ok(performance.now() - t0 < 2000, `${performance.now() - t0} ms`);
  });
});

describe('ExtractPool: pages are read in worker threads within budgets', () => {
  const pool = new ExtractPool({ workers: 1, parseTimeoutMs: 600, maxElements: 10_000_000, maxDepth: 10_000_000 });
  after(() => pool.close());
  const product = Buffer.from(
    '<html><head><title>Lamp</title><script type="application/ld+json">{"@type":"Product","name":"Aurora Lamp","offers":{"price":"49.90","priceCurrency":"EUR"}}</script></head><body><h1>Aurora Lamp</h1></body></html>',
  );
  const page = (body: Buffer) => ({ body, contentType: 'text/html; charset=utf-8', url: 'https://shop.example.com/p/lamp' });

  it('reads a product page in a worker', async () => {
    const v = await pool.extract(page(product));
    assert.equal(v.kind, 'product');
    assert.equal(v.kind === 'product' && v.product.name, 'Aurora Lamp');
    assert.equal(v.kind === 'product' && v.product.price, '49.90');
  });

  it('decodes the page in the worker (charset from the Content-Type)', async () => {
    const latin1 = Buffer.from('<html><head><title>Caf\xe9 Mug</title><meta property="og:type" content="product"></head><body><h1>Caf\xe9 Mug</h1><button>Add to cart</button></body></html>', 'latin1');
    const v = await pool.extract({ ...page(latin1), contentType: 'text/html; charset=iso-8859-1' });
    assert.equal(v.kind === 'product' && v.product.name, 'Café Mug');
  });

  it('a page that takes longer than its time budget is stopped (its thread terminated), and the pool goes on', async () => {
    const t0 = Date.now();
    const v = await pool.extract(page(Buffer.from(deep(100_000))));
    assert.deepEqual(v, { kind: 'too_slow', reason: 'took longer than 600 ms to read' });
    assert.ok(Date.now() - t0 < 5000, `${Date.now() - t0} ms`);
    assert.equal((await pool.extract(page(product))).kind, 'product');
  });

  it('the crawl deadline stops a read too', async () => {
    const v = await pool.extract(page(Buffer.from(deep(100_000))), Date.now() + 200);
    assert.deepEqual(v, { kind: 'deadline' });
  });

  it('the element/depth budget is checked in the worker before the parse', async () => {
    const strict = new ExtractPool({ workers: 1, parseTimeoutMs: 5000, maxElements: 200_000, maxDepth: 1000 });
    try {
      assert.deepEqual(await strict.extract(page(Buffer.from(deep(500_000)))), { kind: 'over_budget', reason: 'nests elements more than 1000 deep' });
      assert.equal((await strict.extract(page(product))).kind, 'product');
    } finally {
      await strict.close();
    }
  });

  it('a page needing more memory than a thread may have ends that thread, not the process', async () => {
    const small = new ExtractPool({ workers: 1, parseTimeoutMs: 60_000, maxElements: 10_000_000, maxDepth: 10_000_000, maxHeapMb: 64 });
    try {
      const heavy = Buffer.from(`<html><body>${'<p class="price brand title" id="x" data-a="1" data-b="2">x</p>'.repeat(150_000)}</body></html>`);
      assert.deepEqual(await small.extract(page(heavy)), { kind: 'over_budget', reason: 'needs more than 64 MB of memory to read' });
      assert.equal((await small.extract(page(product))).kind, 'product');
    } finally {
      await small.close();
    }
  });
});
