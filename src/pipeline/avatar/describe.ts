/**
 * Drawn presenters from a description (POST /v1/photo_avatar/photo/generate): the vendor's
 * attributes and free-text appearance and background become the painter parameters of a few
 * candidates (DrawnPresenter), each drawn exactly like a public presenter. Pure and seeded: the
 * same description gives the same candidates. What each attribute decides (docs/avatars.md):
 * - age: hair colour (grey to white when elderly), face lines (elderly), youth (blush, narrower
 *   shoulders for teenagers), and the catalog age (young, adult, senior);
 * - gender: the figure (shoulders, jaw, lashes) and the hair styles drawn;
 * - ethnicity: the skin tone range (each candidate a different tone within it), eye colours;
 * - avatar_style: the outfit (Professional: suits, blazers, coats; Social: tees, hoodies, jackets);
 * - model: the palette (classic: muted; modern: vivid);
 * - background: the scene (office, studio, home, store, outdoor) and its colours;
 * - appearance: the words the painter understands (hair colour and length or style, eye colour,
 *   glasses, beard or stubble, clean-shaven, headscarf, earrings, necklace, headband, outfit
 *   and its colour); "no"/"without" before a word removes it; other words are reported.
 */
import type { AvatarRecord } from '../../catalog/catalog.data.ts';
import type { DrawnPresenter, PresenterTraits } from './avatar.types.ts';
import type { AvatarLook, HairStyle, OutfitKind } from './looks.data.ts';
import { mix, shade } from './paint/color.ts';
import { seededRandom } from './random.ts';

export const DESCRIPTION_AGES = ['Teenager', 'Young adult', 'Adult', 'Elderly'] as const;
export const DESCRIPTION_GENDERS = ['Female', 'Male'] as const;
export const DESCRIPTION_STYLES = ['Professional', 'Social'] as const;
export const DESCRIPTION_MODELS = ['classic', 'modern'] as const;

export interface PresenterDescription {
  age: (typeof DESCRIPTION_AGES)[number];
  gender: (typeof DESCRIPTION_GENDERS)[number];
  avatarStyle: (typeof DESCRIPTION_STYLES)[number];
  model: (typeof DESCRIPTION_MODELS)[number];
  ethnicity?: string | undefined;
  appearance?: string | undefined;
  background?: string | undefined;
  /** Colours taken from a reference picture (image_url), most common first: outfit and backdrop use them. */
  palette?: readonly string[] | undefined;
}

export interface DescribedPresenters {
  candidates: DrawnPresenter[];
  /** Words of appearance, background or ethnicity the painter did not use, in order, once each. */
  unknownWords: string[];
}

export const CANDIDATE_COUNT = 4;

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length) % xs.length]!;

// ---------------------------------------------------------------------------------------------
// Skin, eyes and hair by ethnicity

interface EthnicityLook {
  key: AvatarRecord['ethnicity'] | null;
  /** Lightest and darkest skin of the range; candidates spread across it. */
  skin: readonly [string, string];
  irises: readonly string[];
  hair: readonly string[];
}

const DARK_IRISES = ['#3A2416', '#2A1C15', '#4B2E1E', '#3B2417'] as const;
const ALL_IRISES = ['#3B6E8F', '#4E7A5A', '#5B7C99', '#6B4A2A', '#3A2416', '#7A8A5A'] as const;
const DARK_HAIR = ['#17151A', '#1C1410', '#221615', '#2A1B14'] as const;

