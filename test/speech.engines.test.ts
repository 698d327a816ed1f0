import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { createSafeFetcher, type SafeFetcher } from '../src/net/safe-fetch.ts';
import { parseEbur128 } from '../src/pipeline/mix/mix.args.ts';
import { mixNarration } from '../src/pipeline/mix/mix.ts';
import { AuditionCache } from '../src/catalog/audition.service.ts';
import { auditionFileName } from '../src/pipeline/speech/audition.ts';
import { LocalBlobStore } from '../src/storage/blob-store.ts';
import type { SpeechEngines } from '../src/pipeline/speech/engines.ts';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { externalVoiceSpecs, type ExternalTtsConfig } from '../src/pipeline/speech/external/external.config.ts';
import { ExternalEngine } from '../src/pipeline/speech/external/external.engine.ts';
import { FestivalProcess, festivalInstalled, festivalScript, parseFestivalOutput } from '../src/pipeline/speech/festival/festival.client.ts';
import { festivalTimings } from '../src/pipeline/speech/festival/festival.timings.ts';
import { ExternalSpeechError, speak } from '../src/pipeline/speech/speech.service.ts';
import { defaultVoice, voiceSpec } from '../src/pipeline/speech/voice.catalog.ts';
import { readWav } from '../src/pipeline/speech/wav.ts';
import type { Speech } from '../src/pipeline/types.ts';
import { startServer } from './support/server.ts';
import { startTtsServer, type TtsServer } from './support/tts-server.ts';
import { ConfigError, loadConfig } from '../src/config/config.ts';
import { alignmentProblems, Energy } from './support/voiced.ts';

const run = promisify(execFile);

function wellFormed(s: Speech, sentences: number): void {
  let prev = 0;
  for (const w of s.words) {
    assert.ok(w.startMs >= prev - 1 && w.endMs >= w.startMs, `word "${w.text}" in order`);
    prev = w.endMs;
  }
  assert.equal(new Set(s.words.map((w) => w.sentence)).size, sentences);
  // Phonemes tile the WAV.
  assert.equal(s.phonemes[0]!.startMs, 0);
  for (let i = 1; i < s.phonemes.length; i++) assert.equal(s.phonemes[i]!.startMs, s.phonemes[i - 1]!.endMs);
  assert.ok(Math.abs(s.phonemes[s.phonemes.length - 1]!.endMs - s.durationMs) <= 1);
}

/** The mix rules (docs/narration.md "Mixing") measured on the mixed file. */
async function assertLoudness(s: Speech, outPath: string): Promise<void> {
  const mix = await mixNarration({ speech: s, music: null, outPath });
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-i', mix.outPath, '-af', 'ebur128=peak=true', '-f', 'null', '-']);
  const m = parseEbur128(stderr);
  assert.ok(Math.abs(m.integratedLufs - -14) <= 1, `${s.engine}: integrated ${m.integratedLufs} LUFS`);
  assert.ok(m.truePeakDb <= -1, `${s.engine}: true peak ${m.truePeakDb} dBTP`);
}

