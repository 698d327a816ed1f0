/**
 * renderTalkingAvatar: the talking-avatar video — one presenter filling the frame, saying the
 * narration (or lip-moving to the user's recording), with captions when there are some. The
 * background is the avatar's scene, a flat chroma-key green, or nothing at all (a WebM with a
 * real alpha channel). Same painter, pose track and caption layer as the product video; its own
 * plan, because there is no product, no scenes and no overlays.
 */
import './alloc-env.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { buildAvatarTrack, type Viseme } from '../avatar/index.ts';
import { createSourcePainter, isHoldingPresenter, paintAvatarScene, type PresenterSource } from './avatar-adapter.ts';
import { isPhotoPresenter } from '../avatar/photo/index.ts';
import { isVideoPresenter } from '../avatar/video/video.painter.ts';
import { planTalking, talkingLayout, type TalkingPlan } from './talking.plan.ts';
import type { Captions } from '../captions/build.ts';
import { toWebVtt } from '../captions/vtt.ts';
import { STYLE_DEFS } from '../templates/styles.ts';
import type { AspectRatio } from '../templates/types.ts';
import { DEFAULT_FPS, frameCount, frameTimeMs, outputSize } from '../timeline/build.ts';
import type { Script, Speech } from '../types.ts';
import { keySafeLook } from '../avatar/key-safe.ts';
import { checkMp4Audio } from './audio-check.ts';
import { CaptionLayer } from './caption-layer.ts';
import { poseFrame } from './compositor.ts';
import { createFrameSink, frameFormat } from './encoder.ts';
import { ReadbackRelease } from './readback.ts';
import { encodeAlphaWebmArgs, encodeArgs } from './ffmpeg-args.ts';
import { registerFonts } from './fonts.ts';

/** screen_style: 1 the avatar's scene, 2 flat chroma-key green, 3 transparent (WebM with alpha). */
export type ScreenStyle = 'scene' | 'green' | 'transparent';

/** The key colour of screen_style 2: broadcast chroma green (#00B140), far from every skin, hair and outfit colour of the presenters. */
export const CHROMA_GREEN = '#00B140';

export interface TalkingRenderInput {
  /** A public avatar id, a drawn custom presenter, or a photo presenter (screen 'scene' only: it carries its own backdrop). */
  avatarId: PresenterSource;
  /** The voice's timings (phonemes drive the mouth unless `mouth` is given; sentences the nods and blinks). */
  speech: Speech;
  script: Script;
  /** Mouth shapes from a recording (audio-mouth.ts), one a frame; else from speech.phonemes. */
  mouth?: { visemes: Viseme[]; open: Float32Array };
  /** The sound: muxed as it is (AAC in MP4, Opus in WebM). */
  audioPath: string;
  durationMs: number;
  aspectRatio: AspectRatio;
  screen: ScreenStyle;
  captions: Captions | null;
  fps?: number;
  scale?: number;
  seed?: number;
  outDir: string;
  /** Fraction of frames drawn; 1 once every frame is in the encoder (its tail follows). */
  onProgress?: (fraction: number) => void;
  /** Called with the layout before the first frame (figure, captions band, per-frame text and face boxes). */
  onPlan?: (plan: TalkingPlan) => void;
  /** Stops the render between two frames (the encoder is killed): the job was cancelled, timed out or lost. */
  signal?: AbortSignal;
  /** Tests and benches: each frame's pixels as handed to the encoder (freed after the call: copy to keep). */
  onFrame?: (frame: number, pixels: Buffer) => void;
}

export interface TalkingRenderResult {
  videoPath: string;
  coverPath: string;
  vttPath: string | null;
  durationS: number;
  width: number;
  height: number;
  frames: number;
  /** Frame readbacks freed before a GC (readback.ts). */
  readbacksFreed: number;
}

export { talkingLayout, planTalking, type TalkingPlan } from './talking.plan.ts';

