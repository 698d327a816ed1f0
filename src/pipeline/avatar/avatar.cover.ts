/**
 * Backdrops and catalog covers. drawScene paints an avatar's scene for templates that show the
 * presenter full screen; renderAvatarCover is the 512 × 512 PNG listed by GET /v1/avatars.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { NEUTRAL_POSE, type PresenterRef } from './avatar.types.ts';
import { createAvatarPainter, presenterOf } from './avatar.painter.ts';
import { drawSceneFor } from './paint/scene.ts';

export const COVER_SIZE = 512;

/** The avatar's backdrop, filling (0, 0)–(width, height) of ctx. */
export function drawScene(ctx: SKRSContext2D, ref: PresenterRef, width: number, height: number): void {
  const p = presenterOf(ref);
  drawSceneFor(ctx, p.traits, p.look, width, height);
}

/** Scene plus presenter from the chest up, at rest with a friendly face. Same bytes every call. */
export async function renderAvatarCover(ref: PresenterRef): Promise<Buffer> {
  const canvas = createCanvas(COVER_SIZE, COVER_SIZE);
  const ctx = canvas.getContext('2d');
  drawScene(ctx, ref, COVER_SIZE, COVER_SIZE);
  // A 540 × 900 painter puts the face centre at y = 300; shift it up so the face sits in the upper middle.
  const painter = createAvatarPainter(ref, { width: 540, height: 900 });
  const faceY = painter.layout.head.y + painter.layout.head.height / 2;
  painter.draw(ctx, { ...NEUTRAL_POSE, browRaise: 0.15 }, (COVER_SIZE - 540) / 2, Math.round(COVER_SIZE * 0.42 - faceY));
  return canvas.encode('png');
}