const ETHNICITIES: Record<string, EthnicityLook> = {
  european: { key: 'european', skin: ['#F6D9C4', '#DDA985'], irises: ALL_IRISES, hair: ['#6B4226', '#3B2216', '#C9A25E', '#D9B56A', '#8E3B1F', '#17151A'] },
  east_asian: { key: 'east_asian', skin: ['#F5D6B8', '#D9A77C'], irises: DARK_IRISES, hair: DARK_HAIR },
  south_asian: { key: 'south_asian', skin: ['#D9A27C', '#8E5A3A'], irises: DARK_IRISES, hair: DARK_HAIR },
  middle_eastern: { key: 'middle_eastern', skin: ['#E6BA94', '#B07A52'], irises: ['#3B2417', '#4B2E1E', '#4E7A5A'], hair: [...DARK_HAIR, '#3B2216'] },
  latino: { key: 'latino', skin: ['#E7BD98', '#A06A44'], irises: ['#3A2416', '#4B2E1E', '#5A3A22'], hair: [...DARK_HAIR, '#3B2216'] },
  african: { key: 'african', skin: ['#8A5433', '#4A2A18'], irises: DARK_IRISES, hair: DARK_HAIR },
  pacific: { key: null, skin: ['#C98E62', '#8E5A38'], irises: DARK_IRISES, hair: DARK_HAIR },
  indigenous: { key: null, skin: ['#D09A72', '#9E6844'], irises: DARK_IRISES, hair: DARK_HAIR },
  any: { key: null, skin: ['#F6D9C4', '#5A3520'], irises: ALL_IRISES, hair: ['#17151A', '#3B2216', '#6B4226', '#C9A25E'] },
};

/** The vendor's and people's words for an ethnicity → ours. */
const ETHNICITY_WORDS: Record<string, string> = {
  european: 'european', caucasian: 'european', white: 'european', western: 'european', north_american: 'european',
  asian: 'east_asian', east_asian: 'east_asian', chinese: 'east_asian', japanese: 'east_asian', korean: 'east_asian', southeast_asian: 'east_asian',
  south_asian: 'south_asian', indian: 'south_asian', pakistani: 'south_asian', bangladeshi: 'south_asian',
  middle_eastern: 'middle_eastern', arab: 'middle_eastern', arabic: 'middle_eastern', persian: 'middle_eastern', turkish: 'middle_eastern',
  latino: 'latino', latina: 'latino', hispanic: 'latino', latin_american: 'latino', south_american: 'latino', mexican: 'latino', brazilian: 'latino',
  african: 'african', black: 'african', african_american: 'african',
  pacific: 'pacific', pacific_islander: 'pacific', polynesian: 'pacific',
  native_american: 'indigenous', indigenous: 'indigenous',
  mixed: 'any', unspecified: 'any', any: 'any', other: 'any',
};

// ---------------------------------------------------------------------------------------------
// Words of the appearance

const HAIR_COLOURS: Record<string, string> = {
  black: '#17151A', dark: '#221615', brunette: '#3B2216', dark_brown: '#3B2216', brown: '#6B4226', chestnut: '#6E3B22',
  light_brown: '#8A623E', blonde: '#D9B56A', blond: '#D9B56A', golden: '#C9A25E', dirty_blonde: '#B08F55', platinum: '#E8DDBF',
  red: '#A4401F', redhead: '#A4401F', ginger: '#B5542A', auburn: '#7A2E1C', copper: '#B0582C',
  grey: '#9E9994', gray: '#9E9994', silver: '#C8C6C4', white: '#E6E3DE', salt_and_pepper: '#7F7A76',
};
/** Hair colour words that mean hair on their own ("a blonde woman"). */
const HAIR_ONLY_COLOURS = new Set(['brunette', 'blonde', 'blond', 'redhead', 'ginger', 'auburn', 'platinum', 'salt_and_pepper']);

const COLOURS: Record<string, string> = {
  black: '#1F1F24', white: '#F7F5F0', grey: '#8A8F98', gray: '#8A8F98', navy: '#24345A', blue: '#3E6FB0', light_blue: '#8FB8DE',
  teal: '#1F8A8A', turquoise: '#2BB3A8', green: '#2E8B57', olive: '#6E7B3A', red: '#C0392B', burgundy: '#7A1F3D', maroon: '#6B1F2A',
  pink: '#E58FB0', purple: '#7D4E9E', lavender: '#9C8BC4', yellow: '#F4C542', mustard: '#D9A531', orange: '#E4772E', coral: '#FF6B6B',
  brown: '#7A5230', beige: '#D8C3A5', cream: '#F3E9D2', camel: '#B7895A', gold: '#D4AF37', golden: '#D4AF37', silver: '#C0C0C8',
  charcoal: '#3A3F47', khaki: '#B8A77A', emerald: '#1E9E6A',
};
const EYE_COLOURS: Record<string, string> = {
  blue: '#3B6E8F', light_blue: '#6D9CC0', green: '#4E7A5A', brown: '#4B2E1E', dark: '#2A1C15', hazel: '#7A6A3A', grey: '#6F7F8C', gray: '#6F7F8C', amber: '#9A6A2A', black: '#21160F',
};

