import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { startServer, type TestServer } from './support/server.ts';

describe('catalog media behind the list URLs', () => {
  let s: TestServer;
  let key: string;
  before(async () => {
    s = await startServer();
    ({ apiKey: key } = await s.account());
  });
  after(() => s.close());

  const local = (url: string) => `${s.baseUrl}${new URL(url).pathname}${new URL(url).search}`;

  it('every avatar cover_url serves a 512x512 PNG without an API key, the same bytes twice', async () => {
    const avatars = (await s.call('GET', '/v1/avatars', { key })).body.data.avatars;
    assert.equal(avatars.length, 12);
    const first = avatars[0];
    assert.equal(first.cover_url, `${s.config.publicBaseUrl}/v1/avatars/${first.avatar_id}/cover.png`);
    const a = await fetch(local(first.cover_url));
    assert.equal(a.status, 200);
    assert.equal(a.headers.get('content-type'), 'image/png');
    const bytes = Buffer.from(await a.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['png', 512, 512]);
    const again = Buffer.from(await (await fetch(local(first.cover_url))).arrayBuffer());
    assert.ok(bytes.equals(again));
  });

  it('a template cover_url and preview_url serve a JPEG and a playable MP4 for the aspect ratio asked for', { timeout: 60_000 }, async () => {
    const template = (await s.call('GET', '/v1/templates?aspect_ratio=2', { key })).body.data.templates[1];
    const cover = await fetch(local(template.cover_url));
    assert.equal(cover.status, 200);
    const meta = await sharp(Buffer.from(await cover.arrayBuffer())).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.equal(meta.width, meta.height, '1:1 cover');
    const preview = await fetch(local(template.preview_url));
    assert.equal(preview.headers.get('content-type'), 'video/mp4');
    assert.equal(Buffer.from(await preview.arrayBuffer()).subarray(4, 8).toString('latin1'), 'ftyp');
    assert.equal((await s.call('GET', '/v1/templates/99/cover.jpg')).status, 404);
  });

  it('an unknown avatar cover is HTTP 404 with code 10104', async () => {
    const res = await s.call('GET', '/v1/avatars/999/cover.png');
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 10104);
  });

  it('the voice list covers all 54 languages and an audition_url plays a real MP3', async () => {
    const all = (await s.call('GET', '/v1/voices?page_size=100', { key })).body.data;
    assert.ok(all.total >= 54 * 4, `total ${all.total}`);
    const german = (await s.call('GET', '/v1/voices?language=german&gender=female', { key })).body.data.voices;
    assert.ok(german.length >= 1);
    const res = await fetch(local(german[0].audition_url));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'audio/mpeg');
    assert.ok((await res.arrayBuffer()).byteLength > 2000);
  });

  it('a listed voice and music id are accepted by create_video_from_url', async () => {
    const voice = (await s.call('GET', '/v1/voices?language=french', { key })).body.data.voices[0];
    const music = (await s.call('GET', '/v1/musics', { key })).body.data.musics;
    assert.ok(music.length >= 8);
    const product = await s.call('POST', '/v1/product', { key, body: { name: 'Lamp', description: 'Warm light' } });
    const res = await s.call('POST', '/v1/create_video_from_url', {
      key,
      body: {
        product_id: product.body.data.product_id, aspect_ratio: 0, video_length: '15', language: 'french', avatar_id: 2, avatar_type: 0,
        script_style: 'Data', template_type: 'public', voice_id: voice.voice_id, music_id: music[0].id,
      },
    });
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
  });
});

describe('music tracks behind music_url', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(() => s.close());

  it('a music_url serves a playable AAC track made on first request; an unknown id is 404/10104', { timeout: 60_000 }, async () => {
    const { apiKey: key } = await s.account();
    const track = (await s.call('GET', '/v1/musics', { key })).body.data.musics[0];
    assert.equal(track.music_url, `${s.config.publicBaseUrl}/v1/musics/${track.id}/audio`);
    const res = await fetch(`${s.baseUrl}${new URL(track.music_url).pathname}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'audio/mp4');
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.equal(bytes.subarray(4, 8).toString('latin1'), 'ftyp');
    const missing = await s.call('GET', '/v1/musics/999/audio');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.code, 10104);
  });
});
