import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaLibrary, MusicRecord, VoiceRecord } from '../catalog/catalog.service.ts';
import { mixNarration, type MixOptions, type MixReport } from './mix/mix.ts';
import type { SpeechEngines } from './speech/engines.ts';
import type { SpeechEngine } from './speech/espeak.client.ts';
import { speak } from './speech/speech.service.ts';
import { voiceRecords, type VoiceSpec } from './speech/voice.catalog.ts';
import type { Narration, Script, Speech } from './types.ts';

/**
 * The sound half of a video: script → speech (WAV + engine timings) → mix (voice over a ducked
 * music bed, -14 LUFS, true peak limited). Files land in workDir: speech.wav, timings.json,
 * mix.wav (lossless: the MP4 mux is the one AAC encode). The voice says each sentence's `spoken`
 * form when it has one (a price in words, a Japanese reading), else its text.
 * A video with a set length goes through length/fit-narration.ts, which calls these.
 */

export interface NarrateDeps {
  /** The espeak worker alone, or every engine (Festival, external, extra voices). */
  engine: SpeechEngine | SpeechEngines;
  /**
   * The music bed as a local file with its loudness (the catalog's music library copies it into
   * the work dir); needed only when musicId is not null.
   */
  music?: (musicId: number) => Promise<{ path: string; lufs: number }>;
  mix?: MixOptions;
}

export interface NarrateInput {
  script: Script;
  voiceId: string;
  musicId: number | null;
  workDir: string;
}

export class NarrationError extends Error {}

export async function narrate(input: NarrateInput, deps: NarrateDeps): Promise<Narration> {
  return (await narrateWithReport(input, deps)).narration;
}

/** narrate() plus what the mixer measured (for the CLI, the bench and the tests). */
export async function narrateWithReport(input: NarrateInput, deps: NarrateDeps): Promise<{ narration: Narration; mix: MixReport }> {
  if (input.script.sentences.length === 0) throw new NarrationError('the script has no sentences');
  const speech = await speak({ sentences: spokenSentences(input.script), voiceId: input.voiceId, outDir: input.workDir }, deps.engine);
  return mixSpeech({ ...input, speech }, deps);
}

/** What the voice reads, sentence by sentence. */
export function spokenSentences(script: Script): string[] {
  return script.sentences.map((s) => s.spoken ?? s.text);
}

/** Speech already made → timings.json and mix.wav in workDir. */
export async function mixSpeech(input: NarrateInput & { speech: Speech }, deps: NarrateDeps): Promise<{ narration: Narration; mix: MixReport }> {
  await fs.mkdir(input.workDir, { recursive: true });
  let music: { path: string; lufs: number } | null = null;
  if (input.musicId !== null) {
    if (!deps.music) throw new NarrationError('music requested but no music library given');
    music = await deps.music(input.musicId);
  }
  const { speech } = input;
  await fs.writeFile(path.join(input.workDir, 'timings.json'), timingsJson(speech));
  const mix = await mixNarration({ speech, music, outPath: path.join(input.workDir, 'mix.wav') }, deps.mix);
  return { narration: { script: input.script, speech, mixedAudioPath: mix.outPath, musicId: input.musicId }, mix };
}

/** The timing file: everything in Speech except where the WAV is. */
export function timingsJson(speech: Narration['speech']): string {
  const { wavPath: _wav, ...rest } = speech;
  return `${JSON.stringify({ ...rest, wav: path.basename(speech.wavPath) }, null, 1)}\n`;
}

/** The MediaLibrary the catalog lists voices and music from (CatalogService's dependency). */
export function narrationMediaLibrary(publicBaseUrl: string, musicRecords: readonly MusicRecord[], extraVoices: readonly VoiceSpec[] = []): MediaLibrary {
  // Listed per call: the voice folder's voices register after its scan (speech/models/voice-models.ts).
  const voices = (): readonly VoiceRecord[] => voiceRecords(publicBaseUrl, extraVoices);
  // Served by GET /v1/musics/:id/audio, which renders a track on its first request.
  const musics: readonly MusicRecord[] = musicRecords.map((r) => ({ ...r, music_url: `${publicBaseUrl}/v1/musics/${r.id}/audio` }));
  return { voices, musics: () => musics };
}
