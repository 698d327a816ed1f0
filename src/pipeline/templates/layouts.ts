/**
 * Scene layouts of the public templates (ids as in catalog.data.ts PUBLIC_TEMPLATES), one per
 * aspect ratio (0: 9:16, 1: 16:9, 2: 1:1). Pure data: boxes are fractions of the frame.
 * Text slots, captions and the presenter's face sit inside the platform safe area
 * (safe-area.ts); media, scene panels and full presenters' boxes may bleed past the frame edges
 * (a presenter box bigger than the frame frames the figure closer).
 */
import type { Box, ShapeRule, TemplateDef, TemplateLayout, TextSlot, SceneKind, Enter } from './types.ts';

const b = (x: number, y: number, w: number, h: number): Box => ({ x, y, w, h });
const FULL = b(0, 0, 1, 1);
/** The carousel's shelf: a band of the brand's colour across the frame behind the row of cards (rows y .. y + h). */
const shelf = (y: number, h: number): ShapeRule => ({ role: 'field', box: b(0, y, 1, h), fill: 'accent', alpha: 0.85, radius: 0 });

const NAME: readonly SceneKind[] = ['hook', 'intro'];
const PRICE: readonly SceneKind[] = ['price', 'cta'];
const CTA: readonly SceneKind[] = ['cta'];
const CUE: readonly SceneKind[] = ['point', 'story'];

function slot(box: Box, scenes: readonly SceneKind[], enter: Enter, align: TextSlot['align'] = 'left', fill = 0.62): TextSlot {
  return { box, scenes, enter, align, fill };
}

type Slots = TemplateLayout['slots'];
function slots(name: Box, price: Box, cue: Box, cta: Box, align: TextSlot['align'] = 'left'): Slots {
  return {
    name: slot(name, NAME, 'rise', align, 0.6),
    price: slot(price, PRICE, 'pop', align, 0.6),
    cue: slot(cue, CUE, 'slide', align, 0.58),
    cta: slot(cta, CTA, 'pop', 'center', 0.5),
  };
}

/** 1 Spotlight: the product fills the frame, the presenter talks from an inset card. */
const presenterInset: TemplateDef = {
  id: 1,
  layout: 'presenter_inset',
  defaultStyle: 'Clean Minimal',
  ratios: {
    0: {
      background: 'style',
      media: { box: FULL, radius: 0, frame: 'none', show: 'always', motion: 'kenburns', stage: b(0.04, 0.2, 0.85, 0.47) , clearOfCaptions: true },
      presenter: { box: b(0.6, 0.1, 0.28, 0.26), frame: 'card', panel: b(0.6, 0.1, 0.28, 0.26) },
      captions: b(0.05, 0.68, 0.83, 0.12),
      slots: slots(b(0.05, 0.11, 0.53, 0.07), b(0.05, 0.11, 0.53, 0.065), b(0.05, 0.2, 0.53, 0.06), b(0.05, 0.2, 0.53, 0.07)),
      // Every image shown whole (the README demo's lamp): the product stands on the lower half, into
      // the strip under the safe area, the captions above it under a card 1 % shorter (room for a
      // cut-out at its 30 % share and the band's cap height; docs/rendering.md "The lamp is the hero").
      floorProduct: {
        background: 'style',
        media: { box: FULL, radius: 0, frame: 'none', show: 'always', motion: 'kenburns', stage: b(0.04, 0.48, 0.85, 0.47), clearOfCaptions: true },
        presenter: { box: b(0.6, 0.1, 0.28, 0.25), frame: 'card', panel: b(0.6, 0.1, 0.28, 0.25) },
        captions: b(0.05, 0.362, 0.83, 0.11),
        slots: slots(b(0.05, 0.11, 0.53, 0.07), b(0.05, 0.11, 0.53, 0.065), b(0.05, 0.2, 0.53, 0.06), b(0.05, 0.2, 0.53, 0.07)),
      },
    },
    1: {
      background: 'style',
      media: { box: FULL, radius: 0, frame: 'none', show: 'always', motion: 'kenburns', stage: b(0.05, 0.22, 0.62, 0.52) , clearOfCaptions: true },
      presenter: { box: b(0.72, 0.43, 0.23, 0.52), frame: 'card', panel: b(0.72, 0.43, 0.23, 0.52) },
      captions: b(0.05, 0.76, 0.62, 0.18),
      slots: slots(b(0.05, 0.06, 0.6, 0.11), b(0.05, 0.19, 0.3, 0.08), b(0.05, 0.19, 0.5, 0.075), b(0.05, 0.28, 0.27, 0.1)),
    },
    2: {
      background: 'style',
      media: { box: FULL, radius: 0, frame: 'none', show: 'always', motion: 'kenburns', stage: b(0.05, 0.22, 0.6, 0.5) , clearOfCaptions: true },
      presenter: { box: b(0.67, 0.53, 0.28, 0.42), frame: 'card', panel: b(0.67, 0.53, 0.28, 0.42) },
      captions: b(0.05, 0.74, 0.59, 0.2),
      slots: slots(b(0.05, 0.06, 0.8, 0.1), b(0.05, 0.18, 0.4, 0.075), b(0.05, 0.18, 0.6, 0.07), b(0.05, 0.27, 0.27, 0.08)),
    },
  },
};

