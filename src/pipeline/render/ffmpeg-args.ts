/**
 * ffmpeg command lines as data (pure, tested as data). The renderer pipes raw frames into libx264
 * and muxes the narration as AAC: yuv420p made on the Node side (yuv.ts, libyuv, BT.601 limited
 * range), or RGBA (what @napi-rs/canvas's canvas.data() gives; frames are opaque, so
 * premultiplied equals straight) which ffmpeg converts with the same BT.601 matrix when libyuv is
 * missing. Every H.264 is tagged BT.601 (smpte170m matrix; sRGB's BT.709 primaries and transfer).
 */
import type { FramePixFmt } from './yuv.ts';

export interface EncodeSettings {
  preset: string;
  crf: number;
  audioBitrateK: number;
  /** Keyframe interval in frames; 2 x fps when absent. */
  gop?: number;
  /** Extra x264 options (`-x264-params`, `key=value:key=value`); none when absent. */
  x264Params?: string;
}

/**
 * superfast CRF 24, chosen by measurement (bench:encoder; docs/rendering.md "Encoder quality"):
 * the same PSNR-Y and SSIM as veryfast CRF 20 (49.3 against 49.0 dB, SSIM 0.9980 both, on the 15 s
 * sample at 1080x1920) for ~30 % less x264 CPU a frame (10 against 14-15 ms) and no lookahead
 * (ffmpeg ~50 MB smaller), at ~28 % more bitrate. The render is CPU-bound on 2 cores, so the
 * encoder's CPU is the video's time. Slower presets buy quality with 12+ ms more CPU a frame.
 * Two frame threads and no threaded lookahead (`threads=2:sync-lookahead=0`): the same PSNR, SSIM
 * and bitrate (sync-lookahead alone gives the same bytes), no more CPU, x264 ~50 MB smaller
 * (docs/rendering.md "Peak memory"). No B-frames (`bframes=0`): x264 holds no frames back to
 * place them, ~65 MB less at 1080x1920, ~20 % less x264 CPU a frame and +0.4 dB PSNR-Y, for ~12 %
 * more bitrate (bench:encoder, docs/rendering.md "Peak memory").
 */
export const DEFAULT_ENCODE: EncodeSettings = { preset: 'superfast', crf: 24, audioBitrateK: 160, x264Params: 'threads=2:sync-lookahead=0:bframes=0' };

export interface EncodeArgsInput {
  width: number;
  height: number;
  fps: number;
  /** Number of frames that will be written; the output lasts exactly frames / fps. */
  frames: number;
  /** Narration audio; null gives a silent track so players still see audio. */
  audioPath: string | null;
  /** Where the frames come from: 'pipe:0' or a path (a FIFO). */
  input?: string;
  /**
   * Frames come as timed Matroska (mkv-frames.ts), only those that changed: ffmpeg converts each
   * once and its fps filter repeats it until the next one, so the output still has `frames`
   * frames at `fps`. Absent: raw RGBA, every frame sent.
   */
  timed?: boolean;
  /**
   * With `timed`: each frame is kept at its own time, no fps filter (`-fps_mode vfr -r fps`): a
   * frame that did not change is not encoded again, the one before it lasts until the next one
   * (x264 spends ~8-9 CPU ms on a repeated 1080x1920 frame, nearly a moving frame's cost). The
   * file then holds only the frames sent, at variable timing. Default false: constant rate.
   */
  vfr?: boolean;
  /** What the frames are: 'yuv420p' (converted on the Node side, yuv.ts) or 'rgba' (default; ffmpeg converts). */
  pixFmt?: FramePixFmt;
  outPath: string;
  settings?: EncodeSettings;
}

const seconds = (frames: number, fps: number) => (frames / fps).toFixed(6);

/** The video encoder options shared by the renderer and the encode-only baseline. */
export function videoCodecArgs(fps: number, settings: EncodeSettings = DEFAULT_ENCODE): string[] {
  return [
    '-c:v', 'libx264', '-preset', settings.preset, '-crf', String(settings.crf),
    '-pix_fmt', 'yuv420p', '-profile:v', 'high', '-g', String(settings.gop ?? 2 * fps),
    // BT.601's matrix (libyuv has no BT.709 one; docs/rendering.md "Peak memory"), sRGB's primaries and transfer.
    '-colorspace', 'smpte170m', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-color_range', 'tv',
    ...(settings.x264Params ? ['-x264-params', settings.x264Params] : []),
  ];
}

export function rawVideoInputArgs(width: number, height: number, fps: number, input = 'pipe:0', pixFmt: FramePixFmt = 'rgba'): string[] {
  return ['-f', 'rawvideo', '-pix_fmt', pixFmt, '-s', `${width}x${height}`, '-r', String(fps), '-i', input];
}

