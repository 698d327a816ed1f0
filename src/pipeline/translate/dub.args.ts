/**
 * The ffmpeg command lines of a dub, as data (tested as data): the original sound taken out, and
 * the video put back together with the new sound — its picture copied when nothing changes in it,
 * re-encoded when the last frame is held longer or captions are burnt in.
 */

/** The original's first audio track as 48 kHz stereo 16-bit WAV (the bed), and as 16 kHz mono (what the STT server and the silence check hear). */
export function extractAudioArgs(videoPath: string, bedWav: string, speechWav: string): string[] {
  return ['-loglevel', 'error', '-y', '-i', videoPath, '-map', '0:a:0', '-ar', '48000', '-ac', '2', '-c:a', 'pcm_s16le', bedWav, '-map', '0:a:0', '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', speechWav];
}

export interface MuxPlan {
  videoPath: string;
  audioPath: string;
  outPath: string;
  /** The original's length and the dub's (longer when the speech runs past the end). */
  videoS: number;
  totalS: number;
  /** The source's video codec: copied as it is when it is H.264 and nothing is drawn or held. */
  videoCodec: string;
  /** Captions burnt into the picture (an ASS script in the renderer's caption look: burn-captions.ts), or null. */
  burnAss: string | null;
}

/** Where the renderer's caption fonts are (render/fonts.ts): libass is pointed at the same files. */
export const CAPTION_FONTS_DIR = '/usr/share/fonts/truetype/noto';

/** libass reads a path inside a filter argument: quotes, colons and backslashes escaped. */
export function filterPath(p: string): string {
  return p.replace(/\\/g, '\\\\').replace(/:/g, '\\:').replace(/'/g, "\\'");
}

export function muxArgs(p: MuxPlan): string[] {
  const filters: string[] = [];
  const hold = p.totalS - p.videoS;
  if (hold > 0.02) filters.push(`tpad=stop_mode=clone:stop_duration=${hold.toFixed(3)}`);
  // The script carries its own look and places (the renderer's captions); libass reads the renderer's font files.
  if (p.burnAss) filters.push(`subtitles=filename='${filterPath(p.burnAss)}':fontsdir='${filterPath(CAPTION_FONTS_DIR)}'`);
  const copy = filters.length === 0 && p.videoCodec === 'h264';
  const video = copy ? ['-c:v', 'copy'] : [...(filters.length ? ['-vf', filters.join(',')] : []), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'];
  return [
    '-loglevel', 'error', '-y', '-i', p.videoPath, '-i', p.audioPath,
    '-map', '0:v:0', '-map', '1:a:0', ...video,
    '-c:a', 'aac', '-b:a', '160k', '-ar', '48000', '-ac', '2',
    '-t', p.totalS.toFixed(3), '-movflags', '+faststart', p.outPath,
  ];
}

/** One frame of the dubbed video as its cover. */
export function coverArgs(videoPath: string, atS: number, outPath: string): string[] {
  return ['-loglevel', 'error', '-y', '-ss', atS.toFixed(3), '-i', videoPath, '-frames:v', '1', '-q:v', '3', outPath];
}
