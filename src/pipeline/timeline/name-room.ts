/**
 * Room for a long name (pure). A product name is shown whole (never cut) and never over the
 * presenter's face or the middle of the product; when the layout step finds no free spot for it,
 * the timeline tries, in order:
 * 1. the name in its own case, in a style that sets type in capitals (about 15 % narrower);
 * 2. the presenter moved or made smaller: an inset steps down (then up) the safe area; a presenter
 *    in their scene moves away from the name to the safe area's edge and gets smaller about the
 *    face's side away from the name and the chin, then also lower (never
 *    under the minimum face size, the face never out of the safe area); each with the name in
 *    the style's case, then its own;
 * 3. when the name itself still has no room: the short name (the one the script says) as the
 *    title with the full name as a smaller card under it (the title at its size, then at the
 *    minimum), then with the full name on the end card
 *    (with the price and the call to action), each with the presenter where it is, then moved;
 *    last, the full name titled whole in as many lines as it takes (`whole`: a title longer than
 *    title-rule.ts allows, reported as `title-lines`, where the short title and the full name find
 *    no room together);
 * (a drawn figure standing on its panel's bottom edge keeps standing through steps 2 and 3 first;
 * its moves that lift it off the ground come after those: docs/rendering.md "A presenter stands"),
 * and keeps the first placement that leaves every text clear of the face zone and the product's
 * middle, and every text on a product an allowed sticker (sticker.ts); else the first that keeps every text off the face. Moves that put the presenter over
 * the product (`clearOfProduct`, presenter-clear.ts) come after all of these, in the same order. docs/rendering.md "Nothing cut"
 * ("A long name never over a face", "A long name never over the product").
 */
import { boxInside } from '../templates/safe-area.ts';
import type { Box } from '../templates/types.ts';
import { shortName } from '../script/text.ts';
import type { NameForm } from './place-text.ts';
import { figureHeight, groundOf, presenterFaceBox, standsOnGround } from './presenter.ts';
import { contentHeart, faceZone, hairZone, headBox, intersects, MIN_FACE_SHARE } from './rules.ts';
import { sceneContent } from './safety.ts';
import { mediaCardOverFace } from './media-face.ts';
import { textProductHits } from './text-product.ts';
import { cardRuleBroken } from './card-rule.ts';
import { captionsOverProduct } from './caption-clear.ts';
import type { TextOverlay, Timeline } from './types.ts';

type Presenter = NonNullable<Timeline['presenter']>;

/** What a placement is judged on: the timeline's boxes and the placed texts. */
export interface PlacedShell {
  presenter: Timeline['presenter'];
  media: Timeline['media'];
  scenes: Timeline['scenes'];
  images: Timeline['images'];
  width: number;
  height: number;
  safeArea: Box;
  overlays: readonly TextOverlay[];
  /** The captions band, when captions show. */
  captionsBox: Box | null;
  /** The text's language and the style's capitals (the card rule's line count, card-rule.ts). */
  text?: { language: string; uppercase: boolean };
}

const together = (a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }) => a.startMs < b.endMs && b.startMs < a.endMs;

/**
 * The texts a placement leaves over the presenter's face zone (or, but the captions, the hair above it), a product's middle, a product where the sticker rule does not allow it (sticker.ts) or each other
 * (overlay ids, "captions"), "media" when the product card meets the face zone (media-face.ts), and "face" when the presenter's face is under the minimum size or out of the safe
 * area; empty when every text is clear.
 */