describe('Festival timings (pure)', () => {
  const answer = parseFestivalOutput(
    [
      'R\t((num_samples 64000) (sample_rate 32000) (num_channels 1) (file_type riff))',
      'T\tOnly\t0.175000\t0.500000',
      'T\t$29.99\t0.500000\t1.600000',
      'T\t-\t-1.000000\t-1.000000',
      'T\tnow\t1.600000\t1.800000',
      'S\tpau\t0.175000', 'S\tow\t0.300000', 'S\tn\t0.400000', 'S\tl\t0.450000', 'S\tiy\t0.500000',
      'S\tt\t1.000000', 'S\tuw\t1.600000', 'S\tn\t1.700000', 'S\taw\t1.800000', 'S\tpau\t1.950000',
      'DONE',
    ].join('\n'),
  );

  it('words are the written tokens, spanning the segments Festival put under them; phones become espeak mnemonics', () => {
    const t = festivalTimings('Only “$29.99” – now!', answer, 3);
    assert.deepEqual(t.words.map((w) => [w.text, w.start, w.end, w.sentence]), [
      ['Only', 5600, 16000, 3],
      ['$29.99', 16000, 51200, 3],
      ['now', 51200, 57600, 3],
    ]);
    assert.deepEqual(t.phonemes.slice(0, 3), [{ phoneme: '_', start: 0, end: 5600 }, { phoneme: 'oU', start: 5600, end: 9600 }, { phoneme: 'n', start: 9600, end: 12800 }]);
    assert.deepEqual(t.phonemes[t.phonemes.length - 1], { phoneme: '_', start: 57600, end: 64000 });
  });

  it('when Festival splits a written token, its pieces are matched by their letters and make one word', () => {
    const a = parseFestivalOutput('R\t((num_samples 16000) (sample_rate 16000))\nT\tAB\t0.1\t0.2\nT\tCD\t0.2\t0.3\nT\tEF\t0.3\t0.4\nS\tpau\t1.0\nDONE\n');
    assert.deepEqual(festivalTimings('ab/cd ef', a, 0).words.map((w) => [w.text, w.start, w.end]), [['ab/cd', 1600, 4800], ['ef', 4800, 6400]]);
  });

  it('fails clearly when Festival printed no utterance, and quotes text safely for Scheme', () => {
    assert.throws(() => parseFestivalOutput('SIOD ERROR: unbound variable'), /festival printed no utterance/);
    assert.match(festivalScript({ voice: 'cmu_us_slt_arctic_hts', text: 'say "hi" \\ bye', speed: 1, wavPath: '/t/a.wav' }), /"say \\"hi\\" \\\\ bye"/);
    assert.throws(() => festivalScript({ voice: 'x) (system "rm"', text: '', speed: 1, wavPath: '/t' }));
  });
});

describe('TTS_* settings', () => {
  it('parse into the external engine config, with clear errors', () => {
    const c = loadConfig({ TTS_BASE_URL: 'http://10.0.0.5:8880/v1/', TTS_VOICES: 'af_bella=english/female, ff_siwis=french/female', TTS_MODEL: 'kokoro' }).tts;
    assert.deepEqual(c, {
      baseUrl: 'http://10.0.0.5:8880/v1',
      apiKey: null,
      model: 'kokoro',
      voices: [{ name: 'af_bella', language: 'english', gender: 'female' }, { name: 'ff_siwis', language: 'french', gender: 'female' }],
      timeoutMs: 30000,
      retries: 2,
      onFailure: 'fallback',
    });
    assert.equal(loadConfig({}).tts, null);
    assert.deepEqual(externalVoiceSpecs(c).map((v) => [v.voiceId, v.engine, v.fallbackVoiceId]), [['ext-af-bella', 'external', defaultVoice('english', 'female')], ['ext-ff-siwis', 'external', 'fr-f1']]);
    assert.throws(() => loadConfig({ TTS_BASE_URL: 'http://x/v1' }), (e: Error) => e instanceof ConfigError && /TTS_VOICES is required/.test(e.message));
    assert.throws(() => loadConfig({ TTS_BASE_URL: 'http://x/v1', TTS_VOICES: 'a=klingon/female' }), /TTS_VOICES entry "a=klingon\/female"/);
    assert.throws(() => loadConfig({ TTS_BASE_URL: 'http://x/v1', TTS_VOICES: 'a=english/female', TTS_ON_FAILURE: 'maybe' }), /TTS_ON_FAILURE/);
    assert.throws(() => loadConfig({ TTS_BASE_URL: 'ftp://x/v1', TTS_VOICES: 'a=english/female' }), /http\(s\)/);
  });
});

