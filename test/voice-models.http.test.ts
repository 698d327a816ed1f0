import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { startServer, success } from './support/server.ts';

import { PIPER_EXPORT, TINY_SAMPLE_RATE, tinyPhonemeIdMap, writeTinyVoice } from './support/tiny-piper.ts';
import { writeTinyFamilies, writeTinyKitten, writeTinyKokoro, writeTinyMatcha } from './support/tiny-sherpa-models.ts';

async function piperExport(dir: string, name: string) {
  await writeTinyVoice(dir, name, {
    metadata: PIPER_EXPORT,
    tokens: false,
    config: { dataset: 'tiny', audio: { sample_rate: TINY_SAMPLE_RATE }, language: { code: 'en_US' }, espeak: { voice: 'en-us' }, num_speakers: 1, phoneme_id_map: tinyPhonemeIdMap() },
  });
}

describe('voice models through the server', () => {
  it('GET /v1/voices and /v2/voices list Piper, Kokoro, Kitten and Matcha voices with engine "neural"; the auditions speak; usable as voice_id of every video kind and as a custom voice base; broken folders of each kind do not stop the list', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-voice-srv-'));
    await piperExport(path.join(dir, 'en-tiny'), 'en_US-tiny-medium');
    fs.mkdirSync(path.join(dir, 'broken'));
    fs.writeFileSync(path.join(dir, 'broken', 'b.onnx'), 'garbage');
    fs.writeFileSync(path.join(dir, 'broken', 'b.onnx.json'), '{}');
    // One folder of each other kind, and a broken one of each (two refused by sherpa-onnx itself, in the probe).
    await writeTinyFamilies(dir);
    await writeTinyKokoro(path.join(dir, 'broken-kokoro'), { speakers: 2, truncateVoices: 8 });
    await writeTinyKitten(path.join(dir, 'broken-kitten'), { metadata: { has_espeak: '0' } });
    await writeTinyMatcha(path.join(dir, 'broken-matcha'), { vocoderMetadata: { model_type: null } });
    const srv = await startServer({ env: { VOICE_MODELS_DIR: dir, REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1' } });
    let closed: Promise<void> | undefined;
    try {
      const { apiKey } = await srv.account({ credits: 5 });
      const v1 = success(await srv.call('GET', '/v1/voices?page_size=100&language=english', { key: apiKey })).voices as any[];
      const tiny = v1.find((v) => v.voice_id === 'nv-en-tiny');
      assert.ok(tiny, JSON.stringify(v1.map((v) => v.voice_id)));
      assert.equal(tiny.engine, 'neural');
      assert.equal(tiny.gender, 'male', JSON.stringify(tiny));
      const v2 = (await srv.call('GET', '/v2/voices?page_size=100&language=english', { key: apiKey })).body;
      assert.ok(JSON.stringify(v2).includes('nv-en-tiny'));
      const kinds = ['nv-kokoro-en-af-bella', 'nv-kokoro-en-am-adam', 'nv-kokoro-en-george', 'nv-kokoro-multi-af-bella', 'nv-kitten-nano-expr-voice-2-m', 'nv-kitten-nano-expr-voice-2-f', 'nv-matcha-ljspeech'];
      for (const id of kinds) {
        assert.equal(v1.find((v) => v.voice_id === id)?.engine, 'neural', id);
        assert.ok(JSON.stringify(v2).includes(id), id);
      }
      assert.ok(!v1.some((v) => /broken/.test(v.voice_id)));
      for (const voice of [tiny, ...['nv-kokoro-en-george', 'nv-kitten-nano-expr-voice-2-f', 'nv-matcha-ljspeech'].map((id) => v1.find((v) => v.voice_id === id))]) {
        const audition = await fetch(new URL(new URL(voice.audition_url).pathname, srv.baseUrl));
        assert.equal(audition.status, 200, voice.voice_id);
        assert.match(audition.headers.get('content-type') ?? '', /audio\/mpeg/);
        assert.ok((await audition.arrayBuffer()).byteLength > 2_000, voice.voice_id);
      }
      // A model voice is a voice_id of every video kind, and the base of a custom voice.
      const product = success(await srv.call('POST', '/v1/product', { key: apiKey, body: { name: 'Glow Serum', description: 'Vitamin C serum.' } })).product_id;
      const custom = success(await srv.call('POST', '/v1/voices/custom', { key: apiKey, body: { name: 'Slow George', base_voice_id: 'nv-kokoro-en-george', speed: 0.9 } }));
      assert.deepEqual([custom.engine, custom.base_voice_id, custom.gender], ['neural', 'nv-kokoro-en-george', 'male']);
      const spec = await srv.running.services.customVoices.spec(undefined, custom.voice_id);
      assert.deepEqual([spec?.engine, spec?.engineVoice, spec?.speed], ['neural', 'kokoro-en#3', 0.9]);
      const videoKinds = [
        ['/v1/create_video_from_url', { product_id: product, aspect_ratio: 0, video_length: '15', language: 'english', avatar_id: 1, avatar_type: 0, script_style: 'Problem/Solution', template_type: 'public', voice_id: 'nv-kitten-nano-expr-voice-2-f' }],
        ['/v1/create_video_from_talking_avatar', { avatar_id: 1, avatar_type: 0, voice_id: 'nv-matcha-ljspeech', screen_style: 1, script: 'Hello from a neural voice.', audio_url: '' }],
        ['/v1/create_video_with_template', { template_id: 1, template_type: 'common', lang: 'english', voice_id: custom.voice_id, variables: [{ type: 'script', name: 'script', properties: { content: 'Hello from a neural voice.' } }, { type: 'text', name: 'title', properties: { content: 'Glow Serum' } }] }],
      ] as const;
      for (const [route, body] of videoKinds) {
        const project = success(await srv.call('POST', route, { key: apiKey, body })).project_id as string;
        const stored = await srv.running.db.kysely.selectFrom('videos').select('request').where('id', '=', project).executeTakeFirstOrThrow();
        assert.equal(JSON.parse(stored.request).voice_id, body.voice_id, route);
      }
      // Closing right after the audition's body was read: the server ends that keep-alive
      // connection as soon as it is idle (it used to wait for the 72 s keep-alive timeout).
      const t0 = Date.now();
      closed = srv.close();
      await closed;
      assert.ok(Date.now() - t0 < 15_000, `close took ${Date.now() - t0} ms`);
    } finally {
      await (closed ?? srv.close());
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

