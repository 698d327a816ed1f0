/**
 * How each public presenter looks, keyed by avatar_id from the catalog (which owns name, gender,
 * age, style, scene, ethnicity). Pure data: the painter turns it into shapes. To add a presenter,
 * add a catalog record and a look here (docs/avatars.md).
 */

export type HairStyle =
  | 'long_wavy'
  | 'long_straight'
  | 'bun'
  | 'short_side'
  | 'short_messy'
  | 'short_curly'
  | 'swept_back'
  | 'receding'
  | 'bob'
  | 'ponytail'
  | 'braid';

export type OutfitKind =
  | 'tee'
  | 'hoodie'
  | 'suit_tie'
  | 'blazer_blouse'
  | 'track_jacket'
  | 'jersey'
  | 'overshirt'
  | 'pattern_top'
  | 'dress'
  | 'cardigan'
  | 'turtleneck_coat';

export interface AvatarLook {
  skin: string;
  hair: { style: HairStyle; color: string };
  iris: string;
  lips: string;
  /** 0 soft, narrow chin … 1 square jaw. */
  jaw: number;
  /** Half-width of the shoulders in design units (the design box is 600 × 1000). */
  shoulders: number;
  outfit: { kind: OutfitKind; main: string; second: string; accent: string };
  glasses?: { color: string; shape: 'round' | 'rect' };
  beard?: { style: 'full' | 'stubble'; color: string };
  earrings?: { color: string; style: 'hoop' | 'stud' | 'drop' };
  necklace?: { color: string; style: 'pearls' | 'chain' };
  headband?: string;
  /** A headscarf of this colour, drawn instead of the hair (which is then hidden). */
  headscarf?: string;
  lashes: boolean;
  ageLines: boolean;
  blush: number;
  /** Backdrop colours for the avatar's scene. */
  backdrop: { base: string; accent: string };
}

