/**
 * Layout checks on a built timeline (pure), from the layout step's own boxes. Every string starts
 * with its rule's tag (the bench counts defects by tag):
 * - `safe-area`: a text box, the captions band or the presenter's face leaves the platform safe area;
 * - `text-face`: text over the presenter's face zone (head, hair, chin and neck), or a card, title,
 *   price or call to action over the hair above the head (rules.ts hairZone);
 * - `text-text`: two texts that show at the same time overlap (overlays, captions band);
 * - `cut-text`: text not shown whole, an ellipsis the product's text does not have, a card's claim
 *   shortened to an unfinished phrase (cut-check.ts), or a line wider than its box;
 * - `text-size`: a cap height under MIN_CAP_SHARE of the frame height;
 * - `presenter-size`: a shown presenter's face under MIN_FACE_SHARE of the frame height;
 * - `end-frame`: the last frame does not show the price (when there is one) and the call to action fully;
 * - `media-frame`: a product image upscaled past MAX_UPSCALE, contained too small on its stage,
 *   its middle covered by text, or its middle outside the safe area; a panning photo's product
 *   (its trimmed box or subject) not whole in the window at an end of the pan (panProductViolations).
 */
import { sceneFrame } from './media-frame.ts';
import { boxInside } from '../templates/safe-area.ts';
import { presenterFaceBox } from './presenter.ts';
import type { Box } from '../templates/types.ts';
import type { TextOverlay, Timeline } from './types.ts';
import type { ImageFrame } from './media-frame.ts';
import { estimateWidth } from './fit-text.ts';
import { cutTextViolations } from './cut-check.ts';
import { lineRoom } from './overlay-box.ts';
import { CAP_HEIGHT_EM, captionCapPx, contentHeart, faceZone, hairZone, intersection, intersects, MAX_UPSCALE, MIN_CAP_SHARE, MIN_FACE_SHARE, MIN_STAGE_FILL, OVERLAY_ENTER_MS, overlayMinFontPx } from './rules.ts';
import { frameTimeMs } from './build.ts';

const r = (b: Box) => `[${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.w)}x${Math.round(b.h)}]`;
const together = (a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }) => a.startMs < b.endMs && b.startMs < a.endMs;

/** The visible product of each scene that shows media, in frame pixels. */
export function sceneContent(t: Timeline): { startMs: number; endMs: number; content: Box; image: number | null }[] {
  const out: { startMs: number; endMs: number; content: Box; image: number | null }[] = [];
  const m = t.media;
  if (!m) return out;
  const frame = { x: 0, y: 0, w: t.width, h: t.height };
  for (const s of t.scenes) {
    if (!s.showMedia) continue;
    let content: Box | null = null;
    let image: number | null = null;
    if (s.media.kind === 'image') {
      image = s.media.index;
      content = sceneFrame(t.images, s)?.content ?? m.box;
    } else if (s.media.kind === 'video') content = m.box;
    const visible = content && intersection(content, frame);
    if (visible) out.push({ startMs: s.startMs, endMs: s.endMs, content: visible, image });
  }
  return out;
}

function uppercaseOf(t: Timeline, o: TextOverlay): boolean {
  return t.style.text.uppercase && o.slot !== 'price' && !o.ownCase;
}

