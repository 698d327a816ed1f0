/**
 * A custom avatar's preview (add_motion's motion_preview_url): the presenter saying one line, a
 * few seconds of MP4 — the voice speaks, the pose track is built from its phonemes as for a
 * video, the painter (drawn or photo) draws each frame, ffmpeg encodes. Files in workDir.
 */
import { createCanvas } from '@napi-rs/canvas';
import path from 'node:path';
import { createFrameSink, frameFormat } from '../render/encoder.ts';
import { encodeArgs } from '../render/ffmpeg-args.ts';
import type { SpeechEngines } from '../speech/engines.ts';
import type { SpeechEngine } from '../speech/espeak.client.ts';
import { speak } from '../speech/speech.service.ts';
import type { Script } from '../types.ts';
import type { AvatarPainter } from './avatar.types.ts';
import { buildAvatarTrack } from './motion.track.ts';

/** The preview's size: the painter given should be made for it. */
export const PREVIEW_SIZE = { width: 540, height: 720 } as const;

export interface TalkingPreviewInput {
  painter: AvatarPainter;
  line: string;
  voiceId: string;
  workDir: string;
  fps?: number;
}

/** Half a second of rest before and after the line. */
const PAD_MS = 500;

export async function renderTalkingPreview(input: TalkingPreviewInput, engine: SpeechEngine | SpeechEngines): Promise<string> {
  const { painter, fps = 25 } = input;
  const { width, height } = painter;
  const spoken = await speak({ sentences: [input.line], voiceId: input.voiceId, outDir: input.workDir }, engine);
  // Shift the timings by the lead-in: the audio is delayed the same in the encode (adelay).
  const shift = <T extends { startMs: number; endMs: number }>(x: T): T => ({ ...x, startMs: x.startMs + PAD_MS, endMs: x.endMs + PAD_MS });
  const speech = { ...spoken, durationMs: spoken.durationMs + 2 * PAD_MS, phonemes: spoken.phonemes.map(shift), words: spoken.words.map(shift), sentences: spoken.sentences.map(shift) };
  const script: Script = {
    language: 'english', style: 'preview', lengthS: 15, text: input.line, source: 'override',
    sentences: [{ text: input.line, cue: { kind: 'intro', imageIndex: null, pointIndex: null, gesture: 'none', overlay: null } }],
  };
  const track = buildAvatarTrack({ speech, script, fps, durationMs: speech.durationMs, seed: 1 });
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const outPath = path.join(input.workDir, 'preview.mp4');
  const { pixFmt, yuv } = frameFormat(width, height);
  const args = encodeArgs({ width, height, fps, frames: track.frameCount, audioPath: spoken.wavPath, outPath, pixFmt });
  // The voice starts after the lead-in: delay it in the audio filter the encoder already has.
  const af = args.indexOf('-af');
  if (af >= 0) args[af + 1] = `adelay=${PAD_MS}:all=1,${args[af + 1]}`;
  const sink = createFrameSink(args, { yuv });
  try {
    for (let f = 0; f < track.frameCount; f++) {
      painter.draw(ctx, track.poseAt(f), 0, 0);
      await sink.write(canvas.data());
    }
    await sink.finish();
  } catch (err) {
    sink.abort();
    throw err;
  }
  return outPath;
}