/** 2 Side by Side: presenter and product each own half of the frame. */
const splitScreen: TemplateDef = {
  id: 2,
  layout: 'split_screen',
  defaultStyle: 'Bold Pop',
  ratios: {
    0: {
      background: 'avatar-scene',
      // Rows: the presenter high in the upper 40 % (the seam clears their chin), the captions on a
      // band of their own across the seam, the product's half below it (48-94 %, so a photo's or a
      // square product's middle stays in the safe area; docs/rendering.md "Captions clear of the product").
      media: { box: b(0, 0.48, 1, 0.46), radius: 0, frame: 'none', show: 'always', motion: 'kenburns', clearOfCaptions: true },
      presenter: { box: b(0.4, 0, 0.68, 0.4), frame: 'none', panel: b(0, 0, 1, 0.4) },
      captions: b(0.05, 0.37, 0.83, 0.11),
      shapes: [{ role: 'band', box: b(0, 0.4, 1, 0.08), fill: 'surface', alpha: 0.92, radius: 0 }],
      slots: slots(b(0.05, 0.12, 0.53, 0.07), b(0.05, 0.12, 0.53, 0.065), b(0.05, 0.24, 0.53, 0.06), b(0.05, 0.24, 0.53, 0.07)),
      // A tall product (a bottle) cannot stand large in the lower half: the split turns to columns,
      // the presenter on the left, the product the full height of the right column (55 % of the
      // width, so a 4:9 product reaches 30 %: 32.4 %, 29.2 % in half the width). The captions
      // stay in the presenter's column and a little past it; the product stands beside them the
      // full height, or above them when that holds it larger (clearOfCaptions).
      tallProduct: {
        background: 'avatar-scene',
        media: { box: b(0.45, 0, 0.55, 1), radius: 0, frame: 'none', show: 'always', motion: 'kenburns', stage: b(0.45, 0.08, 0.55, 0.72), clearOfCaptions: true },
        // The figure (20-80 % of the height: the captions under the chin end with the safe area)
        // stands on its panel's bottom, a band under it as under the rows' panel (its ground, the
        // strip under the safe area; docs/rendering.md "A presenter stands").
        presenter: { box: b(0.03, 0.2, 0.4, 0.6), frame: 'none', panel: b(0, 0, 0.45, 0.8) },
        captions: b(0.05, 0.68, 0.5, 0.12),
        shapes: [{ role: 'band', box: b(0, 0.8, 0.45, 0.2), fill: 'surface', alpha: 0.92, radius: 0 }],
        slots: slots(b(0.05, 0.11, 0.42, 0.07), b(0.05, 0.545, 0.42, 0.06), b(0.05, 0.11, 0.42, 0.06), b(0.05, 0.61, 0.42, 0.06)),
      },
    },
    1: {
      background: 'avatar-scene',
      // The captions under the presenter's face, in their half: the product's half stays whole.
      media: { box: b(0.5, 0, 0.5, 1), radius: 0, frame: 'none', show: 'always', motion: 'kenburns', clearOfCaptions: true },
      presenter: { box: b(0.07, 0.1, 0.36, 0.9), frame: 'none', panel: b(0, 0, 0.5, 1) },
      captions: b(0.05, 0.76, 0.42, 0.18),
      slots: slots(b(0.53, 0.06, 0.42, 0.1), b(0.53, 0.18, 0.25, 0.08), b(0.53, 0.06, 0.42, 0.08), b(0.6, 0.6, 0.3, 0.1)),
      // A wide product takes the lower half the frame's width (1920 x 540 px: a 3:1 photo cropped
      // to 85 % of its height), the presenter the upper row's right, texts and captions its left.
      wideProduct: {
        background: 'avatar-scene',
        media: { box: b(0, 0.5, 1, 0.5), radius: 0, frame: 'none', show: 'always', motion: 'kenburns', clearOfCaptions: true },
        presenter: { box: b(0.64, 0.02, 0.25, 0.48), frame: 'none', panel: b(0, 0, 1, 0.5) },
        captions: b(0.05, 0.32, 0.55, 0.17),
        slots: slots(b(0.05, 0.05, 0.5, 0.13), b(0.05, 0.2, 0.2, 0.07), b(0.05, 0.2, 0.5, 0.08), b(0.05, 0.28, 0.25, 0.07)),
      },
    },
    2: {
      background: 'avatar-scene',
      // The captions from the presenter's half into the product's: a product shown whole stands
      // above them, or beside them the full height when it is tall (clearOfCaptions).
      media: { box: b(0.42, 0, 0.58, 1), radius: 0, frame: 'none', show: 'always', motion: 'kenburns', clearOfCaptions: true },
      presenter: { box: b(0.03, 0.34, 0.36, 0.66), frame: 'none', panel: b(0, 0, 0.42, 1) },
      captions: b(0.05, 0.75, 0.55, 0.19),
      slots: slots(b(0.45, 0.06, 0.5, 0.09), b(0.45, 0.17, 0.3, 0.07), b(0.45, 0.06, 0.5, 0.08), b(0.5, 0.56, 0.42, 0.09)),
      // A wide product (a 3:1 sofa) in the 58 % column panned a third of itself at a time: it
      // takes the lower row the frame's width instead (1080 x 400 px: a 3:1 photo cropped to 90 %
      // of its width, its subject whole), the presenter and the texts share the upper row, the
      // captions on a band of their own across the seam (as in 9:16's rows).
      wideProduct: {
        background: 'avatar-scene',
        media: { box: b(0, 0.63, 1, 0.37), radius: 0, frame: 'none', show: 'always', motion: 'kenburns', clearOfCaptions: true },
        presenter: { box: b(0.52, 0.02, 0.45, 0.5), frame: 'none', panel: b(0, 0, 1, 0.52) },
        captions: b(0.05, 0.46, 0.9, 0.17),
        shapes: [{ role: 'band', box: b(0, 0.52, 1, 0.11), fill: 'surface', alpha: 0.92, radius: 0 }],
        slots: slots(b(0.05, 0.07, 0.45, 0.14), b(0.05, 0.24, 0.25, 0.07), b(0.05, 0.24, 0.45, 0.08), b(0.05, 0.34, 0.35, 0.08)),
      },
    },
  },
};

