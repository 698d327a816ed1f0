import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { CatalogService } from '../src/catalog/catalog.service.ts';
import { LANGUAGES } from '../src/catalog/languages.ts';
import { makeErrorHandler } from '../src/http/error-handler.ts';
import { probe } from '../src/media/ffprobe.ts';
import { MusicLibrary } from '../src/catalog/music.library.ts';
import { narrationMediaLibrary } from '../src/pipeline/narrate.ts';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { defaultVoice, LANGUAGE_VOICES, voiceRecords, voiceSpec } from '../src/pipeline/speech/voice.catalog.ts';
import { fliteInstalled } from '../src/pipeline/speech/flite/flite.installed.ts';
import { voiceAuditionRoutes } from '../src/catalog/voice-audition.routes.ts';
import { LocalBlobStore } from '../src/storage/blob-store.ts';

const BASE = 'https://reelsmith.example';

describe('voice catalog', () => {
  const voices = voiceRecords(BASE);

  it('has several voices (gender × age) for every one of the 54 languages, with unique stable ids', () => {
    assert.equal(new Set(voices.map((v) => v.voice_id)).size, voices.length);
    for (const language of LANGUAGES) {
      const mine = voices.filter((v) => v.language === language);
      assert.ok(mine.length >= 4, `${language}: ${mine.length} voices`);
      assert.deepEqual([...new Set(mine.map((v) => v.gender))].sort(), ['female', 'male'], language);
      assert.deepEqual([...new Set(mine.map((v) => v.age))].sort(), ['adult', 'senior', 'young'], language);
    }
    assert.ok(voices.some((v) => v.voice_id === 'en-us-f1'));
    assert.ok(voices.some((v) => v.voice_id === 'en-gb-m1'), 'a second English accent');
    for (const v of voices.filter((x) => x.engine === 'espeak')) assert.match(v.voice_id, /^[a-z]{2,3}(-[a-z0-9]{2,3})?-[fm][1-3]$/);
    assert.equal(voices.filter((v) => v.engine === 'espeak').length, LANGUAGE_VOICES.length * 6);
  });

  it('records carry the contract fields and an audition URL under the public base URL', () => {
    for (const v of voices) {
      assert.deepEqual(Object.keys(v).sort(), ['age', 'audition_url', 'engine', 'gender', 'language', 'name', 'voice_id']);
      assert.ok(['espeak', 'festival', 'flite'].includes(v.engine));
      assert.equal(v.audition_url, `${BASE}/v1/voices/${v.voice_id}/audition`);
      assert.ok(v.name.length > 0);
    }
  });

  it('flags the languages espeak-ng lacks with the voice that reads them instead', () => {
    const fallback = LANGUAGE_VOICES.filter((l) => l.fallback).map((l) => l.language).sort();
    assert.deepEqual(fallback, ['filipino', 'mongolian', 'tagalog', 'zulu']);
    for (const v of voices.filter((x) => fallback.includes(x.language as never))) assert.match(v.name, /\(fallback: \w+ voice\)/);
    for (const v of voices.filter((x) => !fallback.includes(x.language as never))) assert.doesNotMatch(v.name, /fallback/);
  });

  it('defaultVoice picks the language’s main accent, adult, in the avatar’s gender', () => {
    assert.equal(defaultVoice('english', 'female', 'adult', false), 'en-us-f1');
    assert.equal(defaultVoice('english', 'female', 'adult', true), 'en-us-slt', 'Festival HTS when installed');
    assert.equal(defaultVoice('english', 'female', 'young', true), 'en-us-f2', 'Festival has one voice: adult');
    assert.equal(defaultVoice('english', 'male'), fliteInstalled() ? 'en-us-rms' : 'en-us-m1', 'Flite clustergen rms when installed');
    assert.equal(defaultVoice('german', 'male'), 'de-m1');
    assert.equal(defaultVoice('chinese', 'female'), 'zh-cn-f1');
    assert.equal(defaultVoice('zulu', 'female'), 'zu-f1');
    for (const language of LANGUAGES) {
      for (const g of ['female', 'male'] as const) {
        const spec = voiceSpec(defaultVoice(language, g))!;
        assert.equal(spec.language, language);
        assert.equal(spec.gender, g);
        assert.equal(spec.age, 'adult');
      }
    }
    assert.throws(() => defaultVoice('klingon', 'female'));
  });

  it('CatalogService filters by language, gender and age and pages the list', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-voices-'));
    const catalog = new CatalogService(narrationMediaLibrary(BASE, new MusicLibrary(new LocalBlobStore(dir, BASE)).records()), BASE);
    const all = catalog.voices({ page: 1, page_size: 1000 });
    assert.equal(all.total, voices.length);

    const german = catalog.voices({ page: 1, page_size: 100, language: 'german' });
    assert.equal(german.total, 6);
    assert.ok(german.voices.every((v) => v.language === 'german'));

    const youngFemaleHindi = catalog.voices({ page: 1, page_size: 100, language: 'hindi', gender: 'female', age: 'young' });
    assert.deepEqual(youngFemaleHindi.voices.map((v) => v.voice_id), ['hi-f2']);

    const seniors = catalog.voices({ page: 1, page_size: 1000, age: 'senior' });
    assert.ok(seniors.total > 54 && seniors.voices.every((v) => v.age === 'senior'));

    const pages: string[] = [];
    for (let page = 1; ; page++) {
      const p = catalog.voices({ page, page_size: 7, gender: 'male' });
      if (p.voices.length === 0) break;
      assert.ok(p.voices.length <= 7);
      pages.push(...p.voices.map((v) => v.voice_id));
    }
    const males = voices.filter((v) => v.gender === 'male').map((v) => v.voice_id);
    assert.deepEqual(pages, males, 'pages concatenate to the filtered list, in order, without repeats');
    assert.ok(catalog.hasVoice('fr-m3'));
    assert.ok(!catalog.hasVoice('fr-m9'));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('GET /v1/voices/:voice_id/audition', () => {
  let app: FastifyInstance;
  let base: string;
  let cacheDir: string;
  let engine: EspeakProcess;
  before(async () => {
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-auditions-'));
    engine = new EspeakProcess();
    app = Fastify({ logger: false });
    app.setErrorHandler(makeErrorHandler(1 << 20));
    voiceAuditionRoutes(app, { engine, store: new LocalBlobStore(cacheDir, BASE) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${addr.port}`;
  });
  after(async () => {
    await app.close();
    await engine.close();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  it('serves a real MP3 sample without an API key, made on first request and then cached', async () => {
    const t0 = performance.now();
    const first = await fetch(`${base}/v1/voices/de-f2/audition`);
    const firstMs = performance.now() - t0;
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('content-type'), 'audio/mpeg');
    const bytes = Buffer.from(await first.arrayBuffer());
    assert.equal(Number(first.headers.get('content-length')), bytes.length);
    const file = path.join(cacheDir, 'got.mp3');
    fs.writeFileSync(file, bytes);
    const info = await probe(file);
    assert.ok(info, 'ffprobe reads it');
    assert.equal(info.audio?.codec, 'mp3');
    assert.ok(info.durationS > 2 && info.durationS < 15, `${info.durationS} s`);

    const cached = fs.readdirSync(path.join(cacheDir, 'catalog', 'auditions')).filter((f) => f.startsWith('de-f2-') && f.endsWith('.mp3'));
    assert.equal(cached.length, 1, 'kept in the blob store');
    const t1 = performance.now();
    const second = await fetch(`${base}/v1/voices/de-f2/audition`);
    const secondMs = performance.now() - t1;
    assert.equal(second.status, 200);
    assert.deepEqual(Buffer.from(await second.arrayBuffer()), bytes);
    assert.ok(secondMs < firstMs, `cached ${secondMs} ms vs made ${firstMs} ms`);
  });

  it('makes one file when many first requests arrive at once', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => fetch(`${base}/v1/voices/th-m2/audition`)));
    const bodies = await Promise.all(answers.map(async (a) => Buffer.from(await a.arrayBuffer())));
    for (const a of answers) assert.equal(a.status, 200);
    for (const b of bodies) assert.deepEqual(b, bodies[0]);
    assert.equal(fs.readdirSync(path.join(cacheDir, 'catalog', 'auditions')).filter((f) => f.startsWith('th-m2-')).length, 1);
  });

  it('samples of a fallback language play too', async () => {
    const res = await fetch(`${base}/v1/voices/zu-m1/audition`);
    assert.equal(res.status, 200);
    assert.ok((await res.arrayBuffer()).byteLength > 5000);
  });

  it('an unknown voice is HTTP 404 with the record-not-found envelope', async () => {
    const res = await fetch(`${base}/v1/voices/xx-f9/audition`);
    assert.equal(res.status, 404);
    const body = (await res.json()) as { code: number; msg: string };
    assert.equal(body.code, 10104);
    assert.match(body.msg, /voice_id xx-f9/);
  });
});
