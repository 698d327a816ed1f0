/**
 * The no-media design: a product with no images or videos is told in type on a full-frame
 * design — a brand-colour header field with the brand line and the big name (held over every
 * scene but price and call to action), each selling point as a large card with an icon on a
 * panel, the price as a hero, the call to action, and a brand-colour footer field; the
 * template's presenter, larger (in 9:16 an inset becomes a selfie under the field: SELFIE_0).
 * A split-screen template gives its product half to a brand-colour field that carries the cards. No media box, so nothing pretends to be a photo. Slots are
 * starting points; the layout step moves them off the presenter's face and each other.
 * Rules: docs/rendering.md "Design rules".
 */
import { SAFE_AREAS } from './safe-area.ts';
import type { AspectRatio, Box, PresenterRule, SceneKind, ShapeRule, TemplateLayout, TextSlot } from './types.ts';

const b = (x: number, y: number, w: number, h: number): Box => ({ x, y, w, h });
/** The 9:16 selfie design's field height (frame share); the presenter's scene fills the rest. */
const SELFIE_FIELD_H = 0.465;
/** The title stays until the price: the frame's "one big thing" while the points are told. */
const NAME: readonly SceneKind[] = ['hook', 'intro', 'point', 'story'];

interface Design {
  slots: TemplateLayout['slots'];
  captions: Box;
  shapes: ShapeRule[];
}

function slots(brand: Box, name: Box, cue: Box, price: Box, cta: Box, nameLines = 3): TemplateLayout['slots'] {
  const s = (box: Box, scenes: readonly SceneKind[], enter: TextSlot['enter'], fill: number, lines: number, align: TextSlot['align'] = 'left'): TextSlot => ({ box, scenes, enter, fill, lines, align });
  return {
    brand: s(brand, NAME, 'fade', 0.58, 1),
    name: s(name, NAME, 'rise', 0.64, nameLines),
    cue: s(cue, ['point', 'story'], 'slide', 0.58, 3),
    price: s(price, ['price', 'cta'], 'pop', 0.66, 1),
    cta: s(cta, ['cta'], 'pop', 0.5, 1, 'center'),
  };
}

/**
 * One large card at a time: the cue slot's box is the card as drawn (a full card is its slot's
 * height at least: place-text.ts), its type that of a one-line slot `typeH` high — a card over
 * the field's middle, not a strip at its top with the field bare above it.
 */
function slotsWithCard(s: TemplateLayout['slots'], typeH: number): TemplateLayout['slots'] {
  return { ...s, cue: { ...s.cue, fill: (s.cue.fill * typeH) / s.cue.box.h } };
}

const field = (box: Box): ShapeRule => ({ role: 'field', box, fill: 'accent', alpha: 1, radius: 0 });
/** A split screen's product half: the style's second background colour (Bold Pop's pink), as the template's own half was. */
const half = (box: Box): ShapeRule => ({ role: 'panel', box, fill: 'bg2', alpha: 1, radius: 0 });
/** A full-width band of the background's second colour behind the cards and price. */
const band = (y: number, h: number): ShapeRule => ({ role: 'band', box: b(0, y, 1, h), fill: 'bg2', alpha: 1, radius: 0 });

/**
 * Full-frame designs: a brand-colour header field carrying brand and the big name (then the
 * price, huge, and the call to action), a band of the background's second colour carrying one
 * large card at a time. Font = slot height × fill: name ≈ 6.4 % (9:16) / 13 % (16:9) / 8.3 % (1:1)
 * of the frame height, price ≈ 13 % / 20 % / 16 %.
 */
const FULL_FRAME: Record<AspectRatio, Design> = {
  0: {
    slots: slots(b(0.05, 0.105, 0.83, 0.035), b(0.05, 0.15, 0.83, 0.095), b(0.05, 0.475, 0.83, 0.085), b(0.05, 0.19, 0.83, 0.26), b(0.05, 0.51, 0.83, 0.1)),
    captions: b(0.05, 0.69, 0.83, 0.11),
    shapes: [field(b(0, 0, 1, 0.68))],
  },
  1: {
    slots: slots(b(0.05, 0.15, 0.55, 0.045), b(0.05, 0.2, 0.55, 0.16), b(0.05, 0.545, 0.55, 0.12), b(0.05, 0.19, 0.55, 0.3), b(0.05, 0.61, 0.55, 0.13)),
    captions: b(0.05, 0.8, 0.55, 0.14),
    shapes: [field(b(0, 0, 1, 0.78))],
  },
  2: {
    slots: slots(b(0.05, 0.12, 0.9, 0.045), b(0.05, 0.17, 0.9, 0.13), b(0.05, 0.535, 0.9, 0.1), b(0.05, 0.23, 0.43, 0.2), b(0.05, 0.52, 0.43, 0.075)),
    captions: b(0.05, 0.76, 0.42, 0.18),
    shapes: [field(b(0, 0, 1, 0.735))],
  },
};