export function blockedTexts(s: PlacedShell): string[] {
  const out: string[] = [];
  const whole = { startMs: 0, endMs: Number.MAX_SAFE_INTEGER };
  const texts = [...s.overlays.map((o) => ({ id: o.id, box: o.box, startMs: o.startMs, endMs: o.endMs })), ...(s.captionsBox ? [{ id: 'captions', box: s.captionsBox, ...whole }] : [])];
  if (s.presenter) {
    const face = presenterFaceBox(s.presenter);
    if (face.h < s.height * MIN_FACE_SHARE - 0.5 || !boxInside(face, s.safeArea)) out.push('face');
    const zone = faceZone(face);
    for (const x of texts) if (intersects(x.box, zone)) out.push(x.id);
    const hair = hairZone(face);
    for (const x of texts) if (x.id !== 'captions' && intersects(x.box, hair)) out.push(x.id);
    // The call to action off the whole head box (`cta-head`): a move that leaves it touching the head is no clear room.
    const head = headBox(face);
    for (const o of s.overlays) if (o.slot === 'cta' && intersects(o.box, head)) out.push(o.id);
  }
  // Two texts over each other (the layout step's last resort when a text has no free spot).
  texts.forEach((a, i) => texts.slice(i + 1).forEach((b) => { if (together(a, b) && intersects(a.box, b.box)) out.push(a.id, b.id); }));
  for (const c of sceneContent(s as unknown as Timeline)) {
    const heart = contentHeart(c.content);
    for (const x of texts) if (together(x, c) && intersects(x.box, heart)) out.push(x.id);
  }
  // The product card against the face (media-face.ts, bench #107): the presenter moves away from it.
  if (mediaCardOverFace(s)) out.push('media');
  return [...new Set(out)];
}

/**
 * The texts a placement leaves that the room search also looks for room for (2026-11-30): a text
 * on a product that the sticker rule does not allow (sticker.ts: over its heart, or too much of
 * it; the name's forms are tried for it, the presenter stays), and, beside an inset presenter, a
 * selling-point card that breaks the card rule (card-rule.ts: more than three lines or a broken
 * word, in a narrow column beside a frame-high product, bench #44; the inset moves for it, only to
 * spots clear of the product).
 */
export function ruleBlocked(s: PlacedShell): string[] {
  return [...new Set([...textProductHits(s as unknown as Timeline).map((h) => h.overlay.id), ...cardBlocked(s)])];
}

/** The cards that break the card rule beside an inset presenter (for a drawn presenter too, its scale moves made the probe's 16:9 row 8 times slower). */
function cardBlocked(s: PlacedShell): string[] {
  if (!s.text || s.presenter?.frame !== 'card') return [];
  return s.overlays.filter((o) => cardRuleBroken(o, { safeArea: s.safeArea, height: s.height, ...s.text! }).length).map((o) => o.id);
}

/** The texts over the presenter's face zone, and "face" for a face under the minimum or out of the safe area (the product's middle aside). */
export function faceBlocked(s: PlacedShell): string[] {
  return blockedTexts({ ...s, scenes: [] });
}

/** Whether the product's name is among the blocked texts. */
export const nameBlocked = (s: PlacedShell): boolean => blockedTexts(s).some((id) => s.overlays.some((o) => o.id === id && o.slot === 'name'));

/** Steps (frame share) an inset moves by, and the scales a presenter in their scene tries. */
const INSET_STEP = 0.02;
const SCALES = [0.94, 0.88, 0.82, 0.76] as const;
/** How far (frame share) a presenter in their scene may also be lowered, when scaling alone leaves a text over the face. */
const DROPS = [0.04, 0.08] as const;

/**
 * Where the presenter may go to make room, nearest first: an inset down the safe area (then up)
 * in INSET_STEP steps; a presenter in their scene scaled by SCALES about the chin and the face's
 * side away from the name's slot (what sits under the chin, the captions, stays put), then at
 * the smallest face the rules allow (`nameX`: the name slot's centre, frame pixels).
 */