/**
 * A wide product (isWideImage: a sofa) beside a presenter in their scene (Feature Cards, Presenter):
 * in the layout's card (0.36-0.54 of the width) it panned 19-50 % of itself at a time. A wide card
 * shows it nearly whole at the presenter-led share (20 %, docs/rendering.md): 9:16, the card the
 * frame's width low in the frame (1080 x 386 px at 62-82 %, 2.8:1: a 3:1 photo 93 % in view,
 * 20.1 % of the frame) in front of the presenter's waist, the presenter smaller at the top left
 * (a face 16 % of the height), title and cards at their right, the captions across their chest;
 * 16:9, the presenter at the left, the card from their shoulder to the frame's edge (1114 x 410,
 * 2.7:1: 91 %, 22 %), price and call to action under it; 1:1, the presenter higher and smaller,
 * the card nearly the frame's width in front of their waist (1015 x 356, 2.85:1: 95 %, 31 %),
 * texts right of the face. A figure is as tall as its box: it ends behind the card, never in view.
 */
function wideBeside(ratio: 0 | 1 | 2, show: 'always' | 'image-cues'): TemplateLayout {
  const media = (box: Box, radius: number) => ({ box, radius, frame: 'card' as const, show, motion: 'kenburns' as const, clearOfCaptions: true });
  if (ratio === 0)
    return {
      background: 'avatar-scene',
      media: media(b(0, 0.62, 1, 0.201), 0),
      presenter: { box: b(-0.13, 0.02, 0.6, 0.61), frame: 'none', panel: FULL },
      captions: b(0.05, 0.385, 0.83, 0.11),
      slots: {
        name: slot(b(0.34, 0.12, 0.54, 0.1), NAME, 'rise'),
        price: slot(b(0.4, 0.52, 0.44, 0.07), PRICE, 'pop', 'center'),
        cue: slot(b(0.34, 0.12, 0.54, 0.16), CUE, 'slide', 'left', 0.6),
        cta: slot(b(0.34, 0.29, 0.54, 0.08), CTA, 'pop', 'center', 0.5),
      },
    };
  if (ratio === 1)
    return {
      background: 'avatar-scene',
      media: media(b(0.4, 0.2, 0.58, 0.38), 0.03),
      presenter: { box: b(0.06, 0.1, 0.38, 0.9), frame: 'none', panel: FULL },
      captions: b(0.05, 0.8, 0.9, 0.14),
      slots: {
        name: slot(b(0.42, 0.05, 0.53, 0.1), NAME, 'rise'),
        price: slot(b(0.42, 0.63, 0.24, 0.08), PRICE, 'pop', 'center'),
        cue: slot(b(0.42, 0.62, 0.53, 0.1), CUE, 'slide', 'left', 0.5),
        cta: slot(b(0.68, 0.63, 0.27, 0.1), CTA, 'pop', 'center', 0.45),
      },
    };
  return {
    background: 'avatar-scene',
    media: media(b(0.03, 0.43, 0.94, 0.33), 0.03),
    presenter: { box: b(0.03, -0.04, 0.48, 0.8), frame: 'none', panel: FULL },
    captions: b(0.05, 0.77, 0.9, 0.17),
    slots: {
      name: slot(b(0.5, 0.06, 0.45, 0.12), NAME, 'rise'),
      price: slot(b(0.55, 0.3, 0.4, 0.065), PRICE, 'pop', 'center'),
      cue: slot(b(0.5, 0.2, 0.45, 0.12), CUE, 'slide', 'left', 0.42),
      cta: slot(b(0.5, 0.2, 0.45, 0.1), CTA, 'pop', 'center', 0.48),
    },
  };
}

