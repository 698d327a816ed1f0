/**
 * The text half of the layout step (pure): what each overlay may say and when (specs), how it
 * fits a region (maker), and the placement of the captions band and the overlays around what
 * they must keep clear of (layout.ts does the placing).
 */
import type { Box, SceneKind, TemplateLayout, TextSlotName } from '../templates/types.ts';
import type { TimelineInput, Span } from './build.ts';
import { formatPrice, shopNow } from './text.ts';
import { shortName } from '../script/text.ts';
import { shortClaim, shorterClaims } from '../script/short-claim.ts';
import { cardIcon } from './card-icon.ts';
import { ELLIPSIS, fitAnyway, fitText, sizes, words } from './fit-text.ts';
import { besideRegions, freeColumns, placeAll, type Obstacle } from './layout.ts';
import { boxHeight, padXEm, badgeLineEm, sidePadEm, ARROW_EM } from './overlay-box.ts';
import { presenterDrawnBox, presenterFaceBox } from './presenter.ts';
import { calmBandMinWidth, contentHeart, faceZone, grow, hairZone, headBox, intersects, minCaptionBandPx, minFontPx, MIN_SQUEEZED_BAND, OVERLAY_EXIT_MS, overlayMinFontPx, px } from './rules.ts';
import { productKeepOuts, wholeProductBox } from './text-product.ts';
import { stickerAllowed, type Shown } from './sticker.ts';
import { titleLines, TITLE_LINES, wordTooWide } from './title-rule.ts';
import { CARD_LINES, isCard } from './card-rule.ts';
import { fitRunIn } from './run-in.ts';
import type { PriceRowContext } from './price-row.ts';
import { sceneContent } from './safety.ts';
import type { Scene, TextOverlay, Timeline } from './types.ts';

/** Contiguous runs of sentences whose kind is in `kinds`, as time ranges. */
function runs(spans: readonly Span[], kinds: readonly SceneKind[], also: (s: Span) => boolean = () => false): { startMs: number; endMs: number; first: number }[] {
  const out: { startMs: number; endMs: number; first: number }[] = [];
  for (const s of spans) {
    if (!kinds.includes(s.kind) && !also(s)) continue;
    const last = out[out.length - 1];
    if (last && last.endMs === s.startMs) last.endMs = s.endMs;
    else out.push({ startMs: s.startMs, endMs: s.endMs, first: s.sentence });
  }
  return out;
}

/**
 * Runs held over the spans next to them that `hold` says (forward until one it does not, then
 * backward the same), merged where they meet: the title's runs over the card scenes with no card.
 */
export function heldOver(r: readonly { startMs: number; endMs: number; first: number }[], spans: readonly Span[], hold: (s: Span) => boolean): { startMs: number; endMs: number; first: number }[] {
  const out: { startMs: number; endMs: number; first: number }[] = [];
  for (const x of r) {
    const run = { ...x };
    for (let s = spans.find((y) => y.startMs === run.endMs && y.endMs > y.startMs); s && hold(s); s = spans.find((y) => y.startMs === run.endMs && y.endMs > y.startMs)) run.endMs = s.endMs;
    for (let s = spans.find((y) => y.endMs === run.startMs && y.endMs > y.startMs); s && hold(s); s = spans.find((y) => y.endMs === run.startMs && y.endMs > y.startMs)) {
      run.startMs = s.startMs;
      run.first = s.sentence;
    }
    const last = out[out.length - 1];
    if (last && last.endMs >= run.startMs) last.endMs = Math.max(last.endMs, run.endMs);
    else out.push(run);
  }
  return out;
}

export interface PlaceInput {
  layout: TemplateLayout;
  presenter: Timeline['presenter'];
  media: Timeline['media'];
  scenes: Scene[];
  images: Timeline['images'];
  width: number;
  height: number;
  durationMs: number;
  safeArea: Box;
  caption: boolean;
  /** A custom template's logo: text keeps clear of it. */
  logo?: Box | null;
  /** Close-ups beside a thin product (detail.ts): text keeps clear of them. */
  details?: readonly { box: Box; startMs: number; endMs: number }[];
  /** The text's language and whether the style sets it in capitals (a title's lines, title-rule.ts). */
  language?: string;
  uppercase?: boolean;
}

/**
 * The layout step's inputs from the timeline: what text keeps clear of (the presenter's face
 * zone and inset, the middle of each scene's product), then the placement itself (layout.ts):
 * the captions band first, then the overlays.
 */
