/**
 * The product steps aside for its text (pure; docs/rendering.md "Text keeps a gap from the
 * product": "The card beat"). Where the layout step finds no spot clear of a product shown whole
 * for a card, the title, the price or the call to action (text-product.ts), the product takes a
 * pose that leaves one: it stands against a side of the safe area (a column beside it), or at the
 * top or the bottom of its room (a row), and holds still there, its Ken Burns move tamed away
 * (its reach is then its box at rest). Its size is kept: the share rule (product-share.ts) holds
 * as before. The build tries the poses and keeps the first that leaves fewer texts on the product
 * without breaking another layout rule (`clearTextOfProduct`); one pose for every image that has
 * text on it.
 */
import type { Box } from '../templates/types.ts';
import type { ImageFrame } from './media-frame.ts';
import { faceZone, grow, hairZone, intersection, intersects, PRODUCT_HEADROOM, PRODUCT_SIDE_MARGIN, TEXT_PRODUCT_GAP } from './rules.ts';
import { MAX_KEN_BURNS_SCALE } from './motion.ts';
import { productKeepOuts, textProductOverlaps, wholeProductBox, type TextProductHit } from './text-product.ts';
import { presenterFaceBox } from './presenter.ts';
import { layoutViolations } from './safety.ts';
import { presenterLed, presenterShare, productShareTarget, productShareViolations } from './product-share.ts';
import { presenterOverProductViolations } from './presenter-clear.ts';
import { captionsOverProduct } from './caption-clear.ts';
import { timelineCoverage } from './coverage.ts';
import { cardRuleBroken, cardViolations } from './card-rule.ts';
import type { Timeline } from './types.ts';

/** Where a product stands for its text: still where it is, or against a side (and an end) of its room. */
export type Pose = 'still' | 'left' | 'right' | 'up' | 'down' | 'left-up' | 'right-up' | 'left-down' | 'right-down';

/** The poses tried, in order: the least change first. */
export const POSES: readonly Pose[] = ['still', 'left', 'right', 'up', 'down', 'left-up', 'right-up', 'left-down', 'right-down'];

/**
 * A scene's pose: a pose, or a pose with the product a little smaller (shrinkFor); `lower`: a cover
 * photo held still a little zoomed with its top edge at its box's top, its middle third lower, for a
 * card's room under the captions (lowerCover; the card search only, `roomForCards`).
 */
export type ScenePose = Pose | `${Pose} small` | 'lower';

/** A product stepping aside for its text in one scene shrinks to this share of its size at most ("a little"). */
export const MAX_STEP_SHRINK = 0.85;
/** At most this many timelines built for the per-scene poses of one video (text-room's scene search). */
export const SCENE_POSE_BUILDS = 12;

/**
 * The scale a product shrinks to in a scene's `small` pose: towards its share target (and 4 %),
 * at most MAX_STEP_SHRINK; 1 when it is held under its target already (ImageFrame.limited) or is at it.
 */
export function shrinkFor(f: ImageFrame, c: PoseContext): number {
  if (f.limited) return 1;
  const k = Math.sqrt((c.target * 1.04 * c.width * c.height) / (f.content.w * f.content.h));
  return Math.max(MAX_STEP_SHRINK, Math.min(1, k));
}

/** Poses per image (by index); absent: as framed. */
export type Poses = ReadonlyMap<number, Pose>;

export interface PoseContext {
  width: number;
  height: number;
  safeArea: Box;
  /** The captions band when shown: a product stepping down stops above it. */
  captions: Box | null;
  /** The product's share target (product-share.ts): a photo cut out for its text keeps at least this share (and a tenth more). */
  target: number;
  /**
   * A carousel's card (media box): the card is the product's frame (drawn, clipped, sliding with
   * the row), so a pose moves the product within it, never out of it (issue 27, bench #9: the
   * bottle stood a quarter out of its card, cut by the card's edge, for whole scenes).
   */
  within?: Box;
}

