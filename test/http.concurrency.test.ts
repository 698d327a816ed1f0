import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends, type TestDb } from './support/db.ts';
import { startServer, type TestServer } from './support/server.ts';

const videoFields = {
  aspect_ratio: 0,
  video_length: '15',
  language: 'english',
  avatar_id: 1,
  avatar_type: 0,
  script_style: 'Data',
  template_type: 'public',
};

for (const backend of backends) {
  describe(`concurrent requests on ${backend.name}`, () => {
    let testDb: TestDb | undefined;
    let s: TestServer;
    before(async () => {
      testDb = await backend.open();
      if (testDb) s = await startServer({ testDb });
    });
    after(async () => {
      if (testDb) {
        await s.close();
        await testDb.dispose();
      }
    });

    it('credits never go below zero: 3 credits, 12 simultaneous videos → exactly 3 accepted', async (t) => {
      if (!testDb) return t.skip('DATABASE_URL is not set');
      const { apiKey: key } = await s.account({ credits: 3 });
      const product = await s.call('POST', '/v1/product', { key, body: { name: 'Kettle', description: 'Boils fast' } });
      const results = await Promise.all(
        Array.from({ length: 12 }, () => s.call('POST', '/v1/create_video_from_url', { key, body: { ...videoFields, product_id: product.body.data.product_id } })),
      );
      const codes = results.map((r) => r.body.code).sort();
      assert.deepEqual(codes, [0, 0, 0, ...Array(9).fill(18020)]);
      assert.equal((await s.call('GET', '/v2/user/remaining_quota', { key })).body.data.remaining_quota, 0);
      for (const r of results.filter((r) => r.body.code === 0)) {
        const project = await s.call('GET', `/v1/project?project_id=${r.body.data.project_id}`, { key });
        assert.equal(project.body.data.status_code, 2);
      }
    });

    it('the endpoint limit holds under 26 simultaneous creates → exactly 20 stored', async (t) => {
      if (!testDb) return t.skip('DATABASE_URL is not set');
      const { apiKey: key } = await s.account();
      const results = await Promise.all(
        Array.from({ length: 26 }, (_, i) =>
          s.call('POST', '/v1/endpoint', { key, body: { url: `https://hooks.example.com/${i}`, events: ['generated_video_failed'] } }),
        ),
      );
      assert.equal(results.filter((r) => r.body.code === 0).length, 20);
      assert.equal(results.filter((r) => r.body.code === 40000).length, 6);
      assert.equal((await s.call('GET', '/v1/endpoints', { key })).body.data.endpoints.length, 20);
    });
  });
}