export function placeText(p: PlaceInput, specs: OverlaySpec[], make: (spec: OverlaySpec, region: Box, how: Level) => TextOverlay | null, stop?: (placed: readonly TextOverlay[], captionsBox: Box) => boolean): { captionsBox: Box; overlays: TextOverlay[]; calmCaptions: boolean; priceRow: PriceRowContext } {
  const whole = { startMs: 0, endMs: p.durationMs };
  const obstacles: Obstacle[] = [];
  const around: Box[] = [];
  if (p.presenter) {
    const zone = faceZone(presenterFaceBox(p.presenter));
    obstacles.push({ box: zone, ...whole });
    around.push(zone);
    if (p.presenter.frame !== 'none') {
      const m = Math.min(p.width, p.height) * 0.02;
      const inset = grow(p.presenter.box, m, m, m, m);
      obstacles.push({ box: inset, ...whole });
      around.push(inset);
    }
  }
  if (p.logo) obstacles.push({ box: p.logo, ...whole });
  for (const d of p.details ?? []) obstacles.push({ box: d.box, startMs: d.startMs, endMs: d.endMs });
  const shell = { media: p.media, scenes: p.scenes, images: p.images, width: p.width, height: p.height } as Timeline;
  const avoid: Obstacle[] = [];
  // Text keeps a gap from a product shown whole, at its move's largest (text-product.ts), where a
  // free spot allows; else it may sit on the product's edge as a sticker (sticker.ts).
  const products: Obstacle[] = productKeepOuts(shell).map((k) => ({ box: k.box, startMs: k.startMs, endMs: k.endMs, allows: (b: Box, when: { startMs: number; endMs: number }, placed: readonly Shown[]) => stickerAllowed(b, k.product, { when, during: k, others: placed }) }));
  avoid.push(...products);
  for (const c of sceneContent(shell)) {
    obstacles.push({ box: contentHeart(c.content), startMs: c.startMs, endMs: c.endMs });
    const f = c.image !== null ? p.images[c.image] : null;
    // (A picture whole in a carousel's card, its product inside it: the card too, where a spot allows.)
    if ((!wholeProductBox(f) || (f?.mode === 'contain' && f.product)) && (f?.mode === 'contain' || p.media?.frame === 'card')) avoid.push({ box: c.content, startMs: c.startMs, endMs: c.endMs });
  }
  const step = p.height * 0.01;
  const gap = p.height * 0.01;
  const minW = p.safeArea.w * 0.34;
  // Beside a product, a narrower column will do (the text wraps to it).
  const besideProducts = (box: Box, when: { startMs: number; endMs: number }) =>
    besideRegions(box, products.filter((o) => o.startMs < when.endMs && when.startMs < o.endMs).map((o) => o.box), p.safeArea, 0, p.safeArea.w * 0.2);
  // …and, for a sticker on the product's edge (sticker.ts), the wider columns beside its heart.
  const hearts = productKeepOuts(shell).map((k) => ({ box: grow(contentHeart(k.product), gap, gap, gap, gap), startMs: k.startMs, endMs: k.endMs }));
  const besideHearts = (box: Box, when: { startMs: number; endMs: number }) =>
    besideRegions(box, hearts.filter((o) => o.startMs < when.endMs && when.startMs < o.endMs).map((o) => o.box), p.safeArea, 0, p.safeArea.w * 0.2);
  const band = px(p.layout.captions, p.width, p.height);
  let captionsBox = band;
  let calmBox: Box | null = null;
  if (p.caption) {
    const captionItem = (regions: Box[]) => [{ ...whole, regions, levels: 1, make: (r: Box) => ({ box: r }) }];
    // The band sits on a calm ground beside a full presenter's figure (with or without media), not
    // across it, where a column there (CALM_MIN_UNITS characters a line at least, in the band's rows)
    // holds it clear of the products; else the band stays at its slot (docs/rendering.md "Captions on a calm ground").
    const body = p.presenter?.frame === 'none' ? presenterDrawnBox(p.presenter) : null;
    // Calm: the background, not a photo either (every product shown, whole or as a backdrop).
    const blocks = body ? [body, ...obstacles.map((o) => o.box), ...avoid.map((o) => o.box), ...sceneContent(shell).map((c) => c.content)] : [];
    const calm = body ? freeColumns(band, blocks, p.safeArea, gap, calmBandMinWidth(band.h)) : [];
    const rows = { ...p.safeArea, y: Math.max(p.safeArea.y, band.y - band.h), h: Math.min(p.safeArea.y + p.safeArea.h, band.y + 2 * band.h) - Math.max(p.safeArea.y, band.y - band.h) };
    // Optional: left unplaced (not put anywhere) when no calm spot is free.
    const [beside] = calm.length ? placeAll(captionItem(calm).map((c) => ({ ...c, optional: { laterStarts: [], retime: (m: { box: Box }) => m } })), [...obstacles, ...avoid, { box: body!, ...whole }], rows, step) : [];
    calmBox = beside?.box ?? null;
    const [c] = beside ? [beside] : placeAll(captionItem([band]), obstacles, p.safeArea, step);
    captionsBox = c?.box ?? band;
    // Under a drawn full presenter's face lowered into the band's rows (a standing figure made smaller
    // for a long name: name-room.ts), the band goes lower and a little shorter, across the figure's
    // body on its plates, before it jumps above the head (onto the product, bench #7): docs/rendering.md
    // "A presenter stands". (Not a photo's or a clip's panel: its header and footer fields hold the texts, #107.)
    if (!beside && p.presenter?.frame === 'none' && !p.presenter.face && (!c || c.box.y < band.y - band.h / 2)) captionsBox = squeezedBand(band, obstacles, p.safeArea, p.height) ?? captionsBox;
    obstacles.push({ box: captionsBox, ...whole });
  }
  // Cards, title, price and call to action also keep off the hair above the head (a bun: #204).
  if (p.presenter) obstacles.push({ box: hairZone(presenterFaceBox(p.presenter)), ...whole });
  // (Only in 9:16, a presenter across the frame's width: in 16:9 and 1:1 the text has its own
  // column or panel beside the presenter, where it is set large — text-first.ts.)
  const filling = !!p.presenter && p.presenter.frame === 'none' && p.presenter.panel.w >= p.width - 1 && p.height > p.width;
  const headTop = p.presenter && !p.media && filling ? headBox(presenterFaceBox(p.presenter)).y : null;
  const aboveHead: Region | null = headTop !== null && headTop - gap - p.safeArea.y >= minFontPx(p.height) * 2 ? { x: p.safeArea.x, y: p.safeArea.y, w: p.safeArea.w, h: headTop - gap - p.safeArea.y, holdsHeight: true } : null;
  const order: TextSlotName[] = ['name', 'brand', 'price', 'cta', 'cue'];
  const sorted = [...specs].sort((a, b) => order.indexOf(a.slot) - order.indexOf(b.slot) || a.startMs - b.startMs);
  // Levels: the text in up to the slot's lines, then one line fewer each, words whole; then up to
  // two lines more than the slot's at the minimum size; then the same with a word wider than a
  // line broken with a hyphen ("UltraCo-mfort", only when no region holds it whole); last, so no
  // text silently vanishes, in as many lines as it takes. Nothing is ever cut (docs/rendering.md
  // "Nothing cut").
  const items = sorted.map((spec) => {
    const max = maxLinesOf(p.layout, spec.slot);
    const fewer = (breakWords: boolean, n = max) => Array.from({ length: n }, (_, i): Level => ({ lines: n - i, breakWords, force: false }));
    const more = (breakWords: boolean): Level[] => [{ lines: max + 1, breakWords, force: false }, { lines: max + 2, breakWords, force: false }];
    const title = spec.slot === 'name' && !spec.anyLines && p.layout.media ? titleLevels(spec, p) : null;
    // A selling-point card: in at most CARD_LINES lines, words whole, in any spot (over a product's
    // side too: it then steps aside, text-room.ts) before more lines or a broken word (card-rule.ts).
    const card = isCard(spec) ? Math.min(max, CARD_LINES) : 0;
    const lastResort: Level = { lines: max, breakWords: true, force: true, belowMin: true };
    // Then, where no spot holds the card so (not even over a product's side), the same with the
    // claim's complete shorter forms (short-claim.ts; never a head with an ellipsis).
    // A card's claim only (spec.claim: a selling point, a description line): never the product's full name on its end card or under its title.
    // A numbered card's shorter form may stack its badge above it too (bench #10: "① / KERAMIKMAHLWERK"
    // across the width under the captions, where the badge beside the one word leaves it no line).
    const shorter = card && spec.claim ? [...fewer(false, card).map((l): Level => ({ ...l, shorter: true })), ...(spec.badge ? fewer(false, card).map((l): Level => ({ ...l, shorter: true, stacked: true })) : [])] : [];
    // A numbered card whose badge and longest word do not fit a column side by side: the badge
    // above the text (a tier after the badge beside it, in the card's group: clear of the product
    // in a column before over a product's side in a wider row).
    const stacked = card && spec.badge ? fewer(false, card).map((l): Level => ({ ...l, stacked: true })) : [];
    // …then run-in: the badge beside the first line only, the next lines under it (run-in.ts): one
    // line less than stacked, where neither fits (bench #19's "Lendenwirbelstütze" under the captions).
    const runIn = card && spec.badge ? fewer(false, card).filter((l) => l.lines >= 2).map((l): Level => ({ ...l, runIn: true })) : [];
    const own = fewer(false);
    const levels: Level[] = [...(title ?? [...own.slice(0, card), ...stacked, ...runIn, ...own.slice(card), ...shorter, ...more(false), ...fewer(true), ...more(true), { lines: max, breakWords: false, force: true }, { lines: max, breakWords: true, force: true }]), lastResort];
    const tier = (l: number) => (levels[l]!.force ? (levels[l]!.breakWords ? 4 : 3) : levels[l]!.breakWords ? 2 : levels[l]!.lines > max ? 1 : levels[l]!.shorter ? 0.5 : levels[l]!.runIn ? 0.375 : levels[l]!.stacked ? 0.25 : 0);
    // The brand line gives way: where no free spot holds it (beside a long name) it shows from a later sentence of its run, or not at all.
    const optional = spec.slot === 'brand' ? { optional: { laterStarts: spec.laterStarts ?? [], retime: (o: TextOverlay, startMs: number) => ({ ...o, startMs }) } } : {};
    // A title's last resort is the whole safe width (the fewest lines), never a narrow column.
    // Type under the minimum size (a word no line holds, not even at its dictionary breaks) only across the whole safe width.
    const makeAt = (r: Box, level: number) => ((title || levels[level]!.belowMin) && levels[level]!.force && r.w < p.safeArea.w - 1 ? null : make(spec, r, levels[level]!));
    // The no-media design with a presenter filling the frame (templates 3 and 5 in 9:16): the title,
    // brand and call to action take the free width above the head first, set as large as that strip
    // holds, before a narrow column beside the head (which took the title in three lines at a sixth
    // of the width).
    // The strip starts at the slot's top where the design says so (`fromSlotTop`: the selfie with
    // captions off stands its title over the field's middle, text-first.ts); a title it does not
    // hold (a long name) takes the whole strip, as with captions on.
    const strip = aboveHead && (spec.slot === 'name' || spec.slot === 'brand' || spec.slot === 'cta') ? (p.layout.slots[spec.slot]?.fromSlotTop ? [fromRow(aboveHead, spec.box.y), aboveHead] : [aboveHead]) : [];
    // The call to action never touches the presenter's head box (hair included), where any spot allows.
    const head = spec.slot === 'cta' && p.presenter ? headBox(presenterFaceBox(p.presenter)) : null;
    const keepOff = head ? { keepOff: [head] } : {};
    // A text held across a run boundary (the same slot saying the same) keeps its spot (layout.ts `holds`).
    const holds = `${spec.slot}|${spec.subtitle ? 'subtitle|' : ''}${spec.candidates.join('|')}`;
    return { ...optional, ...keepOff, holds, startMs: spec.startMs, endMs: spec.endMs, regions: [...strip, spec.box, { ...spec.box, x: p.safeArea.x, w: p.safeArea.w }, ...besideRegions(spec.box, head ? [...around, head] : around, p.safeArea, gap, minW), ...besideProducts(spec.box, spec), ...besideHearts(spec.box, spec)], levels: levels.length, ...(card ? { groups: [card + stacked.length + runIn.length, card + stacked.length + runIn.length + shorter.length] } : {}), tier, make: makeAt };
  });
  // (`stop`: the caller's judge of the texts placed so far, placing ends when it says so — makeRoom's tries.)
  const overlays = placeAll(items, obstacles, p.safeArea, step, avoid, stop && ((placed) => stop(placed, captionsBox))).sort((a, b) => a.startMs - b.startMs);
  overlays.forEach((o, i) => (o.id = `${o.slot}${i}`));
  // What a call to action left over a product keeps clear of beside the price (price-row.ts; applied to the layout kept, build.ts).
  const priceRow: PriceRowContext = { obstacles, avoid, safe: p.safeArea, gap, keepOff: p.presenter ? [headBox(presenterFaceBox(p.presenter))] : [], uppercase: !!p.uppercase };
  return { captionsBox, overlays, calmCaptions: !!calmBox, priceRow };
}