/** A product shown whole by its own box (a cut-out, an alpha image, a contained photo): it can step aside. */
const standing = (f: ImageFrame | null | undefined): f is ImageFrame => !!f && f.mode === 'contain' && (f.treatment === 'cutout' || f.treatment === 'alpha' || f.treatment === 'contain');
/** A plain-backed photo drawn uncropped as a cover, its product known (a square mug photo in 1:1): it can be cut out. */
// A cover's product box from its plain backdrop's trim; a photo cropped about its subject
// (coverCrop: a scene, not a plain backdrop) has a product box too but is never cut out.
const plainCover = (f: ImageFrame | null | undefined): f is ImageFrame & { product: Box } => !!f && f.mode === 'cover' && f.treatment === 'cover' && !!f.product && !f.crop;
const movable = (f: ImageFrame | null | undefined): f is ImageFrame => standing(f) || plainCover(f);

/**
 * A plain-backed cover photo whose product fills the frame leaves no spot for text: its product
 * is cut out instead (its backdrop flooded away, as for a packshot) and stands on the template's
 * background at its share target and a tenth (never larger than it was), about where it stood.
 */
function cutOut(f: ImageFrame & { product: Box }, c: PoseContext): ImageFrame {
  const p = f.product;
  const b = f.content;
  const k = Math.min(1, Math.sqrt((1.1 * c.target * c.width * c.height) / (p.w * p.h)));
  const w = p.w * k;
  const h = p.h * k;
  const content = { x: p.x + (p.w - w) / 2, y: p.y + (p.h - h) / 2, w, h };
  const trim = { x: (p.x - b.x) / b.w, y: (p.y - b.y) / b.h, w: p.w / b.w, h: p.h / b.h };
  const { product: _, ...rest } = f;
  return { ...rest, mode: 'contain', treatment: 'cutout', cutout: true, trim, content, room: content };
}

/**
 * The frame in a pose: the same size, moved against the safe area's side (left, right) and to
 * the top or bottom of where it may stand (the frame less PRODUCT_HEADROOM, above the captions
 * band when it stood above it), held still (its room is its box: fitMove tames the move away).
 * Its middle stays in the safe area (media-frame). Unchanged when it cannot move.
 */
export function posed(f: ImageFrame | null, pose: Pose | ScenePose, c: PoseContext, cutOutCover = true): ImageFrame | null {
  if (pose === 'lower') return lowerCover(f, c);
  if (!movable(f) || (!cutOutCover && !standing(f))) return f;
  if (plainCover(f)) f = cutOut(f, c);
  const small = pose.endsWith(' small');
  pose = pose.replace(' small', '') as Pose;
  // A scene's pose may shrink the product a little about its middle (never under its share target).
  const k = small ? shrinkFor(f, c) : 1;
  const b = { x: f.content.x + (f.content.w * (1 - k)) / 2, y: f.content.y + (f.content.h * (1 - k)) / 2, w: f.content.w * k, h: f.content.h * k };
  const s = c.safeArea;
  const head = PRODUCT_HEADROOM * c.height;
  const cap = c.captions && b.y + b.h <= c.captions.y + 0.5 ? c.captions.y : c.height - head;
  let { x, y } = b;
  // To the frame's edge (the widest column beside it), its middle still in the safe area; a
  // cut-out keeps PRODUCT_SIDE_MARGIN from the edge ("The frame in 9:16").
  const side = f.cutout ? PRODUCT_SIDE_MARGIN * Math.min(c.width, c.height) : 0;
  if (pose.startsWith('left')) x = Math.min(b.x, Math.max(side, s.x - b.w / 3));
  if (pose.startsWith('right')) x = Math.max(b.x, Math.min(c.width - side, s.x + s.w + b.w / 3) - b.w);
  if (pose.endsWith('up')) y = Math.min(b.y, Math.max(head, s.y - b.h / 3));
  if (pose.endsWith('down')) y = Math.max(b.y, Math.min(cap, s.y + s.h + b.h / 3) - b.h);
  // A product wider (taller) than the safe area keeps its place on that axis.
  if (b.w > s.w) x = b.x;
  // In a carousel's card: as far as the card allows, on each axis.
  const w = c.within;
  if (w) {
    x = Math.max(w.x, Math.min(x, w.x + w.w - b.w));
    y = Math.max(w.y, Math.min(y, w.y + w.h - b.h));
  }
  const content = { x, y, w: b.w, h: b.h };
  if (!intersection(content, { x: 0, y: 0, w: c.width, h: c.height })) return f;
  // A product inside its picture (an alpha image whole in a carousel's card) moves and scales with it.
  const p = f.product;
  const product = p && { x: x + (p.x - f.content.x) * k, y: y + (p.y - f.content.y) * k, w: p.w * k, h: p.h * k };
  return { ...f, content, room: content, ...(product ? { product } : {}) };
}