/** Changed frames only, each with its timestamp (mkv-frames.ts: Matroska, V_UNCOMPRESSED RGBA or I420, named in the stream). */
export function timedVideoInputArgs(input = 'pipe:0'): string[] {
  return ['-f', 'matroska', '-i', input];
}

/**
 * RGBA input: RGB → BT.601 limited-range YUV, the matrix libyuv uses for yuv420p input, so both
 * give the same colours under the same tag; yuv420p input: nothing to convert. With timed input,
 * then the fps filter, which fills each gap with the previous (already converted) frame; with
 * `vfr`, no fps filter: the frames keep their own times.
 */
function videoFilterArgs(fps: number, timed: boolean, pixFmt: FramePixFmt = 'rgba', vfr = false): string[] {
  const parts = [...(pixFmt === 'rgba' ? ['scale=out_color_matrix=bt601:out_range=tv', 'format=yuv420p'] : []), ...(timed && !vfr ? [`fps=${fps}`] : [])];
  // Variable timing: each frame keeps its timestamp, put on the frame grid (-r: a 1/fps time base).
  const vfrArgs = timed && vfr ? ['-fps_mode', 'vfr', '-r', String(fps)] : [];
  return [...(parts.length ? ['-vf', parts.join(',')] : []), ...vfrArgs];
}

const frameInputArgs = (o: { width: number; height: number; fps: number; input?: string; timed?: boolean; pixFmt?: FramePixFmt }): string[] =>
  o.timed ? timedVideoInputArgs(o.input) : rawVideoInputArgs(o.width, o.height, o.fps, o.input, o.pixFmt);

/**
 * The audio half of the mux: the lossless mix (mix.wav) is encoded here, once, padded or cut to
 * the video's length; `gainDb` only when the true-peak check (audio-check.ts) asks for a re-mux.
 */
export function audioEncodeArgs(durationS: string, s: EncodeSettings = DEFAULT_ENCODE, gainDb = 0): string[] {
  const gain = gainDb !== 0 ? `volume=${gainDb.toFixed(2)}dB,` : '';
  return ['-af', `${gain}apad,atrim=0:${durationS}`, '-c:a', 'aac', '-b:a', `${s.audioBitrateK}k`, '-ar', '48000', '-ac', '2'];
}

/** Frames on stdin + narration → MP4 (H.264 + AAC, faststart), audio padded or cut to the video's length. */
export function encodeArgs(o: EncodeArgsInput): string[] {
  const s = o.settings ?? DEFAULT_ENCODE;
  const dur = seconds(o.frames, o.fps);
  const audioIn = o.audioPath ? ['-i', o.audioPath] : ['-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000'];
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    // With two inputs ffmpeg reads each on its own thread, queueing up to 8 packets (8 MB frames
    // here) by default; 2 keeps the overlap and ~20-30 MB less (docs/rendering.md "Peak memory").
    '-thread_queue_size', '2',
    ...frameInputArgs(o),
    ...audioIn,
    '-map', '0:v:0', '-map', '1:a:0',
    ...videoFilterArgs(o.fps, !!o.timed, o.pixFmt, !!o.vfr),
    ...videoCodecArgs(o.fps, s),
    ...audioEncodeArgs(dur, s),
    '-t', dur,
    '-movflags', '+faststart',
    o.outPath,
  ];
}

/**
 * Frames on stdin (straight RGBA with a real alpha channel) + audio → WebM: VP9 in yuva420p (the
 * alpha is coded as VP9's alpha plane) and Opus, padded or cut to the video's length. Realtime
 * deadline at the fastest speed: VP9 is far slower than x264, and the transparent videos of the
 * talking-avatar kind are mostly flat (one figure on nothing).
 */
export function encodeAlphaWebmArgs(o: EncodeArgsInput): string[] {
  const dur = seconds(o.frames, o.fps);
  const audioIn = o.audioPath ? ['-i', o.audioPath] : ['-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000'];
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    ...rawVideoInputArgs(o.width, o.height, o.fps, o.input),
    ...audioIn,
    '-map', '0:v:0', '-map', '1:a:0',
    '-vf', 'format=yuva420p',
    '-c:v', 'libvpx-vp9', '-pix_fmt', 'yuva420p', '-b:v', '0', '-crf', '34',
    '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1', '-auto-alt-ref', '0', '-g', String(2 * o.fps),
    '-af', `apad,atrim=0:${dur}`, '-c:a', 'libopus', '-b:a', '128k', '-ar', '48000', '-ac', '2',
    '-t', dur,
    '-f', 'webm',
    o.outPath,
  ];
}