/** A region's rows from `y` down (its top no higher than `y`): the region itself where `y` is above it. */
function fromRow(r: Region, y: number): Region {
  return y <= r.y ? r : { ...r, y, h: Math.max(0, r.y + r.h - y) };
}

/** A region an overlay may take; `holdsHeight`: the text is set no taller than the region (else the box grows to its lines). */
export type Region = Box & { holdsHeight?: true };

/**
 * A title's levels (title-rule.ts): whole words in up to three lines (four for a very long title),
 * fewer each; a word broken with a hyphen only when one is wider than the safe width at the minimum
 * size; last, across the whole safe width in as many lines as it takes.
 */
function titleLevels(spec: OverlaySpec, p: PlaceInput): Level[] {
  const text = spec.candidates[0] ?? '';
  const o = { safeArea: p.safeArea, height: p.height, language: p.language ?? 'english', uppercase: p.uppercase ?? false };
  const max = Math.min(titleLines(text, o), spec.compact || spec.subtitle ? TITLE_LINES : Infinity);
  const fewer = (breakWords: boolean) => Array.from({ length: max }, (_, i): Level => ({ lines: max - i, breakWords, force: false }));
  const unavoidable = words(text, o.language).some((w) => wordTooWide(w.text, p.safeArea, minFontPx(p.height), o.uppercase));
  return [...fewer(false), ...(unavoidable ? fewer(true) : []), { lines: max, breakWords: unavoidable, force: true }];
}

