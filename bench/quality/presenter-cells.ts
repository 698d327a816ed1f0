/**
 * bench:quality's presenter cells (issue 24): talking-avatar videos with a drawn and a photo
 * presenter in 9:16, 16:9 and 1:1, and template videos with a photo presenter (full and inset),
 * rendered for real (espeak speech, renderTalkingAvatar / renderVideo) and
 * checked frame by frame: no text box may meet a face box (timeline/face-check.ts, the same
 * generic check the product cells get from their timeline). A "video presenter" cell plugs in
 * here with its own PresenterSource.
 */
import { loadImage } from '@napi-rs/canvas';
import path from 'node:path';
import { buildCaptions } from '../../src/pipeline/captions/build.ts';
import { narrate } from '../../src/pipeline/narrate.ts';
import { FacePool, type PhotoPresenter } from '../../src/pipeline/avatar/photo/index.ts';
import type { PresenterSource } from '../../src/pipeline/render/avatar-adapter.ts';
import type { VideoPresenter } from '../../src/pipeline/avatar/video/video.painter.ts';
import { renderTalkingAvatar, type TalkingPlan } from '../../src/pipeline/render/render-talking.ts';
import { talkingCoverage } from '../../src/pipeline/render/talking.plan.ts';
import { timelineCoverage } from '../../src/pipeline/timeline/coverage.ts';
import type { EspeakProcess } from '../../src/pipeline/speech/espeak.client.ts';
import { defaultVoice } from '../../src/pipeline/speech/voice.catalog.ts';
import type { AspectRatio } from '../../src/pipeline/templates/types.ts';
import { ctaHeadViolations, textFaceViolations, timelineFrameBoxes } from '../../src/pipeline/timeline/face-check.ts';
import { layoutViolations, textProductViolations } from '../../src/pipeline/timeline/safety.ts';
import { mediaFaceViolations } from '../../src/pipeline/timeline/media-face.ts';
import { captionsOverProduct } from '../../src/pipeline/timeline/caption-clear.ts';
import type { Timeline } from '../../src/pipeline/timeline/types.ts';
import { renderVideo } from '../../src/pipeline/render/render-video.ts';
import { FIXTURES, writeImage } from './fixtures.ts';
import { runLipSyncCell } from './lip-sync-cell.ts';
import { talkingScript } from '../../src/videos/kinds/avatar.kind.ts';
import { scriptFromOverride } from '../../src/pipeline/script/override.ts';
import { templateFacts, withCallToAction, type TemplatePlan } from '../../src/pipeline/templates/variables.ts';
import { portraitPhoto } from '../../test/support/face-photos.ts';

export interface PresenterCell {
  n: number;
  presenter: 'drawn' | 'photo' | 'video' | 'lip-sync';
  aspect: AspectRatio;
  /** A template video (public template id) instead of a talking-avatar video. */
  templateId?: number;
  /** A template video's image variable left empty (the no-media design); default: the lamp photo. */
  noImage?: boolean;
}

export const PRESENTER_CELLS: PresenterCell[] = [
  { n: 101, presenter: 'drawn', aspect: 0 },
  { n: 102, presenter: 'drawn', aspect: 1 },
  { n: 103, presenter: 'drawn', aspect: 2 },
  { n: 104, presenter: 'photo', aspect: 0 },
  { n: 105, presenter: 'photo', aspect: 1 },
  { n: 106, presenter: 'photo', aspect: 2 },
  // Template videos with a photo presenter: full presenter (5) and the inset card (1).
  { n: 107, presenter: 'photo', aspect: 0, templateId: 5 },
  { n: 108, presenter: 'photo', aspect: 1, templateId: 1 },
  // Talking-avatar videos with a video presenter (a loop of the same portrait with its landmarks:
  // the painter, framing and layout of a video avatar; test/avatar.video.test.ts makes real ones).
  { n: 109, presenter: 'video', aspect: 0 },
  { n: 110, presenter: 'video', aspect: 1 },
  { n: 111, presenter: 'video', aspect: 2 },
  // Template videos with no image variable and a drawn presenter (issue 27: template 2 in 9:16 spent
  // its length with the bottom half an empty field under the captions; template 5 in 16:9 the same
  // on the left two thirds once its title left).
  { n: 112, presenter: 'drawn', aspect: 0, templateId: 2, noImage: true },
  { n: 113, presenter: 'drawn', aspect: 1, templateId: 5, noImage: true },
  // Templates 3 and 5 in 9:16 with no image: the title above the head across the width (it was a
  // three-line column a sixth of the width beside the head).
  { n: 116, presenter: 'drawn', aspect: 0, templateId: 5, noImage: true },
  { n: 117, presenter: 'drawn', aspect: 0, templateId: 3, noImage: true },
  // Lip-sync videos (lip-sync-cell.ts): a 3 s talking clip played back and forth under 6.4 s of new speech.
  { n: 114, presenter: 'lip-sync', aspect: 0 },
  { n: 115, presenter: 'lip-sync', aspect: 1 },
];

const TEXT = 'Hello and welcome. Today I will show you three quick tips for better mornings. First, drink a glass of water. Second, plan your day. Third, take a short walk.';

/** A template video's script variable: a product told in four sentences, the last the call to action. */
const TEMPLATE_TEXT = 'Meet the lamp that follows your day. It gives warm, even light for late work. Dim it with one touch, and charge your phone on its base. Order yours today.';

