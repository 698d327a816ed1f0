import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { probe } from '../src/media/ffprobe.ts';
import { effectsOf } from '../src/templates/template-video.v2.routes.ts';
import { postgresTestDb, sqliteTestDb, type TestDb } from './support/db.ts';
import { exampleScene } from './support/template-scene.ts';
import { businessError, startServer, success, type TestServer } from './support/server.ts';

/**
 * The v2 avatar-video, template-video and template-catalog routes over a real server, with the
 * ffmpeg test generator making the videos (real files, real jobs). A user's audio is served from
 * a loopback server (ALLOW_PRIVATE_URLS=1).
 */
const databases: { name: string; open(): Promise<TestDb | undefined> }[] = [
  { name: 'SQLite', open: sqliteTestDb },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', open: postgresTestDb }] : []),
];

const HEX32 = /^[0-9a-f]{32}$/;
const SCRIPT = 'Hi! Meet the Aurora Desk Lamp: warm, dimmable light for late work.';

describe('v2 disable_* flags → scene effects', () => {
  it('maps each flag; disable_moving wins over disable_random_moving', () => {
    assert.deepEqual(effectsOf({}), { transitions: true, motion: 'random' });
    assert.deepEqual(effectsOf({ disable_trans: true }), { transitions: false, motion: 'random' });
    assert.deepEqual(effectsOf({ disable_random_moving: true }), { transitions: true, motion: 'steady' });
    assert.deepEqual(effectsOf({ disable_moving: true, disable_random_moving: true }), { transitions: true, motion: 'none' });
  });
});

