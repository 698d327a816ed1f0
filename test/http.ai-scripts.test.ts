import assert from 'node:assert/strict';
import { GOOD_SCRIPT } from './support/llm-answers.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { SCRIPT_STYLES } from '../src/catalog/languages.ts';
import { businessError, startServer, type TestServer } from './support/server.ts';

const PRODUCT = {
  name: 'ThermoFlask Pro 750',
  description: 'A double-walled stainless steel bottle. It keeps drinks cold for 24 hours and hot for 12 hours.',
  selling_points: ['Keeps drinks cold for 24 hours', 'Leak-proof one-click lid', 'Fits every cup holder'],
  brand: 'ThermoFlask',
  price: '49.90',
  currency: 'USD',
  target_audience: 'commuters',
};

async function credits(s: TestServer, key: string): Promise<number> {
  const { accountId } = await s.running.services.auth.authenticate(key);
  return s.running.services.accounts.remainingCredits(accountId);
}

describe('POST /v1/ai_scripts with the built-in writer', () => {
  let s: TestServer;
  let key: string;
  let productId: string;
  before(async () => {
    s = await startServer();
    ({ apiKey: key } = await s.account({ credits: 3 }));
    const created = await s.call('POST', '/v1/product', { key, body: PRODUCT });
    productId = created.body.data.product_id;
  });
  after(() => s.close());

  it('by product_id, as the n8n node sends it ("" for unset): one script per style, all 16, free', async () => {
    const res = await s.call('POST', '/v1/ai_scripts', {
      key,
      body: { product_id: productId, name: '', description: '', target_audience: '', video_length: '15', language: '' },
    });
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    const scripts = res.body.data.generated_scripts as { script_style: string; script_paragraphs: string[]; source: string }[];
    assert.deepEqual(scripts.map((x) => x.script_style), [...SCRIPT_STYLES]);
    for (const x of scripts) {
      assert.equal(x.source, 'builtin');
      assert.ok(x.script_paragraphs.length >= 2, `${x.script_style}: ${x.script_paragraphs.length} paragraphs`);
      assert.ok(x.script_paragraphs.every((p) => p.trim().length > 0));
    }
    // They are about this product (a few styles, like Top 3 reasons, need not say its name).
    assert.ok(scripts.filter((x) => /ThermoFlask/.test(x.script_paragraphs.join(' '))).length >= 12);
    // Styles are written differently.
    assert.ok(new Set(scripts.map((x) => x.script_paragraphs.join(' '))).size >= 12);
    assert.equal(res.body.warnings, undefined);
    assert.equal(await credits(s, key), 3);
  });

  it('by name and description, in a language, for the styles asked (extension); a longer video_length gives a longer script', async () => {
    const german = await s.call('POST', '/v1/ai_scripts', {
      key,
      body: { name: 'Lumen Schreibtischlampe', description: 'Eine warme LED-Lampe mit Dimmer und USB-C-Anschluss. Sie schont die Augen beim Lernen.', target_audience: 'Studenten', video_length: '30', language: 'german', script_styles: ['Data', 'Problem/Solution'] },
    });
    assert.equal(german.body.code, 0, JSON.stringify(german.body));
    assert.deepEqual(german.body.data.generated_scripts.map((x: any) => x.script_style), ['Data', 'Problem/Solution']);
    assert.match(german.body.data.generated_scripts[1].script_paragraphs.join(' '), /\b(der|die|das|und|mit|für|Sie|du|jetzt)\b/);
    const ask = (video_length: string) => s.call('POST', '/v1/ai_scripts', { key, body: { product_id: productId, video_length, script_styles: ['Feature Explainer'] } });
    const words = async (l: string) => ((await ask(l)).body.data.generated_scripts[0].script_paragraphs as string[]).join(' ').split(/\s+/).length;
    const [short, long] = [await words('15'), await words('60')];
    assert.ok(long > short * 1.5, `60 s ${long} words vs 15 s ${short}`);
    const one = await s.call('POST', '/v1/ai_scripts', { key, body: { product_id: productId, video_length: 30, script_style: 'Expert Advice' } });
    assert.deepEqual(one.body.data.generated_scripts.map((x: any) => x.script_style), ['Expert Advice']);
  });

  it('validation names the field', async () => {
    const call = (body: unknown) => s.call('POST', '/v1/ai_scripts', { key, body });
    assert.match(businessError(await call({ video_length: '30' }), 40000), /^Parameter error: product_id or name \(with description\) is required/);
    assert.match(businessError(await call({ name: 'Lamp', description: '' }), 40000), /^Parameter error: description is required when product_id is absent/);
    assert.match(businessError(await call({ product_id: productId, video_length: '20' }), 40000), /video_length must be one of 15 \(15-second video\), 30/);
    assert.match(businessError(await call({ product_id: productId, language: 'klingon' }), 40000), /language must be one of english, /);
    assert.match(businessError(await call({ product_id: productId, script_styles: ['Data', 'Shouting'] }), 40000), /script_styles\[1\] must be one of/);
    assert.match(businessError(await call({ product_id: productId, name: ['x'] }), 40000), /name must be a string/);
    assert.match(businessError(await call({ product_id: '0123456789abcdef0123456789abcdef' }), 10104), /product_id 0123456789abcdef0123456789abcdef/);
    businessError(await s.call('POST', '/v1/ai_scripts', { key: 'rs_nope', body: { product_id: productId } }), 10105);
  });
});

