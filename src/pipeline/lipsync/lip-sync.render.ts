/**
 * The lip-sync stage (no HTTP, no storage): a normalised clip (clip-frames.ts), its landmarks per
 * frame (null where the face is lost: lip-sync.faces.ts), a mouth track for the new audio (one
 * viseme and opening per output frame) → an MP4 as long as the audio, each frame the clip's frame
 * (playback.ts) with its mouth moved to the new speech (mouth-warp.ts), the new audio in place of
 * the old. Frames without a face are the clip's own.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { createCanvas, ImageData } from '@napi-rs/canvas';
import type { Viseme } from '../avatar/avatar.types.ts';
import { warpMouth, type RestMouth } from '../avatar/video/mouth-warp.ts';
import type { Pt } from '../avatar/video/video.track.ts';
import { runFfmpeg } from '../mix/ffmpeg.ts';
import { createFrameSink, frameFormat } from '../render/encoder.ts';
import { encodeArgs } from '../render/ffmpeg-args.ts';
import { ClipFrames } from './clip-frames.ts';
import { clipFrameAt, type PlaybackType } from './playback.ts';
import { pickRestFrame } from './rest-frame.ts';

export interface LipSyncRenderInput {
  /** The normalised clip: `fps`, `width`x`height`, `landmarks.length` frames. */
  clipPath: string;
  width: number;
  height: number;
  fps: number;
  landmarks: ReadonlyArray<Pt[] | null>;
  playback: PlaybackType;
  /** One shape and opening per output frame (at `fps`); the output has `visemes.length` frames. */
  mouth: { visemes: readonly Viseme[]; open: Float32Array };
  /** The new sound (padded or cut to the output's length). */
  audioPath: string;
  outDir: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface LipSyncRenderResult {
  videoPath: string;
  coverPath: string;
  durationS: number;
  frames: number;
  /** Output frames drawn as the clip's own (no face in their clip frame). */
  untouched: number;
}

export async function renderLipSync(input: LipSyncRenderInput): Promise<LipSyncRenderResult> {
  const { width, height, fps } = input;
  const frames = input.mouth.visemes.length;
  await fs.mkdir(input.outDir, { recursive: true });
  const videoPath = path.join(input.outDir, 'video.mp4');
  const { pixFmt, yuv } = frameFormat(width, height);
  const sink = createFrameSink(encodeArgs({ width, height, fps, frames, audioPath: input.audioPath, outPath: videoPath, pixFmt }), { yuv });
  const clip = new ClipFrames(input.clipPath, width, height, fps);
  const src = createCanvas(width, height);
  const sctx = src.getContext('2d');
  const out = createCanvas(width, height);
  const octx = out.getContext('2d');
  // The shut mouth every frame's lips are taken from (rest-frame.ts), read once.
  const restIndex = await pickRestFrame(input.clipPath, width, height, input.landmarks);
  const restCanvas = createCanvas(width, height);
  const restReader = new ClipFrames(input.clipPath, width, height, fps);
  try {
    const px = await restReader.frame(restIndex);
    restCanvas.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(px.buffer, px.byteOffset, px.length), width, height), 0, 0);
  } finally {
    restReader.close();
  }
  const rest: RestMouth = { frame: restCanvas, lm: input.landmarks[restIndex]! };
  let untouched = 0;
  let coverFrame = -1;
  let coverOpen = -1;
  try {
    for (let f = 0; f < frames; f++) {
      input.signal?.throwIfAborted();
      const k = clipFrameAt(input.playback, f, input.landmarks.length);
      const rgba = await clip.frame(k);
      const lm = input.landmarks[k];
      if (!lm) {
        untouched++;
        await sink.write(rgba);
      } else {
        sctx.putImageData(new ImageData(new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length), width, height), 0, 0);
        octx.drawImage(src, 0, 0);
        warpMouth(octx, src, lm, { viseme: input.mouth.visemes[f]!, mouthOpen: input.mouth.open[f]! }, rest);
        await sink.write(out.data());
        // The cover: a frame a little into the video with the mouth about half open.
        const open = input.mouth.open[f]!;
        if (f < fps * 3 && Math.abs(open - 0.5) < Math.abs(coverOpen - 0.5)) {
          coverFrame = f;
          coverOpen = open;
        }
      }
      if (f % 10 === 0) input.onProgress?.(f / frames);
    }
    await sink.finish();
  } catch (err) {
    sink.abort();
    throw err;
  } finally {
    clip.close();
  }
  input.onProgress?.(1);
  const coverPath = path.join(input.outDir, 'cover.jpg');
  const at = Math.max(0, coverFrame) / fps;
  await runFfmpeg(['-loglevel', 'error', '-y', '-ss', at.toFixed(3), '-i', videoPath, '-frames:v', '1', '-q:v', '3', coverPath], { timeoutMs: 60_000 });
  return { videoPath, coverPath, durationS: frames / fps, frames, untouched };
}
