import assert from 'node:assert/strict';
import { GOOD_SCRIPT } from './support/llm-answers.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createLlmClient, LlmError, writeScript, type LlmConfig, type ScriptInput } from '../src/pipeline/script/index.ts';
import { buildMessages } from '../src/pipeline/script/llm-writer.ts';
import type { ProductFacts } from '../src/pipeline/types.ts';

const product: ProductFacts = {
  name: 'ThermoFlask Pro 750',
  description: 'A double-walled stainless steel bottle. It keeps drinks cold for 24 hours and hot for 12 hours.',
  sellingPoints: ['Keeps drinks cold for 24 hours', 'Leak-proof one-click lid', 'Fits every cup holder'],
  brand: 'ThermoFlask',
  price: '49.90',
  currency: 'USD',
  targetAudience: 'commuters',
  imagePaths: ['/m/0.jpg', '/m/1.jpg'],
  videoPaths: [],
};
const input = (over: Partial<ScriptInput> = {}): ScriptInput => ({ product, style: 'Problem/Solution', lengthS: 30, language: 'english', overrideScript: null, ...over });

const goodScript = GOOD_SCRIPT;
const completion = (content: string) => JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content } }] });

interface Seen {
  url: string;
  auth: string | undefined;
  body: Record<string, unknown>;
}
type Handler = (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen, n: number) => void;

let server: http.Server;
let baseUrl: string;
let handler: Handler;
let requests: Seen[];

before(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const seen = { url: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw || '{}') as Record<string, unknown> };
      requests.push(seen);
      handler(req, res, seen, requests.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
});

const json = (status: number, body: string) => (_req: http.IncomingMessage, res: http.ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body);
};
const config = (over: Partial<LlmConfig> = {}): LlmConfig => ({ baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs: 2000, ...over });

/** Runs writeScript against the local endpoint; returns the script and the failure reported, if any. */
async function run(h: Handler, over: Partial<ScriptInput> = {}, cfg: Partial<LlmConfig> = {}) {
  handler = h;
  let failure: Error | null = null;
  const script = await writeScript(input(over), createLlmClient(config(cfg)), { onLlmFailure: (e) => (failure = e) });
  return { script, failure: failure as Error | null };
}