/**
 * How an overlay's text may fit a region: in up to `lines` lines, words broken or not; `force`: in
 * as many lines as it takes; `belowMin` (the last resort, so no text vanishes): under the minimum
 * size where a word fits no line even at its dictionary breaks (the checks report its size).
 */
export interface Level {
  lines: number;
  breakWords: boolean;
  force: boolean;
  belowMin?: true;
  /** A card's text may also be a complete shorter form of its claim (after its own candidates). */
  shorter?: true;
  /** A numbered card with its badge above the text (overlay-box.ts STACK_GAP_EM), for a column too narrow for both side by side. */
  stacked?: true;
  /** A numbered card with its badge beside the first line only, the next lines under it (run-in.ts). */
  runIn?: true;
}

/** Lines a slot's text may wrap to: one for brand, price and call to action, else the slot's (3). */
function maxLinesOf(layout: TemplateLayout, slot: TextSlotName): number {
  return layout.slots[slot]?.lines ?? (slot === 'price' || slot === 'cta' || slot === 'brand' ? 1 : 3);
}

/** One text overlay before it is placed: its slot, the texts it may show (best first) and when. */
export interface OverlaySpec {
  slot: TextSlotName;
  box: Box;
  candidates: string[];
  startMs: number;
  endMs: number;
  badge: string | null;
  claim?: string;
  icon?: string;
  /** A title in as many lines as it takes (NameForm `whole`, the last resort), not title-rule.ts's. */
  anyLines?: true;
  /** A title set at the minimum size (a short title with its full name under it, in a short band). */
  compact?: true;
  /** The product's full name under its short title: set at most at the minimum size, down to the subtitle floor (rules.ts). */
  subtitle?: true;
  /** Later sentence starts within its run where an optional text (the brand) may begin instead. */
  laterStarts?: number[];
}