/** Split screens: the product half becomes a panel of the style's second background colour carrying title, cards, price and CTA. */
const SPLIT: Record<AspectRatio, Design> = {
  0: {
    // Cards start right under the captions band, so a three-line card at the card size stays
    // inside the safe area (a whole claim never pushed out of the panel: "Nothing cut").
    slots: slots(b(0.05, 0.115, 0.45, 0.04), b(0.05, 0.62, 0.83, 0.085), b(0.05, 0.612, 0.83, 0.062), b(0.05, 0.615, 0.83, 0.125), b(0.05, 0.735, 0.83, 0.065)),
    captions: b(0.05, 0.5, 0.83, 0.11),
    shapes: [half(b(0, 0.5, 1, 0.5))],
  },
  1: {
    slots: slots(b(0.53, 0.06, 0.42, 0.06), b(0.53, 0.14, 0.42, 0.17), b(0.53, 0.47, 0.42, 0.13), b(0.53, 0.2, 0.42, 0.3), b(0.53, 0.61, 0.42, 0.12)),
    captions: b(0.53, 0.77, 0.42, 0.17),
    shapes: [half(b(0.5, 0, 0.5, 1))],
  },
  2: {
    slots: slots(b(0.53, 0.14, 0.42, 0.05), b(0.53, 0.2, 0.42, 0.11), b(0.53, 0.4, 0.42, 0.09), b(0.53, 0.235, 0.42, 0.22), b(0.53, 0.56, 0.42, 0.09)),
    captions: b(0.05, 0.75, 0.9, 0.19),
    shapes: [half(b(0.5, 0, 0.5, 0.72))],
  },
};

/** A split screen's card in 16:9 and 1:1 (its type the SPLIT cue slot's): over the panel's upper part, where the title stood. */
const SPLIT_CARD: Record<1 | 2, Box> = { 1: b(0.53, 0.14, 0.42, 0.45), 2: b(0.53, 0.18, 0.42, 0.4) };

/** 1:1 with an inset presenter (its top at about half the height): the card across the field above it. */
const INSET_CARD_SQUARE = b(0.05, 0.15, 0.9, 0.3);

/**
 * 9:16 with an inset presenter: a selfie. The presenter stands large in the lower half in their
 * own scene (head in the middle-lower part of the frame, shoulders to the bottom edge), under a
 * brand-colour field that carries the brand, the big title (or one large card at a time), the
 * price as a hero with the call to action under it, and the captions at its foot, clear of the
 * face. Font = slot height × fill: name ≈ 4.8 %, price ≈ 7.9 % of the frame height.
 */
const SELFIE_0: Design = {
  slots: slotsWithCard(slots(b(0.05, 0.105, 0.83, 0.035), b(0.05, 0.18, 0.83, 0.075), b(0.05, 0.15, 0.83, 0.16), b(0.05, 0.105, 0.83, 0.12), b(0.05, 0.275, 0.83, 0.06)), 0.07),
  captions: b(0.05, 0.355, 0.83, 0.11),
  shapes: [field(b(0, 0, 1, SELFIE_FIELD_H))],
};
/**
 * The selfie with captions off (SELFIE_0 without its captions' rows at the field's foot): the
 * composition stands over the middle of the field's text room (the safe area's top to the head)
 * instead of its top, so the foot is not left bare — the title set larger (5.4 % of the height, 4.8 % with captions;
 * the strip above the head starts at its slot: place-text.ts), the price a larger hero (8.3 %) with
 * the call to action under it, right above the head box; a card a little taller. Font = slot height × fill.
 */
const SELFIE_BARE_0: Design = (() => {
  const s = slotsWithCard(slots(b(0.05, 0.105, 0.83, 0.035), b(0.05, 0.15, 0.83, 0.085), b(0.05, 0.15, 0.83, 0.17), b(0.05, 0.147, 0.83, 0.126), b(0.05, 0.318, 0.83, 0.06)), 0.07);
  return { ...SELFIE_0, slots: { ...s, name: { ...s.name, fromSlotTop: true } } };
})();
/** The selfie presenter's box (the painter's design box, wider than high: its width sets the scale) and scene panel under the field. */
const SELFIE_BOX = b(0.08, 0.331, 0.84, 0.5);

