/**
 * The script writer's own words in one language. Product text (name, description, selling points)
 * is never translated; it is put into these templates as is.
 *
 * Slots: `{p}` a selling point, `{name}` the product's short name, `{price}` the formatted price,
 * `{audience}` the target audience.
 * Every template is ONE sentence with its own closing punctuation (or none, for Thai).
 */
export type StyleKey =
  | 'worry' | 'discovery' | 'data' | 'top3' | 'soft' | 'humor' | 'feature' | 'twist'
  | 'expert' | 'unboxing' | 'challenge' | 'problem' | 'comparison' | 'creative' | 'emotional' | 'immersive';

/**
 * Per style: [hook A, hook B, intro, line].
 * - hooks: short (said in under 3 s), no slots; one is chosen per product.
 * - intro: names the product (`{name}`); for 'twist' it is the story's set-up (no name), and
 *   for 'problem' it is the solution.
 * - line: the style's framing sentence (reassurance, verdict, joke, twist with `{name}`, ...).
 */
export type StylePhrases = readonly [hookA: string, hookB: string, intro: string, line: string];

export interface PhraseTable {
  /** Templates for a selling point. [0] is the plain one used first; the rest are connectors rotated after it. */
  point: readonly string[];
  /** "Reason one/two/three: {p}" (Top 3 reasons). */
  reasons: readonly [string, string, string];
  /** "Fact: {p}" (Data, for points that carry a number). */
  fact: string;
  /** "First: {p}" / "Next: {p}" (Feature Explainer). */
  first: string;
  next: string;
  /** "Unlike ordinary ones: {p}" (Comparison). */
  unlike: string;
  /** Price sentences with `{price}`; the last is the shortest ("Only {price}."), used when time is short. */
  price: readonly string[];
  /** When the price is not known: point to the offer. */
  offer: string;
  /** Calls to action; the last is the shortest ("Shop now!"), used when time is short. */
  cta: readonly string[];
  /** The gentle call to action of Soft Selling. */
  softCta: string;
  /** Sentences naming who the product is for, with `{audience}` (the product's target_audience): "Made for {audience}.". */
  audience: readonly string[];
  /** "Remember: {p}" to recap a point in long scripts. */
  recap: string;
  /** Overlay text for the Top 3 hook, e.g. "3 reasons". */
  threeReasons: string;
  styles: Readonly<Record<StyleKey, StylePhrases>>;
}
