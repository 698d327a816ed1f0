import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MusicRecord } from './catalog.service.ts';
import { renderTrackFile } from '../pipeline/music/encode.ts';
import { TRACK_PRESETS } from '../pipeline/music/presets.ts';
import { trackDurationS, type TrackPreset } from '../pipeline/music/synth.ts';
import type { BlobStore } from '../storage/blob-store.ts';

export { encodeTrackArgs } from '../pipeline/music/encode.ts';

/** Stored beside each track: what made it, and what it measures. */
export interface TrackMeta {
  id: number;
  slug: string;
  bpm: number;
  mood: string;
  durationS: number;
  lufs: number;
  peak: number;
  /** Hash of the preset and the synthesizer version that rendered the file. */
  hash: string;
}

/** A track as a local file for one video's mix, with the loudness the mixer needs. */
export interface MusicBed {
  path: string;
  lufs: number;
}

/** Bump when synth.ts changes its output for an unchanged preset. */
const SYNTH_VERSION = 1;

export const musicKey = (id: number) => `music/${id}.m4a`;
const metaKey = (id: number) => `music/${id}.json`;

export function presetHash(p: TrackPreset): string {
  return crypto.createHash('sha256').update(JSON.stringify([SYNTH_VERSION, p])).digest('hex').slice(0, 16);
}

export interface PrepareReport {
  generated: number[];
  reused: number[];
  ms: number;
}

/**
 * The generated music library, kept in the blob store (music/<id>.m4a and its .json). Records
 * are known without rendering (ids, names, durations come from the presets); the files are
 * rendered (by the pipeline's synthesizer, into a scratch file) on first use or by
 * `prepareAll()`, once, and again only when a preset changes. Concurrent requests for one track
 * share the work; a track found fresh is not looked up again by this process.
 */
export class MusicLibrary {
  private readonly inFlight = new Map<number, Promise<TrackMeta>>();
  private readonly fresh = new Map<number, TrackMeta>();

  constructor(
    private readonly store: BlobStore,
    private readonly presets: readonly TrackPreset[] = TRACK_PRESETS,
  ) {}

  records(): MusicRecord[] {
    return this.presets.map((p) => ({
      id: p.id,
      name: `${p.name} (${p.bpm} BPM)`,
      music_url: this.store.publicUrl(musicKey(p.id)),
      duration: Math.round(trackDurationS(p.bpm) * 100) / 100,
    }));
  }

  preset(id: number): TrackPreset | undefined {
    return this.presets.find((p) => p.id === id);
  }

  async meta(id: number): Promise<TrackMeta | null> {
    try {
      return JSON.parse((await this.store.get(metaKey(id))).toString('utf8')) as TrackMeta;
    } catch {
      return null;
    }
  }

  /** The track's storage key, rendering and storing it first if it is missing or stale. */
  async ensure(id: number): Promise<string> {
    await this.ensureMeta(id);
    return musicKey(id);
  }

  /** The track copied into `dir` (a video's work directory) with its loudness, for the mixer. */
  async bed(id: number, dir: string): Promise<MusicBed> {
    const meta = await this.ensureMeta(id);
    const file = path.join(dir, `music-${id}.m4a`);
    await this.store.toFile(musicKey(id), file);
    return { path: file, lufs: meta.lufs };
  }

  /** Renders every missing track, one after another (start-up work must not hog the CPU). */
  async prepareAll(): Promise<PrepareReport> {
    const t0 = performance.now();
    const report: PrepareReport = { generated: [], reused: [], ms: 0 };
    for (const p of this.presets) {
      const fresh = (await this.freshMeta(p)) !== null;
      await this.ensure(p.id);
      (fresh ? report.reused : report.generated).push(p.id);
    }
    report.ms = Math.round(performance.now() - t0);
    return report;
  }

  private ensureMeta(id: number): Promise<TrackMeta> {
    const preset = this.preset(id);
    if (!preset) return Promise.reject(new Error(`unknown music id ${id}`));
    const known = this.fresh.get(id);
    if (known) return Promise.resolve(known);
    let job = this.inFlight.get(id);
    if (!job) {
      job = this.ensurePreset(preset).finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, job);
    }
    return job;
  }

  private async freshMeta(p: TrackPreset): Promise<TrackMeta | null> {
    const meta = await this.meta(p.id);
    if (!meta || meta.hash !== presetHash(p)) return null;
    return (await this.store.stat(musicKey(p.id))) ? meta : null;
  }

  private async ensurePreset(p: TrackPreset): Promise<TrackMeta> {
    const found = await this.freshMeta(p);
    if (found) {
      this.fresh.set(p.id, found);
      return found;
    }
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'reelsmith-music-'));
    let measured;
    try {
      const file = path.join(scratch, 'track.m4a');
      measured = await renderTrackFile(p, file);
      await this.store.putFile(musicKey(p.id), file);
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
    const meta: TrackMeta = {
      id: p.id,
      slug: p.slug,
      bpm: p.bpm,
      mood: p.mood,
      durationS: measured.durationS,
      lufs: Math.round(measured.lufs * 100) / 100,
      peak: Math.round(measured.peak * 1000) / 1000,
      hash: presetHash(p),
    };
    // The meta last: a track whose meta is written is whole.
    await this.store.put(metaKey(p.id), Buffer.from(JSON.stringify(meta, null, 2)));
    this.fresh.set(p.id, meta);
    return meta;
  }
}
