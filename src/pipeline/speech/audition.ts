import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AssetCache } from '../../storage/asset-cache.ts';
import { runFfmpeg } from '../mix/ffmpeg.ts';
import { auditionSentences } from './audition.samples.ts';
import { asEngines, type SpeechEngines } from './engines.ts';
import type { SpeechEngine } from './espeak.client.ts';
import { resolveVoice, speak } from './speech.service.ts';
import type { VoiceSpec } from './voice.catalog.ts';

/** MP3 arguments for an audition: mono, the engine's rate, 64 kb/s is plenty for 22 kHz speech. */
export function auditionEncodeArgs(wavPath: string, mp3Path: string): string[] {
  return ['-y', '-loglevel', 'error', '-i', wavPath, '-codec:a', 'libmp3lame', '-b:a', '64k', '-ac', '1', '-f', 'mp3', mp3Path];
}

/**
 * Audition samples, made on first request and kept as files. The file name carries a hash of
 * everything that shapes the sound, so changing a variant or a sample text makes a new file.
 */
export class AuditionCache {
  private readonly files: AssetCache;
  private readonly engines: SpeechEngines;

  constructor(
    engine: SpeechEngine | SpeechEngines,
    private readonly cacheDir: string,
    /** Voices the engine set does not know by itself (an account's custom voices, from the database). */
    private readonly lookup: (voiceId: string) => Promise<VoiceSpec | undefined> = async () => undefined,
  ) {
    this.files = new AssetCache(cacheDir);
    this.engines = asEngines(engine);
  }

  static fileName(voice: VoiceSpec): string {
    const h = crypto
      .createHash('sha256')
      .update(JSON.stringify([voice.engine, voice.engineVoice, voice.espeakVoice, voice.rate, voice.pitch, voice.range, voice.speed, voice.pitchShift, auditionSentences(voice.language)]))
      .digest('hex')
      .slice(0, 10);
    return `${voice.voiceId}-${h}.mp3`;
  }

  /** Path of the voice's MP3 sample, or null for an unknown voice id. */
  async file(voiceId: string): Promise<string | null> {
    const voice = resolveVoice(voiceId, this.engines) ?? (await this.lookup(voiceId));
    if (!voice) return null;
    return this.files.file(AuditionCache.fileName(voice), (target) => this.make(voice, target));
  }

  private async make(voice: VoiceSpec, target: string): Promise<void> {
    const work = await fs.mkdtemp(path.join(this.cacheDir, '.tmp-'));
    try {
      const speech = await speak({ sentences: auditionSentences(voice.language), voiceId: voice.voiceId, outDir: work }, { ...this.engines, voices: (id) => (id === voice.voiceId ? voice : this.engines.voices?.(id)) });
      await runFfmpeg(auditionEncodeArgs(speech.wavPath, target), { timeoutMs: 30_000 });
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }
}