/**
 * Fits an overlay's text into a region (wrap, shrink to the minimum size, a shorter complete
 * candidate; never cut). `ownCaseName`: the name is set in its own case even where the style sets
 * type in capitals (narrower: a long name making room, name-room.ts).
 */
export function overlayMaker(layout: TemplateLayout, height: number, language: string, uppercase: boolean, lastEndMs: number, ownCaseName = false) {
  const minText = minFontPx(height);
  return (spec: OverlaySpec, region: Box, { lines, force, breakWords, belowMin, shorter, stacked, runIn }: Level): TextOverlay | null => {
    const rule = layout.slots[spec.slot]!;
    const { slot, badge } = spec;
    if ((stacked || runIn) && !badge) return null;
    const form = { slot, badge, ...(stacked ? { stacked: true as const } : {}) };
    // A subtitle (the full name under its short title) from the slot's size down to its own floor.
    const minFont = spec.subtitle ? overlayMinFontPx(spec, height) : minText;
    const pref = spec.subtitle || spec.compact ? minText : Math.max(spec.box.h * rule.fill, minText);
    const ownCase = ownCaseName && uppercase && (slot === 'name' || !!spec.subtitle);
    const upper = uppercase && slot !== 'price' && !ownCase;
    // Room for the text at the preferred size (the padding only shrinks with the font).
    // The padding, badge and arrow shrink with the font: the text's room at a size.
    const roomAt = (px: number) => region.w - (2 * sidePadEm(form) + badgeLineEm(form) + (slot === 'cta' ? ARROW_EM : 0)) * px;
    const room = roomAt(pref);
    // Room for three letters at the smallest size (two for a price: "$29" is short); a narrow
    // region (beside a product) takes the text smaller, never under the minimum.
    if (roomAt(minFont) < minFont * (slot === 'price' ? 2 : 3) && !force) return null;
    const o = { language, uppercase: upper, width: room, fontPx: pref, minFontPx: minFont, maxLines: lines, breakWords };
    // Whole in the level's lines, from the slot's size down to the minimum, each size with its own
    // room; the first candidate that fits at any size wins (the writer's order).
    const texts = shorter ? [...new Set([...spec.candidates, ...spec.candidates.flatMap((c) => shorterClaims(c, { oneWord: true, subject: true }))])] : spec.candidates;
    const bySize = () => {
      for (const text of texts)
        for (const px of sizes(pref, minFont)) {
          const f = runIn ? fitRunIn(text, { language, uppercase: upper, firstWidth: roomAt(px), width: roomAt(px) + badgeLineEm(form) * px, fontPx: px, maxLines: lines }) : fitText([text], { ...o, width: roomAt(px), fontPx: px, minFontPx: px });
          // A region that holds its height (the strip above a presenter's head): the largest size whose box fits in it.
          if (f && (!(region as Region).holdsHeight || boxHeight(f.lines.length, px, !!stacked) <= region.h)) return f;
        }
      return null;
    };
    const fit = bySize() ?? (force ? fitAnyway(spec.candidates, { ...o, width: roomAt(minFont), ...(belowMin ? { floorPx: minFont / 2 } : {}) }) : null);
    if (!fit) return null;
    const spaced = /\s/.test(fit.source);
    // The no-media design's title, cards and price are drawn the full width of their box (sized to the field).
    const full = !!layout.iconCards && !spec.subtitle && (slot === 'name' || slot === 'price' || slot === 'cue');
    // Price and call to action hold to the last frame (the loop frame shows them whole).
    const exitMs = (slot === 'price' || slot === 'cta') && spec.endMs >= lastEndMs ? 0 : OVERLAY_EXIT_MS;
    return {
      id: slot,
      slot,
      text: fit.lines.join(spaced ? ' ' : ''),
      lines: fit.lines,
      source: fit.source,
      ...(spec.claim ? { claim: spec.claim } : {}),
      ...(ownCase ? { ownCase: true as const } : {}),
      ...(spec.subtitle ? { subtitle: true as const } : {}),
      fontPx: fit.fontPx,
      badge,
      ...(stacked ? { stacked: true as const } : {}),
      ...(runIn ? { runIn: true as const } : {}),
      ...(spec.icon && badge ? { icon: spec.icon } : {}),
      ...(full ? { full: true as const } : {}),
      // A full card (the no-media design) is as tall as its slot at least: one large card, its text in the middle.
      box: { ...region, h: full && slot === 'cue' ? Math.max(region.h, boxHeight(fit.lines.length, fit.fontPx)) : boxHeight(fit.lines.length, fit.fontPx, !!stacked) },
      align: rule.align,
      enter: rule.enter,
      fill: rule.fill,
      startMs: spec.startMs,
      endMs: spec.endMs,
      exitMs,
    };
  };
}

