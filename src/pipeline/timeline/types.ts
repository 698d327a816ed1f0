/** The timeline: everything the renderer draws, when and where, in output pixels. Plain data. */
import type { SceneCue } from '../types.ts';
import type { Captions } from '../captions/build.ts';
import type { ImageFrame } from './media-frame.ts';
import type { SceneEntrance } from './entrances.ts';
import type { AspectRatio, Box, Enter, LayoutName, MediaRule, PresenterRule, SceneKind, ShapeRule, TextSlotName, TransitionKind, VisualStyleDef } from '../templates/types.ts';

export type MediaSource =
  | { kind: 'image'; index: number }
  | { kind: 'video'; index: number; offsetMs: number }
  /** No product media (the layout is text-first and has no media box), or an image that failed to load. */
  | { kind: 'art' };

/**
 * Ken Burns move: scale and focus (-1..1 across the pan range) at the start and end of the scene.
 * 'zoom' eases the scale (and drifts the focus); 'pan' holds the closest scale and slides the
 * image at whole output pixels per frame (smooth, and a plain copy for the renderer).
 */
export interface KenBurns {
  kind: 'zoom' | 'pan';
  fromScale: number;
  toScale: number;
  fromX: number;
  fromY: number;
  toX: number;
  toY: number;
}

export interface Transition {
  /** glide: the same image in another pose (Scene.frame): the product moves from the one to the other (text-room.ts). */
  kind: TransitionKind | 'cut' | 'glide';
  durationMs: number;
}

export interface Scene {
  index: number;
  /** First and last script sentence the scene covers. */
  sentences: [number, number];
  kind: SceneKind;
  cue: SceneCue;
  startMs: number;
  endMs: number;
  media: MediaSource;
  motion: KenBurns;
  /** Into this scene from the previous one, centred on startMs. */
  transitionIn: Transition;
  /** False when the template shows media only on image cues and this scene names none. */
  showMedia: boolean;
  /** How the product enters (the template's motion), from the scene's first visible frame; null: no entrance. */
  entrance: SceneEntrance | null;
  /**
   * The scene's own pose of its image (timeline/text-room.ts: the product steps aside for a
   * text): the image's frame (Timeline.images) moved, at the same size and treatment (one
   * prepared bitmap), held still. Absent: the image's frame. Read it with sceneFrame.
   */
  frame?: ImageFrame;
}

export interface TextOverlay {
  id: string;
  slot: TextSlotName;
  /** The lines as shown, joined (a space between lines of spaced scripts). */
  text: string;
  /** The lines the renderer draws, as the layout step wrapped (or shortened, with an ellipsis) them. */
  lines: string[];
  /** The full text the lines come from (the chosen candidate). */
  source: string;
  /** The whole claim (selling point) a cue overlay stands for, when it has one. */
  claim?: string;
  /** Drawn in its own case in a style that sets type in capitals (a long name making room: timeline/name-room.ts). */
  ownCase?: true;
  /** The product's full name under its short title: a secondary line, its floor MIN_SUBTITLE_CAP_SHARE (timeline/name-room.ts). */
  subtitle?: true;
  /** Font size in px (cap height = CAP_HEIGHT_EM of it; never under the minimum text size). */
  fontPx: number;
  /** Small leading badge, e.g. the selling point's number on feature cards. */
  badge: string | null;
  /** The badge drawn above the text, not beside it (a card in a column too narrow for both side by side: overlay-box.ts). */
  stacked?: true;
  /** The badge beside the first line only, the lines after it starting under the badge (timeline/run-in.ts). */
  runIn?: true;
  /** A lucide-static icon name drawn in the badge instead of its number (the no-media design's cards). */
  icon?: string;
  /** On a product's edge, an allowed overlap (timeline/sticker.ts): its pill is drawn opaque. */
  sticker?: true;
  /** Drawn the full width of its box, not a pill sized to its words: the no-media design's title, cards and price, sized to the field (docs/rendering.md "No media"). */
  full?: true;
  box: Box;
  align: 'left' | 'center' | 'right';
  enter: Enter;
  /** enter 'count': the texts the price shows in turn while it enters (the last is `text`). */
  count?: string[];
  /** Font size as a share of a one-line box's height. */
  fill: number;
  startMs: number;
  endMs: number;
  /** Fade-out length before endMs; 0 when the overlay holds to the last frame (price, CTA). */
  exitMs: number;
}

/**
 * A designed shape of the layout (brand-colour field, panel behind text), drawn under the
 * presenter and text; static shapes (the whole video) are drawn once with the background.
 */
export interface Shape extends Pick<ShapeRule, 'role' | 'fill' | 'alpha'> {
  /** The template's rule's box, in pixels. */
  box: Box;
  /** Corner radius in px. */
  radius: number;
  startMs: number;
  endMs: number;
  /** A plate's own colour, chosen for the product on it (templates/colours.ts plateColour); absent: by role and fill. */
  colour?: string;
}

/**
 * A detail view (timeline/detail.ts): a close-up of a thin product's middle (its label), drawn
 * from the product's own pixels on a card beside it, in one scene.
 */
export interface DetailView {
  /** The product image it shows (index into the product's images). */
  image: number;
  /** Where the card is drawn, in frame pixels (square). */
  box: Box;
  /** The part of the image it shows, in fractions of the image (0..1): a square window the product's width, around its label. */
  crop: Box;
  startMs: number;
  endMs: number;
}

export interface Timeline {
  width: number;
  height: number;
  fps: number;
  frames: number;
  durationMs: number;
  aspectRatio: AspectRatio;
  templateId: number;
  layout: LayoutName;
  style: VisualStyleDef;
  language: string;
  seed: number;
  background: 'style' | 'avatar-scene';
  media: (Omit<MediaRule, 'box' | 'radius' | 'stage'> & { box: Box; radius: number; stage: Box }) | null;
  /**
   * face: the presenter's face box at rest as shares of its painter's box, when the painter gave
   * one (photo presenters: from the landmarks); absent for drawn figures (their geometry is known).
   */
  presenter: (Omit<PresenterRule, 'box' | 'panel'> & { box: Box; panel: Box; face?: Box }) | null;
  captionsBox: Box;
  /**
   * The caption lines sit on an opaque ground of their own (render/caption-layer.ts, the style's
   * colours: templates/caption-ink.ts captionGround): set when the band crosses a product video's
   * full presenter figure (no calm column beside it: place-text.ts). Such a band is calm by
   * construction, so `captions-presenter` allows it (face-check.ts). Absent: false.
   */
  captionsGround?: boolean;
  /** Framing of each product image (by index into the product's images); null when its size is unknown. */
  images: (ImageFrame | null)[];
  /** The no-media design: no media box, the product told in text. */
  textFirst: boolean;
  /** Product images left out because they are blank (one colour), by index. */
  blankImages: number[];
  captions: Captions | null;
  scenes: Scene[];
  overlays: TextOverlay[];
  /** Designed shapes (coverage.ts counts them as content; the compositor draws them over the background). */
  shapes: Shape[];
  /** Close-ups beside a thin product (timeline/detail.ts); absent or empty: none. */
  details?: DetailView[];
  safeArea: Box;
  /** Where a custom template's logo is drawn (contained in the box), or null. */
  logo: Box | null;
  /** Product name, brand and formatted price, for cover art and the no-media card. */
  product: { name: string; brand: string | null; price: string | null };
}
