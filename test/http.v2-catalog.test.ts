import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PUBLIC_AVATARS, VISUAL_STYLES } from '../src/catalog/catalog.data.ts';
import { voiceAccent } from '../src/catalog/catalog.v2.routes.ts';
import { businessError, startServer, success, type TestServer } from './support/server.ts';

const VOICE_KEYS = ['accent', 'age', 'audio_url', 'engine', 'gender', 'language', 'name', 'use_case', 'voice_id'];

describe('v2 catalogs', () => {
  let s: TestServer;
  let key: string;
  before(async () => {
    s = await startServer();
    ({ apiKey: key } = await s.account());
  });
  after(() => s.close());
  const get = async (path: string) => success(await s.call('GET', path, { key }));

  describe('GET /v2/voices', () => {
    it('lists the v1 voices in v2 shape: audio_url is the audition, accent the locale, has_more for the pages', async () => {
      const v1 = (await get('/v1/voices?page_size=100')).voices as any[];
      const data = await get('/v2/voices?page_size=100');
      assert.equal(data.total, (await get('/v1/voices')).total);
      assert.equal(data.has_more, data.total > 100);
      for (const v of data.voices) assert.deepEqual(Object.keys(v).sort(), VOICE_KEYS);
      assert.deepEqual(data.voices.map((v: any) => v.voice_id), v1.map((v) => v.voice_id));
      const us = data.voices.find((v: any) => v.voice_id === 'en-us-f1');
      assert.equal(us.audio_url, v1.find((v) => v.voice_id === 'en-us-f1').audition_url);
      assert.equal(us.accent, 'en-US');
      assert.equal(us.use_case, 'narration');
      // The audio_url plays a real sample.
      const audio = await fetch(s.baseUrl + new URL(us.audio_url).pathname);
      assert.equal(audio.status, 200);
      assert.match(audio.headers.get('content-type') ?? '', /audio\/mpeg/);
      assert.ok((await audio.arrayBuffer()).byteLength > 1000);
    });

    it('pages: has_more is true until the last page, pages do not overlap, and page_size bounds each page', async () => {
      const total = (await get('/v2/voices')).total as number;
      const pageSize = 7;
      const seen: string[] = [];
      for (let page = 1; ; page++) {
        const d = await get(`/v2/voices?page=${page}&page_size=${pageSize}`);
        assert.equal(d.page, page);
        assert.equal(d.page_size, pageSize);
        assert.ok(d.voices.length <= pageSize);
        seen.push(...d.voices.map((v: any) => v.voice_id));
        assert.equal(d.has_more, page * pageSize < total, `page ${page}`);
        if (!d.has_more) break;
      }
      assert.equal(seen.length, total);
      assert.equal(new Set(seen).size, total);
    });

    it('filters by language as the CLI sends it (a locale), by ISO code or by name, and by gender in any case; "" means no filter', async () => {
      const byLocale = await get('/v2/voices?language=en-US&page_size=100');
      const byName = await get('/v2/voices?language=english&page_size=100');
      assert.ok(byLocale.total > 0);
      assert.deepEqual(byLocale.voices, byName.voices);
      assert.ok(byLocale.voices.every((v: any) => v.language === 'english'));
      assert.deepEqual((await get('/v2/voices?language=de&page_size=100')).voices.map((v: any) => v.language), Array((await get('/v2/voices?language=german')).total).fill('german'));
      const women = await get('/v2/voices?language=english&gender=Female&page_size=100');
      assert.ok(women.total > 0 && women.total < byName.total);
      assert.ok(women.voices.every((v: any) => v.gender === 'female'));
      assert.equal((await get('/v2/voices?language=klingon')).total, 0);
      assert.equal((await get('/v2/voices?language=&gender=&use_case=')).total, (await get('/v2/voices')).total);
    });

    it('refuses a bad page or page_size with 40000 naming the field', async () => {
      assert.match(businessError(await s.call('GET', '/v2/voices?page=0', { key }), 40000), /page/);
      assert.match(businessError(await s.call('GET', '/v2/voices?page_size=101', { key }), 40000), /page_size/);
      assert.match(businessError(await s.call('GET', '/v2/voices?page_size=ten', { key }), 40000), /page_size/);
      businessError(await s.call('GET', '/v2/voices', { key: 'rs_nope' }), 10105);
    });

    it('accent is the locale of a built-in voice id', () => {
      assert.equal(voiceAccent('en-us-f1'), 'en-US');
      assert.equal(voiceAccent('en-gb-m2'), 'en-GB');
      assert.equal(voiceAccent('es-419-m1'), 'es-419');
      assert.equal(voiceAccent('fr-f1'), 'fr');
      assert.equal(voiceAccent('en-us-slt'), 'en-US');
      assert.equal(voiceAccent('cv-0c7d2e9a4b1f4e38'), '');
    });
  });

  describe('GET /v2/voices/custom', () => {
    it("lists the account's own voices with audio_url (the audition); /v2/voices does not mix them in", async () => {
      const made = success(await s.call('POST', '/v1/voices/custom', { key, body: { name: 'Calm narrator', base_voice_id: 'en-us-f1', speed: 0.9 } }));
      const data = await get('/v2/voices/custom');
      assert.equal(data.total, 1);
      assert.equal(data.voices[0].voice_id, made.voice_id);
      assert.equal(data.voices[0].audio_url, made.audition_url);
      assert.equal((await get('/v2/voices/custom?language=german')).total, 0);
      assert.ok(!(await get('/v2/voices?page_size=100&language=english')).voices.some((v: any) => v.voice_id === made.voice_id));
    });
  });

  describe('GET /v2/avatars/public', () => {
    it('lists the public avatars with id (and avatar_id) and a named aspect ratio', async () => {
      const data = await get('/v2/avatars/public');
      assert.equal(data.total, PUBLIC_AVATARS.length);
      assert.equal(data.has_more, false);
      assert.deepEqual(data.avatars.map((a: any) => a.id), PUBLIC_AVATARS.map((a) => a.avatar_id));
      for (const a of data.avatars) {
        assert.equal(a.id, a.avatar_id);
        assert.equal(a.aspect_ratio, 'portrait');
      }
      // The cover is a real PNG.
      const cover = await fetch(s.baseUrl + new URL(data.avatars[0].cover_url).pathname);
      assert.equal(cover.status, 200);
      assert.equal(cover.headers.get('content-type'), 'image/png');
    });

    it('aspect_ratio is a string name (or the v1 number as a string); items report the ratio asked; a wrong value is 40000', async () => {
      for (const [asked, name] of [['landscape', 'landscape'], ['square', 'square'], ['1', 'landscape'], ['-1', 'portrait'], ['', 'portrait']] as const) {
        const d = await get(`/v2/avatars/public?aspect_ratio=${asked}`);
        assert.equal(d.total, PUBLIC_AVATARS.length, asked);
        assert.ok(d.avatars.every((a: any) => a.aspect_ratio === name), asked);
      }
      assert.match(businessError(await s.call('GET', '/v2/avatars/public?aspect_ratio=wide', { key }), 40000), /aspect_ratio must be one of portrait/);
    });

    it('filters (the vendor words too) and pages', async () => {
      const women = await get('/v2/avatars/public?gender=female');
      assert.deepEqual(women.avatars.map((a: any) => a.id), PUBLIC_AVATARS.filter((a) => a.gender === 'female').map((a) => a.avatar_id));
      const pro = await get('/v2/avatars/public?style=professional');
      assert.ok(pro.total > 0 && pro.avatars.every((a: any) => ['business', 'elegant'].includes(a.style)));
      const p1 = await get('/v2/avatars/public?page=1&page_size=5');
      const p3 = await get('/v2/avatars/public?page=3&page_size=5');
      assert.deepEqual(p1.avatars.map((a: any) => a.id), [1, 2, 3, 4, 5]);
      assert.equal(p1.has_more, true);
      assert.deepEqual(p3.avatars.map((a: any) => a.id), [11, 12]);
      assert.equal(p3.has_more, false);
    });

    it('every id it lists is taken by v1 create_video_from_url as avatar_id', async () => {
      const product = success(await s.call('POST', '/v1/product', { key, body: { name: 'Lamp', description: 'A warm desk lamp with a dimmer.' } }));
      const id = (await get('/v2/avatars/public?page_size=1')).avatars[0].id;
      const res = await s.call('POST', '/v1/create_video_from_url', { key, body: { product_id: product.product_id, visual_style: '', video_length: '15', language: 'english', avatar_id: id, avatar_type: 0, aspect_ratio: 0, script_style: 'Data', template_type: 'public', caption: false } });
      assert.equal(res.body.code, 0, JSON.stringify(res.body));
    });
  });

  describe('GET /v2/musics', () => {
    it('answers {music[], pagination} with the v1 tracks, paged', async () => {
      const v1 = (await get('/v1/musics')).musics as any[];
      const all = await get('/v2/musics?page_size=100');
      assert.deepEqual(Object.keys(all).sort(), ['music', 'pagination']);
      assert.deepEqual(all.music, v1);
      assert.deepEqual(all.pagination, { page: 1, page_size: 100, total: v1.length, total_pages: 1 });
      const p2 = await get('/v2/musics?page=2&page_size=3');
      assert.deepEqual(p2.music, v1.slice(3, 6));
      assert.deepEqual(p2.pagination, { page: 2, page_size: 3, total: v1.length, total_pages: Math.ceil(v1.length / 3) });
    });
  });

  describe('GET /v2/visual_styles', () => {
    it('lists every style for any aspect_ratio name; a wrong one is 40000', async () => {
      const expected = VISUAL_STYLES.map((v) => ({ id: v.id, name: v.name }));
      assert.deepEqual((await get('/v2/visual_styles')).visual_styles, expected);
      assert.deepEqual((await get('/v2/visual_styles?aspect_ratio=portrait')).visual_styles, expected);
      assert.match(businessError(await s.call('GET', '/v2/visual_styles?aspect_ratio=2:3', { key }), 40000), /aspect_ratio/);
    });
  });
});