let photo: Promise<PhotoPresenter> | null = null;
async function photoPresenter(): Promise<PhotoPresenter> {
  photo ??= (async () => {
    const bytes = await portraitPhoto();
    const pool = new FacePool();
    const v = await pool.analyse(bytes);
    await pool.close();
    if (!v.ok) throw new Error(v.reason);
    return { kind: 'photo', photo: await loadImage(bytes), rig: v.rig };
  })();
  return photo;
}

/** A video presenter whose loop is the portrait held still for a second (25 frames, the photo's own landmarks). */
async function videoPresenter(): Promise<VideoPresenter> {
  const p = await photoPresenter();
  const bytes = await portraitPhoto();
  const frames = Array.from({ length: 25 }, () => bytes);
  return { kind: 'video', width: p.rig.width, height: p.rig.height, fps: 25, frames, landmarks: frames.map(() => p.rig.landmarks) };
}

/** Renders one cell; returns its video and the text-face defects of its plan. */
export async function runPresenterCell(cell: PresenterCell, engine: EspeakProcess, workDir: string, scale: number): Promise<{ videoPath: string; durationS: number; fps: number; defects: string[] }> {
  if (cell.presenter === 'lip-sync') return runLipSyncCell(cell.aspect, 'normal_reverse', engine, workDir);
  if (cell.templateId !== undefined) {
    // As the template kind makes it (src/videos/kinds/template.kind.ts): the script variable said as
    // written (scriptFromOverride: its points carry no card), the text variables, the image
    // variable (or none); the template path's renderer and layout step.
    const f = FIXTURES.lamp!;
    const images = cell.noImage ? [] : [await writeImage(path.join(workDir, 'images'), f.images[0]!, 40)];
    const plan = { script: TEMPLATE_TEXT, texts: { title: f.name, brand: f.brand ?? undefined, price: '€89', call_to_action: 'Shop now' }, media: [] } as unknown as TemplatePlan;
    const product = templateFacts(plan, { imagePaths: images, videoPaths: [] }, 'english');
    const script = withCallToAction(scriptFromOverride({ product, style: 'Soft Selling', lengthS: 15, language: 'english', overrideScript: TEMPLATE_TEXT })!, 'Shop now');
    const n = await narrate({ script, voiceId: defaultVoice('english', 'female'), musicId: null, workDir: path.join(workDir, 'narration') }, { engine });
    let timeline: Timeline | null = null;
    const r = await renderVideo(
      { narration: n, product, avatarId: cell.presenter === 'photo' ? await photoPresenter() : 5, templateId: cell.templateId, visualStyle: null, aspectRatio: cell.aspect, caption: true, scale, outDir: path.join(workDir, 'render') },
      { onTimeline: (t) => (timeline = t) },
    );
    const t = timeline as Timeline | null;
    if (!t) throw new Error('the render gave no timeline');
    // A template video with a product image also keeps its captions and its texts off the product
    // shown whole, as a product video does (issue 27 items 1 and 5; #108's captions on the bottle's
    // plate and foot were seen on its sheet but not counted).
    const defects = [...layoutViolations(t).filter((v) => v.startsWith('text-face')), ...mediaFaceViolations(t), ...textFaceViolations(timelineFrameBoxes(t)), ...ctaHeadViolations(timelineFrameBoxes(t)), ...timelineCoverage(t).violations, ...captionsOverProduct(t), ...textProductViolations(t)];
    return { videoPath: r.videoPath, durationS: r.durationS, fps: t.fps, defects };
  }
  const script = talkingScript(TEXT, 'english');
  const n = await narrate({ script, voiceId: defaultVoice('english', 'female'), musicId: null, workDir: path.join(workDir, 'narration') }, { engine });
  const captions = buildCaptions(n.speech.words, { language: 'english', aspectRatio: cell.aspect, sentences: script.sentences, sentenceSpans: n.speech.sentences });
  const source: PresenterSource = cell.presenter === 'photo' ? await photoPresenter() : cell.presenter === 'video' ? await videoPresenter() : 5;
  let plan: TalkingPlan | null = null;
  const r = await renderTalkingAvatar({
    avatarId: source, speech: n.speech, script, audioPath: n.mixedAudioPath, durationMs: n.speech.durationMs + 400, aspectRatio: cell.aspect,
    screen: 'scene', captions, scale, outDir: path.join(workDir, 'render'), onPlan: (p) => (plan = p),
  });
  if (!plan) throw new Error('the render gave no plan');
  const p = plan as TalkingPlan;
  const fps = r.frames / r.durationS;
  // No empty frames: the figure and the captions band cover enough of every frame (timeline/coverage.ts).
  const covered = talkingCoverage({ figure: p.figure, captions: captions ? p.captions : null }, r.width, r.height, fps, r.frames).violations;
  return { videoPath: r.videoPath, durationS: r.durationS, fps, defects: [...textFaceViolations(p), ...covered] };
}

export const presenterLabel = (c: PresenterCell) => `#${c.n} ${c.templateId !== undefined ? `template ${c.templateId}${c.noImage ? ' no image' : ''}` : c.presenter === 'lip-sync' ? 'lip-sync normal_reverse' : 'talking'} ${c.presenter === 'lip-sync' ? '' : `${c.presenter} `}${['9:16', '16:9', '1:1'][c.aspect]}`;
