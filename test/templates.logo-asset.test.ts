import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { exampleScene } from './support/template-scene.ts';
import { startServer, type TestServer } from './support/server.ts';

/**
 * A custom template's logo given as an uploaded asset stays in use while the template lives: the
 * janitor's "unused asset" query (ASSET_RETENTION_DAYS) skips it, and finds it once the template
 * is deleted.
 */
describe('custom template logo assets and asset retention', () => {
  let s: TestServer;
  let key: string;
  before(async () => {
    s = await startServer();
    ({ apiKey: key } = await s.account());
  });
  after(() => s.close());

  const ok = async (method: string, p: string, body?: unknown) => {
    const res = await s.call(method, p, { key, ...(body === undefined ? {} : { body }) });
    assert.equal(res.body?.code, 0, JSON.stringify(res.body));
    return res.body.data;
  };

  it('a live template keeps its logo asset; after DELETE the asset is unused', async () => {
    const up = await ok('POST', '/v1/upload/asset', { filename: 'logo.png' });
    const signed = new URL(up.sign_url);
    const png = await sharp({ create: { width: 120, height: 60, channels: 3, background: { r: 0, g: 200, b: 0 } } }).png().toBuffer();
    const put = await fetch(s.baseUrl + signed.pathname + signed.search, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: png });
    assert.equal(put.status, 200);
    const t = await ok('POST', '/v1/templates/custom', { ...exampleScene(), logo: { url: up.asset_id, box: { x: 0.7, y: 0.06, w: 0.2, h: 0.08 } } });
    const repo = s.running.services.assetRepo;
    const future = Date.now() + 365 * 86_400_000;
    const unused = async () => (await repo.unusedSince(future, 100)).map((r) => r.id);
    assert.ok(!(await unused()).includes(up.asset_id), 'the template still uses it');
    await ok('DELETE', `/v1/templates/custom?template_id=${t.id}`);
    assert.ok((await unused()).includes(up.asset_id), 'unused once the template is gone');
  });

  it('a logo asset that is not an image is refused, naming logo.url', async () => {
    const up = await ok('POST', '/v1/upload/asset', { filename: 'x.wav' });
    const signed = new URL(up.sign_url);
    const { execFileSync } = await import('node:child_process');
    const wav = execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=0.3', '-f', 'wav', '-']);
    assert.equal((await fetch(s.baseUrl + signed.pathname + signed.search, { method: 'PUT', body: wav })).status, 200);
    const res = await s.call('POST', '/v1/templates/custom', { key, body: { ...exampleScene(), logo: { url: up.asset_id, box: { x: 0.7, y: 0.06, w: 0.2, h: 0.08 } } } });
    assert.equal(res.body.code, 40000);
    assert.match(res.body.msg, /logo\.url names asset [0-9a-f]{32}, an audio file/);
  });
});
