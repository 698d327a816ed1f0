import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { probe } from '../src/media/ffprobe.ts';
import { MusicLibrary, musicKey } from '../src/catalog/music.library.ts';
import { TRACK_PRESETS } from '../src/pipeline/music/presets.ts';
import { renderTrack, TRACK_LUFS } from '../src/pipeline/music/synth.ts';
import { LocalBlobStore } from '../src/storage/blob-store.ts';

const run = promisify(execFile);

/** Mono float samples of a file at `rate` Hz, decoded by ffmpeg. */
async function decode(file: string, rate: number): Promise<Float32Array> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-ac', '1', '-ar', String(rate), '-f', 'f32le', '-'], { encoding: 'buffer', maxBuffer: 1 << 27 });
  const copy = Buffer.from(stdout);
  return new Float32Array(copy.buffer, copy.byteOffset, copy.length / 4);
}

/** Beats a minute from the periodicity of energy onsets (100 frames a second, comb over 1, 2, 4 beats). */
function estimateBpm(x: Float32Array, rate: number): number {
  const hop = Math.round(rate / 100);
  const frames = Math.floor(x.length / hop);
  const energy = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let s = 0;
    for (let i = f * hop; i < (f + 1) * hop; i++) s += x[i]! * x[i]!;
    energy[f] = Math.log(1e-9 + s);
  }
  const onset = new Float64Array(frames);
  for (let f = 1; f < frames; f++) onset[f] = Math.max(0, energy[f]! - energy[f - 1]!);
  const mean = onset.reduce((a, b) => a + b, 0) / frames;
  for (let f = 0; f < frames; f++) onset[f]! -= mean;
  let best = -Infinity;
  let bestBpm = 0;
  for (let bpm = 60; bpm <= 180; bpm += 0.5) {
    const lag = 6000 / bpm;
    let score = 0;
    for (let f = 0; f + 4 * lag < frames; f++) score += onset[f]! * (onset[Math.round(f + lag)]! + onset[Math.round(f + 2 * lag)]! + onset[Math.round(f + 4 * lag)]!);
    if (score > best) [best, bestBpm] = [score, bpm];
  }
  return bestBpm;
}

/** Energy (dB) in octave bands from 60 Hz to 12 kHz, relative to the loudest band: a coarse timbre fingerprint. */
function bandProfile(x: Float32Array, rate: number): number[] {
  const out: number[] = [];
  for (const hz of [60, 120, 250, 500, 1000, 2000, 4000, 8000, 12000]) {
    // RBJ band-pass, one octave wide.
    const w0 = (2 * Math.PI * hz) / rate;
    const alpha = Math.sin(w0) * Math.sinh((Math.LN2 / 2) * 1 * (w0 / Math.sin(w0)));
    const a0 = 1 + alpha;
    const [b0, b2, a1, a2] = [alpha / a0, -alpha / a0, (-2 * Math.cos(w0)) / a0, (1 - alpha) / a0];
    let [x1, x2, y1, y2, sum] = [0, 0, 0, 0, 0];
    for (let i = 0; i < x.length; i++) {
      const y = b0 * x[i]! + b2 * x2 - a1 * y1 - a2 * y2;
      [x2, x1, y2, y1] = [x1, x[i]!, y1, y];
      sum += y * y;
    }
    out.push(10 * Math.log10(sum / x.length + 1e-12));
  }
  const top = Math.max(...out);
  return out.map((v) => v - top);
}

