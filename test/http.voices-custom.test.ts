import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { backends, type TestDb } from './support/db.ts';
import { businessError, startServer, success as data, type TestServer } from './support/server.ts';

/** Custom voices over HTTP, on SQLite and (when DATABASE_URL is set) PostgreSQL. */
for (const backend of backends) {
  describe(`custom voices (${backend.name})`, () => {
    let testDb: TestDb | undefined;
    let s: TestServer;
    let key: string;
    let other: string;
    before(async () => {
      testDb = await backend.open();
      if (!testDb) return;
      s = await startServer({ testDb, env: { REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1' } });
      ({ apiKey: key } = await s.account({ credits: 5 }));
      ({ apiKey: other } = await s.account());
    });
    after(async () => {
      await s?.close();
      await testDb?.dispose();
    });
    const test = (name: string, fn: (t: TestContext) => Promise<void>) =>
      it(name, async (t) => {
        if (!testDb) return t.skip(`${backend.name} is not configured (set DATABASE_URL to a postgres:// URL to run it)`);
        await fn(t);
      });

    test('made from a listed voice with its own speed, pitch and timbre; listed by v1 and v2; other accounts do not see it', async () => {
      const v = data(await s.call('POST', '/v1/voices/custom', { key, body: { name: 'Narrator Ann', base_voice_id: 'en-us-m1', speed: 1.15, pitch: 2, timbre: 'f1' } }));
      assert.match(v.voice_id, /^cv-[0-9a-f]{16}$/);
      assert.match(v.audition_url, new RegExp(`^${s.config.publicBaseUrl}/v1/voices/${v.voice_id}/audition\\?expires=\\d+&signature=[\\w-]{43}$`));
      assert.deepEqual(
        { ...v, voice_id: undefined, created_at: undefined, audition_url: undefined },
        { voice_id: undefined, created_at: undefined, name: 'Narrator Ann', language: 'english', gender: 'female', audition_url: undefined, engine: 'espeak', base_voice_id: 'en-us-m1', external_voice: null, speed: 1.15, pitch: 2, timbre: 'f1' },
      );
      for (const root of ['/v1', '/v2']) {
        const list = data(await s.call('GET', `${root}/voices/custom`, { key }));
        assert.equal(list.total, 1);
        assert.equal(list.voices[0].voice_id, v.voice_id);
        assert.equal(data(await s.call('GET', `${root}/voices/custom?language=german`, { key })).total, 0);
      }
      assert.equal(data(await s.call('GET', '/v1/voices/custom', { key: other })).total, 0);
      // Usable as voice_id by its account only.
      const product = data(await s.call('POST', '/v1/product', { key, body: { name: 'Glow Serum', description: 'Vitamin C serum.' } })).product_id;
      const video = { product_id: product, aspect_ratio: 0, video_length: '15', language: 'english', avatar_id: 1, avatar_type: 0, script_style: 'Problem/Solution', template_type: 'public', voice_id: v.voice_id };
      assert.ok(data(await s.call('POST', '/v1/create_video_from_url', { key, body: video })).project_id);
      const otherProduct = data(await s.call('POST', '/v1/product', { key: other, body: { name: 'Glow Serum', description: 'Vitamin C serum.' } })).product_id;
      assert.match(businessError(await s.call('POST', '/v1/create_video_from_url', { key: other, body: { ...video, product_id: otherProduct } }), 10104), /voice_id cv-/);
      // Every kind takes it: a talking-avatar video and a template video, stored with the custom voice.
      const kinds = [
        ['/v1/create_video_from_talking_avatar', { avatar_id: 1, avatar_type: 0, voice_id: v.voice_id, screen_style: 1, script: 'Hello from a custom voice.', audio_url: '' }],
        ['/v1/create_video_with_template', { template_id: 1, template_type: 'common', lang: 'english', voice_id: v.voice_id, variables: [{ type: 'script', name: 'script', properties: { content: 'Hello from a custom voice.' } }, { type: 'text', name: 'title', properties: { content: 'Glow Serum' } }] }],
      ] as const;
      for (const [route, body] of kinds) {
        const project = data(await s.call('POST', route, { key, body })).project_id as string;
        const stored = await s.running.db.kysely.selectFrom('videos').select('request').where('id', '=', project).executeTakeFirstOrThrow();
        assert.equal(JSON.parse(stored.request).voice_id, v.voice_id, route);
        assert.match(businessError(await s.call('POST', route, { key: other, body }), 10104), /voice_id cv-/, route);
      }
      // The speech stage gets a spec with the custom settings.
      const spec = await s.running.services.customVoices.spec(undefined, v.voice_id);
      assert.deepEqual([spec?.engine, spec?.espeakVoice, spec?.speed, spec?.pitchShift], ['espeak', 'en-us+linda', 1.15, 2]);
    });

    test("its audition_url plays an MP3 of the custom voice: signed and short-lived, or with the owner's key; not public", async () => {
      const v = data(await s.call('POST', '/v1/voices/custom', { key, body: { name: 'Low Sam', base_voice_id: 'en-us-f1', pitch: -3 } }));
      const local = (url: string) => url.replace(s.config.publicBaseUrl, s.baseUrl);
      const isMp3 = async (res: Response) => {
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('content-type'), 'audio/mpeg');
        const mp3 = Buffer.from(await res.arrayBuffer());
        assert.ok(mp3.length > 5000, `${mp3.length} bytes`);
        assert.ok(mp3.subarray(0, 3).toString('latin1') === 'ID3' || (mp3[0] === 0xff && (mp3[1]! & 0xe0) === 0xe0), 'an MP3 stream');
      };
      // The signed URL of the create answer and of the list.
      const signed = await fetch(local(v.audition_url));
      await isMp3(signed);
      assert.match(signed.headers.get('cache-control') ?? '', /^private/);
      const listed = data(await s.call('GET', '/v1/voices/custom', { key })).voices.find((x: { voice_id: string }) => x.voice_id === v.voice_id);
      await isMp3(await fetch(local(listed.audition_url)));
      // Valid for an hour (to 5 minutes more: the expiry is rounded up to 5 minutes).
      const expires = Number(new URL(v.audition_url).searchParams.get('expires'));
      const ahead = expires - Date.now() / 1000;
      assert.ok(ahead > 3500 && ahead <= 3900 && expires % 300 === 0, `expires ${expires}, ${ahead} s ahead`);
      // The bare URL: not public any more (10105, HTTP 401), nor with a changed, expired or repeated signature.
      const bare = `${s.baseUrl}/v1/voices/${v.voice_id}/audition`;
      const u = new URL(local(v.audition_url));
      const sig = u.searchParams.get('signature')!;
      const refused = [
        bare,
        `${bare}?expires=${expires}&signature=${(sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)}`,
        `${bare}?expires=${expires + 3600}&signature=${sig}`,
        `${bare}?expires=${expires}&expires=${expires}&signature=${sig}`,
        `${bare}?expires=1&signature=${sig}`,
      ];
      for (const url of refused) {
        const res = await fetch(url);
        assert.equal(res.status, 401, url);
        const body = (await res.json()) as { code: number; msg: string };
        assert.equal(body.code, 10105, url);
        assert.match(body.msg, /audition of custom voice cv-[0-9a-f]{16} needs its account's x-api-key/);
      }
      // A signature of another voice does not open this one.
      const w = data(await s.call('POST', '/v1/voices/custom', { key, body: { name: 'High Sam', base_voice_id: 'en-us-f1', pitch: 3 } }));
      const wq = new URL(w.audition_url).search;
      assert.equal((await fetch(`${bare}${wq}`)).status, 401);
      // The owner's key plays it; another account's key reads like an unknown voice; a bad key is 10105.
      await isMp3(await fetch(bare, { headers: { 'x-api-key': key } }));
      const theirs = await fetch(bare, { headers: { 'x-api-key': other } });
      assert.equal(theirs.status, 404);
      assert.equal(((await theirs.json()) as { code: number }).code, 10104);
      assert.equal((await fetch(bare, { headers: { 'x-api-key': 'rs_nope' } })).status, 401);
      assert.equal((await fetch(`${s.baseUrl}/v1/voices/cv-0000000000000000/audition`, { headers: { 'x-api-key': key } })).status, 404);
      // Public voices stay public.
      await isMp3(await fetch(`${s.baseUrl}/v1/voices/en-us-f1/audition`));
    });

    test('bad definitions are business errors naming the field', async () => {
      const post = (body: object) => s.call('POST', '/v1/voices/custom', { key, body });
      assert.match(businessError(await post({ name: 'x' }), 40000), /base_voice_id/);
      assert.match(businessError(await post({ name: 'x', base_voice_id: 'en-us-f1', external_voice: 'af_bella' }), 40000), /base_voice_id/);
      assert.match(businessError(await post({ name: 'x', base_voice_id: 'xx-nope' }), 10104), /base_voice_id xx-nope/);
      assert.match(businessError(await post({ name: 'x', external_voice: 'af_bella', language: 'english', gender: 'female' }), 40000), /external_voice .*TTS_BASE_URL/);
      assert.match(businessError(await post({ name: 'x', base_voice_id: 'en-us-f1', speed: 3 }), 40000), /speed/);
      assert.match(businessError(await post({ name: 'x', base_voice_id: 'en-us-f1', language: 'german' }), 40000), /language/);
      assert.match(businessError(await post({ name: 'x', base_voice_id: 'en-us-f1', timbre: 'z9' }), 40000), /timbre/);
      if (data(await s.call('GET', '/v1/voices?language=english&page_size=100', { key })).voices.some((v: any) => v.voice_id === 'en-us-slt')) {
        assert.match(businessError(await post({ name: 'x', base_voice_id: 'en-us-slt', timbre: 'm1' }), 40000), /timbre applies to espeak voices only/);
      }
    });

    test('DELETE removes it for its account only', async () => {
      const v = data(await s.call('POST', '/v1/voices/custom', { key, body: { name: 'Temp', base_voice_id: 'de-m1' } }));
      businessError(await s.call('DELETE', `/v1/voices/custom/${v.voice_id}`, { key: other }), 10104);
      data(await s.call('DELETE', `/v1/voices/custom/${v.voice_id}`, { key }));
      assert.ok(!data(await s.call('GET', '/v1/voices/custom', { key })).voices.some((x: any) => x.voice_id === v.voice_id));
      businessError(await s.call('DELETE', `/v1/voices/custom/${v.voice_id}`, { key }), 10104);
    });
  });
}