/**
 * How the product's name is titled: `auto` the full name, or the short name with the full name
 * under it when the full name is too long for its title (below); `beside` the short name, the full
 * name as a smaller card under it at the same time; `compact` the same with the title at the
 * minimum size (room for both in a short band); `end` the short name, the full name as a card
 * with the price and call to action at the end (name-room.ts tries these when the full name has
 * no free spot); `whole` the full name titled whole in as many lines as it takes (the last resort:
 * more lines than a title may take, title-rule.ts).
 */
export type NameForm = 'auto' | 'beside' | 'compact' | 'end' | 'whole';

/**
 * The overlays a script asks for. `fitsSlot`: whether a text fits a slot whole in the slot's lines
 * at no less than the minimum size across the safe area (slotFits); absent, the name is always
 * titled whole.
 */
/** `phraseCards`: a sentence with no card of its own shows its key phrase as one (docs/rendering.md "No empty frames"). */
/** `titleField`: the title has a field of its own (a photo presenter's header, picture-header.ts): it holds the title through card scenes with no card. */
export function overlaySpecs(input: TimelineInput, layout: TemplateLayout, spans: readonly Span[], width: number, height: number, language: string, fitsSlot?: (slot: TextSlotName, text: string) => boolean, phraseCards = false, nameForm: NameForm = 'auto', titleField = false): OverlaySpec[] {
  const slots = layout.slots;
  const out: OverlaySpec[] = [];
  const last = spans[spans.length - 1];
  const add = (slot: TextSlotName, candidates: string[], startMs: number, endMs: number, badge: string | null = null, claim?: string) => {
    const rule = slots[slot];
    if (rule) out.push({ slot, box: px(rule.box, width, height), candidates, startMs, endMs, badge, ...(claim ? { claim } : {}) });
  };
  const orLast = (r: ReturnType<typeof runs>) => (r.length || !last ? r : [{ startMs: last.startMs, endMs: last.endMs, first: last.sentence }]);

  const name = input.product.name.trim();
  // A name too long for its title in the slot's lines at the minimum size: the title shows the
  // writer's short name (the one the script says; else the shortest complete form that fits) and
  // the full name shows under it as a smaller card, when that card holds it in the cue slot's
  // lines; else the title shows the full name in as many lines as it takes. Never the name cut
  // (docs/rendering.md "Nothing cut"). `beside` / `end`: the short name whatever the fit.
  const forced = nameForm !== 'auto' && nameForm !== 'whole';
  // A title is set in at most three lines (title-rule.ts): a name that three lines at the minimum
  // size across the safe width do not hold is titled by its short form, the full name under it.
  // The no-media design (no media box) keeps a name that fits a card whole on its field (its title and a
  // subtitle did not fit the field above the selfie presenter): the rule before title-rule.ts.
  const long = name && fitsSlot && nameForm !== 'whole' && ((!fitsSlot('name', name) && (!!layout.media || fitsSlot('cue', name))) || forced);
  const forms = long ? [...new Set([shortName(name), ...shorterClaims(name)])].filter((f) => f && f !== name) : [];
  const titled = forms.find((f) => fitsSlot!('name', f)) ?? forms[forms.length - 1] ?? name;
  if (name) {
    // The no-media design: a card scene that has no card to show (a template video's script says
    // its points, it has no selling points) keeps the title, so the design's field is never left
    // holding nothing but the captions (docs/rendering.md "No empty frames"). The same on a photo
    // presenter's header field (`titleField`): the title stays on it until the price takes it.
    const cardless = (s: Span) => slots.cue.scenes.includes(s.kind) && !cardCandidates(input, s, phraseCards).length;
    // A product video in a tall frame: a card scene with no card next to the title's own scenes
    // keeps the title (it holds until the first card, or comes in with the scene before its own),
    // so the frame's top is not left bare for that scene (bench #7: rows 0-26 % for 4 s between
    // the title and the first card; docs/rendering.md "No empty frames", "The title held").
    const r = !layout.media || titleField ? runs(spans, slots.name.scenes, cardless) : heldOver(runs(spans, slots.name.scenes), spans, height > width ? cardless : () => false);
    const shown = r.length ? r : spans.length ? [{ startMs: 0, endMs: spans[0]!.endMs, first: 0 }] : [];
    for (const x of shown) {
      add('name', [titled], x.startMs, x.endMs);
      if (nameForm === 'compact') out[out.length - 1]!.compact = true;
      if (nameForm === 'whole') out[out.length - 1]!.anyLines = true;
      if (titled !== name && nameForm !== 'end') {
        add('cue', [name], x.startMs, x.endMs);
        out[out.length - 1]!.subtitle = true;
      }
    }
    // The end card: the full name with the price and the call to action.
    const end = orLast(runs(spans, slots.cta.scenes)).at(-1);
    if (titled !== name && nameForm === 'end' && end) add('cue', [name], end.startMs, end.endMs);
  }
  const brand = input.product.brand?.trim();
  if (brand && slots.brand && !name.toLowerCase().includes(brand.toLowerCase()))
    for (const x of runs(spans, slots.brand.scenes)) {
      add('brand', [brand], x.startMs, x.endMs);
      out[out.length - 1]!.laterStarts = spans.filter((s) => s.startMs > x.startMs && s.startMs < x.endMs).map((s) => s.startMs);
    }
  const price = formatPrice(input.product.price, input.product.currency, language);
  if (price) for (const x of orLast(runs(spans, slots.price.scenes))) add('price', [price], x.startMs, x.endMs);

  for (const x of orLast(runs(spans, slots.cta.scenes))) {
    const cue = input.script.sentences[x.first]?.cue.overlay?.trim();
    add('cta', cue && cue.length <= 28 ? [cue, shopNow(language)] : [shopNow(language)], x.startMs, x.endMs);
  }

  // The claim a card states: its selling point, else its own text (a description line, a text the
  // voice does not read, a key phrase: bench #15's "A compact desk fan with three speeds"), whose
  // complete shorter forms the placer may show where no spot holds it in the card's lines
  // (card-rule.ts); never the product's name.
  const claimOf = (texts: readonly string[]): string | undefined => (texts.some((c) => c === name || c === shortName(name)) ? undefined : texts[0]);
  const shownPoints = new Set<number>();
  for (const s of spans) {
    if (!slots.cue.scenes.includes(s.kind)) continue;
    const cue = input.script.sentences[s.sentence]!.cue;
    const point = pointOf(input, s);
    const candidates = cardCandidates(input, s, phraseCards);
    if (!candidates.length) continue;
    // Texts the voice does not read (cue.shown) follow the overlay one after another in the scene.
    const more = (cue.shown ?? []).map((x) => x.replace(/\s+/g, ' ').trim()).filter(Boolean);
    const step = (s.endMs - s.startMs) / (1 + more.length);
    more.forEach((text, k) => add('cue', [text], Math.round(s.startMs + (k + 1) * step), k === more.length - 1 ? s.endMs : Math.round(s.startMs + (k + 2) * step), null, claimOf([text])));
    const endMs = more.length ? Math.round(s.startMs + step) : s.endMs;
    // Numbered in the order shown, once per selling point (a recap or a description line gets none).
    const numbered = cue.kind === 'point' && cue.pointIndex !== null && point !== undefined && !shownPoints.has(cue.pointIndex);
    if (numbered) shownPoints.add(cue.pointIndex!);
    const badge = numbered ? String(shownPoints.size) : null;
    add('cue', candidates, s.startMs, endMs, badge, point ?? claimOf(candidates));
    if (badge && layout.iconCards) out[out.length - 1]!.icon = cardIcon(point ?? candidates[0]!);
  }
  // The full name under its short title gives way to the first card shown under the title (one
  // secondary text at a time, title-rule.ts): it shows until that card comes in.
  for (const sub of out.filter((o) => o.subtitle)) {
    const next = out.find((o) => o.slot === 'cue' && !o.subtitle && o.startMs > sub.startMs && o.startMs < sub.endMs);
    if (next) sub.endMs = next.startMs;
  }
  return out;
}