describe('music library', () => {
  let dir: string;
  let lib: MusicLibrary;
  let store: LocalBlobStore;
  let firstPrepare: Awaited<ReturnType<MusicLibrary['prepareAll']>>;
  /** Each track decoded once (mono, 32 kHz). */
  const pcm = new Map<number, Float32Array>();
  const RATE = 32000;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-music-'));
    store = new LocalBlobStore(dir, 'https://reelsmith.example');
    lib = new MusicLibrary(store);
    firstPrepare = await lib.prepareAll();
    for (const p of TRACK_PRESETS) pcm.set(p.id, await decode(store.localPath(musicKey(p.id)), RATE));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lists at least 8 tracks of different moods and tempos, 60-90 s long, with stored URLs', () => {
    const records = lib.records();
    assert.ok(records.length >= 8);
    assert.equal(new Set(records.map((r) => r.id)).size, records.length);
    assert.equal(new Set(TRACK_PRESETS.map((p) => p.mood)).size, TRACK_PRESETS.length, 'one mood each');
    assert.equal(new Set(TRACK_PRESETS.map((p) => p.bpm)).size, TRACK_PRESETS.length, 'one tempo each');
    for (const r of records) {
      assert.deepEqual(Object.keys(r).sort(), ['duration', 'id', 'music_url', 'name']);
      assert.ok(Number.isInteger(r.id) && r.id > 0);
      assert.ok(r.duration >= 60 && r.duration <= 90, `${r.name}: ${r.duration} s`);
      assert.equal(r.music_url, `https://reelsmith.example/files/music/${r.id}.m4a`);
    }
  });

  it('generates every track as AAC that ffprobe decodes, as long as the record says', async () => {
    assert.deepEqual(firstPrepare.generated.sort((a, b) => a - b), TRACK_PRESETS.map((p) => p.id).sort((a, b) => a - b));
    for (const r of lib.records()) {
      const info = await probe(store.localPath(musicKey(r.id)));
      assert.ok(info, `track ${r.id} decodes`);
      assert.equal(info.audio?.codec, 'aac');
      assert.equal(info.video, null);
      assert.ok(Math.abs(info.durationS - r.duration) < 0.15, `track ${r.id}: ${info.durationS} s vs ${r.duration} s`);
      const meta = await lib.meta(r.id);
      assert.ok(meta && Math.abs(meta.lufs - TRACK_LUFS) < 0.5, `track ${r.id} is at ${meta?.lufs} LUFS`);
      assert.ok(meta.peak < 0.9, 'no clipping');
    }
  });

  it('is idempotent: a second start reuses the files', async () => {
    const again = await new MusicLibrary(store).prepareAll();
    assert.deepEqual(again.generated, []);
    assert.equal(again.reused.length, TRACK_PRESETS.length);
    assert.ok(again.ms < firstPrepare.ms / 4, `${again.ms} ms vs ${firstPrepare.ms} ms`);
  });

  it('renders the same samples every time (deterministic synthesis)', () => {
    const p = TRACK_PRESETS.find((x) => x.slug === 'playful-bounce')!;
    const digest = () => {
      const t = renderTrack(p);
      return crypto.createHash('sha256').update(Buffer.from(t.left.buffer)).update(Buffer.from(t.right.buffer)).digest('hex');
    };
    assert.equal(digest(), digest());
  });

  it('renders a track again when its preset changes', async () => {
    const p = TRACK_PRESETS[0]!;
    const other = new LocalBlobStore(path.join(dir, 'other'), 'https://reelsmith.example');
    for (const key of [musicKey(p.id), `music/${p.id}.json`]) {
      fs.mkdirSync(path.dirname(other.localPath(key)), { recursive: true });
      fs.copyFileSync(store.localPath(key), other.localPath(key));
    }
    assert.deepEqual((await new MusicLibrary(other, [p]).prepareAll()).generated, [], 'unchanged preset: reused');
    assert.deepEqual((await new MusicLibrary(other, [{ ...p, bpm: p.bpm + 2 }]).prepareAll()).generated, [p.id]);
  });

  it('the drum-driven tracks really play at their tempo', async () => {
    // Tracks with a kick on the beat; the others (ambient pads, swung or dotted patterns) fool this simple estimator.
    for (const slug of ['upbeat-pop', 'corporate-inspire', 'playful-bounce', 'electronic-drive']) {
      const p = TRACK_PRESETS.find((x) => x.slug === slug)!;
      const bpm = estimateBpm(pcm.get(p.id)!, RATE);
      const ok = [p.bpm, p.bpm / 2, p.bpm * 2].some((t) => Math.abs(bpm - t) / t < 0.02);
      assert.ok(ok, `${slug}: ${p.bpm} BPM written, ${bpm} BPM heard`);
    }
  });

  it('no two tracks sound alike (octave-band energy profiles differ)', () => {
    const profiles = TRACK_PRESETS.map((p) => bandProfile(pcm.get(p.id)!, RATE));
    for (let i = 0; i < profiles.length; i++) {
      for (let j = i + 1; j < profiles.length; j++) {
        const distance = profiles[i]!.reduce((n, v, k) => n + Math.abs(v - profiles[j]![k]!), 0);
        assert.ok(distance > 8, `${TRACK_PRESETS[i]!.slug} vs ${TRACK_PRESETS[j]!.slug}: profiles ${distance.toFixed(1)} dB apart in total`);
      }
    }
  });
});