/** 3 Feature Cards: the presenter in their scene, a floating product card, one card per selling point. */
const productCards: TemplateDef = {
  id: 3,
  layout: 'product_cards',
  defaultStyle: 'Warm Lifestyle',
  ratios: {
    0: {
      background: 'avatar-scene',
      media: { box: b(0.41, 0.26, 0.54, 0.4), radius: 0.03, frame: 'card', show: 'always', motion: 'kenburns' , clearOfCaptions: true },
      presenter: { box: b(0.05, 0.16, 0.6, 0.84), frame: 'none', panel: FULL },
      captions: b(0.05, 0.67, 0.83, 0.12),
      slots: {
        name: slot(b(0.05, 0.105, 0.83, 0.07), NAME, 'rise'),
        price: slot(b(0.41, 0.185, 0.47, 0.06), PRICE, 'pop', 'center'),
        cue: slot(b(0.05, 0.105, 0.83, 0.075), CUE, 'slide', 'left', 0.6),
        cta: slot(b(0.05, 0.105, 0.83, 0.075), CTA, 'pop', 'center', 0.5),
      },
      wideProduct: wideBeside(0, 'always'),
    },
    1: {
      background: 'avatar-scene',
      media: { box: b(0.48, 0.15, 0.42, 0.5), radius: 0.03, frame: 'card', show: 'always', motion: 'kenburns' , clearOfCaptions: true },
      presenter: { box: b(0.06, 0.1, 0.38, 0.9), frame: 'none', panel: FULL },
      captions: b(0.05, 0.8, 0.9, 0.14),
      slots: {
        name: slot(b(0.5, 0.05, 0.45, 0.09), NAME, 'rise'),
        price: slot(b(0.48, 0.66, 0.3, 0.08), PRICE, 'pop', 'center'),
        cue: slot(b(0.48, 0.66, 0.47, 0.1), CUE, 'slide', 'left', 0.5),
        cta: slot(b(0.5, 0.69, 0.45, 0.1), CTA, 'pop', 'center', 0.45),
      },
      wideProduct: wideBeside(1, 'always'),
    },
    2: {
      background: 'avatar-scene',
      media: { box: b(0.52, 0.14, 0.44, 0.48), radius: 0.03, frame: 'card', show: 'always', motion: 'kenburns' , clearOfCaptions: true },
      presenter: { box: b(0.05, 0.15, 0.48, 0.85), frame: 'none', panel: FULL },
      captions: b(0.05, 0.76, 0.9, 0.18),
      slots: {
        name: slot(b(0.05, 0.05, 0.9, 0.08), NAME, 'rise'),
        price: slot(b(0.52, 0.635, 0.43, 0.065), PRICE, 'pop', 'center'),
        cue: slot(b(0.45, 0.62, 0.5, 0.1), CUE, 'slide', 'left', 0.42),
        cta: slot(b(0.45, 0.62, 0.5, 0.1), CTA, 'pop', 'center', 0.48),
      },
      wideProduct: wideBeside(2, 'always'),
    },
  },
};

