/**
 * Issue 27, bench:quality #45: in a product video the captions sat across the presenter's chest
 * and "Shop now" just above her bun. Two per-frame rules (timeline/face-check.ts): the captions
 * band sits on a calm ground beside a full presenter's figure where a free column in its rows
 * holds it (`captions-presenter`), and the call to action never touches the presenter's head box,
 * hair included (`cta-head`). Every template × ratio × product shape with a presenter; the layouts
 * with no free column are named (docs/rendering.md "Captions", the calm ground).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TEMPLATE_DEFS } from '../src/pipeline/templates/index.ts';
import { captionsPresenterViolations, ctaHeadViolations, timelineFrameBoxes } from '../src/pipeline/timeline/face-check.ts';
import { PROBE_SHAPES, probeTimeline } from './support/probe-timelines.ts';
import type { ImageInfo } from '../src/pipeline/timeline/media-frame.ts';
import { captionsOverProduct } from '../src/pipeline/timeline/caption-clear.ts';
import { layoutViolations } from '../src/pipeline/timeline/safety.ts';

const SHAPES = PROBE_SHAPES;
const timeline = (templateId: number, aspectRatio: 0 | 1 | 2, info: ImageInfo, seconds: number) => probeTimeline(templateId, aspectRatio, info, { seconds });

describe('captions-presenter: a band across the figure is a defect unless it sits on its own ground', () => {
  const body = { x: 100, y: 100, w: 200, h: 600 };
  const src = (ground: boolean) => ({ frames: 3, boxesAt: () => ({ texts: [{ id: 'captions band', box: { x: 50, y: 500, w: 400, h: 100 }, ...(ground ? { ground } : {}) }], faces: [], bodies: [body] }) });
  it('bare: one defect over the 3 frames; on a ground: none', () => {
    assert.equal(captionsPresenterViolations(src(false)).length, 1);
    assert.deepEqual(captionsPresenterViolations(src(true)), []);
  });
});

describe('product videos: captions on a calm ground, the call to action off the head', () => {
  it('every template, ratio and product shape: the call to action never touches the head box; the captions band runs across the presenter only on a ground of its own, never over the face (fails before: #45\'s layout, T3 16:9 packshot, had both; Side by Side, Presenter and Feature Cards 9:16/1:1 had a bare band across the figure)', () => {
    const cta: string[] = [];
    const across: string[] = [];
    const moved: string[] = [];
    const grounded = new Set<string>();
    for (const tpl of TEMPLATE_DEFS)
      for (const ar of [0, 1, 2] as const)
        for (const [shape, info] of Object.entries(SHAPES))
          for (const seconds of [15, 30]) {
            const t = timeline(tpl.id, ar, info, seconds);
            const name = `T${tpl.id} ratio ${ar} ${shape}`;
            const boxes = timelineFrameBoxes(t);
            for (const v of ctaHeadViolations(boxes)) cta.push(`${name} ${seconds}s: ${v}`);
            if (captionsPresenterViolations(boxes).length) across.push(`${name} ${seconds}s`);
            // A band across the figure on its own ground: never over the face zone, and without its ground it is a defect.
            else if (t.captionsGround) {
              grounded.add(name);
              for (const v of layoutViolations(t).filter((x) => x.startsWith('text-face') || x.startsWith('safe-area'))) moved.push(`${name} ${seconds}s: ${v}`);
              if (!captionsPresenterViolations(timelineFrameBoxes({ ...t, captionsGround: false })).length) moved.push(`${name} ${seconds}s: grounded but not across the figure`);
            }
            // A band set beside a full presenter stays clear of the product and the face.
            else if (t.presenter?.frame === 'none')
              for (const v of [...captionsOverProduct(t), ...layoutViolations(t).filter((x) => x.startsWith('text-face') || x.startsWith('safe-area'))]) moved.push(`${name} ${seconds}s: ${v}`);
          }
    assert.deepEqual(cta, []);
    // None: where no free column holds the band beside the figure (Side by Side, Presenter, Feature
    // Cards 9:16 and 1:1: the old CALM_MISSES), its lines cross the torso on a ground of their own.
    assert.deepEqual(across, []);
    assert.deepEqual(moved, []);
    // #45's layout (Feature Cards 16:9) keeps its calm column: its band stands between the figure and the bottle.
    assert.ok(![...grounded].some((n) => n.startsWith('T3 ratio 1 ')));
    // The layouts with no free column (the old CALM_MISSES) take the ground: Side by Side, Presenter, Feature Cards 9:16 and 1:1.
    for (const n of ['T2 ratio 0 wide', 'T2 ratio 1 packshot', 'T2 ratio 2 alpha', 'T3 ratio 0 square', 'T3 ratio 2 alpha', 'T5 ratio 0 wide', 'T5 ratio 1 square', 'T5 ratio 2 packshot']) assert.ok(grounded.has(n), `${n} on a ground`);
  });
});