/**
 * A cover photo (a scene, not cut out, not cropped for a subject) held still for its scene at the
 * largest zoom (at most MAX_KEN_BURNS_SCALE) whose middle third stays in the safe area, its top edge
 * at its box's top (`topZoom`: the renderer's Ken Burns source anchored at the prepared picture's
 * top): its middle third, what text keeps off, starts lower by a third of the zoom's growth. Its
 * `content` is the picture so drawn (past its box's bottom, where the box clips it). Unchanged where
 * it gains nothing.
 */
export function lowerCover(f: ImageFrame | null, c: PoseContext): ImageFrame | null {
  if (!f || f.mode !== 'cover' || f.treatment !== 'cover' || f.cutout || f.crop || f.product || f.topZoom) return f;
  const b = f.content;
  const z = Math.min(MAX_KEN_BURNS_SCALE, (3 * (c.safeArea.y + c.safeArea.h - b.y)) / (2 * b.h));
  if (z < 1.005) return f;
  return { ...f, topZoom: z, content: { x: b.x - ((z - 1) * b.w) / 2, y: b.y, w: b.w * z, h: b.h * z } };
}

/** Applies poses to framed images. */
export function withPoses(images: readonly (ImageFrame | null)[], poses: Poses | null, c: PoseContext): (ImageFrame | null)[] {
  if (!poses?.size) return [...images];
  return images.map((f, i) => (poses.has(i) ? posed(f, poses.get(i)!, c) : f));
}

/** Every other layout rule's defects (the ones a pose could break), counted by tag. */
function otherDefects(t: Timeline): Map<string, number> {
  // Coverage also between caption pages (the band empty: the frame holds without it).
  const between = t.captions ? timelineCoverage({ ...t, captions: { ...t.captions, pages: [] } }).violations : [];
  const all = [...layoutViolations(t), ...productShareViolations(t), ...presenterOverProductViolations(t), ...captionsOverProduct(t), ...timelineCoverage(t).violations, ...between, ...cardViolations(t)];
  // A word broken with a hyphen (a text in a narrow column) counts too: a pose never buys room with a broken name.
  for (const o of t.overlays) if (o.lines.some((l) => l.endsWith('\u2010'))) all.push(`broken-word: ${o.id}`);
  const out = new Map<string, number>();
  for (const v of all) out.set(v.slice(0, v.indexOf(':')), (out.get(v.slice(0, v.indexOf(':'))) ?? 0) + 1);
  return out;
}

/** No rule broken more often than before (a pose never trades one defect for another). */
const noWorse = (after: Map<string, number>, before: Map<string, number>) => [...after].every(([tag, n]) => n <= (before.get(tag) ?? 0));

/** The images with text on them. */
const imagesUnderText = (hits: readonly TextProductHit[]): number[] => [...new Set(hits.map((h) => h.keepOut.image))];

/** How long the product takes to glide from one scene's pose to the next's (a transition 'glide'). */
export const GLIDE_MS = 500;

