import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { V2_SCRIPT_STYLES } from '../src/catalog/v2-script-styles.ts';
import type { NewEvent } from '../src/webhooks/event.ts';
import { OutboxRepository } from '../src/webhooks/outbox.repository.ts';
import { backends } from './support/db.ts';
import { businessError, startServer, success, type TestServer } from './support/server.ts';

const HOOK = 'https://hooks.example.com/scripts';
const LAMP = { name: 'Aurora Desk Lamp', description: 'A warm dimmable LED desk lamp with three colour temperatures. It charges your phone through USB-C.' };

/** What the outbox is asked to record: the real emit runs, and the events are kept for the test to read. */
const emitted: NewEvent[] = [];
const realEmit = OutboxRepository.prototype.emit;
OutboxRepository.prototype.emit = function (this: OutboxRepository, events: NewEvent[]) {
  emitted.push(...events);
  return realEmit.call(this, events);
};

async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

for (const backend of backends) {
  describe(`v2 AI scripts: POST /v2/ai_scripts → GET /v2/ai_scripts/results/{task_id} (${backend.name})`, () => {
    let s: TestServer;
    let key: string;
    let productId: string;
    let doomedProduct: string;
    const tasks: Record<string, string> = {};
    let skip = false;
    before(async () => {
      const testDb = await backend.open();
      if (!testDb) {
        skip = true;
        return;
      }
      s = await startServer({ testDb });
      ({ apiKey: key } = await s.account({ credits: 2 }));
      productId = success(await s.call('POST', '/v1/product', { key, body: { ...LAMP, target_audience: 'students' } })).product_id;
      doomedProduct = success(await s.call('POST', '/v1/product', { key, body: { name: 'Old Kettle', description: 'A kettle we stop selling.' } })).product_id;
    });
    after(async () => {
      if (!skip) await s.close();
    });
    const post = (body: unknown, k = key) => s.call('POST', '/v2/ai_scripts', { key: k, body });
    const result = async (taskId: string, k = key) => success(await s.call('GET', `/v2/ai_scripts/results/${taskId}`, { key: k }));

    it('accepts tasks as the CLI sends them and answers pending with no scripts while no worker has run', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      tasks.details = success(await post({ language: 'english', video_length_seconds: '30', script_style: 'Storytime', product_info: { source_type: 'details', data: LAMP }, webhook_url: HOOK })).task_id;
      tasks.byId = success(await post({ language: 'en-US', video_length_seconds: 15, product_info: { source_type: 'id', data: { id: productId } }, target_audience: '', webhook_url: '' })).task_id;
      tasks.doomed = success(await post({ language: 'english', script_style: 'Data', product_info: { source_type: 'id', data: { id: doomedProduct } }, webhook_url: HOOK })).task_id;
      for (const id of Object.values(tasks)) {
        assert.match(id, /^[0-9a-f]{32}$/);
        assert.deepEqual(await result(id), { task_id: id, status: 'pending', data: { generated_scripts: [] }, err_msg: '' });
      }
      // Free: no credit taken.
      const { accountId } = await s.running.services.auth.authenticate(key);
      assert.equal(await s.running.services.accounts.remainingCredits(accountId), 2);
      // The product of one task goes away before its job runs: that task fails (below).
      success(await s.call('DELETE', `/v1/product?product_id=${doomedProduct}`, { key }));
    });

    it('the job system writes the scripts: completed, with the style as asked, the same text as the v1 writer, and generated_script_success carrying webhook_url', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      s.running.startBackground();
      const done = await until(async () => {
        const r = await result(tasks.details!);
        return r.status === 'completed' ? r : undefined;
      }, 'the details task');
      assert.equal(done.err_msg, '');
      assert.equal(done.data.generated_scripts.length, 1);
      const [script] = done.data.generated_scripts;
      assert.equal(script.script_style, 'Storytime');
      assert.ok(script.script_paragraphs.length >= 2 && script.script_paragraphs.every((p: string) => p.trim().length > 0));
      // Storytime is written as the writer's Immersive Storytelling: v1 writes the same script.
      const v1 = success(await s.call('POST', '/v1/ai_scripts', { key, body: { ...LAMP, video_length: '30', language: 'english', script_style: 'Immersive Storytelling' } }));
      assert.deepEqual(script.script_paragraphs, v1.generated_scripts[0].script_paragraphs);

      const event = emitted.find((e) => e.subjectId === tasks.details)!;
      assert.equal(event.kind, 'generated_script_success');
      assert.equal(event.webhookUrl, HOOK);
      const body = JSON.parse(event.payload);
      assert.deepEqual(body.data, { task_id: tasks.details, status: 'completed', generated_scripts: [{ script_style: 'Storytime', script_paragraphs: script.script_paragraphs }] });
      // Recorded in the events table, in the transaction that finished the task.
      const row = await s.running.db.kysely.selectFrom('events').selectAll().where('id', '=', event.id).executeTakeFirst();
      assert.equal(row?.kind, 'generated_script_success');
    });

    it('without script_style: one script in each of the six v2 styles, for a product by id (in a language given as a locale)', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const done = await until(async () => {
        const r = await result(tasks.byId!);
        return r.status === 'completed' ? r : undefined;
      }, 'the by-id task');
      assert.deepEqual(done.data.generated_scripts.map((x: any) => x.script_style), [...V2_SCRIPT_STYLES]);
      assert.ok(done.data.generated_scripts.some((x: any) => /Aurora/.test(x.script_paragraphs.join(' '))));
      assert.equal(new Set(done.data.generated_scripts.map((x: any) => x.script_paragraphs.join(' '))).size, 6);
      const event = emitted.find((e) => e.subjectId === tasks.byId)!;
      assert.equal(event.kind, 'generated_script_success');
      assert.equal(event.webhookUrl, null, 'webhook_url "" means none');
    });

    it('failure path: the product was deleted before the job ran → failed, err_msg says why, generated_script_failed with webhook_url', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const failed = await until(async () => {
        const r = await result(tasks.doomed!);
        return r.status === 'failed' ? r : undefined;
      }, 'the doomed task');
      assert.deepEqual(failed.data, { generated_scripts: [] });
      assert.equal(failed.err_msg, `Script writing failed: Record not found: product_id ${doomedProduct}`);
      const event = emitted.find((e) => e.subjectId === tasks.doomed)!;
      assert.equal(event.kind, 'generated_script_failed');
      assert.equal(event.webhookUrl, HOOK);
      assert.deepEqual(JSON.parse(event.payload).data, { task_id: tasks.doomed, status: 'failed', error: failed.err_msg });
    });

    it('10104: an unknown task, another account\'s task, an unknown product', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const { apiKey: other } = await s.account();
      assert.match(businessError(await s.call('GET', `/v2/ai_scripts/results/${'0'.repeat(32)}`, { key }), 10104), /task_id 0{32}/);
      businessError(await s.call('GET', `/v2/ai_scripts/results/${tasks.details}`, { key: other }), 10104);
      assert.match(businessError(await post({ language: 'english', product_info: { source_type: 'id', data: { id: productId } } }, other), 10104), new RegExp(`product_id ${productId}`));
      assert.match(businessError(await post({ language: 'english', product_info: { source_type: 'id', data: { id: doomedProduct } } }), 10104), /product_id/);
    });

    it('40000 naming the field', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const details = { source_type: 'details', data: LAMP };
      const cases: [unknown, RegExp][] = [
        [{ product_info: details }, /language/],
        [{ language: 'klingon', product_info: details }, /^Parameter error: language must be a script language/],
        [{ language: 'english', script_style: 'Shouting', product_info: details }, /script_style must be one of Don't Worry, Storytime/],
        [{ language: 'english', video_length_seconds: '20', product_info: details }, /video_length_seconds must be one of 15/],
        [{ language: 'english' }, /product_info/],
        [{ language: 'english', product_info: { source_type: 'url', data: LAMP } }, /product_info.source_type must be one of id/],
        [{ language: 'english', product_info: { source_type: 'details', data: { name: 'Lamp' } } }, /^Parameter error: product_info.data.description is required when source_type is details/],
        [{ language: 'english', product_info: { source_type: 'details', data: { description: 'x' } } }, /^Parameter error: product_info.data.name is required/],
        [{ language: 'english', product_info: { source_type: 'id', data: {} } }, /^Parameter error: product_info.data.id is required when source_type is id/],
        [{ language: 'english', product_info: details, webhook_url: 'http://hooks.example.com/x' }, /^Parameter error: webhook_url/],
        [{ language: 'english', product_info: details, webhook_url: 'not a url' }, /^Parameter error: webhook_url/],
      ];
      for (const [body, msg] of cases) assert.match(businessError(await post(body), 40000), msg, JSON.stringify(body));
      businessError(await post({ language: 'english', product_info: details }, 'rs_nope'), 10105);
    });
  });
}

describe('POST /v2/ai_scripts counts towards the POST rate limit', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ env: { RATE_LIMIT_POST_PER_MINUTE: '2' } });
  });
  after(() => s.close());

  it('the third POST of a minute is 429 with Retry-After; nothing is recorded for it', async () => {
    const { apiKey: key } = await s.account();
    const body = { language: 'english', product_info: { source_type: 'details', data: LAMP } };
    success(await s.call('POST', '/v2/ai_scripts', { key, body }));
    success(await s.call('POST', '/v2/ai_scripts', { key, body }));
    const limited = await s.call('POST', '/v2/ai_scripts', { key, body });
    businessError(limited, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    const { accountId } = await s.running.services.auth.authenticate(key);
    const rows = await s.running.db.kysely.selectFrom('ai_script_tasks').select('id').where('account_id', '=', accountId).execute();
    assert.equal(rows.length, 2);
  });
});