export async function renderTalkingAvatar(input: TalkingRenderInput): Promise<TalkingRenderResult> {
  registerFonts();
  const fps = input.fps ?? DEFAULT_FPS;
  const { width, height } = outputSize(input.aspectRatio, input.scale);
  const frames = frameCount(input.durationMs, fps);
  // A photo or video presenter fills the frame like a selfie video, over its own background.
  const person = isHoldingPresenter(input.avatarId) ? input.avatarId.base : input.avatarId;
  const photo = isPhotoPresenter(person) || isVideoPresenter(person);
  const layout = talkingLayout(input.aspectRatio, width, height, photo);
  const track = buildAvatarTrack({ speech: input.speech, script: input.script, fps, durationMs: input.durationMs, seed: input.seed ?? 1, ...(input.mouth ? { mouth: input.mouth } : {}) });
  // On a green screen, no part of the figure may be green enough to be keyed out.
  const size = { width: layout.figure.w, height: layout.figure.h };
  const painter = createSourcePainter(input.avatarId, size, input.screen === 'green' ? { recolor: keySafeLook } : {});
  const style = STYLE_DEFS[0]!;
  const plan = planTalking(painter, track, layout.figure, input.captions ? layout.captions : null, frames, width, height);
  input.onPlan?.(plan);
  const captions = input.captions ? new CaptionLayer(input.captions, plan.captions, style) : null;

  await fs.mkdir(input.outDir, { recursive: true });
  const alpha = input.screen === 'transparent';
  const videoPath = path.join(input.outDir, alpha ? 'video.webm' : 'video.mp4');
  const coverPath = path.join(input.outDir, 'cover.jpg');
  const vttPath = input.captions ? path.join(input.outDir, 'captions.vtt') : null;

  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  let base: Canvas | null = null;
  // A cut-out video presenter (green screen keyed, or alpha) stands on its scene like a drawn one.
  const cutout = isVideoPresenter(person) && !!person.cutout;
  if (input.screen === 'scene' && (!photo || cutout)) {
    base = createCanvas(width, height);
    paintAvatarScene(base.getContext('2d'), input.avatarId, width, height);
  }
  const settings = { width, height, fps, frames, audioPath: input.audioPath, outPath: videoPath };
  // MP4: yuv420p made here (yuv.ts); the transparent WebM keeps its alpha, so RGBA for ffmpeg's yuva420p.
  const format = alpha ? null : frameFormat(width, height);
  const encoder = alpha ? createFrameSink(encodeAlphaWebmArgs(settings)) : createFrameSink(encodeArgs({ ...settings, pixFmt: format!.pixFmt }), { yuv: format!.yuv });
  // A readback is freed once the next one replaced it and the sink converted it (readback.ts; not the alpha WebM's sink, which holds them).
  const readbacks = new ReadbackRelease(!encoder.holdsFrames);
  const coverAt = Math.min(frames - 1, Math.round(fps));
  let cover: Promise<unknown> | null = null;
  let lastKey: string | null = null;
  let pixels: Buffer = Buffer.alloc(0);
  try {
    const step = Math.max(1, Math.floor(frames / 100));
    for (let f = 0; f < frames; f++) {
      input.signal?.throwIfAborted();
      const t = frameTimeMs(f, fps);
      // Posed on twos, like the product video's presenter: a frame whose pose and captions did not change is not drawn again.
      const pose = poseFrame(f);
      const key = `${pose}|${captions?.stateKey(t) ?? ''}`;
      if (lastKey !== key) {
        if (base) ctx.drawImage(base, 0, 0);
        else if (alpha || (photo && !cutout)) ctx.clearRect(0, 0, width, height);
        else {
          ctx.fillStyle = CHROMA_GREEN;
          ctx.fillRect(0, 0, width, height);
        }
        // Painted whole, straight onto the frame: the product video's still-pass sprite
        // (figure-sprite.ts) was measured here and loses on a figure as large as the frame
        // (docs/rendering.md "Talking videos: readbacks freed, no figure sprite").
        painter.draw(ctx, track.poseAt(pose), layout.figure.x, layout.figure.y);
        captions?.draw(ctx, t);
        // With alpha, straight (not premultiplied) RGBA is what ffmpeg's rgba input means.
        pixels = alpha ? Buffer.from(ctx.getImageData(0, 0, width, height).data.buffer) : canvas.data();
        lastKey = key;
      }
      if (f === coverAt) {
        const raw = sharp(pixels, { raw: { width, height, channels: 4 } });
        cover = (alpha ? raw.flatten({ background: '#ffffff' }) : raw.removeAlpha()).jpeg({ quality: 86 }).toFile(coverPath);
        readbacks.keep(pixels, cover);
      }
      input.onFrame?.(f, pixels);
      await encoder.write(pixels);
      readbacks.next(pixels);
      if (input.onProgress && f % step === 0) input.onProgress(f / frames);
    }
    // Every frame drawn and handed over: what follows is the encoder's tail.
    input.onProgress?.(1);
    await encoder.finish();
    await cover;
  } catch (err) {
    encoder.abort();
    await cover?.catch(() => undefined);
    throw err;
  }
  if (!alpha) await checkMp4Audio({ videoPath, mixPath: input.audioPath, durationS: frames / fps });
  if (vttPath && input.captions) await fs.writeFile(vttPath, toWebVtt(input.captions));
  return { videoPath, coverPath, vttPath, durationS: frames / fps, width, height, frames, readbacksFreed: readbacks.freed };
}