/** The build: per image poses (the whole video) and per sentence poses (its scene only). */
export type PosedBuild<I> = (input: I, poses: Poses | null, sentencePoses?: ReadonlyMap<number, ScenePose> | null) => Timeline;

/**
 * Texts on a product (distinct overlay, image and time), a disallowed one (sticker.ts) weighing
 * more than any number of allowed ones: a pose that frees a sticker's spot is kept (the product
 * moved, its share unchanged, before a text on its edge), never one that trades it for a text on
 * the product's heart.
 */
const hitCount = (t: Timeline): number => {
  const key = (h: TextProductHit) => `${h.overlay.id} ${h.keepOut.image} ${h.keepOut.startMs}`;
  const hits = textProductOverlaps(t);
  return new Set(hits.map(key)).size + 1000 * new Set(hits.filter((h) => !h.allowed).map(key)).size;
};

/**
 * Builds the timeline; where text lies on a product shown whole, builds it again with the
 * product in each pose (every image with text on it) and keeps the first with no text on the
 * product, else the one with the fewest, provided no other layout rule is broken more than as
 * framed. Then, text by text still on a product, the sentences it is shown with take a pose of
 * their own (their scene only: the product steps aside while the text shows and glides back
 * after), the pose that leaves the fewest texts on a product, on the same proviso.
 */
export function clearTextOfProduct<I>(input: I, build: PosedBuild<I>, spans: readonly { startMs: number; endMs: number }[] = []): Timeline {
  const first = build(input, null);
  const hits0 = textProductOverlaps(first);
  if (!hits0.length) return first;
  return searchPoses(input, build, spans, first, hits0);
}

/** The poses each kept timeline was built with (the card search builds on them: roomForCards). */
const builtWith = new WeakMap<Timeline, { poses: Poses | null; sentencePoses: ReadonlyMap<number, ScenePose> }>();

function searchPoses<I>(input: I, build: PosedBuild<I>, spans: readonly { startMs: number; endMs: number }[], first: Timeline, hits0: readonly TextProductHit[]): Timeline {
  // One pose for every image shown (a text over two scenes needs its room in both), else for the images with text on them only.
  const shown = [...new Set(first.scenes.flatMap((s) => (s.showMedia && s.media.kind === 'image' && movable(first.images[s.media.index]) ? [s.media.index] : [])))];
  const under = imagesUnderText(hits0).filter((i) => movable(first.images[i]));
  if (!under.length) return first;
  const others = otherDefects(first);
  let best = { t: first, n: hitCount(first), poses: null as Poses | null };
  // Poses that move nothing (a product already against that side) are not built again.
  const c: PoseContext = { width: first.width, height: first.height, safeArea: first.safeArea, captions: first.captions ? first.captionsBox : null, target: productShareTarget(first.layout, first.aspectRatio, !!first.presenter), ...(first.media?.motion === 'carousel' ? { within: first.media.box } : {}) };
  const seen = new Set<string>();
  search: for (const images of shown.length > under.length ? [shown, under] : [under])
    for (const pose of POSES) {
      const key = shown.map((i) => JSON.stringify((images.includes(i) ? posed(first.images[i]!, pose, c) : first.images[i])?.content)).join();
      if (seen.has(key)) continue;
      seen.add(key);
      const poses = new Map(images.map((i) => [i, pose]));
      const t = build(input, poses);
      const n = hitCount(t);
      if (n >= best.n || !noWorse(otherDefects(t), others)) continue;
      best = { t, n, poses };
      if (n === 0) break search;
    }
  if (!best.n) {
    builtWith.set(best.t, { poses: best.poses, sentencePoses: new Map() });
    return best.t;
  }
  return scenePoses(input, build, spans, best, others, c);
}

/**
 * Per text still on a product (in order of its start): the sentences shown with it (where its
 * product shows) take each pose in turn; the pose leaving the fewest texts on a product is kept
 * when it leaves fewer than before and breaks no other rule more than as framed.
 */
