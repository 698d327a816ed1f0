/**
 * Issue 27, bench:quality #107 (template 5 in 9:16, a photo presenter): the product card sat on the
 * presenter's cheek for the whole video and no rule saw it (`text-face` is about text). The rule
 * (media-face.ts): the product card never meets the presenter's face zone in a scene that shows
 * it; the layout moves the presenter away from the card (name-room.ts). Templates 3 and 5 in 9:16
 * had the card on the drawn presenter's face zone too.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { writeBuiltin } from '../src/pipeline/script/builtin.ts';
import { sampleSpeech } from '../src/pipeline/render/sample.ts';
import { buildTimeline } from '../src/pipeline/timeline/index.ts';
import { mediaFaceViolations } from '../src/pipeline/timeline/media-face.ts';
import { presenterFaceBox } from '../src/pipeline/timeline/presenter.ts';
import { faceZone } from '../src/pipeline/timeline/rules.ts';
import { layoutViolations } from '../src/pipeline/timeline/safety.ts';
import { DEMO_PRODUCT_TEXT } from './support/demo-timeline.ts';
import { cell107, PORTRAIT_FACE } from './support/cell107.ts';

const lamp = { width: 1200, height: 1200, alpha: false, plain: true, trim: { x: 0.2, y: 0.08, w: 0.6, h: 0.84 } };
const bottle = { width: 600, height: 1800, alpha: false, plain: true, trim: { x: 0.22, y: 0.06, w: 0.56, h: 0.92 } };

function timeline(templateId: number, aspectRatio: 0 | 1 | 2, image: typeof lamp, presenterFace: typeof PORTRAIT_FACE | null = null) {
  const product = { ...DEMO_PRODUCT_TEXT, imagePaths: ['/x.jpg'] };
  const script = writeBuiltin({ product, style: 'Feature Explainer', lengthS: 15, language: 'english', seed: `${templateId}` });
  const sp = sampleSpeech(script.sentences, 'english');
  return buildTimeline({ script: { ...script, sentences: sp.script.sentences }, speech: sp.speech, product, templateId, hasPresenter: true, presenterFace, visualStyle: null, aspectRatio, caption: true, scale: 0.25, imageInfo: [image] });
}

describe('the product card never against the presenter\'s face', () => {
  it('every template and ratio, drawn presenter, square and tall products: no media-face (fails before: templates 3 and 5 in 9:16)', () => {
    const bad: string[] = [];
    for (const [name, image] of [['lamp', lamp], ['bottle', bottle]] as const)
      for (const templateId of [1, 2, 3, 4, 5, 6])
        for (const aspectRatio of [0, 1, 2] as const) {
          const t = timeline(templateId, aspectRatio, image);
          bad.push(...mediaFaceViolations(t).map((v) => `${name} T${templateId} ${aspectRatio}: ${v}`));
          assert.deepEqual(layoutViolations(t).filter((v) => /^(safe-area|presenter-size|text-face)/.test(v)), [], `${name} T${templateId} ${aspectRatio}`);
        }
    assert.deepEqual(bad, []);
  });

  it('#107: template 5 in 9:16, a template video with the photo presenter (its face from the portrait\'s landmarks), the bench\'s wide lamp photo: the card clear of her face zone, the face whole in the safe area', async () => {
    const t = await cell107();
    assert.equal(t.media?.frame, 'card');
    assert.deepEqual(mediaFaceViolations(t), []);
    assert.deepEqual(layoutViolations(t).filter((v) => /^(safe-area|presenter-size|text-face)/.test(v)), []);
  });

  it('the check sees a card on a face', async () => {
    const t = await cell107();
    const zone = faceZone(presenterFaceBox(t.presenter!));
    const onFace = { ...t, media: { ...t.media!, box: { ...t.media!.box, x: zone.x + zone.w / 2 } } };
    assert.equal(mediaFaceViolations(onFace).length, 1);
    assert.match(mediaFaceViolations(onFace)[0]!, /^media-face: /);
  });
});
