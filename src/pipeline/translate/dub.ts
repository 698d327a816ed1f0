import fs from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '../../catalog/languages.ts';
import { unlessAborted } from '../../lib/abort.ts';
import { probe } from '../../media/ffprobe.ts';
import { buildCaptions, type Captions } from '../captions/build.ts';
import { toWebVtt } from '../captions/vtt.ts';
import { runFfmpeg } from '../mix/ffmpeg.ts';
import { integratedLoudness } from '../mix/loudness.ts';
import { mixNarration } from '../mix/mix.ts';
import { splitSentences } from '../script/split.ts';
import type { SpeechEngines } from '../speech/engines.ts';
import { speak } from '../speech/speech.service.ts';
import { readWav, writeWav } from '../speech/wav.ts';
import type { Speech, WordTiming } from '../types.ts';
import { coverArgs, extractAudioArgs, muxArgs } from './dub.args.ts';
import { burnCaptionsAss } from './burn-captions.ts';
import { dubbedLengthS, MAX_RATE, placeSegments, rateFor, type Placement } from './dub.plan.ts';
import type { TimedSegment } from './stt.client.ts';

/**
 * A video re-voiced in another language: each translated segment spoken by the target voice,
 * fitted to its time (dub.plan.ts), laid on one speech track; the original sound replaced by it,
 * or kept under it as a ducked bed (the narration mixer, the original in the music's place);
 * captions of the new words timed by the engine's own word timings (espeak-ng's, or the forced
 * aligner's for an external voice: speech.service); burnt in when asked, always as WebVTT.
 * Files only: the caller fetched the video and stores the results.
 */
export interface DubInput {
  /** The original video, a local file. */
  videoPath: string;
  /** The translated segments, at the original's times. */
  segments: readonly TimedSegment[];
  language: Language;
  voiceId: string;
  /** Keep the original sound, ducked, under the new speech. */
  keepOriginal: boolean;
  /** Burn the captions into the picture (the WebVTT is made either way). */
  burnCaptions: boolean;
  workDir: string;
  onProgress?: (fraction: number) => void;
  /** A cancelled job: stops between segments and kills the running ffmpeg. */
  signal?: AbortSignal;
}

export interface DubResult {
  videoPath: string;
  coverPath: string;
  vttPath: string;
  durationS: number;
  /** The new speech, timed (words shifted to where they are in the video). */
  speech: Speech;
  placements: Placement[];
  /** The rate each segment was said at (1 … MAX_RATE). */
  rates: number[];
  text: string;
}

export class DubError extends Error {}

/** Speaks one segment, faster when it does not fit its time (one correction after measuring). */
async function speakSegment(text: string, slotS: number, i: number, input: DubInput, engines: SpeechEngines): Promise<{ speech: Speech; rate: number }> {
  const sentences = splitSentences(text, input.language);
  const outDir = path.join(input.workDir, 'segments');
  const say = (rate: number) => speak({ sentences: sentences.length ? sentences : [text], voiceId: input.voiceId, outDir, fileName: `seg-${i}.wav`, rateScale: rate }, engines);
  let speech = await say(1);
  let rate = rateFor(spokenS(speech), slotS);
  if (rate > 1) {
    input.signal?.throwIfAborted();
    speech = await say(rate);
    // The engine's rate is not exactly proportional: one more step when still more than 3 % over.
    const over = spokenS(speech) / slotS;
    if (over > 1.03 && rate < MAX_RATE) {
      rate = Math.min(MAX_RATE, rate * over);
      input.signal?.throwIfAborted();
      speech = await say(rate);
    }
  }
  return { speech, rate };
}

/** Seconds from the start of a segment's WAV to the end of its last word (the engine's trailing pause is not speech). */
function spokenS(s: Speech): number {
  const last = s.words[s.words.length - 1];
  return (last ? last.endMs : s.durationMs) / 1000;
}