function scenePoses<I>(input: I, build: PosedBuild<I>, spans: readonly { startMs: number; endMs: number }[], start: { t: Timeline; n: number; poses: Poses | null }, others: Map<string, number>, c: PoseContext): Timeline {
  let { t: cur, n: curN } = start;
  const sentencePoses = new Map<number, ScenePose>();
  const tried = new Set<string>();
  // A budget of builds: each is a whole timeline, and up to 8 texts × 18 poses of them made
  // hyphenate's 54 German cut-case timelines run for over 15 min (2026-11-29 (7)).
  let budget = SCENE_POSE_BUILDS;
  for (let guard = 0; guard < 8 && curN > 0 && budget > 0; guard++) {
    const hit = textProductOverlaps(cur)
      .sort((a, b) => a.overlay.startMs - b.overlay.startMs)
      .map((h) => ({ h, sentences: spans.flatMap((s, i) => (s.startMs < Math.min(h.overlay.endMs, h.keepOut.endMs) && Math.max(h.overlay.startMs, h.keepOut.startMs) < s.endMs ? [i] : [])) }))
      .find(({ sentences }) => sentences.length && !tried.has(sentences.join()));
    if (!hit) break;
    tried.add(hit.sentences.join());
    let pick: { t: Timeline; n: number; pose: ScenePose } | null = null;
    // At its size first; a little smaller (towards its share target) where no pose at its size clears the text.
    const f = cur.images[hit.h.keepOut.image];
    // Not when the smaller product would no longer be larger than the presenter (product-share.ts: a build refused for it).
    const k = f ? shrinkFor(f, c) : 1;
    const above = presenterLed(cur.layout, !!cur.presenter) ? 0 : presenterShare(cur);
    // (Only for a text the sticker rule does not allow there: a sticker comes before a smaller product.)
    const smaller = f && k < 1 && !hit.h.allowed && (k * k * f.content.w * f.content.h) / (cur.width * cur.height) > above ? POSES.map((p) => `${p} small` as const) : [];
    // The poses that leave room for the text as it is set (roomLeft: no build) are built first; the
    // first of them that clears the text is kept. The others after, while the budget lasts.
    const all = [...POSES, ...smaller];
    const fits = roomLeft(cur, hit.h);
    const promising = f ? all.filter((p) => fits(posed(f, p, c, false))) : [];
    const cleared = (t: Timeline) => !textProductOverlaps(t).some((x) => x.overlay.id === hit.h.overlay.id);
    for (const pose of [...promising, ...all.filter((p) => !promising.includes(p))]) {
      if (budget-- <= 0) break;
      if (pick && cleared(pick.t) && (pose.endsWith(' small') || (promising as readonly ScenePose[]).includes(pick.pose))) break;
      const next = new Map(sentencePoses);
      for (const i of hit.sentences) next.set(i, pose);
      const t = build(input, start.poses, next);
      const n = hitCount(t);
      if (n < (pick?.n ?? curN) && noWorse(otherDefects(t), others)) pick = { t, n, pose };
    }
    if (!pick) continue;
    for (const i of hit.sentences) sentencePoses.set(i, pick.pose);
    cur = pick.t;
    curN = pick.n;
  }
  builtWith.set(cur, { poses: start.poses, sentencePoses: new Map(sentencePoses) });
  return cur;
}

/**
 * A card the card rule still breaks (card-rule.ts: a sliver beside the presenter, bench #10's
 * "STUFENLOS / EINSTELL‐ / BARER / MAHLGRAD") where its scene shows a cover photo: the sentences shown
 * with it hold that photo lowered (`lower`, lowerCover), so the rows between the captions and the
 * photo's middle third may hold the card; kept when the build has fewer `card-lines` and breaks no
 * other rule more often (one build a card).
 */
