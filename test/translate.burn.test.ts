import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { buildCaptions, pageAt } from '../src/pipeline/captions/build.ts';
import { narrate } from '../src/pipeline/narrate.ts';
import { CaptionLayer } from '../src/pipeline/render/caption-layer.ts';
import { registerFonts } from '../src/pipeline/render/fonts.ts';
import { renderTalkingAvatar, type TalkingPlan } from '../src/pipeline/render/render-talking.ts';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { defaultVoice } from '../src/pipeline/speech/voice.catalog.ts';
import { STYLE_DEFS } from '../src/pipeline/templates/styles.ts';
import type { Box } from '../src/pipeline/templates/types.ts';
import { DEFAULT_FPS } from '../src/pipeline/timeline/build.ts';
import { burnBand } from '../src/pipeline/translate/burn-captions.ts';
import { dubVideo, type DubResult } from '../src/pipeline/translate/dub.ts';
import { talkingScript } from '../src/videos/kinds/avatar.kind.ts';

/**
 * Translated videos' burnt-in captions (libass) in the renderer's caption look (issue 27): a
 * talking video rendered for real without captions (9:16, half size, a drawn presenter), re-voiced
 * in German with burnt captions; on decoded frames the captions' ink (what the burn changed) is as
 * high and as wide as the renderer's own CaptionLayer drawing the same page in the same band, and
 * stays off the presenter's face box. Before, libass's FontSize 11 of 288 drew them ~0.7× as high.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-burn-'));

function frameAt(video: string, s: number, w: number, h: number): Buffer {
  return execFileSync('ffmpeg', ['-v', 'error', '-ss', s.toFixed(3), '-i', video, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { maxBuffer: w * h * 4 });
}

/** The box of the pixels that differ by more than 80 (any channel) between two RGB frames. */
function changedBox(a: Buffer, b: Buffer, w: number, h: number): Box | null {
  let x0 = w, y0 = h, x1 = -1, y1 = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      if (Math.max(Math.abs(a[i]! - b[i]!), Math.abs(a[i + 1]! - b[i + 1]!), Math.abs(a[i + 2]! - b[i + 2]!)) <= 80) continue;
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
  return x1 < 0 ? null : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/** The box of the pixels the renderer's caption layer inks (alpha > 128) at tMs. */
function rendererBox(layer: CaptionLayer, w: number, h: number, tMs: number): Box | null {
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  layer.draw(ctx, tMs);
  const d = ctx.getImageData(0, 0, w, h).data;
  let x0 = w, y0 = h, x1 = -1, y1 = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (d[(y * w + x) * 4 + 3]! <= 128) continue;
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
  return x1 < 0 ? null : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

describe('translated videos: burnt-in captions as the renderer draws captions', () => {
  let engine: EspeakProcess;
  let dub: DubResult;
  let source: string;
  let plan: TalkingPlan;
  const W = 540, H = 960;
  before(async () => {
    registerFonts();
    engine = new EspeakProcess();
    const script = talkingScript('Hello and welcome. Today I show you a new lamp for your desk.', 'english');
    const n = await narrate({ script, voiceId: defaultVoice('english', 'female'), musicId: null, workDir: path.join(dir, 'n') }, { engine });
    const r = await renderTalkingAvatar({ avatarId: 5, speech: n.speech, script, audioPath: n.mixedAudioPath, durationMs: n.speech.durationMs + 400, aspectRatio: 0, screen: 'scene', captions: null, scale: 0.5, outDir: path.join(dir, 'r'), onPlan: (p) => (plan = p) });
    source = r.videoPath;
    dub = await dubVideo({ videoPath: source, segments: [{ start: 0.2, end: r.durationS - 0.2, text: 'Guten Tag. Heute zeige ich Ihnen eine neue Lampe.' }], language: 'german', voiceId: 'de-f1', keepOriginal: false, burnCaptions: true, workDir: path.join(dir, 'dub') }, { engine: { espeak: engine } });
  });
  after(async () => {
    await engine?.close();
    if (!process.env.BURN_KEEP) fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`kept ${dir}`);
  });

  it('the burnt captions are as high and as wide as the renderer\'s, in its band, clear of the face', () => {
    const captions = buildCaptions(dub.speech.words, { language: 'german', aspectRatio: 0, sentences: [{ text: 'Guten Tag.' }, { text: 'Heute zeige ich Ihnen eine neue Lampe.' }], sentenceSpans: dub.speech.sentences, mediaEndMs: Math.round(dub.durationS * 1000) });
    const band = burnBand(W, H);
    const layer = new CaptionLayer(captions, band, STYLE_DEFS[0]!);
    let checked = 0;
    for (const page of captions.pages) {
      // The middle of the page's last word: every word is drawn, the highlight settled.
      const last = page.lines.at(-1)!.tokens.at(-1)!;
      const tMs = Math.min(page.endMs - 60, last.startMs + 150);
      if (pageAt(captions, tMs) !== page) continue;
      const burnt = changedBox(frameAt(source, tMs / 1000, W, H), frameAt(dub.videoPath, tMs / 1000, W, H), W, H);
      const drawn = rendererBox(layer, W, H, tMs);
      assert.ok(burnt && drawn, `captions ink at ${tMs} ms`);
      const msg = `page "${page.lines.map((l) => l.text).join(' / ')}" at ${tMs} ms: burnt ${JSON.stringify(burnt)}, renderer ${JSON.stringify(drawn)}`;
      assert.ok(Math.abs(burnt.h / drawn.h - 1) < 0.1, `height: ${msg}`);
      assert.ok(Math.abs(burnt.w / drawn.w - 1) < 0.12, `width: ${msg}`);
      assert.ok(Math.abs(burnt.y + burnt.h / 2 - (drawn.y + drawn.h / 2)) < drawn.h * 0.1, `place: ${msg}`);
      for (let f = Math.round((tMs / 1000) * DEFAULT_FPS) - 2; f <= Math.round((tMs / 1000) * DEFAULT_FPS) + 2; f++) {
        const face = plan.boxesAt(Math.max(0, Math.min(plan.frames - 1, f))).faces[0]!;
        assert.ok(burnt.y > face.y + face.h, `clear of the face ${JSON.stringify(face)}: ${msg}`);
      }
      if (process.env.BURN_KEEP) console.log(msg);
      checked++;
    }
    assert.ok(checked >= 2, `${checked} pages measured`);
  });
});