/** A finished MP4's video stream kept as it is, its audio encoded again from the lossless mix (with a gain). */
export function remuxAudioArgs(o: { videoPath: string; audioPath: string; durationS: number; gainDb: number; outPath: string; settings?: EncodeSettings }): string[] {
  const dur = o.durationS.toFixed(6);
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    '-i', o.videoPath, '-i', o.audioPath,
    '-map', '0:v:0', '-map', '1:a:0', '-c:v', 'copy',
    ...audioEncodeArgs(dur, o.settings, o.gainDb),
    '-t', dur, '-movflags', '+faststart', '-f', 'mp4',
    o.outPath,
  ];
}

/** The audio of a file through ebur128 (integrated loudness, true peak on stderr), nothing written. */
export function audioMeterArgs(file: string): string[] {
  return ['-i', file, '-map', '0:a:0', '-af', 'ebur128=peak=true', '-f', 'null', '-'];
}

/** The encode-only baseline: the same raw input (in the render's pixel format) and video encoder, no audio, to a file. */
export function baselineEncodeArgs(width: number, height: number, fps: number, outPath: string, settings: EncodeSettings = DEFAULT_ENCODE, pixFmt: FramePixFmt = 'rgba'): string[] {
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    ...rawVideoInputArgs(width, height, fps, 'pipe:0', pixFmt),
    ...videoFilterArgs(fps, false, pixFmt),
    ...videoCodecArgs(fps, settings),
    '-movflags', '+faststart',
    outPath,
  ];
}

export interface DecodeArgsInput {
  path: string;
  /** Where in the clip to start; the clip loops when the scene outlasts it. */
  offsetS: number;
  durationS: number;
  width: number;
  height: number;
  fps: number;
  fit: 'cover' | 'contain';
}

/** A product clip → raw RGBA frames at the output fps and box size, trimmed to the scene. */
export function decodeClipArgs(o: DecodeArgsInput): string[] {
  const scale =
    o.fit === 'cover'
      ? `scale=${o.width}:${o.height}:force_original_aspect_ratio=increase:flags=bilinear,crop=${o.width}:${o.height}`
      : `scale=${o.width}:${o.height}:force_original_aspect_ratio=decrease:flags=bilinear,pad=${o.width}:${o.height}:-1:-1:color=black@0`;
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin',
    '-stream_loop', '-1', '-ss', o.offsetS.toFixed(3), '-i', o.path,
    '-t', o.durationS.toFixed(3), '-an',
    '-vf', `fps=${o.fps},${scale},format=rgba`,
    '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1',
  ];
}

/**
 * One segment of a split render (render-segments.ts): frames on stdin → H.264 only, no audio.
 * x264 starts every output with an IDR frame and its GOPs are closed (no open-gop), and segments
 * are cut at multiples of the keyframe interval, so the joined stream has the keyframes of a
 * one-piece render and each segment decodes on its own. With `timed`, frames come as a one-piece
 * render's do (only those that changed, stamped from the segment's first frame = 0).
 */
export function segmentEncodeArgs(o: Omit<EncodeArgsInput, 'audioPath'>): string[] {
  const s = o.settings ?? DEFAULT_ENCODE;
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    ...frameInputArgs(o),
    ...videoFilterArgs(o.fps, !!o.timed, o.pixFmt),
    ...videoCodecArgs(o.fps, s),
    '-an', '-frames:v', String(o.frames),
    '-f', 'mp4',
    o.outPath,
  ];
}

/**
 * A split render's audio track on its own (while the other segments are still being drawn): the
 * lossless mix encoded once over the whole length, exactly as encodeArgs does for a one-piece
 * render (the same arguments, so the same samples), into an MP4 audio file the join copies.
 */
export function segmentAudioArgs(o: { fps: number; frames: number; audioPath: string | null; outPath: string; settings?: EncodeSettings }): string[] {
  const s = o.settings ?? DEFAULT_ENCODE;
  const dur = seconds(o.frames, o.fps);
  const audioIn = o.audioPath ? ['-i', o.audioPath] : ['-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000'];
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    ...audioIn,
    '-map', '0:a:0', '-vn',
    ...audioEncodeArgs(dur, s),
    '-t', dur,
    '-f', 'mp4',
    o.outPath,
  ];
}

/**
 * The segments joined with the concat demuxer (list file `listPath`) and the audio track from
 * segmentAudioArgs, both copied as they are: one continuous audio track, the samples of a
 * one-piece render (its encoder delay kept in the MP4's edit list).
 */
export function joinSegmentsArgs(o: { listPath: string; fps: number; frames: number; encodedAudioPath: string; outPath: string }): string[] {
  const dur = seconds(o.frames, o.fps);
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    '-f', 'concat', '-safe', '0', '-i', o.listPath,
    '-i', o.encodedAudioPath,
    '-map', '0:v:0', '-map', '1:a:0',
    '-c:v', 'copy', '-c:a', 'copy',
    '-t', dur,
    '-movflags', '+faststart',
    o.outPath,
  ];
}