/** 4 Voice Over: product media only, the narration as a voice. */
const productOnly: TemplateDef = {
  id: 4,
  layout: 'product_only',
  defaultStyle: 'Luxury Dark',
  ratios: {
    0: {
      background: 'style',
      media: { box: FULL, radius: 0, frame: 'none', show: 'always', motion: 'kenburns', stage: b(0.05, 0.27, 0.83, 0.4) , clearOfCaptions: true },
      presenter: null,
      captions: b(0.05, 0.67, 0.83, 0.13),
      slots: slots(b(0.05, 0.11, 0.83, 0.08), b(0.05, 0.11, 0.45, 0.065), b(0.05, 0.2, 0.83, 0.065), b(0.05, 0.2, 0.6, 0.07)),
      // Every image shown whole: the product on the lower half, the captions above it.
      floorProduct: {
        background: 'style',
        media: { box: FULL, radius: 0, frame: 'none', show: 'always', motion: 'kenburns', stage: b(0.05, 0.42, 0.83, 0.5), clearOfCaptions: true },
        presenter: null,
        captions: b(0.05, 0.28, 0.83, 0.12),
        slots: slots(b(0.05, 0.11, 0.83, 0.08), b(0.05, 0.11, 0.45, 0.065), b(0.05, 0.2, 0.83, 0.065), b(0.05, 0.2, 0.6, 0.07)),
      },
    },
    1: {
      background: 'style',
      media: { box: FULL, radius: 0, frame: 'none', show: 'always', motion: 'kenburns', stage: b(0.05, 0.28, 0.9, 0.46) , clearOfCaptions: true },
      presenter: null,
      captions: b(0.1, 0.76, 0.8, 0.18),
      slots: slots(b(0.05, 0.06, 0.6, 0.11), b(0.05, 0.19, 0.3, 0.08), b(0.05, 0.19, 0.5, 0.075), b(0.05, 0.28, 0.27, 0.1)),
    },
    2: {
      background: 'style',
      media: { box: FULL, radius: 0, frame: 'none', show: 'always', motion: 'kenburns', stage: b(0.05, 0.28, 0.9, 0.44) , clearOfCaptions: true },
      presenter: null,
      captions: b(0.05, 0.74, 0.9, 0.2),
      slots: slots(b(0.05, 0.06, 0.9, 0.1), b(0.05, 0.18, 0.4, 0.075), b(0.05, 0.18, 0.7, 0.07), b(0.05, 0.27, 0.27, 0.08)),
    },
  },
};