/** Skin words → the part of the ethnicity's range (0 lightest … 1 darkest) the candidates use. */
const SKIN_WORDS: Record<string, readonly [number, number]> = {
  fair: [0, 0.3], pale: [0, 0.2], light: [0, 0.35], medium: [0.3, 0.7], olive: [0.3, 0.7], tan: [0.45, 0.8], tanned: [0.45, 0.8],
  brown: [0.5, 0.9], dark: [0.65, 1], deep: [0.75, 1],
};

const LONG_STYLES: Record<'female' | 'male', readonly HairStyle[]> = { female: ['long_wavy', 'long_straight', 'braid', 'ponytail'], male: ['long_straight'] };
const SHORT_STYLES: Record<'female' | 'male', readonly HairStyle[]> = { female: ['bob', 'short_messy'], male: ['short_side', 'short_messy', 'short_curly', 'swept_back'] };
const MEDIUM_STYLES: Record<'female' | 'male', readonly HairStyle[]> = { female: ['bob', 'long_straight'], male: ['swept_back', 'short_messy'] };

/** Words naming a hair style (or a quality of one) → the styles that fit, per gender. */
const HAIR_STYLE_WORDS: Record<string, Record<'female' | 'male', readonly HairStyle[]>> = {
  long: LONG_STYLES,
  short: SHORT_STYLES,
  medium: MEDIUM_STYLES,
  shoulder_length: MEDIUM_STYLES,
  wavy: { female: ['long_wavy'], male: ['short_messy'] },
  straight: { female: ['long_straight', 'bob'], male: ['short_side', 'swept_back'] },
  curly: { female: ['long_wavy'], male: ['short_curly'] },
  afro: { female: ['short_curly'], male: ['short_curly'] },
  bob: { female: ['bob'], male: ['bob'] },
  bun: { female: ['bun'], male: ['bun'] },
  ponytail: { female: ['ponytail'], male: ['ponytail'] },
  braid: { female: ['braid'], male: ['braid'] },
  braids: { female: ['braid'], male: ['braid'] },
  messy: { female: ['short_messy'], male: ['short_messy'] },
  slicked: { female: ['swept_back'], male: ['swept_back'] },
  swept_back: { female: ['swept_back'], male: ['swept_back'] },
  side_part: { female: ['long_straight'], male: ['short_side'] },
  receding: { female: ['short_side'], male: ['receding'] },
  balding: { female: ['short_side'], male: ['receding'] },
  bald: { female: ['short_side'], male: ['receding'] },
};

const OUTFIT_WORDS: Record<string, OutfitKind> = {
  suit: 'suit_tie', tie: 'suit_tie', blazer: 'blazer_blouse', blouse: 'blazer_blouse', tee: 'tee', t_shirt: 'tee', tshirt: 'tee',
  hoodie: 'hoodie', sweatshirt: 'hoodie', jacket: 'track_jacket', tracksuit: 'track_jacket', jersey: 'jersey', shirt: 'overshirt',
  overshirt: 'overshirt', flannel: 'overshirt', dress: 'dress', cardigan: 'cardigan', sweater: 'cardigan', turtleneck: 'turtleneck_coat',
  coat: 'turtleneck_coat', top: 'pattern_top', patterned: 'pattern_top',
};

/** Words that describe but decide nothing the painter draws differently: not reported. */
const STOPWORDS = new Set(
  ('a an the and or with in on of to for is are has have having wearing wears wear her his their she he they person woman man lady ' +
    'guy girl boy people who that this look looking looks very slightly quite bit little some nice natural style styled hair eyes ' +
    'colored coloured color colour tone skin face friendly smiling smile smiles warm kind confident happy young old adult teenager ' +
    'elderly aged middle female male professional social casual modern classic clean pair set outfit clothes clothing background ' +
    'scene setting behind standing sitting at front light').split(' '),
);

