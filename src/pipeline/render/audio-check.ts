import fs from 'node:fs/promises';
import { runFfmpeg } from '../mix/ffmpeg.ts';
import { parseEbur128, type Ebur128Summary } from '../mix/mix.args.ts';
import { audioMeterArgs, remuxAudioArgs, type EncodeSettings } from './ffmpeg-args.ts';

/**
 * The last word on the audio of a finished MP4: its true peak, measured on the decoded AAC.
 * The mix is limited to -2 dBTP and band-limited so the encoder's overshoot stays under the
 * -1 dBTP ceiling (docs/narration.md has the figures); should an encode still land over it, the
 * audio is encoded again from the lossless mix, lower by the excess (plus a margin), and the video
 * stream copied — still one lossy encode of the audio.
 */

/** Highest true peak a finished video may have (issue 10: ≤ -1 dBTP; no sample reaches full scale then). */
export const MP4_TRUE_PEAK_MAX_DB = -1;
/** Taken off on top of the excess when an encode has to be redone. */
const REMUX_MARGIN_DB = 0.3;

export interface Mp4AudioCheck {
  measured: Ebur128Summary;
  /** Gain applied in a re-encode (0: the first encode held). */
  gainDb: number;
}

/** Re-encodes tried at most; the encoder's overshoot is not exactly linear in the gain. */
const MAX_REMUXES = 3;

/** Loudness and true peak of a file's (first) audio stream, decoded. */
export async function measureAudio(file: string): Promise<Ebur128Summary> {
  return parseEbur128((await runFfmpeg(audioMeterArgs(file))).stderr);
}

/**
 * `measured`: the same audio stream already measured (a split render measures its audio track
 * before copying it into the MP4, render-segments.ts); otherwise the MP4's audio is measured here.
 */
export async function checkMp4Audio(o: { videoPath: string; mixPath: string | null; durationS: number; settings?: EncodeSettings; measured?: Ebur128Summary }): Promise<Mp4AudioCheck> {
  const measure = measureAudio;
  let measured = o.measured ?? (await measure(o.videoPath));
  let gainDb = 0;
  if (!o.mixPath) return { measured, gainDb };
  const tmp = `${o.videoPath}.remux.mp4`;
  // Each new encode starts from the lossless mix, so the audio is still encoded once.
  for (let i = 0; i < MAX_REMUXES && measured.truePeakDb > MP4_TRUE_PEAK_MAX_DB; i++) {
    gainDb += MP4_TRUE_PEAK_MAX_DB - REMUX_MARGIN_DB - measured.truePeakDb;
    await runFfmpeg(remuxAudioArgs({ videoPath: o.videoPath, audioPath: o.mixPath, durationS: o.durationS, gainDb, outPath: tmp, settings: o.settings }));
    await fs.rename(tmp, o.videoPath);
    measured = await measure(o.videoPath);
  }
  return { measured, gainDb };
}