export function roomForCards<I>(input: I, build: PosedBuild<I>, spans: readonly { startMs: number; endMs: number }[], t: Timeline): Timeline {
  if (!t.captions || !cardViolations(t).length) return t;
  const was = builtWith.get(t) ?? { poses: null, sentencePoses: new Map<number, ScenePose>() };
  const c: PoseContext = { width: t.width, height: t.height, safeArea: t.safeArea, captions: t.captionsBox, target: productShareTarget(t.layout, t.aspectRatio, !!t.presenter) };
  const others = otherDefects(t);
  let cur = t;
  let curN = cardViolations(t).length;
  const sentencePoses = new Map(was.sentencePoses);
  const rule = { safeArea: t.safeArea, height: t.height, language: t.language, uppercase: t.style.text.uppercase };
  for (const { id } of t.overlays.filter((x) => cardRuleBroken(x, rule).length)) {
    const o = cur.overlays.find((x) => x.id === id);
    if (!o) continue;
    const under = (i: number) => {
      const scene = cur.scenes.find((s) => s.sentences[0] <= i && i <= s.sentences[1]);
      const f = scene?.showMedia && scene.media.kind === 'image' ? cur.images[scene.media.index] ?? null : null;
      return !!f && lowerCover(f, c) !== f;
    };
    const sentences = spans.flatMap((s, i) => (s.startMs < o.endMs && o.startMs < s.endMs && !sentencePoses.has(i) && under(i) ? [i] : []));
    if (!sentences.length) continue;
    const next = new Map(sentencePoses);
    for (const i of sentences) next.set(i, 'lower');
    const tried = build(input, was.poses, next);
    const n = cardViolations(tried).length;
    if (n >= curN || !noWorse(otherDefects(tried), others)) continue;
    for (const i of sentences) sentencePoses.set(i, 'lower');
    cur = tried;
    curN = n;
  }
  return cur;
}

/**
 * Whether a text, at the size it is set, has a free spot in the safe area with its product in
 * frame `f` during the text's scene (held still: its box is its reach): clear of the product's
 * gap, the captions band, the presenter (an inset's card, a figure's face and hair), the logo,
 * the close-ups and every other text shown with it, and of the other scenes' products shown
 * while it shows. Asked of each pose before building the timeline in it (text-room's scene search,
 * 2026-11-30): a pose that leaves no such spot rarely clears the text, and a build costs a
 * whole timeline. The spots tried are those against the safe area's sides and the blocks' edges
 * (a free spot slides left and up to one of them): exact, and no scan.
 */
export function roomLeft(t: Timeline, hit: TextProductHit): (f: ImageFrame | null) => boolean {
  const o = hit.overlay;
  const g = TEXT_PRODUCT_GAP * Math.min(t.width, t.height);
  const during = (x: { startMs: number; endMs: number }) => x.startMs < o.endMs && o.startMs < x.endMs;
  const blocks: Box[] = [];
  if (t.captions) blocks.push(t.captionsBox);
  if (t.presenter) {
    const face = presenterFaceBox(t.presenter);
    blocks.push(faceZone(face), hairZone(face));
    if (t.presenter.frame !== 'none') blocks.push(t.presenter.box);
  }
  if (t.logo) blocks.push(t.logo);
  for (const d of t.details ?? []) if (during(d)) blocks.push(d.box);
  for (const x of t.overlays) if (x.id !== o.id && during(x)) blocks.push(x.box);
  for (const k of productKeepOuts(t)) if (during(k) && k.startMs !== hit.keepOut.startMs) blocks.push(k.box);
  const s = t.safeArea;
  const { w, h } = o.box;
  return (f) => {
    const own = wholeProductBox(f);
    if (!own) return false;
    const all = [grow(own, g, g, g, g), ...blocks];
    const xs = [s.x, ...all.map((b) => b.x + b.w)].filter((x) => x + w <= s.x + s.w + 0.5);
    const ys = [s.y, ...all.map((b) => b.y + b.h)].filter((y) => y + h <= s.y + s.h + 0.5);
    return xs.some((x) => ys.some((y) => x >= s.x - 0.5 && y >= s.y - 0.5 && !all.some((b) => intersects({ x, y, w, h }, b))));
  };
}
