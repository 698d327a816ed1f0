import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it, type TestContext } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { backends, type TestDb } from './support/db.ts';
import { businessError, startServer, success as data, type TestServer } from './support/server.ts';

/** Custom avatars and candidate generation over HTTP, on SQLite and (with DATABASE_URL) PostgreSQL. */
for (const backend of backends) {
  describe(`custom avatars (${backend.name})`, () => {
    let testDb: TestDb | undefined;
    let s: TestServer;
    let key: string;
    let other: string;
    let pictures: http.Server;
    let pictureBase: string;
    before(async () => {
      testDb = await backend.open();
      if (!testDb) return;
      // A reference picture on loopback: two thirds red, one third blue.
      const canvas = createCanvas(90, 90);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#C81E28';
      ctx.fillRect(0, 0, 90, 60);
      ctx.fillStyle = '#143CC8';
      ctx.fillRect(0, 60, 90, 30);
      const png = await canvas.encode('png');
      pictures = http.createServer((req, res) => {
        if (req.url === '/ref.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
        else res.writeHead(404).end();
      });
      await new Promise<void>((r) => pictures.listen(0, '127.0.0.1', r));
      pictureBase = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
      s = await startServer({ testDb, env: { REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1', ALLOW_PRIVATE_URLS: '1' } });
      s.running.startBackground();
      ({ apiKey: key } = await s.account({ credits: 5 }));
      ({ apiKey: other } = await s.account({ credits: 5 }));
    });
    after(async () => {
      await s?.close();
      pictures?.close();
      await testDb?.dispose();
    });
    const test = (name: string, fn: (t: TestContext) => Promise<void>) =>
      it(name, async (t) => {
        if (!testDb) return t.skip(`${backend.name} is not configured (set DATABASE_URL to a postgres:// URL to run it)`);
        await fn(t);
      });
    const request = { age: 'Adult', gender: 'Male', avatar_style: 'Professional', aspect_ratio: 0, model: 'classic', ethnicity: 'South Asian', appearance: 'short black hair, glasses, freckles', background: 'office' };
    /** Generates and waits for the outcome. */
    const generate = async (body: object, as = key) => {
      const t0 = Date.now();
      const { photo_id } = data(await s.call('POST', '/v1/photo_avatar/photo/generate', { key: as, body }));
      assert.match(photo_id, /^[0-9a-f]{32}$/);
      for (;;) {
        const g = data(await s.call('GET', `/v1/photo_avatar/generation?photo_id=${photo_id}`, { key: as }));
        if (g.status !== 'in_progress') return { ...g, ms: Date.now() - t0 };
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const bytes = async (url: string) => {
      const res = await fetch(url);
      assert.equal(res.status, 200, url);
      assert.equal(res.headers.get('content-type'), 'image/png');
      return Buffer.from(await res.arrayBuffer());
    };
    const events = async (kind: string) =>
      (await s.running.db.kysely.selectFrom('events').selectAll().where('kind', '=', kind).execute()).map((e) => JSON.parse(e.payload));

    test('generate: four candidate PNGs, reproducible, unknown words in msg, a generated_image_success event; others see nothing', async () => {
      const g = await generate(request);
      assert.equal(g.status, 'success');
      console.log(`generation: ${g.ms} ms from POST to success (4 portraits)`);
      assert.equal(g.image_url_list.length, 4);
      assert.deepEqual(g.image_url_list, g.image_key_list.map((k: string) => `${s.config.publicBaseUrl}/files/${k}`));
      assert.match(g.msg, /not drawn .*: freckles$/);
      const first = await Promise.all(g.image_url_list.map((u: string) => bytes(u.replace(s.config.publicBaseUrl, s.baseUrl))));
      assert.equal(new Set(first.map((b) => b.toString('base64'))).size, 4);
      // The same request again: a new photo_id, the same pictures.
      const again = await generate(request);
      assert.notEqual(again.photo_id, g.photo_id);
      const second = await Promise.all(again.image_url_list.map((u: string) => bytes(u.replace(s.config.publicBaseUrl, s.baseUrl))));
      assert.ok(first.every((b, i) => b.equals(second[i]!)));
      // A different attribute, different pictures.
      const older = await generate({ ...request, age: 'Elderly' });
      const third = await bytes(older.image_url_list[0].replace(s.config.publicBaseUrl, s.baseUrl));
      assert.ok(!third.equals(first[0]!));
      const ev = (await events('generated_image_success')).find((e) => e.data.photo_id === g.photo_id);
      assert.deepEqual(ev?.data, { photo_id: g.photo_id, photo_urls: g.image_url_list });
      assert.match(businessError(await s.call('GET', `/v1/photo_avatar/generation?photo_id=${g.photo_id}`, { key: other }), 10104), /photo_id/);
      // v2: aspect_ratio a string, status at /v2/photo_avatar/photo; the same pictures for the same description.
      const { photo_id: v2Id } = data(await s.call('POST', '/v2/photo_avatar/photo/generate', { key, body: { ...request, aspect_ratio: '0' } }));
      let v2g: any;
      for (; (v2g = data(await s.call('GET', `/v2/photo_avatar/photo?photo_id=${v2Id}`, { key }))).status === 'in_progress'; ) await new Promise((r) => setTimeout(r, 50));
      assert.equal(v2g.status, 'success');
      assert.ok((await bytes(v2g.image_url_list[0].replace(s.config.publicBaseUrl, s.baseUrl))).equals(first[0]!));
      assert.match(businessError(await s.call('POST', '/v2/photo_avatar/photo/generate', { key, body: { ...request, aspect_ratio: '3' } }), 40000), /aspect_ratio/);
    });

    test('generate refuses bad input with 40000 naming the field', async () => {
      assert.match(businessError(await s.call('POST', '/v1/photo_avatar/photo/generate', { key, body: { ...request, age: 'Ancient' } }), 40000), /age/);
      assert.match(businessError(await s.call('POST', '/v1/photo_avatar/photo/generate', { key, body: { ...request, gender: undefined } }), 40000), /gender/);
      assert.match(businessError(await s.call('POST', '/v1/photo_avatar/photo/generate', { key, body: { ...request, model: 'baroque' } }), 40000), /model/);
      assert.match(businessError(await s.call('POST', '/v1/photo_avatar/photo/generate', { key, body: { ...request, image_url: 'ftp://example.com/a.png' } }), 40000), /image_url/);
      assert.match(businessError(await s.call('POST', '/v1/photo_avatar/photo/generate', { key, body: { ...request, appearance: 'x'.repeat(501) } }), 40000), /appearance/);
    });

    test('image_url: its main colours dress the candidates; an unreadable one is reported in msg', async () => {
      const g = await generate({ ...request, image_url: `${pictureBase}/ref.png` });
      assert.equal(g.status, 'success');
      const found = await s.running.services.avatarGenerations.candidate(await accountOf(key), g.image_url_list[0]);
      const mains = found!.generation.candidates.map((c) => c.presenter.look.outfit.main);
      assert.ok(mains.every((m) => ['#C81E28', '#143CC8'].includes(m)), mains.join());
      assert.equal(found!.generation.candidates[0]!.presenter.look.backdrop.accent, '#143CC8');
      const missing = await generate({ ...request, image_url: `${pictureBase}/missing.png` });
      assert.equal(missing.status, 'success');
      assert.match(missing.msg, /image_url not used: .*404/);
    });

    test('a generation that cannot be painted ends in error with its reason and a generated_image_failed event', async () => {
      // A stored request no route accepts (as from another version): the job refuses it.
      const me = await accountOf(key);
      const id = 'f'.repeat(32);
      const now = Date.now();
      await s.running.services.work(async (r) => {
        await r.avatarGenerations.insert({ id, accountId: me, request: { ...request, age: 'Ancient', ethnicity: '', appearance: '', background: '', image_url: '' }, status: 'in_progress', msg: '', candidates: [], createdAt: now, updatedAt: now });
        await r.jobs.insert({ id, kind: 'avatar_generation', accountId: me, maxAttempts: 3, runAt: now, nowMs: now });
      });
      s.running.services.signals.jobEnqueued(id, 0, 0);
      let g: any;
      for (const t0 = Date.now(); Date.now() - t0 < 20_000; await new Promise((r) => setTimeout(r, 50))) {
        g = data(await s.call('GET', `/v1/photo_avatar/generation?photo_id=${id}`, { key }));
        if (g.status !== 'in_progress') break;
      }
      assert.equal(g.status, 'error');
      assert.match(g.msg, /Candidate generation failed: age "Ancient" is not one of/);
      assert.deepEqual(g.image_url_list, []);
      const ev = (await events('generated_image_failed')).find((e) => e.data.photo_id === id);
      assert.deepEqual(ev?.data, { photo_id: id, error: g.msg });
    });

    const accountOf = async (apiKey: string) => (await s.running.services.auth.authenticate(apiKey)).accountId;

    test('a candidate becomes a custom avatar: listed with status and cover, used by avatar_type 1, renamed, deleted; its account only', async () => {
      const g = await generate(request);
      const me = await accountOf(key);
      const found = await s.running.services.avatarGenerations.candidate(me, g.image_key_list[2]);
      assert.equal(found?.index, 2);
      assert.equal(await s.running.services.avatarGenerations.candidate(await accountOf(other), g.image_key_list[2]), undefined);
      const a = await s.running.services.customAvatars.create(me, { name: 'Ravi', kind: 'drawn', look: found!.candidate.presenter, style: 'Professional', gender: 'Male', age: 'Adult', photoId: g.photo_id });
      const photo = await s.running.services.customAvatars.create(me, { name: 'Me', kind: 'photo', photoKey: 'avatars/a-x/photo.jpg', style: 'Social', gender: 'Female', age: 'Adult' });

      const list = data(await s.call('GET', '/v1/avatars/custom', { key })).avatars;
      assert.deepEqual(list.map((x: any) => [x.avatar_id, x.status, x.kind]), [[photo.id, 0, 'photo'], [a.id, 1, 'drawn']]);
      const row = list[1];
      assert.deepEqual({ ...row, cover_url: undefined }, { avatar_id: a.id, name: 'Ravi', cover_url: undefined, status: 1, fail_msg: '', aspect_ratio: 0, style: 'Professional', gender: 'Male', age: 'Adult', kind: 'drawn', voice_id: '' });
      const cover = await bytes(row.cover_url.replace(s.config.publicBaseUrl, s.baseUrl));
      assert.ok(cover.equals(await bytes(g.image_url_list[2].replace(s.config.publicBaseUrl, s.baseUrl))), 'the cover is the chosen candidate');
      assert.deepEqual(data(await s.call('GET', '/v1/avatars/photo_avatars', { key })).avatars.map((x: any) => x.avatar_id), [photo.id]);
      assert.deepEqual(data(await s.call('GET', '/v1/avatars/custom', { key: other })).avatars, []);
      const v2list = data(await s.call('GET', '/v2/avatars/custom', { key })).avatars;
      assert.deepEqual(v2list[1], { id: a.id, avatar_id: a.id, name: 'Ravi', avatar_url: row.cover_url, avatar_status: 1, fail_msg: '', aspect_ratio: 'portrait', style: 'Professional', gender: 'Male', age: 'Adult', kind: 'drawn', voice_id: '' });
      assert.deepEqual(data(await s.call('GET', '/v2/avatars/photo_avatars', { key })).avatars.map((x: any) => [x.id, x.avatar_status]), [[photo.id, 0]]);

      // avatar_type 1 in a product video: ready ones of this account only.
      const product = data(await s.call('POST', '/v1/product', { key, body: { name: 'Glow Serum', description: 'Vitamin C serum.' } })).product_id;
      const video = { product_id: product, aspect_ratio: 0, video_length: '15', avatar_id: a.id, avatar_type: 1, script_style: 'Problem/Solution', template_type: 'public' };
      assert.ok(data(await s.call('POST', '/v1/create_video_from_url', { key, body: video })).project_id);
      assert.match(businessError(await s.call('POST', '/v1/create_video_from_url', { key, body: { ...video, avatar_id: photo.id } }), 10104), /no ready custom avatar/);
      assert.match(businessError(await s.call('POST', '/v1/create_video_from_url', { key, body: { ...video, avatar_id: 1 } }), 10104), /avatar_type 1/);
      const otherProduct = data(await s.call('POST', '/v1/product', { key: other, body: { name: 'Glow Serum', description: 'Vitamin C serum.' } })).product_id;
      businessError(await s.call('POST', '/v1/create_video_from_url', { key: other, body: { ...video, product_id: otherProduct } }), 10104);

      // Rename.
      const renamed = data(await s.call('POST', '/v1/avatar/custom/rename', { key, body: { avatar_id: a.id, name: '  Ravi (blue)  ' } }));
      assert.equal(renamed.name, 'Ravi (blue)');
      assert.equal(data(await s.call('GET', '/v1/avatars/custom', { key })).avatars[1].name, 'Ravi (blue)');
      businessError(await s.call('POST', '/v1/avatar/custom/rename', { key: other, body: { avatar_id: a.id, name: 'Mine' } }), 10104);
      assert.match(businessError(await s.call('POST', '/v1/avatar/custom/rename', { key, body: { avatar_id: a.id, name: '   ' } }), 40000), /name/);

      // Delete: another account cannot; then gone from the lists, its cover removed, refused by videos.
      businessError(await s.call('DELETE', `/v1/avatar/custom/delete?avatar_id=${a.id}`, { key: other }), 10104);
      data(await s.call('DELETE', `/v1/avatar/custom/delete?avatar_id=${a.id}`, { key }));
      assert.deepEqual(data(await s.call('GET', '/v1/avatars/custom', { key })).avatars.map((x: any) => x.avatar_id), [photo.id]);
      assert.equal((await fetch(row.cover_url.replace(s.config.publicBaseUrl, s.baseUrl))).status, 404);
      businessError(await s.call('POST', '/v1/create_video_from_url', { key, body: video }), 10104);
      businessError(await s.call('DELETE', `/v1/avatar/custom/delete?avatar_id=${a.id}`, { key }), 10104);
      assert.match(businessError(await s.call('DELETE', '/v1/avatar/custom/delete?avatar_id=abc', { key }), 40000), /avatar_id/);
      // The candidates stay (another avatar may be made from them).
      await bytes(g.image_url_list[2].replace(s.config.publicBaseUrl, s.baseUrl));
    });
  });
}
