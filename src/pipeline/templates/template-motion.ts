/**
 * Motion per template (pure data, one row per layout, so a custom template moves as its base
 * does): the scene transitions it uses in turn at each cut, their length, how the product
 * enters each scene, and how the price and the call to action come in. The timeline turns a
 * row into per-scene transitions and entrance keyframes (timeline/entrances.ts); the renderer
 * only draws them. docs/rendering.md "Design rules" → "Motion".
 */
import type { LayoutName, TemplateMotion } from './types.ts';

export const TEMPLATE_MOTION: Readonly<Record<LayoutName, TemplateMotion>> = {
  /** 1 Spotlight: the full-bleed product is pushed out by the next, or zoomed through. */
  presenter_inset: { transitions: ['push', 'zoom'], ms: 360, product: 'settle', price: 'count', cta: 'pop' },
  /** 2 Side by Side: a hard wipe with an accent bar across the product half, then a push. */
  split_screen: { transitions: ['wipe', 'push'], ms: 320, product: 'settle', price: 'pop', cta: 'rise' },
  /** 3 Feature Cards: the product card's picture opens in a circle, or slides in over the last. */
  product_cards: { transitions: ['reveal', 'slide'], ms: 380, product: 'parallax', price: 'count', cta: 'pop' },
  /** 4 Voice Over: zoom-through and circle reveals, the product gliding in over its backdrop. */
  product_only: { transitions: ['zoom', 'reveal'], ms: 420, product: 'parallax', price: 'rise', cta: 'pop' },
  /** 5 Presenter: the product card's picture slides in, or cross-fades. */
  presenter_full: { transitions: ['slide', 'crossfade'], ms: 380, product: 'settle', price: 'pop', cta: 'rise' },
  /** 6 Carousel: the row of cards slides one place per cut; the card in the centre settles. */
  carousel: { transitions: ['slide'], ms: 320, product: 'settle', price: 'count', cta: 'pop' },
};

export function templateMotion(layout: LayoutName): TemplateMotion {
  return TEMPLATE_MOTION[layout];
}