/** 5 Presenter: the presenter in their scene; the product pops up as a card when a sentence names an image. */
const presenterFull: TemplateDef = {
  id: 5,
  layout: 'presenter_full',
  defaultStyle: 'Soft Pastel',
  ratios: {
    0: {
      background: 'avatar-scene',
      media: { box: b(0.5, 0.3, 0.46, 0.45), radius: 0.03, frame: 'card', show: 'image-cues', motion: 'kenburns' , clearOfCaptions: true },
      presenter: { box: b(0, 0.18, 0.76, 0.82), frame: 'none', panel: FULL },
      captions: b(0.05, 0.68, 0.83, 0.12),
      slots: {
        name: slot(b(0.05, 0.105, 0.83, 0.07), NAME, 'rise', 'center'),
        price: slot(b(0.5, 0.2, 0.38, 0.065), PRICE, 'pop', 'center'),
        cue: slot(b(0.05, 0.105, 0.83, 0.075), CUE, 'slide', 'center', 0.6),
        cta: slot(b(0.05, 0.105, 0.83, 0.065), CTA, 'pop', 'center', 0.5),
      },
      wideProduct: wideBeside(0, 'image-cues'),
    },
    1: {
      background: 'avatar-scene',
      media: { box: b(0.6, 0.1, 0.36, 0.58), radius: 0.03, frame: 'card', show: 'image-cues', motion: 'kenburns' , clearOfCaptions: true },
      presenter: { box: b(0.3, -0.06, 0.4, 1.06), frame: 'none', panel: FULL },
      captions: b(0.15, 0.78, 0.7, 0.16),
      slots: {
        name: slot(b(0.05, 0.06, 0.36, 0.1), NAME, 'rise'),
        price: slot(b(0.66, 0.7, 0.29, 0.08), PRICE, 'pop', 'center'),
        cue: slot(b(0.05, 0.06, 0.36, 0.085), CUE, 'slide'),
        cta: slot(b(0.05, 0.56, 0.24, 0.1), CTA, 'pop', 'center', 0.48),
      },
      wideProduct: wideBeside(1, 'image-cues'),
    },
    2: {
      background: 'avatar-scene',
      media: { box: b(0.56, 0.12, 0.41, 0.5), radius: 0.03, frame: 'card', show: 'image-cues', motion: 'kenburns' , clearOfCaptions: true },
      presenter: { box: b(0.02, -0.02, 0.6, 1.02), frame: 'none', panel: FULL },
      captions: b(0.05, 0.75, 0.9, 0.19),
      slots: {
        name: slot(b(0.05, 0.05, 0.9, 0.08), NAME, 'rise', 'center'),
        price: slot(b(0.56, 0.64, 0.39, 0.065), PRICE, 'pop', 'center'),
        cue: slot(b(0.05, 0.05, 0.9, 0.075), CUE, 'slide', 'center'),
        cta: slot(b(0.05, 0.6, 0.3, 0.09), CTA, 'pop', 'center', 0.48),
      },
      wideProduct: wideBeside(2, 'image-cues'),
    },
  },
};

/**
 * A layout with its wide-product variant (`wideProduct`): the layout itself with the parts `wide`
 * gives (or makes from it) in place of its own.
 */
function withWide(l: TemplateLayout, wide: Partial<TemplateLayout> | ((l: TemplateLayout) => Partial<TemplateLayout>)): TemplateLayout {
  return { ...l, wideProduct: { ...l, ...(typeof wide === 'function' ? wide(l) : wide) } };
}

