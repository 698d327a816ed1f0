import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { exampleScene } from './support/template-scene.ts';
import { startServer, success, type TestServer } from './support/server.ts';

/**
 * Issue 28, finding 5: a custom template's cover and preview are drawn by a job queued when the
 * template is created (kind template_files), so the first GET of cover_url answers from storage
 * instead of rendering for seconds while the client waits.
 */
describe('custom template files are drawn by a job at creation', () => {
  let s: TestServer;
  let key: string;
  before(async () => {
    s = await startServer();
    s.running.startBackground();
    ({ apiKey: key } = await s.account());
  });
  after(async () => {
    await s?.close();
  });
  const row = (id: number) => s.running.db.kysely.selectFrom('custom_templates').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('creating a template queues template_files; the files are stored before any request; the first GET is fast', { timeout: 120_000 }, async () => {
    const t0 = Date.now();
    const t = success(await s.call('POST', '/v1/templates/custom', { key, body: exampleScene() }));
    const created = Date.now() - t0;
    const job = await s.running.db.kysely.selectFrom('jobs').selectAll().where('id', '=', `template-${t.id}`).executeTakeFirst();
    assert.equal(job?.kind, 'template_files', 'the job is queued with the template');
    // No file route has been asked: the job alone draws the files.
    let drawnMs = 0;
    for (;;) {
      const r = await row(t.id);
      if (r.cover_key && r.preview_key) break;
      assert.ok(Date.now() - t0 < 90_000, 'the files were not drawn within 90 s of creation');
      await new Promise((r) => setTimeout(r, 100));
    }
    drawnMs = Date.now() - t0;
    const r = await row(t.id);
    assert.ok(await s.running.services.store.stat(r.cover_key!), 'cover stored');
    assert.ok(await s.running.services.store.stat(r.preview_key!), 'preview stored');
    for (;;) {
      const j = await s.running.db.kysely.selectFrom('jobs').select('status').where('id', '=', `template-${t.id}`).executeTakeFirstOrThrow();
      if (j.status === 'succeeded') break;
      assert.notEqual(j.status, 'failed');
      await new Promise((r) => setTimeout(r, 50));
    }
    const local = (url: string) => url.replace(s.config.publicBaseUrl, s.baseUrl);
    const g0 = Date.now();
    const cover = await fetch(local(t.cover_url));
    const coverMs = Date.now() - g0;
    assert.equal(cover.status, 200);
    assert.equal(cover.headers.get('content-type'), 'image/jpeg');
    const jpg = Buffer.from(await cover.arrayBuffer());
    assert.equal(jpg[0], 0xff);
    assert.equal(jpg[1], 0xd8);
    const preview = await fetch(local(t.preview_url));
    assert.equal(preview.status, 200);
    const mp4 = Buffer.from(await preview.arrayBuffer());
    const probe = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0', '-i', 'pipe:0'], { input: mp4 });
    assert.match(probe.stdout.toString(), /video/);
    console.log(`POST ${created} ms; files drawn by the job ${drawnMs} ms after POST; first GET cover.jpg ${coverMs} ms`);
    assert.ok(coverMs < 1000, `the first GET of the cover took ${coverMs} ms`);
  });

  it('a template deleted before its job runs: the job finishes without drawing', { timeout: 60_000 }, async () => {
    const t = success(await s.call('POST', '/v1/templates/custom', { key, body: exampleScene() }));
    success(await s.call('DELETE', `/v1/templates/custom?template_id=${t.id}`, { key }));
    for (;;) {
      const j = await s.running.db.kysely.selectFrom('jobs').select('status').where('id', '=', `template-${t.id}`).executeTakeFirstOrThrow();
      if (j.status === 'succeeded' || j.status === 'failed') {
        assert.equal(j.status, 'succeeded');
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(await s.running.services.store.bytesUnder(`templates/${t.id}`), 0);
  });
});
