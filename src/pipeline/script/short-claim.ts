/**
 * A complete shorter claim for a card (pure, deterministic): never the head of a text with an
 * ellipsis, but a phrase that reads as finished. The text without its parentheticals, its
 * leading clauses (cut at a comma, semicolon, dash), or its words before a trailing modifier
 * (a preposition, conjunction or relative word: "Adjustable lumbar support that follows your
 * spine…" → "Adjustable lumbar support"; "Gasket mount for a softer typing feel with less noise"
 * → "Gasket mount for a softer typing feel"). Scripts written without spaces (Thai, Chinese,
 * Japanese) are split into words by Intl.Segmenter; Thai's own joining words (ซึ่ง, เพื่อ, แม้ …)
 * start a modifier there, and a Japanese noun phrase ends before its case particle (で, を, が).
 * A claim with no complete shorter form is kept whole (the layout wraps it).
 */
import { textUnits } from '../captions/lang.ts';
import { dangles, endsInsidePhrase } from './dangling.ts';

/** A card's claim of at most this many character units (captions/lang.ts textUnits) is kept as it is. */
export const SHORT_CLAIM_UNITS = 44;

/** Words that open a trailing modifier: the claim may end before them (most-used product-text languages). */
const MODIFIER_OPENERS = new Set(
  ('with without for to of in on at by from into onto over under through during across as than that which who whose while and or but when where so via ' +
    'mit ohne für von zu zum zur im auf bei aus durch und oder damit dass während sowie ' +
    'avec sans pour de du des dans sur par qui que et ou grâce ' +
    'con sin para por del en que y o ' +
    'senza per di da nel che ' +
    'com sem do da em ' +
    'met zonder voor van op bij uit naar die dat en of').split(' '),
);
/** Thai words that join a modifier or a second clause (which, for, and, with, even, by, so that, in order to). */
const THAI_OPENERS = new Set(['ซึ่ง', 'เพื่อ', 'และ', 'พร้อม', 'ด้วย', 'แม้', 'โดย', 'สำหรับ', 'จึง', 'ทำให้', 'ตลอด', 'ที่']);
/** Japanese case particles after which a noun phrase ends. */
const JA_PARTICLES = new Set(['で', 'を', 'が']);
const CLAUSE_BREAK = /\s*(?:[,;:，、；：|]|\s[-–—]\s|[–—])\s*/u;
const PARENTHETICAL = /\s*[(（[][^)）\]]*[)）\]]/gu;
const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
const TRAILING = /[\s,;:.!?。、，；：\-–—…]+$/u;

/** Adverbs that leave a claim hanging when it ends on them ("… keeps you cool even", "… hält Sie auch"). */
const HANGING = new Set('even also very just only still auch sogar noch sehr nur même aussi très también muy incluso anche molto ook zeer'.split(' '));

const tidy = (s: string) => s.replace(/\s+/g, ' ').trim().replace(TRAILING, '').trim();

/** Whether a (shortened) claim ends on a word that leaves it unfinished ("… cold for", "… ที่"). */
export function endsUnfinished(claim: string): boolean {
  if (/(?:…|\.\.\.)\s*$/u.test(claim)) return true;
  const t = tidy(claim);
  if (!t) return true;
  if (SPACELESS.test(t)) {
    const segs = segments(t, 'th');
    const last = segs[segs.length - 1] ?? '';
    return THAI_OPENERS.has(last);
  }
  const ws = t.split(' ');
  const last = ws[ws.length - 1]!;
  return dangles(last) || HANGING.has(last.toLocaleLowerCase());
}

function segments(text: string, tag: string): string[] {
  return [...new Intl.Segmenter(tag, { granularity: 'word' }).segment(text)].map((s) => s.segment);
}

/**
 * A head of one word is a claim only when it is a compound noun: a capitalised word of at least
 * this many letters ("Keramikmahlwerk" of "Keramikmahlwerk für gleichmäßiges Mahlgut",
 * "Dichtungsmontage" of "Dichtungsmontage für ein weicheres Tippgefühl"), never a short
 * adjective that needs what follows ("Ideal", "Perfekt", "Compatible").
 */
export const ONE_WORD_CLAIM_LETTERS = 12;

/** Whether a claim's first word may stand alone as its shorter form (oneWord: a card with no room for more). */
const compoundNoun = (w: string): boolean => /^\p{Lu}\p{Ll}+$/u.test(w) && [...w].length >= ONE_WORD_CLAIM_LETTERS;

