/**
 * The bench:quality matrix: 20 videos (15, then 5 for issue 27's nothing-cut rule) covering every (aspect ratio × length) pair, 10 languages
 * (arabic, japanese, chinese, thai, hindi, german, english, korean, french, spanish), every
 * template and visual style, each product fixture, and prices in several currencies with
 * decimal commas. A cell is plain data; `coverage` proves the matrix covers what it claims.
 */
import type { Language, ScriptStyle } from '../../src/catalog/languages.ts';
import type { AspectRatio } from '../../src/pipeline/templates/types.ts';
import { FIXTURES } from './fixtures.ts';

export interface Cell {
  n: number;
  aspect: AspectRatio;
  length: 15 | 30 | 60;
  language: Language;
  templateId: number;
  visualStyle: string;
  scriptStyle: ScriptStyle;
  fixture: keyof typeof FIXTURES;
  /** As a shop stores it: decimal commas and thousands dots included. */
  price: string;
  currency: string;
  /** null: no presenter (Voice Over always; others may choose). */
  avatarId: number | null;
  musicId: number | null;
  /** Captions on (default) or off. */
  caption?: boolean;
}

export const MATRIX: Cell[] = [
  { n: 1, aspect: 0, length: 15, language: 'arabic', templateId: 1, visualStyle: 'Clean Minimal', scriptStyle: 'Problem/Solution', fixture: 'lamp', price: '89,00', currency: 'EUR', avatarId: 6, musicId: 1 },
  { n: 2, aspect: 1, length: 30, language: 'japanese', templateId: 2, visualStyle: 'Bold Pop', scriptStyle: 'Discovery', fixture: 'bottle', price: '3980', currency: 'JPY', avatarId: 4, musicId: 5 },
  { n: 3, aspect: 2, length: 60, language: 'chinese', templateId: 3, visualStyle: 'Luxury Dark', scriptStyle: 'Top 3 reasons', fixture: 'longName', price: '49.90', currency: 'USD', avatarId: 9, musicId: 2 },
  { n: 4, aspect: 0, length: 30, language: 'thai', templateId: 6, visualStyle: 'Warm Lifestyle', scriptStyle: 'Soft Selling', fixture: 'longName', price: '1,290.00', currency: 'THB', avatarId: 1, musicId: 6 },
  { n: 5, aspect: 1, length: 15, language: 'hindi', templateId: 4, visualStyle: 'Tech Neon', scriptStyle: 'Feature Explainer', fixture: 'noMedia', price: '1.299,00', currency: 'EUR', avatarId: null, musicId: 7 },
  { n: 6, aspect: 2, length: 30, language: 'german', templateId: 5, visualStyle: 'Soft Pastel', scriptStyle: 'Humor & Meme', fixture: 'lamp', price: '1.299,00', currency: 'EUR', avatarId: 2, musicId: 1 },
  { n: 7, aspect: 0, length: 60, language: 'english', templateId: 3, visualStyle: 'Bold Pop', scriptStyle: 'Expert Advice', fixture: 'longName', price: '49.90', currency: 'USD', avatarId: 3, musicId: 3 },
  { n: 8, aspect: 1, length: 60, language: 'korean', templateId: 1, visualStyle: 'Luxury Dark', scriptStyle: 'Emotional Appeal', fixture: 'noMedia', price: '39000', currency: 'KRW', avatarId: 9, musicId: 2 },
  { n: 9, aspect: 2, length: 15, language: 'french', templateId: 6, visualStyle: 'Clean Minimal', scriptStyle: 'Challenge', fixture: 'bottle', price: '89,00', currency: 'EUR', avatarId: 7, musicId: null },
  { n: 10, aspect: 0, length: 30, language: 'spanish', templateId: 2, visualStyle: 'Tech Neon', scriptStyle: 'Comparison', fixture: 'germanText', price: '89,00', currency: 'EUR', avatarId: 10, musicId: 8 },
  { n: 11, aspect: 1, length: 30, language: 'arabic', templateId: 5, visualStyle: 'Warm Lifestyle', scriptStyle: 'Unboxing & Review', fixture: 'brokenMedia', price: '79.00', currency: 'SAR', avatarId: 6, musicId: 4 },
  { n: 12, aspect: 2, length: 60, language: 'japanese', templateId: 4, visualStyle: 'Soft Pastel', scriptStyle: 'Immersive Storytelling', fixture: 'bottle', price: '12800', currency: 'JPY', avatarId: null, musicId: 6 },
  { n: 13, aspect: 0, length: 15, language: 'english', templateId: 3, visualStyle: 'Luxury Dark', scriptStyle: 'Data', fixture: 'japaneseText', price: '4500', currency: 'JPY', avatarId: 5, musicId: 3 },
  { n: 14, aspect: 0, length: 60, language: 'hindi', templateId: 6, visualStyle: 'Soft Pastel', scriptStyle: "Don't Worry", fixture: 'lamp', price: '2499', currency: 'INR', avatarId: 11, musicId: 5 },
  // A thin product (two short points, one short sentence, the name is the brand) at 60 s in a voice that may not read it.
  { n: 15, aspect: 0, length: 60, language: 'thai', templateId: 2, visualStyle: 'Bold Pop', scriptStyle: 'Problem/Solution', fixture: 'thin', price: '29.00', currency: 'USD', avatarId: 8, musicId: 4 },
  // Nothing cut (issue 27 item 3): a long name and long claims in each ratio, in German and in Thai.
  { n: 16, aspect: 0, length: 30, language: 'english', templateId: 1, visualStyle: 'Bold Pop', scriptStyle: 'Feature Explainer', fixture: 'chair', price: '249.00', currency: 'USD', avatarId: 3, musicId: 1 },
  { n: 17, aspect: 1, length: 30, language: 'english', templateId: 3, visualStyle: 'Clean Minimal', scriptStyle: 'Top 3 reasons', fixture: 'chair', price: '249.00', currency: 'USD', avatarId: 5, musicId: 2 },
  { n: 18, aspect: 2, length: 15, language: 'english', templateId: 5, visualStyle: 'Tech Neon', scriptStyle: 'Problem/Solution', fixture: 'chair', price: '249.00', currency: 'USD', avatarId: 7, musicId: 3 },
  { n: 19, aspect: 0, length: 30, language: 'german', templateId: 2, visualStyle: 'Warm Lifestyle', scriptStyle: 'Feature Explainer', fixture: 'chairGerman', price: '249,00', currency: 'EUR', avatarId: 2, musicId: 4 },
  { n: 20, aspect: 2, length: 30, language: 'thai', templateId: 4, visualStyle: 'Soft Pastel', scriptStyle: 'Soft Selling', fixture: 'chairThai', price: '8900', currency: 'THB', avatarId: null, musicId: 5 },
];

/** What a selection of cells covers, for the bench's header line. */
export function coverage(cells: readonly Cell[]) {
  const uniq = <T>(xs: T[]) => [...new Set(xs)];
  return {
    pairs: uniq(cells.map((c) => `${c.aspect}/${c.length}`)).length,
    languages: uniq(cells.map((c) => c.language)),
    templates: uniq(cells.map((c) => c.templateId)).sort(),
    styles: uniq(cells.map((c) => c.visualStyle)).length,
    fixtures: uniq(cells.map((c) => c.fixture)),
  };
}

/** The label of a cell on its table row and contact sheet. */
export function cellLabel(c: Cell): string {
  const ar = ['9:16', '16:9', '1:1'][c.aspect];
  return `#${c.n} ${ar} ${c.length}s ${c.language} T${c.templateId} ${c.visualStyle} ${c.fixture} ${c.price} ${c.currency}`;
}