/** An inset presenter's height in the no-media design (frame share), at least: a figure, not a corner card (9:16: the selfie instead). */
const INSET_HEIGHT: Record<AspectRatio, number> = { 0: 0.34, 1: 0.8, 2: 0.6 };
/** ...and no wider than this (a circle grows as wide as high). */
const INSET_WIDTH: Record<AspectRatio, number> = { 0: 0.42, 1: 0.4, 2: 0.45 };

/**
 * The text-first variant of a layout: no media, the no-media design's slots, captions and shapes;
 * a presenter who fills the frame steps to the right edge; an inset grows, and in 9:16 becomes
 * the selfie (SELFIE_0).
 */
export function textFirstLayout(layout: TemplateLayout, aspectRatio: AspectRatio, caption = true): TemplateLayout {
  let presenter = layout.presenter;
  const p = presenter?.box;
  const full = presenter && presenter.frame === 'none' && presenter.panel.w >= 1 && presenter.panel.h >= 1;
  const split = !!presenter && presenter.frame === 'none' && !full;
  // In 9:16 a split screen's presenter becomes the selfie too: its panel (the style's second
  // background) over the top carries the texts, the presenter's body runs off the bottom edge
  // through the platform strip (a product half at the bottom left that strip an empty panel).
  const selfie = !!presenter && (presenter.frame !== 'none' || split) && aspectRatio === 0;
  if (presenter && p && full) presenter = { ...presenter, box: { ...p, x: p.x + Math.max(0, 1 - (p.x + p.w)) } };
  if (presenter && selfie) presenter = { ...presenter, frame: 'none', box: SELFIE_BOX, panel: b(0, SELFIE_FIELD_H, 1, 1 - SELFIE_FIELD_H) };
  else if (presenter && presenter.frame !== 'none') presenter = placedInset(presenter, aspectRatio, SAFE_AREAS[aspectRatio]);
  const design = selfie ? { ...(caption ? SELFIE_0 : SELFIE_BARE_0), shapes: [(split ? half : field)(b(0, 0, 1, SELFIE_FIELD_H))] } : split ? SPLIT[aspectRatio] : FULL_FRAME[aspectRatio];
  // A presenter filling the frame has the head where a held title and a card cannot both go: the title opens only.
  // In 9:16 a presenter leaves one row of the field: the title opens (and comes back on story
  // scenes), then one card at a time; a filling presenter's call to action takes the title's
  // place above the head, its price the column beside the face.
  // In 16:9 a filling presenter stands in the right third: the left two thirds hold the title, larger
  // (WIDE_HERO_NAME; held through the points that have no card: place-text.ts `cardless`). Phrase
  // cards under it came out at the minimum size under the big title: left out.
  // In 1:1 the title takes the column left of the head (without captions under it, a full-width
  // title went under the head, over the presenter's body).
  const nameBox = full && aspectRatio === 1 ? { ...design.slots.name.box, h: design.slots.name.box.h * WIDE_HERO_NAME } : full && aspectRatio === 2 ? { ...design.slots.name.box, y: 0.2, w: 0.5 } : design.slots.name.box;
  // A split screen in 16:9 and 1:1 likewise: the title over its panel, then one large card at a
  // time in the title's place (the title held over the cards left the card no room on the panel).
  // And in 1:1 beside an inset (bottom right): one large card at a time across the field above it.
  const splitCard = split && aspectRatio !== 0 ? SPLIT_CARD[aspectRatio] : presenter && presenter.frame !== 'none' && aspectRatio === 2 ? INSET_CARD_SQUARE : null;
  const held = full || splitCard || (!!presenter && aspectRatio === 0)
    ? {
        ...design.slots,
        name: { ...design.slots.name, box: nameBox, scenes: (full ? ['hook', 'intro'] : ['hook', 'intro', 'story']) as SceneKind[] },
        ...(split || selfie ? { cue: { ...design.slots.cue, scenes: ['point'] as SceneKind[] } } : {}),
        ...(splitCard ? { cue: { ...design.slots.cue, scenes: ['point'] as SceneKind[], box: splitCard, fill: (design.slots.cue.fill * design.slots.cue.box.h) / splitCard.h } } : {}),
        // Beside a filling presenter in 16:9 and 1:1 a card has the column to itself: one large card
        // standing over its middle (its box the slot's height: place-text.ts `full`), type 9 / 6.3 % of the frame.
        ...(full && aspectRatio === 1 ? { cue: { ...design.slots.cue, box: b(0.05, 0.2, 0.55, 0.5), fill: 0.18 } } : {}),
        ...(full && aspectRatio === 2 ? { cue: { ...design.slots.cue, box: b(0.05, 0.2, 0.9, 0.42), fill: 0.15 } } : {}),
        ...(full && aspectRatio === 0
          ? { cta: { ...design.slots.cta, box: { ...design.slots.cta.box, y: 0.19, h: 0.05 } }, price: { ...design.slots.price, box: { ...design.slots.price.box, y: 0.15, w: 0.37, h: 0.072 } } }
          : {}),
      }
    : design.slots;
  // With nobody on screen the text has the whole width: the name and the cards grow into it.
  const placed = presenter ? besideInset(held, presenter) : widen(held, SAFE_AREAS[aspectRatio], SOLO_DROP[aspectRatio]);
  // Captions off: the texts of a split screen's panel (16:9) move down by half the captions band
  // they would have stood over, so the panel is held across its middle, not its top.
  const drop = !caption && split && !selfie && overlapsRows(design.captions, design.shapes[0]!.box) ? design.captions.h / 2 : 0;
  const slots = drop ? dropped(placed, drop) : placed;
  const captions = full ? layout.captions : presenter ? design.captions : widenBox(design.captions, SAFE_AREAS[aspectRatio]);
  return { ...layout, media: null, presenter, slots, captions, shapes: design.shapes, iconCards: true };
}