/**
 * Verbs (third person, present) that end a claim's subject: "Breathable mesh back keeps you cool"
 * names its feature in "Breathable mesh back", the way "Adjustable lumbar support" does before
 * "that follows…". Only the card placer asks for the subject alone (`subject`), as its last shorter
 * form (docs/rendering.md "The product leads": "A card's subject").
 */
const CLAIM_VERBS = new Set(
  ('keeps stays makes lets gives holds helps fits works brings turns feels looks lasts supports follows delivers provides ensures adapts absorbs blocks protects reduces cuts cleans charges runs folds locks glows ' +
    'hält sorgt macht lässt bleibt passt bringt schützt unterstützt folgt ' +
    'mantiene hace deja ofrece protege sigue ' +
    'garde rend laisse offre protège suit reste').split(' '),
);

/**
 * Complete shorter forms of a claim, longest first (the whole claim not included). `oneWord`: also
 * its first word alone where it is a compound noun before a trailing modifier (the card placer's
 * last shorter form, for a column no line of which holds more: bench #10, #19). `subject`: also its
 * words before its verb (CLAIM_VERBS), at least two ("Breathable mesh back" of "… keeps you cool").
 */
export function shorterClaims(text: string, o: { oneWord?: boolean; subject?: boolean } = {}): string[] {
  const whole = tidy(text);
  const out: string[] = [];
  const add = (s: string) => {
    const t = tidy(s);
    if (t && t !== whole && !out.includes(t) && !endsUnfinished(t)) out.push(t);
  };
  const bare = tidy(whole.replace(PARENTHETICAL, ''));
  add(bare);
  // Leading clauses; not one that ends inside a noun phrase opened by an article or possessive
  // ("… gives your desk a warm" of "… a warm, even light": the comma between two adjectives).
  const parts = bare.split(CLAUSE_BREAK);
  for (let n = parts.length - 1; n >= 1; n--) {
    const head = parts.slice(0, n).join(', ');
    if (SPACELESS.test(head)) add(head);
    else if (head.includes(' ') && !endsInsidePhrase(head.split(' '))) add(head);
  }
  // Words before a trailing modifier, in each leading clause.
  for (const clause of [bare, ...parts.slice(0, 1)]) {
    if (SPACELESS.test(clause)) {
      // Japanese: the noun phrase before its case particle (で, を, が) is complete ("…ランバーサポート"
      // of "…ランバーサポートで腰の負担を軽くします"); any other head would lack the word it modifies.
      if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(clause)) {
        const segs = segments(clause, 'ja');
        for (let i = segs.length - 1; i >= 2; i--) {
          if (JA_PARTICLES.has(segs[i]!) && (/[\p{Script=Han}\p{Script=Katakana}ー]$/u.test(segs[i - 1]!) || ([...segs[i - 1]!].length >= 3 && !/[のでにとも]$/u.test(segs[i - 1]!)))) add(segs.slice(0, i).join(''));
        }
        continue;
      }
      // Chinese puts the modified word last too: only its clauses (above) are shorter claims.
      if (!/\p{Script=Thai}/u.test(clause)) continue;
      const segs = segments(clause, 'th');
      for (let i = segs.length - 1; i >= 2; i--) {
        if (segs[i] === ' ' || THAI_OPENERS.has(segs[i]!)) add(segs.slice(0, i).join(''));
      }
      continue;
    }
    const ws = clause.split(' ');
    const least = o.oneWord && compoundNoun(ws[0]!) ? 1 : 2;
    for (let i = ws.length - 1; i >= least; i--) {
      if (MODIFIER_OPENERS.has(ws[i]!.toLocaleLowerCase())) add(ws.slice(0, i).join(' '));
    }
    // The subject before its verb (the first verb only: what comes before a later one is no noun phrase).
    const verb = o.subject ? ws.findIndex((w, i) => i >= 2 && CLAIM_VERBS.has(w.toLocaleLowerCase())) : -1;
    if (verb >= 2 && !ws.slice(0, verb).some((w) => MODIFIER_OPENERS.has(w.toLocaleLowerCase()))) add(ws.slice(0, verb).join(' '));
  }
  return out.sort((a, b) => textUnits(b) - textUnits(a));
}

/**
 * The claim for a card: whole when it is at most `maxUnits` long, else the longest complete
 * shorter form that is, else the shortest complete shorter form, else the claim whole.
 */
export function shortClaim(text: string, maxUnits = SHORT_CLAIM_UNITS): string {
  const whole = tidy(text);
  if (textUnits(whole) <= maxUnits) return whole;
  const shorter = shorterClaims(whole);
  return shorter.find((s) => textUnits(s) <= maxUnits) ?? shorter[shorter.length - 1] ?? whole;
}