describe('POST /v1/ai_scripts with an LLM (loopback OpenAI-compatible server)', () => {
  let llm: http.Server;
  let s: TestServer;
  let key: string;
  let productId: string;
  let seen: { style: string }[] = [];
  let fail = false;
  const goodScript = GOOD_SCRIPT;
  before(async () => {
    llm = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        const prompt = JSON.stringify(JSON.parse(raw).messages);
        seen.push({ style: SCRIPT_STYLES.find((st) => prompt.includes(st)) ?? '?' });
        if (fail) return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(goodScript) } }] }));
      });
    });
    await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
    const port = (llm.address() as AddressInfo).port;
    s = await startServer({ env: { LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '5000' } });
    ({ apiKey: key } = await s.account());
    productId = (await s.call('POST', '/v1/product', { key, body: PRODUCT })).body.data.product_id;
  });
  after(async () => {
    await s.close();
    llm.closeAllConnections();
    await new Promise((r) => llm.close(r));
  });

  it("uses the LLM's scripts, one request per style", async () => {
    seen = [];
    const res = await s.call('POST', '/v1/ai_scripts', { key, body: { product_id: productId, video_length: '30', language: 'english', script_styles: ['Problem/Solution', 'Humor & Meme', 'Data'] } });
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    const scripts = res.body.data.generated_scripts;
    assert.deepEqual(scripts.map((x: any) => [x.script_style, x.source]), [
      ['Problem/Solution', 'llm'],
      ['Humor & Meme', 'llm'],
      ['Data', 'llm'],
    ]);
    assert.deepEqual(scripts[0].script_paragraphs, goodScript.sentences.map((x) => x.text));
    assert.deepEqual(seen.map((x) => x.style).sort(), ['Data', 'Humor & Meme', 'Problem/Solution']);
  });

  it('falls back to the built-in writer when the LLM fails', async () => {
    fail = true;
    seen = [];
    const res = await s.call('POST', '/v1/ai_scripts', { key, body: { product_id: productId, script_styles: ['Data'] } });
    fail = false;
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    assert.equal(res.body.data.generated_scripts[0].source, 'builtin');
    assert.ok(seen.length >= 1);
    assert.notDeepEqual(res.body.data.generated_scripts[0].script_paragraphs, goodScript.sentences.map((x) => x.text));
  });
});
