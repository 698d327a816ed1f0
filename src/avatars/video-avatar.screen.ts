/**
 * A clip's screen, read with ffprobe/ffmpeg (the judging is pure: pipeline/avatar/video/screen.ts):
 * alpha when the video stream has an alpha plane (its pix_fmt, or a WebM's ALPHA_MODE tag: VP9's
 * alpha is a side stream ffprobe reports as yuv420p), else green when the border band of 8 frames
 * spread over the clip (one input seek each) is a green screen, else the person's own background.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { greenScreenOf, pixFmtHasAlpha, type ClipScreen, type RgbFrame } from '../pipeline/avatar/video/screen.ts';

const run = promisify(execFile);

/** Frames looked at for a green screen, and their width. */
const SAMPLES = 8;
const SAMPLE_W = 160;

export interface ClipStream { codec: string; pixFmt: string; alphaTag: boolean }

export async function clipStream(file: string): Promise<ClipStream> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,pix_fmt:stream_tags', '-of', 'json', file], { timeout: 20_000 });
  const s = (JSON.parse(stdout) as { streams?: Array<{ codec_name?: string; pix_fmt?: string; tags?: Record<string, string> }> }).streams?.[0];
  const tags = Object.fromEntries(Object.entries(s?.tags ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  return { codec: s?.codec_name ?? '', pixFmt: s?.pix_fmt ?? '', alphaTag: tags['alpha_mode'] === '1' };
}

/** ffmpeg input options that decode a clip's alpha (VP8/VP9 alpha needs libvpx's decoder). */
export const alphaDecoderArgs = (codec: string): string[] => (codec === 'vp9' ? ['-c:v', 'libvpx-vp9'] : codec === 'vp8' ? ['-c:v', 'libvpx'] : []);

export async function detectScreen(file: string, durationS: number, width: number, height: number): Promise<ClipScreen> {
  const st = await clipStream(file);
  if (st.alphaTag || pixFmtHasAlpha(st.pixFmt)) return { kind: 'alpha' };
  const w = SAMPLE_W;
  const h = Math.max(2, Math.round((height * w) / width / 2) * 2);
  // One frame at each of SAMPLES times (an input seek each: the clip is not decoded whole).
  const size = w * h * 3;
  const frames: RgbFrame[] = [];
  for (let k = 0; k < SAMPLES; k++) {
    const at = (durationS * (k + 0.5)) / SAMPLES;
    const { stdout } = await run('ffmpeg', ['-v', 'error', '-ss', at.toFixed(3), '-i', file, '-an', '-vf', `scale=${w}:${h}`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { encoding: 'buffer', maxBuffer: 4 << 20, timeout: 60_000 });
    if (stdout.length >= size) frames.push({ rgb: stdout.subarray(0, size), width: w, height: h });
  }
  const green = greenScreenOf(frames);
  return green ? { kind: 'green', key: green.key } : { kind: 'own' };
}