export const AVATAR_LOOKS: Readonly<Record<number, AvatarLook>> = {
  1: {
    skin: '#C68B64', hair: { style: 'long_wavy', color: '#221615' }, iris: '#4A2C1A', lips: '#A8505A', jaw: 0.15, shoulders: 150,
    outfit: { kind: 'tee', main: '#F4B942', second: '#FFFFFF', accent: '#E07A5F' },
    earrings: { color: '#E8C15A', style: 'stud' }, lashes: true, ageLines: false, blush: 0.22,
    backdrop: { base: '#F6E7D8', accent: '#F2A65A' },
  },
  2: {
    skin: '#F1C7A9', hair: { style: 'short_side', color: '#6B4226' }, iris: '#3B6E8F', lips: '#C98A7C', jaw: 0.85, shoulders: 172,
    outfit: { kind: 'suit_tie', main: '#24345A', second: '#FFFFFF', accent: '#1F8A8A' },
    lashes: false, ageLines: false, blush: 0.08,
    backdrop: { base: '#DCE6F0', accent: '#5B7DB1' },
  },
  3: {
    skin: '#7B4A2D', hair: { style: 'bun', color: '#161012' }, iris: '#3A2314', lips: '#8C4A48', jaw: 0.2, shoulders: 150,
    outfit: { kind: 'dress', main: '#0E7C66', second: '#0A5E4E', accent: '#E2B74A' },
    earrings: { color: '#E2B74A', style: 'hoop' }, necklace: { color: '#E2B74A', style: 'chain' }, lashes: true, ageLines: false, blush: 0.12,
    backdrop: { base: '#EFE3D3', accent: '#C9A227' },
  },
  4: {
    skin: '#F0CBA5', hair: { style: 'short_messy', color: '#17161C' }, iris: '#2E1F18', lips: '#C98B7A', jaw: 0.55, shoulders: 160,
    outfit: { kind: 'overshirt', main: '#6E7B3A', second: '#F5F1E8', accent: '#E4572E' },
    glasses: { color: '#2B2B2B', shape: 'round' }, lashes: false, ageLines: false, blush: 0.1,
    backdrop: { base: '#F3E9DC', accent: '#7FB069' },
  },
  5: {
    skin: '#D9A27C', hair: { style: 'long_straight', color: '#3B2216' }, iris: '#4B2E1E', lips: '#B5485A', jaw: 0.25, shoulders: 152,
    outfit: { kind: 'blazer_blouse', main: '#8E2F45', second: '#F6EBDD', accent: '#E2B74A' },
    earrings: { color: '#E2B74A', style: 'drop' }, lashes: true, ageLines: false, blush: 0.18,
    backdrop: { base: '#E4E9EE', accent: '#8E2F45' },
  },
  6: {
    skin: '#C7926B', hair: { style: 'short_side', color: '#1C1410' }, iris: '#3B2417', lips: '#A86E5C', jaw: 0.9, shoulders: 175,
    outfit: { kind: 'hoodie', main: '#4A6FA5', second: '#3A5A8A', accent: '#F2F2F2' },
    beard: { style: 'full', color: '#1C1410' }, lashes: false, ageLines: false, blush: 0.05,
    backdrop: { base: '#F2ECE2', accent: '#4A6FA5' },
  },
  7: {
    skin: '#F4D6C6', hair: { style: 'bob', color: '#CFCAC6' }, iris: '#5B7C99', lips: '#B86A72', jaw: 0.3, shoulders: 148,
    outfit: { kind: 'cardigan', main: '#9C8BC4', second: '#FBF7F2', accent: '#FFFFFF' },
    glasses: { color: '#8C5A3C', shape: 'rect' }, necklace: { color: '#F7F3EA', style: 'pearls' }, lashes: true, ageLines: true, blush: 0.2,
    backdrop: { base: '#F5EBE0', accent: '#B5838D' },
  },
  8: {
    skin: '#5A3520', hair: { style: 'receding', color: '#CFCBC6' }, iris: '#2A1A12', lips: '#7E4A3C', jaw: 0.9, shoulders: 176,
    outfit: { kind: 'suit_tie', main: '#5B6470', second: '#DCE8F5', accent: '#7A1F3D' },
    glasses: { color: '#C9A24A', shape: 'rect' }, beard: { style: 'full', color: '#D6D2CC' }, lashes: false, ageLines: true, blush: 0,
    backdrop: { base: '#E6E2F0', accent: '#6C5B9E' },
  },
  9: {
    skin: '#F3D2B3', hair: { style: 'ponytail', color: '#121116' }, iris: '#2A1C15', lips: '#D06F78', jaw: 0.1, shoulders: 146,
    outfit: { kind: 'track_jacket', main: '#FF6B6B', second: '#FFFFFF', accent: '#2D3047' },
    headband: '#FFFFFF', earrings: { color: '#FFFFFF', style: 'stud' }, lashes: true, ageLines: false, blush: 0.28,
    backdrop: { base: '#BFE3F5', accent: '#7BC67E' },
  },
  10: {
    skin: '#B87A50', hair: { style: 'short_curly', color: '#1A120E' }, iris: '#3A2416', lips: '#9E5F4A', jaw: 0.75, shoulders: 172,
    outfit: { kind: 'jersey', main: '#1E9E6A', second: '#FFFFFF', accent: '#FFD166' },
    beard: { style: 'stubble', color: '#1A120E' }, lashes: false, ageLines: false, blush: 0.06,
    backdrop: { base: '#C8E7F7', accent: '#F4A259' },
  },
  11: {
    skin: '#A8694A', hair: { style: 'braid', color: '#1A1210' }, iris: '#3A2216', lips: '#94404E', jaw: 0.2, shoulders: 150,
    outfit: { kind: 'pattern_top', main: '#2BB3A8', second: '#F7C948', accent: '#F25F5C' },
    earrings: { color: '#F7C948', style: 'drop' }, lashes: true, ageLines: false, blush: 0.15,
    backdrop: { base: '#FFF3E0', accent: '#2BB3A8' },
  },
  12: {
    skin: '#EDC1A0', hair: { style: 'swept_back', color: '#C9A25E' }, iris: '#4E7A5A', lips: '#C4867A', jaw: 0.8, shoulders: 170,
    outfit: { kind: 'turtleneck_coat', main: '#B7895A', second: '#2C2F3A', accent: '#8A6440' },
    beard: { style: 'stubble', color: '#A88550' }, lashes: false, ageLines: false, blush: 0.06,
    backdrop: { base: '#EDE4DA', accent: '#8A6440' },
  },
};

export function lookFor(avatarId: number): AvatarLook {
  const look = AVATAR_LOOKS[avatarId];
  if (look === undefined) throw new RangeError(`no look for avatar ${avatarId}`);
  return look;
}