const SCENE_WORDS: Record<string, AvatarRecord['scene']> = {
  office: 'office', business: 'office', workplace: 'office', desk: 'office', corporate: 'office', meeting: 'office', conference: 'office',
  studio: 'studio', plain: 'studio', backdrop: 'studio', simple: 'studio', solid: 'studio', gradient: 'studio', minimal: 'studio', blank: 'studio',
  home: 'home', living_room: 'home', room: 'home', kitchen: 'home', bedroom: 'home', cozy: 'home', cosy: 'home', house: 'home', apartment: 'home', sofa: 'home', couch: 'home', bookshelf: 'home',
  store: 'store', shop: 'store', boutique: 'store', retail: 'store', cafe: 'store', café: 'store', market: 'store', showroom: 'store', counter: 'store',
  outdoor: 'outdoor', outdoors: 'outdoor', outside: 'outdoor', park: 'outdoor', garden: 'outdoor', nature: 'outdoor', beach: 'outdoor', street: 'outdoor',
  city: 'outdoor', forest: 'outdoor', mountain: 'outdoor', mountains: 'outdoor', sky: 'outdoor', field: 'outdoor', sunny: 'outdoor',
};

/** Phrases read as one word (before splitting). */
const PHRASES: Array<[RegExp, string]> = [
  [/\bdark[\s-]+brown\b/g, 'dark_brown'],
  [/\blight[\s-]+brown\b/g, 'light_brown'],
  [/\blight[\s-]+blue\b/g, 'light_blue'],
  [/\bdirty[\s-]+blonde?\b/g, 'dirty_blonde'],
  [/\bsalt[\s-]+and[\s-]+pepper\b/g, 'salt_and_pepper'],
  [/\bshoulder[\s-]+length\b/g, 'shoulder_length'],
  [/\bswept[\s-]+back\b/g, 'swept_back'],
  [/\bside[\s-]+part(ed)?\b/g, 'side_part'],
  [/\bt[\s-]+shirt\b/g, 't_shirt'],
  [/\bclean[\s-]+shaven\b/g, 'clean_shaven'],
  [/\bliving[\s-]+room\b/g, 'living_room'],
  [/\bhead[\s-]+scarf\b/g, 'headscarf'],
  [/\bhead[\s-]+band\b/g, 'headband'],
  [/\bsouth[\s-]+east[\s-]+asian\b/g, 'southeast_asian'],
  [/\b(east|south|southeast)[\s-]+asian\b/g, '$1_asian'],
  [/\bmiddle[\s-]+eastern\b/g, 'middle_eastern'],
  [/\b(latin|south|north)[\s-]+american\b/g, '$1_american'],
  [/\bafrican[\s-]+american\b/g, 'african_american'],
  [/\bnative[\s-]+american\b/g, 'native_american'],
  [/\bpacific[\s-]+islander\b/g, 'pacific_islander'],
];

function words(text: string | undefined): string[] {
  if (!text) return [];
  let t = text.toLowerCase().normalize('NFKC');
  for (const [re, to] of PHRASES) t = t.replace(re, to);
  return t.split(/[^\p{L}\p{N}_]+/u).filter(Boolean);
}

/** What the appearance asks for; undefined fields are left to the candidate's own variation. */
export interface AppearanceWishes {
  hairColor?: string;
  hairStyles?: readonly HairStyle[];
  iris?: string;
  glasses?: { shape: 'round' | 'rect'; color?: string } | null;
  beard?: 'full' | 'stubble' | null;
  headscarf?: string | null;
  earrings?: NonNullable<AvatarLook['earrings']>['style'] | null;
  /** Where in the ethnicity's skin range: 0 lightest … 1 darkest. */
  skinTone?: readonly [number, number];
  necklace?: 'pearls' | 'chain' | null;
  headband?: string | null;
  outfitKind?: OutfitKind;
  outfitColor?: string;
}

type Gender = 'female' | 'male';