export function presenterMoves(p: Presenter, safe: Box, height: number, nameX: number): Presenter[] {
  const out: Presenter[] = [];
  const { box } = p;
  if (p.frame === 'card' || p.frame === 'circle') {
    const step = height * INSET_STEP;
    for (const dir of [1, -1])
      for (let y = box.y + dir * step; y >= safe.y - 0.5 && y + box.h <= safe.y + safe.h + 0.5; y += dir * step) {
        const moved = { ...box, y };
        out.push({ ...p, box: moved, panel: moved });
      }
    return out;
  }
  const face = presenterFaceBox(p);
  const right = nameX < face.x + face.w / 2;
  const ax = right ? face.x + face.w : face.x;
  const ay = face.y + face.h;
  // The face also goes as far from the name as the safe area lets it (the face scales about that side, so this shift holds at every scale).
  const dx = right ? Math.max(0, safe.x + safe.w - ax) : Math.min(0, safe.x - ax);
  // Down to the smallest face the rules allow (presenter-size), that scale last.
  const least = (height * MIN_FACE_SHARE) / face.h + 1e-3;
  const scales = [...SCALES.filter((k) => k > least), ...(least < 1 ? [least] : [])];
  // A figure standing on its panel's bottom edge (its drawing ends in a cut there) stays on it first:
  // scaled about the chin alone, the cut rises into view and the figure floats (`presenter-float`,
  // bench #7). Only where no standing move clears every text (a smaller standing figure's face sinks
  // into the captions under it) are the floating moves tried, after all of them: a float is a
  // smaller fault than a text over the face.
  const ground = groundOf(p, height);
  const tall = figureHeight(p);
  const grounded = standsOnGround(p, height);
  const seen = new Set<string>();
  for (const stand of grounded ? [true, false] : [false])
    // Then each scale lowered by DROPS (the body goes past the bottom edge; blockedTexts refuses a face that leaves the safe area).
    for (const drop of [0, ...DROPS])
      for (const k of scales) {
        const y0 = ay + (box.y - ay) * k + drop * height;
        const y = stand ? Math.max(y0, ground - tall * k) : y0;
        const key = `${k} ${y.toFixed(2)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const moved = { ...p, box: { x: ax + (box.x - ax) * k + dx, y, w: box.w * k, h: box.h * k } };
        // The face box does not scale exactly about its side (hair, ears): pull it back inside the safe
        // area's sides, a pixel in (the painter's position is rounded to whole pixels: a face moved to
        // the edge landed 0.4 px outside, and the move was refused — bench #107).
        const f = presenterFaceBox(moved);
        const nudge = Math.max(0, safe.x + 1 - f.x) - Math.max(0, f.x + f.w - (safe.x + safe.w - 1));
        out.push(nudge ? { ...moved, box: { ...moved.box, x: moved.box.x + nudge } } : moved);
      }
  return out;
}

/** A placement of every text: the texts placed and the shell they are judged on. */
interface Placed {
  overlays: TextOverlay[];
  shell: PlacedShell;
}

/** Whether a blocked text is the name: its title, or its full form on a card (a short title's). */
const isName = (o: TextOverlay, name: string) => o.slot === 'name' || o.source === name;

/**
 * Room for every text, in the order above: `place(who, ownCaseName, nameForm)` lays the texts
 * out; the first placement (the presenter at its slot, the name in the style's case, titled
 * whole) is kept when nothing is blocked.
 */
export function makeRoom<R extends Placed>(
  place: (who: Presenter | null, ownCaseName: boolean, nameForm?: NameForm, stop?: (s: PlacedShell) => boolean) => R,
  presenter: Presenter | null,
  o: { uppercase: boolean; safeArea: Box; height: number; nameSlot: Box; name: string; clearOfProduct?: (p: Presenter) => boolean; keep?: RoomChoice | null; presenterStays?: boolean },
): { presenter: Presenter | null; placed: R; choice: RoomChoice } {
  const chosen = (who: Presenter | null, own: boolean, form: NameForm, placed: R, clear = true) => ({ presenter: who, placed, choice: { who, own, form, clear } });
  const first = place(presenter, false);
  // Every reason to look for room; the moves that put the presenter over the product only for the
  // reasons before the sticker and card rules (a face, a product's middle, two texts).
  const all = (sh: PlacedShell) => [...new Set([...blockedTexts(sh), ...ruleBlocked(sh)])];
  const blocked = all(first.shell);
  if (blocked.length === 0) return chosen(presenter, false, 'auto', first);
  // The same video with its product posed (text-room.ts), where the search before found no
  // placement with every text clear: it is not made again (it tries every move and form, ~100
  // placements for a long German name), the choice before is taken.
  if (o.keep && !o.keep.clear) return samePlace(o.keep.who, presenter) && !o.keep.own && o.keep.form === 'auto' ? { presenter, placed: first, choice: o.keep } : { presenter: o.keep.who, placed: place(o.keep.who, o.keep.own, o.keep.form), choice: o.keep };
  const name = o.name.trim();
  const cases = o.uppercase ? [false, true] : [false];
  // Away from the name's slot when the name is blocked, else from the first blocked text.
  const hit = first.overlays.find((x) => blocked.includes(x.id) && x.slot === 'name') ?? first.overlays.find((x) => blocked.includes(x.id));
  const card = !hit && blocked.includes('media') ? first.shell.media?.box : null;
  const away = card ?? (hit && hit.slot !== 'name' ? hit.box : o.nameSlot);
  // Moves that keep the presenter off the product (presenter-clear.ts) first; the others only when none of those leaves every text clear.
  // The presenter moves for a face, a product's middle, two texts or a card's rule; not for a text on a product alone
  // (moved for it, the README demo's inset went off the floor layout and the captions over its photos).
  // A layout whose presenter stays at its slot (the floor variant: build.ts uses the layout before where it would move) tries the name's forms only.
  const moves = presenter && !o.presenterStays && (blockedTexts(first.shell).length || cardBlocked(first.shell).length) ? presenterMoves(presenter, o.safeArea, o.height, away.x + away.w / 2) : [];
  const clearMoves = moves.filter((p) => o.clearOfProduct?.(p) ?? true);
  // A standing move (presenterMoves) whose lower face sends the captions band onto a product shown
  // whole is passed over: the floating moves after it keep the band where it was.
  const standing = new Set(presenter && standsOnGround(presenter, o.height) ? moves.filter((p) => standsOnGround(p, o.height)) : []);
  // The floating moves of a standing figure (presenterMoves lists them after the standing ones).
  const floating = new Set(standing.size ? moves.filter((p) => !standing.has(p)) : []);
  const bandOnProduct = (sh: PlacedShell) => !!sh.captionsBox && captionsOverProduct({ ...sh, captions: {} } as unknown as Timeline).length > 0;
  // Nor any move that sends the band onto a product it is clear of at the presenter's slot (bench #7:
  // a figure made smaller for a card's shorter claim, the band lowered onto the cushion in every scene).
  const firstBandOnProduct = bandOnProduct(first.shell);
  const tries = [...(o.uppercase ? [{ who: presenter, own: true }] : []), ...clearMoves.flatMap((who) => cases.map((own) => ({ who, own })))];
  const over = blockedTexts(first.shell).length ? moves.filter((p) => !clearMoves.includes(p)).flatMap((who) => cases.map((own) => ({ who, own }))) : [];
  // The short name only when it is the name that has no room, and the name has a shorter form.
  const nameBlocked = first.overlays.some((x) => blocked.includes(x.id) && isName(x, name));
  // Last, the full name titled whole in as many lines as it takes (title-rule.ts reports it): where the short
  // title and the full name beside it find no room together (a 9:16 frame whose product's middle leaves a short band).
  const shortTitled = first.overlays.some((x) => x.slot === 'name' && x.source !== name);
  const forms: NameForm[] = nameBlocked && shortName(name) !== name ? ['auto', 'beside', 'compact', 'end', ...(shortTitled ? (['whole'] as const) : [])] : ['auto'];
  // Every text clear first; else, the first placement that at least keeps every text off the face (the stricter rule).
  let offFace: { who: Presenter | null; own: boolean; form: NameForm; again: R } | null = null;
  // The first placement clear of the reasons before the sticker and card rules: kept over a later
  // one clear of all only from the last resorts (the name in as many lines as it takes, the
  // presenter over the product) — a title in eight lines is no better than one on the product's edge.
  let clearBefore: { who: Presenter | null; own: boolean; form: NameForm; again: R } | null = null;
  // The off-face placement is wanted only where the first leaves a text on the face.
  const wantOffFace = faceBlocked(first.shell).length > 0;
  // A standing figure keeps standing while a name form finds room (bench #7, T3 / T5 9:16 beside a
  // packshot or an alpha product: every standing move sent the captions band onto the product, and
  // the first floating move, the name titled as it came, left the bottom fifth a bare floor): the
  // short title with the full name beside it, compact or on the end card, the figure at its slot or
  // standing, come before any floating move; the floating moves then, for each form; last the name
  // in as many lines as it takes.
  const standTries = tries.filter((x) => !x.who || !floating.has(x.who));
  const floatTries = tries.filter((x) => x.who && floating.has(x.who));
  const early = forms.filter((f) => f !== 'whole');
  const rounds = [
    ...early.map((form) => ({ form, tries: form === 'auto' ? standTries : [{ who: presenter, own: false }, ...standTries], late: false })),
    ...(floatTries.length ? early.map((form) => ({ form, tries: floatTries, late: false })) : []),
    ...forms.filter((f) => f === 'whole').map((form) => ({ form, tries: [{ who: presenter, own: false }, ...tries], late: true })),
    ...(over.length ? forms.map((form) => ({ form, tries: over, late: true })) : []),
  ];
  for (const { form, tries, late } of rounds) {
    if (late && clearBefore) break;
    for (const { who, own } of tries) {
      // A try counts only for what is still looked for: every text clear; clear of the reasons
      // before (until one is found); off the face (until one is found, where wanted). Its placing
      // stops at the first text that rules it out (a blocked text stays blocked as more are
      // placed), the rest of its texts not placed — the same choice, found without placing every
      // text of every try (docs/rendering.md "The sticker's cost").
      const stop = clearBefore ? (sh: PlacedShell) => all(sh).length > 0 : offFace || !wantOffFace ? (sh: PlacedShell) => blockedTexts(sh).length > 0 : (sh: PlacedShell) => faceBlocked(sh).length > 0;
      const again = place(who, own, form, stop);
      if (who && (standing.has(who) || !firstBandOnProduct) && bandOnProduct(again.shell)) continue;
      if (all(again.shell).length === 0) return chosen(who, own, form, again);
      if (clearBefore) continue;
      if (blockedTexts(again.shell).length === 0) clearBefore = { who, own, form, again };
      if (!offFace && faceBlocked(again.shell).length === 0) offFace = { who, own, form, again };
    }
  }
  if (clearBefore) return chosen(clearBefore.who, clearBefore.own, clearBefore.form, clearBefore.again);
  return offFace && faceBlocked(first.shell).length > 0 ? chosen(offFace.who, offFace.own, offFace.form, offFace.again, false) : chosen(presenter, false, 'auto', first, false);
}

/** The same presenter spot (a choice kept from another build holds its own copy). */
const samePlace = (a: Presenter | null, b: Presenter | null): boolean => a === b || (!!a && !!b && a.box.x === b.box.x && a.box.y === b.box.y && a.box.w === b.box.w && a.box.h === b.box.h);

/** What makeRoom chose: where the presenter stands, the name's case and its form; `clear`: every text clear there. */
export interface RoomChoice {
  who: Presenter | null;
  own: boolean;
  form: NameForm;
  clear: boolean;
}