describe('LLM writer: success', () => {
  it('uses the script from the endpoint (source llm) and asks for it properly', async () => {
    const { script, failure } = await run(json(200, completion(JSON.stringify(goodScript))));
    assert.equal(failure, null);
    assert.equal(script.source, 'llm');
    assert.deepEqual(script.sentences.map((s) => s.text), goodScript.sentences.map((s) => s.text));
    assert.deepEqual(script.sentences.map((s) => s.cue.kind), ['hook', 'intro', 'point', 'point', 'point', 'price', 'cta']);
    assert.deepEqual(script.sentences.map((s) => s.cue.pointIndex), [null, null, 0, 1, 2, null, null]);
    assert.deepEqual(script.sentences.map((s) => s.cue.imageIndex), [0, 0, 0, 1, 0, 1, 0]);
    assert.equal(script.sentences[5]!.cue.overlay, '$49.90');
    assert.equal(requests.length, 1);
    const [req] = requests;
    assert.equal(req!.url, '/v1/chat/completions');
    assert.equal(req!.auth, 'Bearer sk-test');
    assert.equal(req!.body.model, 'test-model');
    assert.deepEqual(req!.body.response_format, { type: 'json_object' });
    const prompt = JSON.stringify(req!.body.messages);
    assert.match(prompt, /Problem\/Solution/);
    assert.match(prompt, /english/);
    assert.match(prompt, /\$49\.90/);
  });

  it('asks to translate product text written in another language, and to say who it is for; the price is said in words', async () => {
    const german: ProductFacts = {
      ...product,
      name: 'Aurora Schreibtischlampe',
      description: 'Eine dimmbare LED-Lampe für den Schreibtisch. Das warme Licht schont die Augen beim Arbeiten am Abend.',
      sellingPoints: ['Stufenlos dimmbar von warm bis kalt', 'Lädt das Handy kabellos am Fuß', 'Hält dank Akku zwölf Stunden ohne Kabel'],
      language: 'german',
    };
    const { script, failure } = await run(json(200, completion(JSON.stringify(goodScript))), { product: german });
    assert.equal(failure, null);
    const user = (requests[0]!.body.messages as { role: string; content: string }[]).find((m) => m.role === 'user')!.content;
    assert.match(user, /written in german: translate the facts you use into english; do not copy its sentences/);
    assert.match(user, /say once who it is for/);
    const price = script.sentences.find((x) => x.cue.kind === 'price')!;
    assert.equal(price.text, 'All of this for just $49.90.');
    assert.equal(price.spoken, 'All of this for just 49.90 US dollars.');
    // The same product narrated in German: nothing to translate.
    const same = buildMessages({ product: german, style: 'Discovery', lengthS: 30, language: 'german' });
    assert.doesNotMatch(same[1]!.content, /translate/);
    // Stored before detection (null): detected from its text.
    const legacy = buildMessages({ product: { ...german, language: null }, style: 'Discovery', lengthS: 30, language: 'english' });
    assert.match(legacy[1]!.content, /written in german/);
  });

  it('Japanese from the model is kept with its kanji on screen and read in kana', async () => {
    const jp = {
      sentences: [
        { text: '水筒、まだ冷めてる？', kind: 'hook', point: null },
        { text: 'ThermoFlask Pro 750を紹介します。', kind: 'intro', point: null },
        { text: '飲み物を二十四時間冷たく保ちます。', kind: 'point', point: 0 },
        { text: '蓋はワンタッチで閉まり、鞄の中でも漏れません。', kind: 'point', point: 1 },
        { text: 'どの車のカップホルダーにも入ります。', kind: 'point', point: 2 },
        { text: '毎日の通勤にぴったりの一本です。', kind: 'story', point: null },
        { text: '寒い朝も暑い午後も、好きな温度のまま楽しめます。', kind: 'story', point: null },
        { text: 'お値段は$49.90です。', kind: 'price', point: null },
        { text: '今すぐリンクから注文しよう！', kind: 'cta', point: null },
      ],
    };
    const { script, failure } = await run(json(200, completion(JSON.stringify(jp))), { language: 'japanese', lengthS: 30 });
    assert.equal(failure, null);
    assert.equal(script.source, 'llm');
    assert.match(JSON.stringify(requests[0]!.body.messages), /with kanji and kana/);
    assert.deepEqual(script.sentences.map((x) => x.text), jp.sentences.map((x) => x.text));
    for (const x of script.sentences) assert.doesNotMatch(x.spoken ?? x.text, /\p{Script=Han}/u, x.spoken);
    assert.match(script.sentences[1]!.spoken!, /^ThermoFlask Pro 750/);
    assert.match(script.sentences.find((x) => x.cue.kind === 'price')!.spoken!, /49\.90\p{Script=Katakana}+ドル/u);
  });

  it('accepts JSON inside a code fence, and retries without response_format when the server rejects it', async () => {
    const fenced = await run(json(200, completion('```json\n' + JSON.stringify(goodScript) + '\n```')));
    assert.equal(fenced.script.source, 'llm');
    requests = [];
    const retried = await run((req, res, seen) =>
      seen.body.response_format ? json(400, '{"error":{"message":"response_format is not supported"}}')(req, res) : json(200, completion(JSON.stringify(goodScript)))(req, res),
    );
    assert.equal(retried.script.source, 'llm');
    assert.equal(requests.length, 2);
    assert.equal(requests[1]!.body.response_format, undefined);
  });

  it('sends no Authorization header without an API key, and tells the model the language and its script', async () => {
    handler = json(200, completion('ok'));
    assert.equal(await createLlmClient(config({ apiKey: null })).chat([{ role: 'user', content: 'hi' }]), 'ok');
    assert.equal(requests[0]!.auth, undefined);
    const msgs = buildMessages({ product, style: 'Top 3 reasons', lengthS: 15, language: 'thai' });
    assert.match(msgs[1]!.content, /thai.*Thai script/);
    assert.match(msgs[1]!.content, /characters/);
  });
});