const pointOf = (input: TimelineInput, s: Span): string | undefined => {
  const cue = input.script.sentences[s.sentence]!.cue;
  return cue.pointIndex !== null ? input.product.sellingPoints[cue.pointIndex]?.replace(/\s+/g, ' ').trim() : undefined;
};

/** The texts a card scene's card may show, best first; none: the scene has no card. */
function cardCandidates(input: TimelineInput, s: Span, phraseCards: boolean): string[] {
  const cue = input.script.sentences[s.sentence]!.cue;
  const point = pointOf(input, s);
  const overlay = cue.overlay?.replace(/\s+/g, ' ').trim();
  // The card shows the selling point whole where it fits, else the writer's complete shorter
  // claim (cue.overlay: "Adjustable lumbar support"), never a head with an ellipsis. An
  // overlay that is the start of its point is its shorter form: the point goes first.
  const shorter = !!overlay && !!point && point.length > overlay.length && point.startsWith(overlay);
  const candidates = [...new Set(shorter ? [point!, overlay!] : [overlay ?? point, point].filter((c): c is string => !!c))].filter((c) => !c.endsWith(ELLIPSIS) || (point ?? '').endsWith(ELLIPSIS));
  // Where nothing else fills the frame (captions off, a small product), a sentence with no card
  // of its own shows its key phrase as one (a complete shorter claim of what is said, never cut).
  if (!candidates.length && phraseCards) {
    const said = shortClaim(input.script.sentences[s.sentence]!.text.replace(/[.!?。！？]+$/u, ''));
    if (said) candidates.push(said);
  }
  return candidates;
}