/** Reads the appearance text: what it asks for, and the words it does not understand. */
export function readAppearance(text: string | undefined, gender: Gender): { wishes: AppearanceWishes; unknown: string[] } {
  const ws = words(text);
  const wishes: AppearanceWishes = {};
  const unknown: string[] = [];
  const nextNoun = (i: number): string | undefined => {
    for (let j = i + 1; j < Math.min(ws.length, i + 4); j++) {
      const w = ws[j]!;
      if (w === 'hair' || w === 'eyes' || w === 'eye' || w === 'skin' || w in OUTFIT_WORDS || isHeadscarf(w) || isGlasses(w) || w === 'headband' || w === 'earrings' || w === 'necklace') return w;
      if (!(w in COLOURS) && !(w in HAIR_COLOURS) && !(w in HAIR_STYLE_WORDS) && !STOPWORDS.has(w)) return undefined;
    }
    return undefined;
  };
  let negate = false;
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i]!;
    if (w === 'no' || w === 'without' || w === 'not') {
      negate = true;
      continue;
    }
    const neg = negate;
    negate = false;
    const noun0 = nextNoun(i);
    const understood = ((): boolean => {
      if (isGlasses(w)) {
        wishes.glasses = neg ? null : { shape: ws.slice(Math.max(0, i - 2), i).includes('round') ? 'round' : 'rect', ...(wishes.glasses?.color ? { color: wishes.glasses.color } : {}) };
        return true;
      }
      if (w === 'round' || w === 'rectangular' || w === 'square') return nextNoun(i) !== undefined && isGlasses(nextNoun(i)!);
      if (w === 'beard' || w === 'bearded' || w === 'moustache' || w === 'mustache' || w === 'goatee') {
        wishes.beard = neg ? null : w === 'goatee' ? 'stubble' : 'full';
        return true;
      }
      if (w === 'stubble' || w === 'scruff') {
        wishes.beard = neg ? null : 'stubble';
        return true;
      }
      if (w === 'clean_shaven' || w === 'shaven' || w === 'beardless') {
        wishes.beard = null;
        return true;
      }
      if (isHeadscarf(w)) {
        wishes.headscarf = neg ? null : (wishes.headscarf ?? '');
        return true;
      }
      if (w === 'earrings' || w === 'earring' || w === 'hoops' || w === 'studs') {
        wishes.earrings = neg ? null : w === 'hoops' ? 'hoop' : w === 'studs' ? 'stud' : (wishes.earrings ?? 'stud');
        return true;
      }
      if (w === 'hoop' || w === 'stud' || w === 'drop') {
        if (nextNoun(i)?.startsWith('earring')) {
          wishes.earrings = w;
          return true;
        }
        return false;
      }
      if (w === 'necklace' || w === 'pearls' || w === 'chain') {
        wishes.necklace = neg ? null : w === 'pearls' ? 'pearls' : 'chain';
        return true;
      }
      if (w === 'headband') {
        wishes.headband = neg ? null : (wishes.headband ?? '#FFFFFF');
        return true;
      }
      if (noun0 === 'skin' && w in SKIN_WORDS) {
        wishes.skinTone = SKIN_WORDS[w]!;
        return true;
      }
      if (w in HAIR_STYLE_WORDS) {
        const noun = nextNoun(i);
        if (noun !== undefined && noun !== 'hair') return false; // "short sleeves", a style word for something else
        const styles = HAIR_STYLE_WORDS[w]![gender];
        wishes.hairStyles = wishes.hairStyles ? intersectOr(wishes.hairStyles, styles) : styles;
        return true;
      }
      const noun = nextNoun(i);
      if (noun === 'hair' && w in HAIR_COLOURS) {
        wishes.hairColor = HAIR_COLOURS[w]!;
        return true;
      }
      if (noun === 'hair' && (w === 'dark' || w === 'light')) {
        wishes.hairColor = w === 'dark' ? HAIR_COLOURS.dark! : HAIR_COLOURS.light_brown!;
        return true;
      }
      if ((noun === 'eyes' || noun === 'eye') && w in EYE_COLOURS) {
        wishes.iris = EYE_COLOURS[w]!;
        return true;
      }
      if (noun !== undefined && w in COLOURS) {
        const c = COLOURS[w]!;
        if (noun in OUTFIT_WORDS) wishes.outfitColor = c;
        else if (isHeadscarf(noun)) wishes.headscarf = c;
        else if (isGlasses(noun)) wishes.glasses = { shape: wishes.glasses?.shape ?? 'rect', color: c };
        else if (noun === 'headband') wishes.headband = c;
        else return false;
        return true;
      }
      if (HAIR_ONLY_COLOURS.has(w)) {
        wishes.hairColor = HAIR_COLOURS[w]!;
        return true;
      }
      if (w in OUTFIT_WORDS) {
        wishes.outfitKind = OUTFIT_WORDS[w]!;
        return true;
      }
      return STOPWORDS.has(w) || w === 'eye';
    })();
    if (!understood && !unknown.includes(w)) unknown.push(w);
  }
  return { wishes, unknown };
}