describe('speech engines with real audio', { skip: !festivalInstalled() && 'festival not installed (scripts/setup.sh)' }, () => {
  let dir: string;
  let espeak: EspeakProcess;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-engines-'));
    espeak = new EspeakProcess();
  });
  after(async () => {
    await espeak.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const sentences = ['Tired of dull, tired skin?', 'Meet Lumen Glow Serum, only $29.99 today.', 'Order yours now!'];

  it('Festival HTS: word spans are voiced, pauses between sentences are silent, rate scale shortens it', async () => {
    const s = await speak({ sentences, voiceId: 'en-us-slt', outDir: dir, fileName: 'festival.wav' }, espeak);
    assert.equal(s.engine, 'festival');
    assert.equal(s.sampleRate, 32000);
    wellFormed(s, 3);
    assert.deepEqual(s.words.map((w) => w.text), ['Tired', 'of', 'dull', 'tired', 'skin', 'Meet', 'Lumen', 'Glow', 'Serum', 'only', '$29.99', 'today', 'Order', 'yours', 'now']);
    const wav = await readWav(s.wavPath);
    assert.ok(Math.abs(wav.samples.length / 32 - s.durationMs) <= 1);
    assert.deepEqual(alignmentProblems(s, new Energy(wav)), []);
    assert.ok(s.phonemes.some((p) => p.phoneme === 'i:') && s.phonemes.every((p) => !/^(pau|iy)$/.test(p.phoneme)), 'espeak mnemonics');
    const fast = await speak({ sentences, voiceId: 'en-us-slt', outDir: dir, fileName: 'festival-fast.wav', rateScale: 1.2 }, espeak);
    assert.ok(fast.durationMs < s.durationMs * 0.92, `${fast.durationMs} vs ${s.durationMs}`);
  });

  it('the Festival child reports a Scheme error or a timeout clearly and starts afresh for the next sentence', async () => {
    const proc = new FestivalProcess({ timeoutMs: 20_000 });
    try {
      await assert.rejects(proc.synth({ voice: 'no_such_voice', text: 'Hello.', speed: 1, wavPath: path.join(dir, 'bad.wav') }), /festival: .*(unbound|voice_no_such_voice)/i);
      const good = await proc.synth({ voice: 'cmu_us_slt_arctic_hts', text: 'Hello again.', speed: 1, wavPath: path.join(dir, 'good.wav') });
      assert.equal(good.tokens.length, 2);
      assert.equal((await readWav(path.join(dir, 'good.wav'))).samples.length, good.samples);
    } finally {
      await proc.close();
    }
    const slow = new FestivalProcess({ timeoutMs: 1 });
    await assert.rejects(slow.synth({ voice: 'cmu_us_slt_arctic_hts', text: 'Hello.', speed: 1, wavPath: path.join(dir, 't.wav') }), /timed out after 1 ms/);
    await slow.close();
  });

  it('Festival speech through the mix holds -14 LUFS and a true peak at or under -1 dBTP', async () => {
    const s = await speak({ sentences, voiceId: 'en-us-slt', outDir: dir, fileName: 'festival-mix.wav' }, espeak);
    await assertLoudness(s, path.join(dir, 'festival-mix.out.wav'));
  });

  it('the Festival voice has a working audition (MP3 made through the engine set)', async () => {
    const store = new LocalBlobStore(path.join(dir, 'auditions'), 'http://localhost');
    const key = await new AuditionCache(espeak, store).key('en-us-slt');
    assert.ok(key && ((await store.stat(key))?.size ?? 0) > 5000);
    assert.match(path.posix.basename(key!), /^en-us-slt-[0-9a-f]{10}\.mp3$/);
    assert.notEqual(auditionFileName(voiceOf('en-us-slt')).slice(-14), auditionFileName(voiceOf('en-us-f1')).slice(-14), 'engine is part of the hash');
  });

  it('a pitch shift keeps the length and the timings (custom voices)', async () => {
    const plain = await speak({ sentences: sentences.slice(0, 1), voiceId: 'en-us-slt', outDir: dir, fileName: 'p0.wav' }, espeak);
    const engines: SpeechEngines = { espeak, voices: (id) => (id === 'custom-x' ? { ...voiceOf('en-us-slt'), voiceId: 'custom-x', pitchShift: -4 } : undefined) };
    const shifted = await speak({ sentences: sentences.slice(0, 1), voiceId: 'custom-x', outDir: dir, fileName: 'p1.wav' }, engines);
    assert.equal((await readWav(shifted.wavPath)).samples.length, (await readWav(plain.wavPath)).samples.length);
    assert.deepEqual(shifted.words, plain.words);
    assert.deepEqual(alignmentProblems(shifted, new Energy(await readWav(shifted.wavPath))), []);
  });

  describe('external OpenAI-compatible engine on loopback', () => {
    let tts: TtsServer;
    let fetcher: SafeFetcher;
    before(async () => {
      fetcher = createSafeFetcher({ allowPrivate: true });
      tts = await startTtsServer();
    });
    after(async () => {
      await tts.close();
      await fetcher.close();
    });

    const cfg = (over: Partial<ExternalTtsConfig> = {}): ExternalTtsConfig => ({
      baseUrl: tts.baseUrl,
      apiKey: 'sk-test',
      model: 'kokoro',
      voices: [{ name: 'bm_george', language: 'english', gender: 'male' }],
      timeoutMs: 5000,
      retries: 2,
      onFailure: 'fail',
      ...over,
    });
    const enginesFor = (c: ExternalTtsConfig): SpeechEngines => {
      const voices = externalVoiceSpecs(c);
      return { espeak, external: new ExternalEngine(c, fetcher, espeak, { backoffMs: () => 10, coolDownMs: 0 }), voices: (id) => voices.find((v) => v.voiceId === id) };
    };

    it('speaks each sentence through POST /audio/speech; timings come from timingsFor and fall on the voiced audio', async () => {
      tts.requests.length = 0;
      tts.script = ['ok', 'ok-mp3', 'ok'];
      const s = await speak({ sentences, voiceId: 'ext-bm-george', outDir: dir, fileName: 'ext.wav' }, enginesFor(cfg()));
      assert.equal(s.engine, 'external');
      assert.equal(s.fallback, undefined);
      assert.equal(s.sampleRate, 24000);
      assert.equal(tts.requests.length, 3);
      assert.deepEqual({ ...tts.requests[0]!.body }, { model: 'kokoro', input: sentences[0], voice: 'bm_george', response_format: 'wav', speed: 1 });
      assert.equal(tts.requests[0]!.auth, 'Bearer sk-test');
      wellFormed(s, 3);
      const own = await speak({ sentences, voiceId: 'en-us-m1', outDir: dir, fileName: 'ext-ref.wav' }, espeak);
      assert.deepEqual(s.words.map((w) => w.text), own.words.map((w) => w.text), 'the words espeak-ng finds in the same text');
      const energy = new Energy(await readWav(s.wavPath));
      // Each sentence's words start and end on sound (the ends are found, not estimated).
      for (const sent of [0, 1, 2]) {
        const ws = s.words.filter((w) => w.sentence === sent);
        assert.ok(energy.voicedShare(ws[0]!.startMs, ws[0]!.startMs + 40) > 0.5, `sentence ${sent} starts on sound`);
        for (const w of ws) assert.ok(energy.voicedShare(w.startMs, w.endMs) > 0.5, `word "${w.text}" is voiced`);
        assert.ok(energy.voicedShare(s.sentences[sent]!.startMs - 60, s.sentences[sent]!.startMs - 10) < 0.5, `silence before sentence ${sent}`);
      }
    });

    it('retries 5xx answers, and fails clearly on a 4xx or when retries run out (TTS_ON_FAILURE=fail)', async () => {
      tts.requests.length = 0;
      tts.script = [503, 500, 'ok'];
      const s = await speak({ sentences: ['Order yours now!'], voiceId: 'ext-bm-george', outDir: dir, fileName: 'ext-retry.wav' }, enginesFor(cfg()));
      assert.equal(tts.requests.length, 3);
      assert.equal(s.engine, 'external');

      tts.requests.length = 0;
      tts.script = [401];
      await assert.rejects(speak({ sentences: ['Hi there.'], voiceId: 'ext-bm-george', outDir: dir }, enginesFor(cfg())), (e: Error) => e instanceof ExternalSpeechError && /HTTP 401.*boom 401/.test(e.message));
      assert.equal(tts.requests.length, 1, '4xx is not retried');

      tts.requests.length = 0;
      tts.script = [500, 500, 500];
      await assert.rejects(speak({ sentences: ['Hi there.'], voiceId: 'ext-bm-george', outDir: dir }, enginesFor(cfg())), /HTTP 500/);
      assert.equal(tts.requests.length, 3);
    });

    it('wired by TTS_* settings: GET /v1/voices lists the external voice, its audition plays, a custom voice can use it', async () => {
      const srv = await startServer({ env: { TTS_BASE_URL: tts.baseUrl, TTS_VOICES: 'bm_george=english/male', TTS_API_KEY: 'sk-wired' } });
      try {
        const { apiKey } = await srv.account();
        const list = (await srv.call('GET', '/v1/voices?language=english&page_size=100', { key: apiKey })).body.data.voices;
        const ext = list.find((v: any) => v.voice_id === 'ext-bm-george');
        assert.deepEqual([ext?.engine, ext?.gender, ext?.language], ['external', 'male', 'english']);
        tts.requests.length = 0;
        const res = await fetch(ext.audition_url.replace(srv.config.publicBaseUrl, srv.baseUrl));
        assert.equal(res.status, 200);
        assert.ok((await res.arrayBuffer()).byteLength > 5000);
        assert.ok(tts.requests.length >= 1 && tts.requests.every((r) => r.auth === 'Bearer sk-wired' && r.body.voice === 'bm_george'));
        const custom = (await srv.call('POST', '/v1/voices/custom', { key: apiKey, body: { name: 'Lab voice', external_voice: 'lab_1', language: 'german', gender: 'female', speed: 1.1 } })).body;
        assert.equal(custom.code, 0, JSON.stringify(custom));
        assert.equal(custom.data.engine, 'external');
        const spec = await srv.running.services.customVoices.spec(undefined, custom.data.voice_id);
        assert.deepEqual([spec?.engineVoice, spec?.language, spec?.speed, spec?.fallbackVoiceId], ['lab_1', 'german', 1.1, 'de-f1']);
      } finally {
        await srv.close();
      }
    });

    it('a slow server times out; with TTS_ON_FAILURE=fallback the built-in stand-in speaks and the speech says so', async () => {
      tts.requests.length = 0;
      tts.script = ['slow', 'slow'];
      const t0 = Date.now();
      const s = await speak({ sentences: ['Order yours now!'], voiceId: 'ext-bm-george', outDir: dir, fileName: 'ext-fb.wav' }, enginesFor(cfg({ timeoutMs: 600, retries: 1, onFailure: 'fallback' })));
      assert.ok(Date.now() - t0 < 5000);
      assert.equal(tts.requests.length, 2);
      assert.equal(s.voiceId, 'ext-bm-george');
      // The stand-in is the default male English voice: Flite's en-us-rms where flite is installed, else espeak's en-us-m1.
      const standIn = voiceSpec(defaultVoice('english', 'male'))!;
      assert.equal(s.engine, standIn.engine, 'a man: the default male voice stands in');
      assert.match(s.fallback ?? '', new RegExp(`external speech engine failed \\(.*timeout.*\\); the built-in voice ${standIn.voiceId} spoke instead`));
      assert.deepEqual(alignmentProblems(s, new Energy(await readWav(s.wavPath))), []);
    });
  });
});

const voiceOf = (id: string) => voiceSpec(id)!;
