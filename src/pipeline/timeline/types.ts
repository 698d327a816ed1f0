/** The timeline: everything the renderer draws, when and where, in output pixels. Plain data. */
import type { SceneCue } from '../types.ts';
import type { Captions } from '../captions/build.ts';
import type { AspectRatio, Box, Enter, LayoutName, MediaRule, PresenterRule, SceneKind, TextSlotName, TransitionKind, VisualStyleDef } from '../templates/types.ts';

export type MediaSource =
  | { kind: 'image'; index: number }
  | { kind: 'video'; index: number; offsetMs: number }
  /** No product media: the renderer draws a product card from the name. */
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
  kind: TransitionKind | 'cut';
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
}

export interface TextOverlay {
  id: string;
  slot: TextSlotName;
  text: string;
  /** Small leading badge, e.g. the selling point's number on feature cards. */
  badge: string | null;
  box: Box;
  align: 'left' | 'center' | 'right';
  enter: Enter;
  /** Cap height as a share of the box height. */
  fill: number;
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
  media: (Omit<MediaRule, 'box' | 'radius'> & { box: Box; radius: number }) | null;
  presenter: (Omit<PresenterRule, 'box' | 'panel'> & { box: Box; panel: Box }) | null;
  captionsBox: Box;
  captions: Captions | null;
  scenes: Scene[];
  overlays: TextOverlay[];
  safeArea: Box;
  /** Product name, brand and formatted price, for cover art and the no-media card. */
  product: { name: string; brand: string | null; price: string | null };
}