/** Every rule the layout breaks, as tagged strings; empty when the layout is sound. */
export function layoutViolations(t: Timeline): string[] {
  const out: string[] = [];
  const safe = t.safeArea;
  const minCap = t.height * MIN_CAP_SHARE - 0.01;
  const whole = { startMs: 0, endMs: t.durationMs };
  const texts: { id: string; box: Box; startMs: number; endMs: number }[] = t.overlays.map((o) => ({ id: `${o.id} (${o.slot})`, box: o.box, startMs: o.startMs, endMs: o.endMs }));
  if (t.captions) texts.push({ id: 'captions band', box: t.captionsBox, ...whole });

  for (const x of texts) if (!boxInside(x.box, safe)) out.push(`safe-area: ${x.id} ${r(x.box)} leaves the safe area ${r(safe)}`);

  if (t.presenter) {
    const face = presenterFaceBox(t.presenter);
    if (!boxInside(face, safe)) out.push(`safe-area: the presenter's face ${r(face)} leaves the safe area`);
    if (face.h < t.height * MIN_FACE_SHARE - 0.5) out.push(`presenter-size: face ${Math.round(face.h)} px high, under 1/${Math.round(1 / MIN_FACE_SHARE)} of ${t.height}`);
    const zone = faceZone(face);
    for (const x of texts) if (intersects(x.box, zone)) out.push(`text-face: ${x.id} ${r(x.box)} covers the presenter's face zone ${r(zone)}`);
    const hair = hairZone(face);
    for (const x of texts) if (x.id !== 'captions band' && !intersects(x.box, zone) && intersects(x.box, hair)) out.push(`text-face: ${x.id} ${r(x.box)} covers the presenter's hair ${r(hair)}`);
  }

  for (let i = 0; i < texts.length; i++)
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i]!;
      const b = texts[j]!;
      if (together(a, b) && intersects(a.box, b.box)) out.push(`text-text: ${a.id} and ${b.id} overlap while both show`);
    }

  out.push(...cutTextViolations(t));
  for (const o of t.overlays) {
    const upper = uppercaseOf(t, o);
    o.lines.forEach((line, i) => {
      const room = lineRoom(o, i);
      if (estimateWidth(line, o.fontPx, upper) > room + 0.5) out.push(`cut-text: ${o.id} line "${line}" is wider than its box (${Math.round(room)} px)`);
    });
    // A subtitle (the full name) is smaller only under its short title shown at the same time.
    const titled = o.subtitle && o.source === t.product.name.trim() && t.overlays.some((n) => n.slot === 'name' && n.source !== o.source && together(n, o));
    const cap = titled ? overlayMinFontPx(o, t.height) * CAP_HEIGHT_EM - 0.01 : minCap;
    if (o.fontPx * CAP_HEIGHT_EM < cap) out.push(`text-size: ${o.id} cap height ${(o.fontPx * CAP_HEIGHT_EM).toFixed(1)} px, under ${cap.toFixed(1)}`);
  }
  if (t.captions && captionCapPx(t.captionsBox.h) < minCap) out.push(`text-size: captions cap height ${captionCapPx(t.captionsBox.h).toFixed(1)} px, under ${minCap.toFixed(1)}`);

  const last = frameTimeMs(t.frames - 1, t.fps);
  const fully = (slot: TextOverlay['slot']) => t.overlays.some((o) => o.slot === slot && o.startMs + OVERLAY_ENTER_MS <= last && last < o.endMs && o.endMs - last >= o.exitMs);
  if (t.product.price && !fully('price')) out.push('end-frame: the last frame does not show the price fully');
  if (!fully('cta')) out.push('end-frame: the last frame does not show the call to action fully');

  const seen = new Set<number>();
  for (const c of sceneContent(t)) {
    const heart = contentHeart(c.content);
    if (!boxInside(heart, safe)) out.push(`media-frame: the product's middle ${r(heart)} leaves the safe area`);
    for (const x of texts) if (together(x, c) && intersects(x.box, heart)) out.push(`media-frame: ${x.id} covers the product's middle ${r(heart)}`);
    const f = c.image !== null ? t.images[c.image] : null;
    if (!f || seen.has(c.image!)) continue;
    seen.add(c.image!);
    const k = f.content.w / f.source.width;
    if (k > MAX_UPSCALE + 1e-6) out.push(`media-frame: image ${c.image} (${f.source.width}x${f.source.height}) drawn at ${k.toFixed(2)}x its pixels`);
    const stage = t.media?.stage;
    if (f.mode === 'contain' && stage && k < MAX_UPSCALE - 1e-6 && f.content.w < stage.w * MIN_STAGE_FILL && f.content.h < stage.h * MIN_STAGE_FILL)
      out.push(`media-frame: image ${c.image} shown at ${r(f.content)}, small on its stage ${r(stage)}`);
  }
  t.images.forEach((f, i) => {
    if (!f || !t.scenes.some((s) => s.showMedia && s.media.kind === 'image' && s.media.index === i)) return;
    out.push(...panProductViolations(f, i));
  });
  return [...new Set(out)];
}

/**
 * `media-frame`: a panning photo whose product (ImageFrame.pan.product, shorter than the window)
 * is not whole in its window at either end of the pan's travel (the travel is a straight line,
 * so its ends decide).
 */
export function panProductViolations(f: ImageFrame, index: number): string[] {
  const p = f.treatment === 'pan' ? f.pan : undefined;
  if (!p?.product) return [];
  const x = p.axis === 'x';
  const drawn = x ? p.width : p.height;
  const win = x ? f.content.w : f.content.h;
  const [a, b] = x ? [p.product.x * drawn, (p.product.x + p.product.w) * drawn] : [p.product.y * drawn, (p.product.y + p.product.h) * drawn];
  if (b - a > win) return [];
  const out: string[] = [];
  for (const [end, q] of [['start', p.from ?? 0], ['end', p.to ?? 1]] as const) {
    const o = q * Math.max(0, drawn - win);
    if (a < o - 0.5 || b > o + win + 0.5) out.push(`media-frame: image ${index}'s product [${Math.round(a - o)}..${Math.round(b - o)}] leaves its ${Math.round(win)} px pan window at the pan's ${end}`);
  }
  return out;
}

/** `text-product`: cards, title, price and call to action clear of a product shown whole (text-product.ts); a check of its own, not among layoutViolations (docs/rendering.md "Text keeps a gap from the product": the misses). */
export { textProductViolations } from './text-product.ts';
/** `title-lines`: a title in more than three lines (four for a very long one), or a word of it broken that fits the safe width whole (title-rule.ts); a check of its own: the 9:16 frames where the short title and the full name find no room together keep the full name in more lines (docs/rendering.md "A title in at most three lines"). */
export { titleViolations } from './title-rule.ts';
/** `card-lines`: a selling-point card in more than three lines (a narrow column), or a word of it broken that the safe width holds whole (card-rule.ts); a check of its own, as `title-lines`: a 9:16 Spotlight frame with a full-height product beside the inset has no row for a long card (docs/rendering.md "A card in at most three lines"). */
export { cardViolations } from './card-rule.ts';