export async function dubVideo(input: DubInput, deps: { engine: SpeechEngines }): Promise<DubResult> {
  const info = await probe(input.videoPath);
  if (!info?.video) throw new DubError('the video has no picture');
  await fs.mkdir(input.workDir, { recursive: true });
  const report = input.onProgress ?? (() => {});

  // 1. Each segment spoken and fitted.
  const spoken: { speech: Speech; rate: number }[] = [];
  for (const [i, s] of input.segments.entries()) {
    input.signal?.throwIfAborted();
    // A segment being spoken cannot be interrupted; a cancel does not wait for it (docs/translation.md).
    spoken.push(await unlessAborted(speakSegment(s.text, s.end - s.start, i, input, deps.engine), input.signal));
    report((0.6 * (i + 1)) / input.segments.length);
  }
  const placements = placeSegments(input.segments, spoken.map((x) => spokenS(x.speech)));
  const totalS = dubbedLengthS(info.durationS, placements);

  // 2. One speech track: every segment's samples at its place; words, phonemes and sentences shifted with them.
  const wavs = await Promise.all(spoken.map((x) => readWav(x.speech.wavPath)));
  const rate = wavs[0]?.sampleRate ?? 22_050;
  if (wavs.some((w) => w.sampleRate !== rate || w.channels !== 1)) throw new DubError('the voice spoke segments at different sample rates');
  const track = new Int16Array(Math.ceil(totalS * rate));
  const speech: Speech = { wavPath: path.join(input.workDir, 'speech.wav'), sampleRate: rate, durationMs: Math.round(totalS * 1000), voiceId: input.voiceId, words: [], phonemes: [], sentences: [] };
  const sentenceTexts: string[] = [];
  wavs.forEach((w, i) => {
    const at = Math.round(placements[i]!.start * rate);
    const n = Math.min(w.samples.length, track.length - at);
    track.set(w.samples.subarray(0, n), at);
    const offMs = Math.round(placements[i]!.start * 1000);
    const s = spoken[i]!.speech;
    const base = sentenceTexts.length;
    speech.words.push(...s.words.map((x): WordTiming => ({ ...x, startMs: x.startMs + offMs, endMs: x.endMs + offMs, sentence: x.sentence + base })));
    speech.phonemes.push(...s.phonemes.map((x) => ({ ...x, startMs: x.startMs + offMs, endMs: x.endMs + offMs })));
    speech.sentences.push(...s.sentences.map((x) => ({ startMs: x.startMs + offMs, endMs: x.endMs + offMs })));
    const texts = splitSentences(input.segments[i]!.text, input.language);
    sentenceTexts.push(...(texts.length ? texts : [input.segments[i]!.text]));
  });
  await writeWav(speech.wavPath, [Buffer.from(track.buffer, track.byteOffset, track.byteLength)], rate);
  report(0.65);

  // 3. The sound: the new speech alone, or over the original ducked under it (loudness-normalised either way).
  let bed: { path: string; lufs: number } | null = null;
  if (input.keepOriginal && info.audio) {
    const bedWav = path.join(input.workDir, 'original.wav');
    await runFfmpeg(extractAudioArgs(input.videoPath, bedWav, path.join(input.workDir, 'original-16k.wav')), { timeoutMs: 300_000, signal: input.signal });
    const w = await readWav(bedWav);
    const left = new Int16Array(w.samples.length / 2);
    const right = new Int16Array(w.samples.length / 2);
    for (let k = 0; k < left.length; k++) {
      left[k] = w.samples[2 * k]!;
      right[k] = w.samples[2 * k + 1]!;
    }
    const lufs = integratedLoudness([left, right], w.sampleRate, 1 / 32768);
    if (Number.isFinite(lufs)) bed = { path: bedWav, lufs };
  }
  input.signal?.throwIfAborted();
  const mixPath = path.join(input.workDir, 'mix.wav');
  await mixNarration({ speech, music: bed, outPath: mixPath }, { totalS, fadeInS: 0.2, fadeOutS: 0.5, signal: input.signal });
  report(0.75);

  // 4. Captions of the new words.
  const portrait = info.video.height > info.video.width;
  const square = info.video.height === info.video.width;
  const captions = buildCaptions(speech.words, { language: input.language, aspectRatio: portrait ? 0 : square ? 2 : 1, sentences: sentenceTexts.map((text) => ({ text })), sentenceSpans: speech.sentences, mediaEndMs: Math.round(totalS * 1000) });
  const vttPath = path.join(input.workDir, 'captions.vtt');
  await fs.writeFile(vttPath, toWebVtt(captions));
  let burn: string | null = null;
  if (input.burnCaptions) {
    burn = path.join(input.workDir, 'captions.ass');
    await fs.writeFile(burn, burnCaptionsAss(captions, info.video.width, info.video.height));
  }

  // 5. The picture with the new sound.
  const videoPath = path.join(input.workDir, 'video.mp4');
  await runFfmpeg(muxArgs({ videoPath: input.videoPath, audioPath: mixPath, outPath: videoPath, videoS: info.durationS, totalS, videoCodec: info.video.codec, burnAss: burn }), { timeoutMs: 1_800_000, signal: input.signal });
  const coverPath = path.join(input.workDir, 'cover.jpg');
  await runFfmpeg(coverArgs(videoPath, Math.min(1, totalS / 2), coverPath), { timeoutMs: 60_000, signal: input.signal });
  report(1);
  return { videoPath, coverPath, vttPath, durationS: totalS, speech, placements, rates: spoken.map((x) => x.rate), text: input.segments.map((s) => s.text).join(' ') };
}