describe('LLM writer: any failure falls back to the built-in writer', () => {
  const fallsBack = async (h: Handler, over: Partial<ScriptInput> = {}, cfg: Partial<LlmConfig> = {}) => {
    const { script, failure } = await run(h, over, cfg);
    assert.equal(script.source, 'builtin');
    assert.ok(failure, 'the failure is reported');
    assert.deepEqual(script, await writeScript(input(over)), 'the same script as without an LLM');
    return failure;
  };

  it('timeout: the endpoint never answers', async () => {
    const t0 = Date.now();
    const failure = await fallsBack(() => {}, {}, { timeoutMs: 200 });
    assert.ok(failure instanceof LlmError);
    assert.match(failure.message, /timed out/);
    assert.ok(Date.now() - t0 < 1500, 'gives up at the timeout');
  });

  it('timeout while the body is still arriving', async () => {
    const failure = await fallsBack((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"choices":[');
    }, {}, { timeoutMs: 200 });
    assert.match(failure.message, /timed out/);
  });

  it('HTTP 500', async () => {
    assert.match((await fallsBack(json(500, '{"error":"boom"}'))).message, /HTTP 500/);
  });

  it('unreachable endpoint (nothing listening)', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    assert.match((await fallsBack(json(200, ''), {}, { baseUrl: `http://127.0.0.1:${port}/v1` })).message, /unreachable/);
  });

  it('bad JSON: a response body that is not JSON, and content that is not JSON', async () => {
    await fallsBack(json(200, '<html>gateway</html>'));
    await fallsBack(json(200, completion('Sure! Here is your script: Tired of leaks? Buy now.')));
    await fallsBack(json(200, completion('{"sentences": [ {"text": "Tired?", "kind": "hook"}, ')));
  });

  it('wrong shape: no choices, no sentences, unknown kinds, empty text', async () => {
    await fallsBack(json(200, '{"choices":[]}'));
    await fallsBack(json(200, completion('{"script":"Tired of leaks? Buy now."}')));
    await fallsBack(json(200, completion(JSON.stringify({ sentences: goodScript.sentences.map((s) => ({ ...s, kind: 'banner' })) }))));
    await fallsBack(json(200, completion(JSON.stringify({ sentences: [{ text: '', kind: 'hook' }, { text: 'Buy now!', kind: 'cta' }] }))));
  });

  it('wrong language: English for Thai (another script), English for German (English function words)', async () => {
    const failure = await fallsBack(json(200, completion(JSON.stringify(goodScript))), { language: 'thai' });
    assert.match(failure.message, /Thai script/);
    const german = await fallsBack(json(200, completion(JSON.stringify(goodScript))), { language: 'german' });
    assert.match(german.message, /English/);
  });

  it('a German answer that keeps the English product name is accepted', async () => {
    const de = {
      sentences: [
        { text: 'Genervt von lauwarmem Kaffee?', kind: 'hook', point: null },
        { text: 'Das ist ThermoFlask Pro 750, die Flasche, die hält, was sie verspricht.', kind: 'intro', point: null },
        { text: 'Sie hält deine Getränke einen ganzen Tag lang eiskalt, sogar im heißen Auto.', kind: 'point', point: 0 },
        { text: 'Der Deckel schließt mit einem Klick, nichts läuft mehr aus.', kind: 'point', point: 1 },
        { text: 'Und sie passt in jeden Getränkehalter.', kind: 'point', point: 2 },
        { text: 'Alles für nur 49,90 €.', kind: 'price', point: null },
        { text: 'Jetzt bestellen!', kind: 'cta', point: null },
      ],
    };
    handler = json(200, completion(JSON.stringify(de)));
    const s = await writeScript(input({ language: 'german', product: { ...product, currency: 'EUR' } }), createLlmClient(config()));
    assert.equal(s.source, 'llm');
    assert.equal(s.sentences[5]!.cue.overlay, '49,90 €');
  });

  it('too long for the length, and a hook that is not short', async () => {
    const long = { sentences: [...goodScript.sentences.slice(0, -1), ...goodScript.sentences.slice(1, -1), ...goodScript.sentences.slice(1)] };
    assert.match((await fallsBack(json(200, completion(JSON.stringify(long))), { lengthS: 15 })).message, /too long/);
    const slowHook = { sentences: [{ text: 'Have you ever wondered why your coffee is always cold by the time you reach the office?', kind: 'hook' }, ...goodScript.sentences.slice(1)] };
    assert.match((await fallsBack(json(200, completion(JSON.stringify(slowHook))))).message, /hook/);
  });
});

describe('override_script always wins', () => {
  it('the LLM is not even asked, and the text is split by script-aware punctuation', async () => {
    handler = json(200, completion(JSON.stringify(goodScript)));
    const s = await writeScript(input({ overrideScript: '水がこぼれない！毎日使える。 今すぐ購入？\nBuy it now.', language: 'japanese' }), createLlmClient(config()));
    assert.equal(requests.length, 0);
    assert.equal(s.source, 'override');
    assert.deepEqual(s.sentences.map((x) => x.text), ['水がこぼれない！', '毎日使える。', '今すぐ購入？', 'Buy it now.']);
    assert.deepEqual(s.sentences.map((x) => x.cue.kind), ['hook', 'point', 'point', 'cta']);
    assert.deepEqual(s.sentences.map((x) => x.cue.imageIndex), [0, 1, 0, 0]);
    assert.equal(s.text, '水がこぼれない！毎日使える。今すぐ購入？Buy it now.');
  });

  it('Devanagari danda, Arabic question mark and Ethiopic full stop end sentences; "49.90" does not', async () => {
    const hi = await writeScript(input({ overrideScript: 'यह बोतल शानदार है। कीमत $49.90 है। अभी खरीदें!', language: 'hindi' }));
    assert.deepEqual(hi.sentences.map((x) => x.text), ['यह बोतल शानदार है।', 'कीमत $49.90 है।', 'अभी खरीदें!']);
    const ar = await writeScript(input({ overrideScript: 'هل تعبت من التسرب؟ جرّب هذه الزجاجة. اشترِ الآن!', language: 'arabic' }));
    assert.equal(ar.sentences.length, 3);
    const am = await writeScript(input({ overrideScript: 'ይህ ጠርሙስ ጥሩ ነው። አሁን ይግዙ።', language: 'amharic' }));
    assert.deepEqual(am.sentences.map((x) => x.cue.kind), ['hook', 'cta']);
  });

  it('an override with no words counts as absent', async () => {
    const s = await writeScript(input({ overrideScript: '  \n ... ' }));
    assert.equal(s.source, 'builtin');
  });
});