function isGlasses(w: string): boolean {
  return w === 'glasses' || w === 'spectacles' || w === 'eyeglasses' || w === 'specs';
}
function isHeadscarf(w: string): boolean {
  return w === 'headscarf' || w === 'hijab' || w === 'scarf' || w === 'headwrap' || w === 'turban';
}
function intersectOr<T>(a: readonly T[], b: readonly T[]): readonly T[] {
  const both = a.filter((x) => b.includes(x));
  return both.length ? both : b;
}

/** The scene, backdrop colours and unknown words of a background text. */
export function readBackground(text: string | undefined): { scene?: AvatarRecord['scene']; colors: string[]; unknown: string[] } {
  const out: { scene?: AvatarRecord['scene']; colors: string[]; unknown: string[] } = { colors: [], unknown: [] };
  for (const w of words(text)) {
    if (w in SCENE_WORDS) out.scene ??= SCENE_WORDS[w]!;
    else if (w in COLOURS) out.colors.push(COLOURS[w]!);
    else if (!STOPWORDS.has(w) && !out.unknown.includes(w)) out.unknown.push(w);
  }
  return out;
}

/** Our ethnicity of a vendor/people word, or 'any' for an absent one; undefined when not known. */
export function readEthnicity(text: string | undefined): string | undefined {
  const t = words(text).filter((w) => w !== 'and' && w !== 'or');
  if (!t.length) return 'any';
  for (const w of t) if (w in ETHNICITY_WORDS) return ETHNICITY_WORDS[w];
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Candidates

const PALETTES = {
  classic: ['#24345A', '#3A3F47', '#5B6470', '#7A1F3D', '#B7895A', '#2F5D50', '#6B4A3A', '#8E2F45'],
  modern: ['#FF6B6B', '#2BB3A8', '#F4B942', '#9C8BC4', '#1E9E6A', '#4A6FA5', '#C2366E', '#E4572E'],
} as const;
const LIGHTS = ['#FFFFFF', '#F6EBDD', '#F5F1E8', '#DCE8F5', '#FBF7F2'] as const;
const SCARF_COLOURS = ['#2F5D50', '#8E2F45', '#24345A', '#B7895A', '#9C8BC4', '#C2366E'] as const;
const GLASSES_COLOURS = ['#2B2B2B', '#8C5A3C', '#C9A24A'] as const;
const BACKDROPS: Record<AvatarRecord['scene'], ReadonlyArray<{ base: string; accent: string }>> = {
  studio: [{ base: '#F6E7D8', accent: '#F2A65A' }, { base: '#EFE3D3', accent: '#C9A227' }, { base: '#E6E2F0', accent: '#6C5B9E' }, { base: '#E4EEF0', accent: '#2BB3A8' }],
  office: [{ base: '#DCE6F0', accent: '#5B7DB1' }, { base: '#E4E9EE', accent: '#8E2F45' }, { base: '#E8EAE3', accent: '#2F5D50' }],
  home: [{ base: '#F3E9DC', accent: '#7FB069' }, { base: '#F5EBE0', accent: '#B5838D' }, { base: '#EDE4DA', accent: '#8A6440' }],
  store: [{ base: '#F2ECE2', accent: '#4A6FA5' }, { base: '#FFF3E0', accent: '#2BB3A8' }, { base: '#F8EDEB', accent: '#E07A5F' }],
  outdoor: [{ base: '#BFE3F5', accent: '#7BC67E' }, { base: '#C8E7F7', accent: '#F4A259' }, { base: '#CFE8F2', accent: '#5FA36A' }],
};
const PROFESSIONAL: Record<Gender, readonly OutfitKind[]> = { male: ['suit_tie', 'turtleneck_coat', 'suit_tie', 'overshirt'], female: ['blazer_blouse', 'dress', 'turtleneck_coat', 'cardigan'] };
const SOCIAL: Record<Gender, readonly OutfitKind[]> = { male: ['tee', 'hoodie', 'overshirt', 'jersey', 'track_jacket'], female: ['tee', 'pattern_top', 'track_jacket', 'hoodie', 'cardigan'] };
const HAIR_BY_STYLE: Record<Gender, Record<'Professional' | 'Social', readonly HairStyle[]>> = {
  female: { Professional: ['bun', 'bob', 'long_straight', 'long_wavy'], Social: ['long_wavy', 'ponytail', 'braid', 'long_straight', 'bob'] },
  male: { Professional: ['short_side', 'swept_back', 'short_side', 'short_curly'], Social: ['short_messy', 'short_curly', 'short_side', 'swept_back'] },
};
const GREYS = ['#CFCAC6', '#E2DFDA', '#B9B4AE', '#D6D2CC'] as const;
const LIPS: Record<Gender, readonly string[]> = { female: ['#B5485A', '#A8505A', '#C4606E', '#94404E', '#D06F78'], male: ['#A86E5C', '#9E5F4A', '#C4867A', '#8C5A4A'] };

/** FNV-1a of the description: the seed of its candidates. */
function seedOf(d: PresenterDescription): number {
  const text = JSON.stringify([d.age, d.gender, d.avatarStyle, d.model, d.ethnicity ?? '', d.appearance ?? '', d.background ?? '', d.palette ?? []]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const TRAIT_AGE: Record<PresenterDescription['age'], AvatarRecord['age']> = { Teenager: 'young', 'Young adult': 'young', Adult: 'adult', Elderly: 'senior' };

/** `count` candidates for a description (the same ones every call), and the words not used. */
export function describePresenters(d: PresenterDescription, count = CANDIDATE_COUNT): DescribedPresenters {
  // The route's schema allows only these; a stored request of another version may not.
  if (!DESCRIPTION_AGES.includes(d.age)) throw new RangeError(`age ${JSON.stringify(d.age)} is not one of ${DESCRIPTION_AGES.join(', ')}`);
  if (!DESCRIPTION_GENDERS.includes(d.gender)) throw new RangeError(`gender ${JSON.stringify(d.gender)} is not one of ${DESCRIPTION_GENDERS.join(', ')}`);
  if (!DESCRIPTION_STYLES.includes(d.avatarStyle)) throw new RangeError(`avatar_style ${JSON.stringify(d.avatarStyle)} is not one of ${DESCRIPTION_STYLES.join(', ')}`);
  if (!DESCRIPTION_MODELS.includes(d.model)) throw new RangeError(`model ${JSON.stringify(d.model)} is not one of ${DESCRIPTION_MODELS.join(', ')}`);
  const gender: Gender = d.gender === 'Male' ? 'male' : 'female';
  const appearance = readAppearance(d.appearance, gender);
  const background = readBackground(d.background);
  const ethnicityKey = readEthnicity(d.ethnicity);
  const unknownWords = [...appearance.unknown];
  for (const w of background.unknown) if (!unknownWords.includes(w)) unknownWords.push(w);
  if (ethnicityKey === undefined) for (const w of words(d.ethnicity)) if (!unknownWords.includes(w)) unknownWords.push(w);
  const eth = ETHNICITIES[ethnicityKey ?? 'any']!;
  const seed = seedOf(d);
  const candidates: DrawnPresenter[] = [];
  for (let i = 0; i < count; i++) {
    candidates.push(candidate(d, gender, eth, appearance.wishes, background, seededRandom(seed + i * 7919), i, count));
  }
  return { candidates, unknownWords };
}

function candidate(
  d: PresenterDescription,
  gender: Gender,
  eth: EthnicityLook,
  w: AppearanceWishes,
  bg: ReturnType<typeof readBackground>,
  rng: Rng,
  index: number,
  count: number,
): DrawnPresenter {
  const male = gender === 'male';
  // Skin: candidates spread evenly over the range (with a little jitter), so they differ.
  const [lo, hi] = w.skinTone ?? [0, 1];
  const t = lo + (hi - lo) * (count > 1 ? (index + 0.15 + rng() * 0.7) / count : 0.5);
  const skin = mix(eth.skin[0], eth.skin[1], t);

  const elderly = d.age === 'Elderly';
  const teen = d.age === 'Teenager';
  const baseHair = pick(rng, eth.hair);
  let hairColor = w.hairColor ?? (elderly ? pick(rng, GREYS) : d.age === 'Adult' ? mix(baseHair, '#B9B4AE', 0.12) : baseHair);
  if (w.hairColor && elderly && !['#9E9994', '#C8C6C4', '#E6E3DE', '#7F7A76'].includes(w.hairColor)) hairColor = mix(w.hairColor, '#CFCAC6', 0.35);
  const styles = w.hairStyles ?? (elderly && male ? ['receding', 'short_side', 'swept_back'] as const : HAIR_BY_STYLE[gender][d.avatarStyle]);
  const hairStyle = styles[(index + Math.floor(rng() * styles.length)) % styles.length]!;

  const palette = d.palette && d.palette.length ? d.palette : PALETTES[d.model];
  const outfits = d.avatarStyle === 'Professional' ? PROFESSIONAL[gender] : SOCIAL[gender];
  const outfitKind = w.outfitKind ?? outfits[(index + Math.floor(rng() * 2)) % outfits.length]!;
  const main = w.outfitColor ?? palette[(index * 3 + Math.floor(rng() * palette.length)) % palette.length]!;
  const second = outfitKind === 'hoodie' || outfitKind === 'dress' ? shade(main, -0.15) : pick(rng, LIGHTS);
  const accent = pick(rng, palette.filter((c) => c !== main).length ? palette.filter((c) => c !== main) : palette);

  const scene = bg.scene ?? (d.avatarStyle === 'Professional' ? 'office' : 'studio');
  const backdrop = bg.colors.length
    ? { base: mix(bg.colors[0]!, '#FFFFFF', 0.7), accent: bg.colors[1] ?? bg.colors[0]! }
    : d.palette && d.palette.length
      ? { base: mix(d.palette[0]!, '#FFFFFF', 0.75), accent: d.palette[1] ?? d.palette[0]! }
      : pick(rng, BACKDROPS[scene]);

  const look: AvatarLook = {
    skin,
    hair: { style: hairStyle, color: hairColor },
    iris: w.iris ?? pick(rng, eth.irises),
    lips: pick(rng, LIPS[gender]),
    jaw: male ? 0.75 + rng() * 0.17 : 0.1 + rng() * 0.2,
    shoulders: Math.round((male ? 168 + rng() * 8 : 146 + rng() * 6) * (teen ? 0.94 : 1)),
    outfit: { kind: outfitKind, main, second, accent },
    lashes: !male,
    ageLines: elderly,
    blush: male ? 0.04 + rng() * 0.04 : teen ? 0.26 + rng() * 0.06 : 0.12 + rng() * 0.1,
    backdrop,
  };
  if (w.glasses !== undefined ? w.glasses !== null : rng() < (elderly ? 0.5 : 0.15)) {
    look.glasses = { shape: w.glasses?.shape ?? (rng() < 0.5 ? 'round' : 'rect'), color: w.glasses?.color ?? pick(rng, GLASSES_COLOURS) };
  }
  const beard = w.beard !== undefined ? w.beard : male && !teen ? (rng() < 0.35 ? (rng() < 0.5 ? 'full' : 'stubble') : null) : null;
  if (beard) look.beard = { style: beard, color: elderly ? mix(hairColor, '#D6D2CC', 0.3) : hairColor };
  if (w.headscarf !== undefined && w.headscarf !== null) look.headscarf = w.headscarf || pick(rng, SCARF_COLOURS);
  const earrings = w.earrings !== undefined ? w.earrings : !male && rng() < 0.6 ? pick(rng, ['stud', 'hoop', 'drop'] as const) : null;
  if (earrings && !look.headscarf) look.earrings = { style: earrings, color: pick(rng, ['#E2B74A', '#E8C15A', '#F7F3EA', '#C0C0C8']) };
  const necklace = w.necklace !== undefined ? w.necklace : !male && d.avatarStyle === 'Professional' && rng() < 0.35 ? (rng() < 0.5 ? 'pearls' : 'chain') : null;
  if (necklace) look.necklace = { style: necklace, color: necklace === 'pearls' ? '#F7F3EA' : '#E2B74A' };
  if (w.headband) look.headband = w.headband;

  const traits: PresenterTraits = {
    gender,
    age: TRAIT_AGE[d.age],
    style: d.avatarStyle === 'Professional' ? (d.model === 'classic' ? 'business' : 'elegant') : d.model === 'classic' ? 'casual' : 'creative',
    scene,
    ethnicity: eth.key ?? 'european',
  };
  return { traits, look };
}