/** Whether a text fits a slot whole in the slot's lines, at no less than the minimum size, across the safe area's width. */
export function slotFits(layout: TemplateLayout, safeArea: Box, height: number, language: string, uppercase: boolean) {
  const minFont = minFontPx(height);
  return (slot: TextSlotName, text: string): boolean => {
    const rule = layout.slots[slot];
    if (!rule) return true;
    const pref = Math.max(rule.box.h * height * rule.fill, minFont);
    const room = safeArea.w - 2 * padXEm(slot) * pref;
    return !!fitText([text], { language, uppercase: uppercase && slot !== 'price', width: room, fontPx: pref, minFontPx: minFont, maxLines: maxLinesOf(layout, slot), breakWords: false });
  };
}

/**
 * The captions band at the foot of the safe area, shorter than its slot (down to MIN_SQUEEZED_BAND
 * of it, never under the captions' least size), where it is clear of every obstacle; null when no
 * such band is free. Its text gets smaller with it (the captions' size follows the band).
 */
function squeezedBand(band: Box, obstacles: readonly Obstacle[], safe: Box, height: number): Box | null {
  const least = Math.max(band.h * MIN_SQUEEZED_BAND, minCaptionBandPx(height));
  const foot = Math.min(safe.y + safe.h, band.y + band.h + band.h);
  for (let h = band.h; h >= least - 1e-6; h -= 1) {
    const box = { ...band, y: foot - h, h };
    if (box.y >= band.y && !obstacles.some((o) => intersects(o.box, box))) return box;
  }
  return null;
}