/**
 * An inset presenter in the 16:9 and 1:1 no-media design: in the right column (bottom right,
 * inside the safe area), grown (same shape) to at least INSET_HEIGHT of the frame.
 */
function placedInset(p: PresenterRule, aspectRatio: AspectRatio, safe: Box): PresenterRule {
  const { box } = p;
  const k = Math.max(1, Math.min(INSET_HEIGHT[aspectRatio] / box.h, INSET_WIDTH[aspectRatio] / box.w));
  const w = box.w * k;
  const h = box.h * k;
  const x = safe.x + safe.w - w;
  const y = aspectRatio === 0 ? safe.y : safe.y + safe.h - h;
  const placed = { x, y, w, h };
  return { ...p, box: placed, panel: placed };
}

const overlapsRows = (a: Box, f: Box) => a.y < f.y + f.h && f.y < a.y + a.h && a.x < f.x + f.w && f.x < a.x + a.w;

/** Every text slot `dy` (frame share) lower. */
function dropped(slots: TemplateLayout['slots'], dy: number): TemplateLayout['slots'] {
  const out = { ...slots };
  for (const k of Object.keys(out) as (keyof typeof out)[]) {
    const slot = out[k];
    if (slot) out[k] = { ...slot, box: { ...slot.box, y: slot.box.y + dy } };
  }
  return out;
}

/** Brand and name in the column left of an inset that shares their rows. */
function besideInset(slots: TemplateLayout['slots'], p: PresenterRule): TemplateLayout['slots'] {
  if (p.frame === 'none') return slots;
  const narrow = (slot: TextSlot): TextSlot => {
    const { box } = slot;
    const rows = box.y < p.box.y + p.box.h && p.box.y < box.y + box.h * 3;
    return rows && box.x + box.w > p.box.x ? { ...slot, box: { ...box, w: Math.max(0.2, p.box.x - 0.02 - box.x) } } : slot;
  };
  return { ...slots, name: narrow(slots.name), ...(slots.brand ? { brand: narrow(slots.brand) } : {}) };
}

/** A 16:9 filling presenter's no-media title: its type grows by this much (13 % → 16 % of the frame height). */
const WIDE_HERO_NAME = 1.25;

/** With nobody on screen the name is the whole hook: its type grows by this much. */
const SOLO_NAME = 1.3;

const widenBox = (box: Box, safe: Box): Box => ({ ...box, w: safe.x + safe.w - box.x });

/**
 * With nobody on screen a 16:9 name is one line (beside an inset, two): brand and name move down
 * this much (frame share) so the name stands over the field's middle, not its top (`empty-field`).
 */
const SOLO_DROP: Record<AspectRatio, number> = { 0: 0, 1: 0.055, 2: 0 };

/** Name, brand, price and cards run to the safe area's right edge; the name grows SOLO_NAME (and drops `drop`). */
function widen(slots: TemplateLayout['slots'], safe: Box, drop = 0): TemplateLayout['slots'] {
  const wide = (slot: TextSlot, dy = 0): TextSlot => ({ ...slot, box: { ...widenBox(slot.box, safe), y: slot.box.y + dy } });
  const name = wide(slots.name, drop);
  return { ...slots, name: { ...name, box: { ...name.box, h: name.box.h * SOLO_NAME } }, price: wide(slots.price), cue: wide(slots.cue, drop > 0 ? 0.015 : 0), ...(slots.brand ? { brand: wide(slots.brand, drop) } : {}) };
}