/** 6 Carousel: product images slide past as cards; the presenter talks from a round inset. */
const carousel: TemplateDef = {
  id: 6,
  layout: 'carousel',
  defaultStyle: 'Tech Neon',
  ratios: {
    0: {
      background: 'style',
      media: { box: b(0.08, 0.17, 0.84, 0.425), radius: 0.035, frame: 'card', show: 'always', motion: 'carousel', clearOfCaptions: true },
      presenter: { box: b(0.05, 0.61, 0.397, 0.2233), frame: 'circle', panel: b(0.05, 0.61, 0.397, 0.2233) },
      captions: b(0.47, 0.67, 0.41, 0.13),
      shapes: [shelf(0.17, 0.425)],
      slots: {
        name: slot(b(0.05, 0.1, 0.83, 0.065), NAME, 'rise', 'center'),
        price: slot(b(0.47, 0.605, 0.41, 0.065), PRICE, 'pop', 'left'),
        cue: slot(b(0.05, 0.1, 0.83, 0.065), CUE, 'slide', 'center'),
        cta: slot(b(0.05, 0.1, 0.83, 0.07), CTA, 'pop', 'center', 0.5),
      },
    },
    1: withWide(
      {
        background: 'style',
        media: { box: b(0.255, 0.125, 0.49, 0.69), radius: 0.035, frame: 'card', show: 'always', motion: 'carousel', clearOfCaptions: true },
        presenter: { box: b(0.05, 0.69, 0.14, 0.25), frame: 'circle', panel: b(0.05, 0.69, 0.14, 0.25) },
        captions: b(0.22, 0.835, 0.56, 0.11),
        shapes: [shelf(0.125, 0.69)],
        slots: {
          name: slot(b(0.05, 0.05, 0.9, 0.07), NAME, 'rise', 'center'),
          price: slot(b(0.8, 0.8, 0.15, 0.09), PRICE, 'pop', 'center'),
          cue: slot(b(0.05, 0.05, 0.9, 0.07), CUE, 'slide', 'center'),
          cta: slot(b(0.05, 0.05, 0.9, 0.07), CTA, 'pop', 'center', 0.5),
        },
      },
      // A wide product: a wide card (1344 x 475 px, 2.8:1: a 3:1 photo 94 % in view, 31 % of the
      // frame) on a lower shelf, instead of the middle 45 % of it in the 0.49-wide card.
      {
        media: { box: b(0.15, 0.2, 0.7, 0.44), radius: 0.035, frame: 'card', show: 'always', motion: 'carousel', clearOfCaptions: true },
        shapes: [shelf(0.16, 0.52)],
      },
    ),
    2: withWide(
      {
        background: 'style',
        media: { box: b(0.19, 0.125, 0.62, 0.59), radius: 0.035, frame: 'card', show: 'always', motion: 'carousel', clearOfCaptions: true },
        presenter: { box: b(0.05, 0.72, 0.24, 0.24), frame: 'circle', panel: b(0.05, 0.72, 0.24, 0.24) },
        captions: b(0.33, 0.79, 0.62, 0.16),
        shapes: [shelf(0.125, 0.59)],
        slots: {
          name: slot(b(0.05, 0.05, 0.9, 0.075), NAME, 'rise', 'center'),
          price: slot(b(0.33, 0.72, 0.34, 0.065), PRICE, 'pop', 'center'),
          cue: slot(b(0.05, 0.05, 0.9, 0.075), CUE, 'slide', 'center'),
          cta: slot(b(0.05, 0.05, 0.9, 0.075), CTA, 'pop', 'center', 0.5),
        },
      },
      // A wide product: a card nearly the frame's width (1015 x 389 px, 2.6:1: a 3:1 photo 87 % in
      // view, 34 % of the frame), instead of the middle 40 % of it in the 0.62-wide card; a larger
      // inset (0.28) keeps the frame covered (45 % at the least with 0.24).
      (l) => ({
        media: { box: b(0.03, 0.22, 0.94, 0.36), radius: 0.035, frame: 'card', show: 'always', motion: 'carousel', clearOfCaptions: true },
        presenter: { box: b(0.05, 0.67, 0.28, 0.28), frame: 'circle', panel: b(0.05, 0.67, 0.28, 0.28) },
        captions: b(0.37, 0.78, 0.58, 0.17),
        shapes: [shelf(0.18, 0.44)],
        slots: { ...l.slots, price: slot(b(0.37, 0.675, 0.34, 0.065), PRICE, 'pop', 'center') },
      }),
    ),
  },
};

export const TEMPLATE_DEFS: readonly TemplateDef[] = [presenterInset, splitScreen, productCards, productOnly, presenterFull, carousel];