for (const database of databases) describe(`v2 avatar and template videos (${database.name})`, () => {
  let s: TestServer;
  let testDb: TestDb;
  let key: string;
  let other: string;
  let audioServer: http.Server;
  let audioUrl: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-v2at-'));

  before(async () => {
    testDb = (await database.open())!;
    s = await startServer({ testDb, env: { REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1', ALLOW_PRIVATE_URLS: '1' } });
    s.running.startBackground();
    ({ apiKey: key } = await s.account({ credits: 30 }));
    ({ apiKey: other } = await s.account({ credits: 5 }));
    const wav = path.join(dir, 'voice.wav');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=2', wav]);
    audioServer = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'audio/wav' }).end(fs.readFileSync(wav)));
    await new Promise<void>((r) => audioServer.listen(0, '127.0.0.1', r));
    audioUrl = `http://127.0.0.1:${(audioServer.address() as { port: number }).port}/voice.wav`;
  });
  after(async () => {
    await s.close();
    await testDb.dispose();
    await new Promise((r) => audioServer.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const call = (method: string, p: string, body?: unknown, k = key) => s.call(method, p, { key: k, ...(body === undefined ? {} : { body }) });
  const row = (id: string) => s.running.services.videoRepo.getById(id);
  async function waitV2(p: string, k = key): Promise<any> {
    const end = Date.now() + 60_000;
    for (;;) {
      const v = success(await call('GET', p, undefined, k));
      if (v.status === 'completed' || v.status === 'failed') return v;
      assert.ok(Date.now() < end, `${p} still ${v.status}`);
      await sleep(100);
    }
  }
  const avatarBody = (over: Record<string, unknown> = {}) => ({
    avatar: { avatar_id: 2, avatar_type: 0 },
    voice: { type: 'script', script: SCRIPT, voice_id: 'en-us-m1' },
    aspect_ratio: 'landscape',
    screen_style: 2,
    caption: true,
    video_name: 'Lamp intro',
    ...over,
  });
  const templateBody = (over: Record<string, unknown> = {}) => ({
    template_id: 1,
    voice_language: 'en',
    variables: [
      { type: 'script', name: 'script', properties: { content: SCRIPT } },
      { type: 'text', name: 'title', properties: { content: 'Aurora Desk Lamp' } },
    ],
    ...over,
  });

  describe('POST /v2/create_video_from_avatar and GET /v2/avatar_video/{id}', () => {
    let avatarVideo: string;

    it('maps the nested v2 body onto the talking-avatar video, and the v2 aspect ratio reaches the file', async () => {
      const res = await call('POST', '/v2/create_video_from_avatar', avatarBody());
      const data = success(res);
      assert.match(data.video_id, HEX32);
      assert.equal(data.status, 'pending');
      avatarVideo = data.video_id;
      const v = (await row(avatarVideo))!;
      assert.equal(v.kind, 'avatar');
      assert.equal(v.title, 'Lamp intro');
      const r = v.request as Record<string, unknown>;
      assert.deepEqual(
        { avatar_id: r.avatar_id, avatar_type: r.avatar_type, voice_id: r.voice_id, screen_style: r.screen_style, script: r.script, audio_url: r.audio_url, aspect_ratio: r.aspect_ratio, caption: r.caption },
        { avatar_id: 2, avatar_type: 0, voice_id: 'en-us-m1', screen_style: 2, script: SCRIPT, audio_url: null, aspect_ratio: 1, caption: true },
      );

      const done = await waitV2(`/v2/avatar_video/${avatarVideo}`);
      assert.equal(done.status, 'completed');
      assert.equal(done.video_id, avatarVideo);
      assert.equal(done.title, 'Lamp intro');
      assert.equal(done.deducted_credit, 1);
      assert.equal(done.progress, 100);
      assert.ok(Number.isInteger(done.created_at) && Math.abs(done.created_at - Date.now() / 1000) < 120, String(done.created_at));
      assert.match(done.cover_url, /cover\.jpg$/);
      const info = await probe(`${s.baseUrl}${new URL(done.video_url).pathname}`);
      assert.ok(info?.video && info.video.width > info.video.height, `landscape file: ${JSON.stringify(info?.video)}`);
      assert.ok(done.duration > 0.5);
      assert.equal(done.error, undefined);
    });

    it('voice.type audio takes voice.audio_url (its length measured) and says voice_id is not used', async () => {
      const res = await call('POST', '/v2/create_video_from_avatar', avatarBody({ voice: { type: 'audio', audio_url: audioUrl, voice_id: 'en-US-ChristopherNeural' }, aspect_ratio: 'square', screen_style: 1 }));
      const { video_id } = success(res);
      assert.ok(res.body.warnings.some((w: string) => /voice_id is not used with audio_url/.test(w)), JSON.stringify(res.body.warnings));
      const r = (await row(video_id))!.request as Record<string, unknown>;
      assert.equal(r.audio_url, audioUrl);
      assert.equal(r.script, null);
      assert.equal(r.aspect_ratio, 2);
    });

    it('refuses a v2 body that breaks a rule with 40000 naming the field, and unknown presenters with 10104', async () => {
      assert.match(businessError(await call('POST', '/v2/create_video_from_avatar', avatarBody({ aspect_ratio: 'wide' })), 40000), /aspect_ratio/);
      assert.match(businessError(await call('POST', '/v2/create_video_from_avatar', avatarBody({ aspect_ratio: 1 })), 40000), /aspect_ratio/);
      assert.match(businessError(await call('POST', '/v2/create_video_from_avatar', avatarBody({ voice: { type: 'audio', voice_id: 'en-us-f1' } })), 40000), /voice\.audio_url is required when voice\.type is audio/);
      assert.match(businessError(await call('POST', '/v2/create_video_from_avatar', avatarBody({ voice: { type: 'script', script: '', voice_id: 'en-us-f1' } })), 40000), /voice\.script is required when voice\.type is script/);
      assert.match(businessError(await call('POST', '/v2/create_video_from_avatar', avatarBody({ voice: { type: 'speech', script: SCRIPT } })), 40000), /type/);
      assert.match(businessError(await call('POST', '/v2/create_video_from_avatar', avatarBody({ screen_style: 4 })), 40000), /screen_style/);
      assert.match(businessError(await call('POST', '/v2/create_video_from_avatar', avatarBody({ avatar: { avatar_id: 999, avatar_type: 0 } })), 10104), /avatar_id 999/);
      assert.match(businessError(await call('POST', '/v2/create_video_from_avatar', avatarBody({ avatar: { avatar_id: 1, avatar_type: 1 } })), 10104), /avatar_id 1 \(avatar_type 1/);
      assert.match(businessError(await call('POST', '/v2/create_video_from_avatar', avatarBody({ voice: { type: 'script', script: SCRIPT, voice_id: 'xx-none' } })), 10104), /voice_id xx-none/);
    });

    it('GET /v2/avatar_video answers for avatar videos only: unknown ids, other kinds and other accounts are 10104', async () => {
      const { project_id: product } = success(await call('POST', '/v1/create_video_from_url', {
        product_id: success(await call('POST', '/v1/product', { name: 'Desk Lamp', description: 'A lamp.' })).product_id,
        aspect_ratio: 0, video_length: '15', avatar_id: 1, avatar_type: 0, script_style: 'Problem/Solution', template_type: 'public',
      }));
      const { video_id: template } = success(await call('POST', '/v2/create_video_with_template', templateBody()));
      for (const id of [product, template, '0123456789abcdef0123456789abcdef']) {
        assert.match(businessError(await call('GET', `/v2/avatar_video/${id}`), 10104), new RegExp(`video_id ${id}: this account has no avatar video`));
      }
      businessError(await call('GET', `/v2/avatar_video/${avatarVideo}`, undefined, other), 10104);
      // …and the template route likewise refuses the avatar video.
      businessError(await call('GET', `/v2/template_video/${avatarVideo}`), 10104);
      // v1 still answers for every kind.
      assert.equal(success(await call('GET', `/v1/project?project_id=${avatarVideo}`)).status_code, 4);
    });
  });

  describe('POST /v2/create_video_with_template and its status', () => {
    let customId: number;

    it('maps v2 names onto the template video, with the disable_* flags as effects, and reports it in the v2 shape', async () => {
      const res = await call('POST', '/v2/create_video_with_template', templateBody({
        aspect_ratio: 'square', captions_enabled: true, background_music_id: 1, video_name: 'Spotlight v2', avatar_id: 1, avatar_type: 0, voice_id: 'en-us-f1',
        disable_trans: true, disable_random_moving: true, disable_random_trans: true,
      }));
      const { video_id } = success(res);
      const v = (await row(video_id))!;
      assert.equal(v.kind, 'template');
      const r = v.request as Record<string, any>;
      assert.deepEqual(
        { template_type: r.template_type, template_id: r.template_id, language: r.language, aspect_ratio: r.aspect_ratio, caption: r.caption, music_id: r.music_id, avatar_id: r.avatar_id, voice_id: r.voice_id, video_name: r.video_name, effects: r.effects },
        { template_type: 'public', template_id: 1, language: 'english', aspect_ratio: 2, caption: true, music_id: 1, avatar_id: 1, voice_id: 'en-us-f1', video_name: 'Spotlight v2', effects: { transitions: false, motion: 'steady' } },
      );
      assert.equal(r.plan.script, SCRIPT);

      const done = await waitV2(`/v2/template_video/${video_id}`);
      assert.equal(done.status, 'completed');
      assert.equal(done.video_id, video_id);
      assert.ok(Number.isInteger(done.completed_at) && done.completed_at >= done.created_at, JSON.stringify(done));
      assert.equal(done.data.video_name, 'Spotlight v2');
      assert.equal(done.data.deducted_credit, 1);
      assert.ok(done.data.duration_seconds > 0.5);
      const info = await probe(`${s.baseUrl}${new URL(done.data.url).pathname}`);
      assert.ok(info?.video && info.video.width === info.video.height, `square file: ${JSON.stringify(info?.video)}`);
      assert.match(done.data.cover_url, /cover\.jpg$/);
    });

    it('tells a custom template by its id (no template_type in v2), and takes a picture URL given as content', async () => {
      customId = success(await call('POST', '/v1/templates/custom', exampleScene())).id;
      const res = await call('POST', '/v2/create_video_with_template', templateBody({
        template_id: customId,
        variables: [
          { type: 'script', name: 'script', properties: { content: SCRIPT } },
          { type: 'text', name: 'title', properties: { content: 'Spring Sale' } },
          { type: 'image', name: 'photo', properties: { content: 'https://cdn.example.com/lamp.png' } },
        ],
      }));
      const { video_id } = success(res);
      const r = (await row(video_id))!.request as Record<string, any>;
      assert.equal(r.template_type, 'custom');
      assert.equal(r.template_id, customId);
      assert.deepEqual(r.plan.media, [{ name: 'photo', type: 'image', ref: 'https://cdn.example.com/lamp.png' }]);
      assert.deepEqual(r.effects, { transitions: true, motion: 'random' });
      assert.equal(r.aspect_ratio, 2, "the custom template's own ratio");
    });

    it('refuses unknown templates (10104) and bad variables or fields (40000 naming them)', async () => {
      assert.match(businessError(await call('POST', '/v2/create_video_with_template', templateBody({ template_id: 99 })), 10104), /template_id 99 \(template_type public\)/);
      assert.match(businessError(await call('POST', '/v2/create_video_with_template', templateBody({ template_id: 100_001 })), 10104), /template_id 100001 \(template_type custom\)/);
      businessError(await call('POST', '/v2/create_video_with_template', templateBody({ template_id: customId }), other), 10104);
      assert.match(businessError(await call('POST', '/v2/create_video_with_template', templateBody({ variables: [{ type: 'text', name: 'headline', properties: { content: 'x' } }] })), 40000), /variables\[0\]\.name "headline"/);
      assert.match(businessError(await call('POST', '/v2/create_video_with_template', templateBody({ aspect_ratio: 'tall' })), 40000), /aspect_ratio/);
      assert.match(businessError(await call('POST', '/v2/create_video_with_template', templateBody({ voice_language: 'klingon' })), 40000), /lang/);
      assert.match(businessError(await call('POST', '/v2/create_video_with_template', templateBody({ background_music_id: 999 })), 10104), /music_id 999/);
      assert.match(businessError(await call('POST', '/v2/create_video_with_template', templateBody({ disable_trans: 'sometimes' })), 40000), /disable_trans/);
    });

    it('GET /v2/template_videos pages through template videos only, newest first, with a status filter and the sort of every v2 list', async () => {
      const account = await s.account({ credits: 10 });
      const mine = (m: string, p: string, b?: unknown) => s.call(m, p, { key: account.apiKey, ...(b === undefined ? {} : { body: b }) });
      const ids: string[] = [];
      for (const name of ['one', 'two', 'three']) ids.push(success(await mine('POST', '/v2/create_video_with_template', templateBody({ video_name: name }))).video_id);
      success(await mine('POST', '/v2/create_video_from_avatar', avatarBody()));
      const first = success(await mine('GET', '/v2/template_videos?page=1&page_size=2'));
      assert.deepEqual(first.pagination, { page: 1, page_size: 2, total: 3, total_pages: 2 });
      const second = success(await mine('GET', '/v2/template_videos?page=2&page_size=2'));
      const listed = [...first.data, ...second.data];
      assert.deepEqual(listed.map((v: any) => v.video_id).sort(), [...ids].sort(), 'the avatar video is not listed');
      assert.deepEqual(new Set(listed.map((v: any) => v.video_name)), new Set(['one', 'two', 'three']));
      for (let i = 1; i < listed.length; i++) assert.ok(listed[i - 1].created_at >= listed[i].created_at, 'newest first');
      for (const v of listed) assert.deepEqual(Object.keys(v).sort(), ['cover_url', 'created_at', 'deducted_credit', 'duration_seconds', 'status', 'url', 'video_id', 'video_name']);
      for (const id of ids) assert.equal((await waitV2(`/v2/template_video/${id}`, account.apiKey)).status, 'completed');
      const done = success(await mine('GET', '/v2/template_videos?status=4&page_size=10'));
      assert.equal(done.data.length, 3);
      assert.ok(done.data.every((v: any) => v.status === 'completed' && v.url !== ''));
      assert.deepEqual(success(await mine('GET', '/v2/template_videos?status=5')).data, []);
      assert.deepEqual(success(await mine('GET', '/v2/template_videos?status=completed&page_size=10')).data.map((v: any) => v.video_id), done.data.map((v: any) => v.video_id), 'a v2 status filters like its status_code');
      const ascending = success(await mine('GET', '/v2/template_videos?sort_by=title&sort_order=asc&page_size=10')).data.map((v: any) => v.video_name);
      assert.deepEqual(ascending, ['one', 'three', 'two'], 'sorted by title, ascending');
      assert.match(businessError(await mine('GET', '/v2/template_videos?status=7'), 40000), /status/);
      assert.match(businessError(await mine('GET', '/v2/template_videos?sort_order=up'), 40000), /sort_order/);
      assert.match(businessError(await mine('GET', '/v2/template_videos?page_size=0'), 40000), /page_size/);
    });

    it('GET /v2/templates, /v2/templates/custom and /v2/template/custom/{id} speak in ratio names, with variables', async () => {
      const { templates } = success(await call('GET', '/v2/templates?aspect_ratio=landscape'));
      assert.equal(templates.length, 6);
      for (const t of templates) {
        assert.equal(t.aspect_ratio, 'landscape');
        assert.match(t.cover_url, /aspect_ratio=1$/);
        assert.ok(t.variables.some((v: any) => v.type === 'script' && v.name === 'script'));
      }
      assert.ok(success(await call('GET', '/v2/templates?aspect_ratio=')).templates.every((t: any) => t.aspect_ratio === 'portrait'));
      // The v1 numbers are taken as strings, as by the other v2 lists (http/v2.ts V2AspectRatioFilter).
      assert.ok(success(await call('GET', '/v2/templates?aspect_ratio=1')).templates.every((t: any) => t.aspect_ratio === 'landscape'));
      assert.match(businessError(await call('GET', '/v2/templates?aspect_ratio=wide'), 40000), /aspect_ratio/);

      const custom = success(await call('GET', '/v2/templates/custom')).templates;
      assert.deepEqual(custom.map((t: any) => [t.id, t.aspect_ratio, t.template_type]), [[customId, 'square', 'custom']]);
      assert.deepEqual(success(await call('GET', '/v2/templates/custom?aspect_ratio=square')).templates.map((t: any) => t.id), [customId]);
      assert.deepEqual(success(await call('GET', '/v2/templates/custom?aspect_ratio=portrait')).templates, []);

      const one = success(await call('GET', `/v2/template/custom/${customId}`));
      assert.equal(one.template_id, customId);
      assert.equal(one.id, customId);
      assert.equal(one.aspect_ratio, 'square');
      assert.deepEqual(one.variables.map((v: any) => `${v.type}:${v.name}`), ['script:script', 'text:title', 'text:tagline', 'image:photo']);
      assert.deepEqual({ ...one, template_id: undefined }, { ...custom[0], template_id: undefined });
      businessError(await call('GET', `/v2/template/custom/${customId}`, undefined, other), 10104);
      businessError(await call('GET', '/v2/template/custom/1'), 10104);
      assert.match(businessError(await call('GET', '/v2/template/custom/abc'), 40000), /id/);
    });
  });
});
