/**
 * Shapes of the scene-layout data. A template is data: boxes in normalised frame coordinates
 * (0..1 of the output width and height) plus rules saying which scenes show what. The timeline
 * turns these into pixel boxes for one output size; the renderer only follows them.
 */
import type { SceneCue } from '../types.ts';

export type AspectRatio = 0 | 1 | 2;
export type SceneKind = SceneCue['kind'];
export type LayoutName = 'presenter_inset' | 'split_screen' | 'product_cards' | 'product_only' | 'presenter_full' | 'carousel';

/** A rectangle in normalised coordinates (x, y of the top-left corner; w, h), or pixels once resolved. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type TextSlotName = 'brand' | 'name' | 'price' | 'cta' | 'cue';
/** Text entrances: fade; rise (slides up into place); pop (scales up with an overshoot); slide (from the reading side); count (a price counting up to its value). */
export type Enter = 'fade' | 'rise' | 'pop' | 'slide' | 'count';

export interface TextSlot {
  box: Box;
  align: 'left' | 'center' | 'right';
  /** Scene kinds during which the slot shows its text. */
  scenes: readonly SceneKind[];
  enter: Enter;
  /** Font size as a fraction of the box height (one line); the text wraps, then shrinks to fit the width. */
  fill: number;
  /** Lines the text may wrap to (default 2; the box grows downward by a line each). */
  lines?: number;
  /**
   * In the strip above a presenter's head (9:16, place-text.ts): the text stands from the slot's
   * top, not the strip's (the no-media selfie with captions off: its title over the field's middle).
   */
  fromSlotTop?: true;
}

export interface MediaRule {
  box: Box;
  /** Corner radius as a fraction of the frame's shorter side; 0 for full-bleed. */
  radius: number;
  /** 'card' adds a border and shadow (floating product card). */
  frame: 'none' | 'card';
  /** 'always', or only in scenes whose cue names an image (the card pops in and out). */
  show: 'always' | 'image-cues';
  /** 'kenburns': one image at a time with pan/zoom; 'carousel': neighbours peek at the sides and slide. */
  motion: 'kenburns' | 'carousel';
  /**
   * Where a product shown whole (wide, tall, small or cut-out images) sits: a band the text
   * leaves free. Defaults to the box (cards).
   */
  stage?: Box;
  /**
   * A product shown whole (cut out, alpha, contained) stands clear of the captions band: it takes
   * the largest part of its room above, below or beside the band (Side by Side).
   */
  clearOfCaptions?: boolean;
}

export interface PresenterRule {
  /**
   * Insets: the card or circle. Full presenters: the box the figure's design box covers (scaled by
   * the larger of width and height, top-aligned); it may bleed past the frame to frame closer.
   */
  box: Box;
  /** 'panel' paints the avatar's own scene in `panel`; 'card' and 'circle' frame an inset. */
  frame: 'none' | 'card' | 'circle';
  /** The region the avatar's scene fills (full frame, a split panel, or the inset itself). */
  panel: Box;
}

export interface TemplateLayout {
  /** 'style': the visual style's background; 'avatar-scene': the presenter's own scene (or style without presenter). */
  background: 'style' | 'avatar-scene';
  media: MediaRule | null;
  presenter: PresenterRule | null;
  captions: Box;
  /** Text slots; 'brand' is optional (the no-media, text-first design shows it). */
  slots: Record<Exclude<TextSlotName, 'brand'>, TextSlot> & { brand?: TextSlot };
  /** Designed shapes (brand-colour fields, panels) drawn over the background for the whole video. */
  shapes?: ShapeRule[];
  /** Numbered selling-point cards carry an icon picked from the point's words (the no-media design). */
  iconCards?: boolean;
  /**
   * The layout for a product whose images are all tall (width / height at most TALL_ASPECT: a
   * bottle, a standing packshot), when the layout's own slot cannot hold one large enough.
   */
  tallProduct?: TemplateLayout;
  /**
   * A tall full-bleed layout's variant for a product whose images are all shown whole (no photo
   * covering the frame: its middle third is the frame's): the product stands on the lower half,
   * into the strip under the safe area, the captions above it (Spotlight and Voice Over 9:16).
   */
  floorProduct?: TemplateLayout;
  /**
   * The variant for a product whose images are all wide (width / height at least WIDE_ASPECT: a
   * sofa, a long desk): its own column or card would show a panning third of it, so the product
   * takes a row the frame's width under the presenter's (Side by Side 1:1 and 16:9) or a wide
   * card (Feature Cards and Presenter in every ratio, Carousel 16:9 and 1:1).
   */
  wideProduct?: TemplateLayout;
}

/** A designed shape: a box in frame fractions filled with a palette colour. */
export interface ShapeRule {
  /** 'plate': a scene's colour band behind a product shown whole (timeline/plates.ts), drawn by the media layer with its scene. */
  role: 'field' | 'panel' | 'band' | 'plate';
  box: Box;
  fill: 'accent' | 'surface' | 'bg2' | 'decor';
  alpha: number;
  /** Corner radius as a fraction of the frame's shorter side. */
  radius: number;
}

export interface TemplateDef {
  id: number;
  layout: LayoutName;
  /** Style used when the request names none. */
  defaultStyle: string;
  ratios: Record<AspectRatio, TemplateLayout>;
}

export type BackgroundKind = 'gradient' | 'radial' | 'dots' | 'grid' | 'blobs' | 'stripes';
/**
 * Scene transitions: crossfade; slide (the incoming scene slides in over the outgoing one);
 * push (both move together, the outgoing pushed out); zoom (zoom-through: the outgoing grows
 * and fades while the incoming settles from larger); wipe (a hard edge sweeps across, with an
 * accent bar); reveal (a circle mask opens from the product's centre).
 */
export type TransitionKind = 'crossfade' | 'slide' | 'push' | 'zoom' | 'wipe' | 'reveal';
/** How the product enters its scene: scale and settle (overshoot), or a cut-out gliding in over its slower background (parallax). */
export type ProductEntrance = 'settle' | 'parallax';

/** A template's motion (templates/template-motion.ts): one row per layout. */
export interface TemplateMotion {
  /** Scene transitions, taken in turn at each cut. */
  transitions: readonly TransitionKind[];
  /** Transition length (shortened for short scenes). */
  ms: number;
  /** The product's entrance at each scene start; parallax needs a cut-out (others settle). */
  product: ProductEntrance;
  /** Entrances of the price and call-to-action texts. */
  price: Enter;
  cta: Enter;
}
export type TextTreatment = 'boxed' | 'shadow' | 'outline' | 'glow';
export type CaptionHighlight = 'pill' | 'color' | 'underline' | 'glow';

export interface VisualStyleDef {
  name: string;
  palette: {
    /** Background gradient ends. */
    bg: string;
    bg2: string;
    /** Pattern or decoration colour over the background. */
    decor: string;
    /** Cards, boxes behind text. */
    surface: string;
    text: string;
    accent: string;
    /** Text drawn on the accent colour (CTA button, price badge). */
    onAccent: string;
    captionText: string;
    captionStroke: string;
    highlight: string;
    /** Text colour of the highlighted caption word ('pill' highlights). */
    onHighlight: string;
  };
  fonts: { display: string; body: string; displayWeight: 400 | 700; bodyWeight: 400 | 700 };
  text: { uppercase: boolean; treatment: TextTreatment; /** corner radius of boxes, fraction of box height */ radius: number };
  caption: { highlight: CaptionHighlight; /** translucent band behind the caption lines */ band: boolean };
  background: BackgroundKind;
}
