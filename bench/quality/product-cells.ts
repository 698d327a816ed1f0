/**
 * bench:quality cells for issue 27 item 1 (the product leads): a wide 3:1 photo, a tall 750 ml
 * bottle packshot on white, a transparent PNG cut-out and a blank (one-colour) image, each in
 * every ratio, drawn at bench start like fixtures.ts does. Their check, "product share per
 * product scene", is the timeline's own (timeline/product-share.ts), run on every cell.
 */
import type { Cell } from './matrix.ts';
import type { ProductFixture } from './fixtures.ts';

export type LeadShape = 'wide3' | 'packshot' | 'blank';

export const LEAD_SIZES: Record<LeadShape, [number, number]> = {
  wide3: [2100, 700],
  packshot: [600, 1800],
  blank: [900, 900],
};

/** The pictures: a room-wide sofa photo (3:1), a bottle on white, a flat grey swatch. */
export function leadSvg(shape: LeadShape, hue: number): string {
  const [w, h] = LEAD_SIZES[shape];
  if (shape === 'blank') return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#d8d8d8"/></svg>`;
  if (shape === 'packshot') {
    // A 750 ml wine-style bottle: neck, shoulders, body and label, on a white studio backdrop.
    const cx = w / 2;
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="hsl(${hue},60%,22%)"/><stop offset="0.45" stop-color="hsl(${hue},60%,45%)"/><stop offset="1" stop-color="hsl(${hue},60%,18%)"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="#ffffff"/>
  <path d="M ${cx - 38} ${h * 0.08} h 76 v ${h * 0.22} q 0 ${h * 0.08} 112 ${h * 0.16} v ${h * 0.48} q 0 ${h * 0.03} -30 ${h * 0.03} h -236 q -30 0 -30 ${-h * 0.03} v ${-h * 0.48} q 112 ${-h * 0.08} 112 ${-h * 0.16} z" fill="url(#g)"/>
  <rect x="${cx - 120}" y="${h * 0.6}" width="240" height="${h * 0.16}" rx="8" fill="#f4efe2"/>
  <rect x="${cx - 80}" y="${h * 0.65}" width="160" height="18" fill="hsl(${hue},40%,30%)"/>
</svg>`;
  }
  // Wide: a long sofa in a room, floor to wall, edge to edge.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <rect width="${w}" height="${h}" fill="hsl(${hue},25%,82%)"/>
  <rect y="${h * 0.72}" width="${w}" height="${h * 0.28}" fill="hsl(${(hue + 30) % 360},20%,55%)"/>
  <rect x="${w * 0.12}" y="${h * 0.35}" width="${w * 0.76}" height="${h * 0.3}" rx="40" fill="hsl(${hue},55%,40%)"/>
  <rect x="${w * 0.1}" y="${h * 0.5}" width="${w * 0.8}" height="${h * 0.2}" rx="30" fill="hsl(${hue},55%,48%)"/>
  <rect x="${w * 0.14}" y="${h * 0.7}" width="30" height="${h * 0.08}" fill="#333"/><rect x="${w * 0.84}" y="${h * 0.7}" width="30" height="${h * 0.08}" fill="#333"/>
</svg>`;
}

export const LEAD_FIXTURES: Record<string, ProductFixture> = {
  wideSofa: {
    id: 'wideSofa', name: 'Haven Modular Sofa', brand: 'Haven',
    description: 'A three-seat modular sofa with washable covers and deep cushions.',
    sellingPoints: ['Modules rearrange in minutes', 'Covers come off and go in the wash', 'Deep feather-blend cushions'],
    targetAudience: 'new homeowners', images: ['wide3'],
  },
  packshot: {
    id: 'packshot', name: 'Sierra Olive Oil 750 ml', brand: 'Sierra',
    description: 'Cold-pressed extra virgin olive oil from a single estate, in a 750 ml glass bottle.',
    sellingPoints: ['Cold-pressed within hours of harvest', 'Single-estate olives', 'Dark glass keeps it fresh'],
    targetAudience: 'home cooks', images: ['packshot'],
  },
  alphaCutout: {
    id: 'alphaCutout', name: 'Pulse Smart Speaker', brand: 'Pulse',
    description: 'A compact smart speaker with room-filling sound and a fabric finish.',
    sellingPoints: ['Room-filling 360° sound', 'Voice control built in', 'Fabric finish in four colours'],
    targetAudience: 'music lovers', images: ['transparent'],
  },
  smallPhoto: {
    id: 'smallPhoto', name: 'Lumen Glow Serum', brand: 'Lumen',
    description: 'A vitamin C serum for brighter skin in a week.',
    sellingPoints: ['Visible glow in 7 days', 'Vitamin C and hyaluronic acid', 'Fragrance free and vegan'],
    targetAudience: 'skincare fans', images: ['small'],
  },
  blankImage: {
    id: 'blankImage', name: 'Nova Travel Mug', brand: 'Nova',
    description: 'A leak-proof travel mug that keeps coffee hot for six hours.',
    sellingPoints: ['Keeps coffee hot for six hours', 'Leak-proof lid', 'Fits car cup holders'],
    targetAudience: 'commuters', images: ['blank', 'square'],
  },
};

const ratios = [0, 1, 2] as const;
const shapes: { fixture: string; templateIds: [number, number, number] }[] = [
  { fixture: 'wideSofa', templateIds: [1, 4, 2] },
  { fixture: 'packshot', templateIds: [1, 3, 4] },
  { fixture: 'alphaCutout', templateIds: [5, 1, 3] },
  { fixture: 'blankImage', templateIds: [4, 2, 1] },
];

/** 12 cells, numbered from 41 so they do not collide with other cell lists, #53: the sofa in Side by Side 16:9 (its wide-product row), #54-56: the sofa's wide cards. */
export const LEAD_CELLS: Cell[] = [
  ...shapes.flatMap((s, si) =>
    ratios.map((aspect, ri) => {
      const templateId = s.templateIds[ri]!;
      return {
        n: 41 + si * 3 + ri, aspect, length: 15, language: 'english', templateId, visualStyle: ['Clean Minimal', 'Bold Pop', 'Warm Lifestyle'][ri]!,
        scriptStyle: 'Feature Explainer', fixture: s.fixture as Cell['fixture'], price: '24.90', currency: 'USD', avatarId: templateId === 4 ? null : 1 + ((si + ri) % 5), musicId: null,
      } satisfies Cell;
    }),
  ),
  { n: 53, aspect: 1, length: 15, language: 'english', templateId: 2, visualStyle: 'Clean Minimal', scriptStyle: 'Feature Explainer', fixture: 'wideSofa', price: '24.90', currency: 'USD', avatarId: 3, musicId: null },
  // The sofa's wide cards (layouts.ts wideBeside, the carousel's wideProduct): Feature Cards 9:16, Carousel 1:1, Presenter 16:9.
  { n: 54, aspect: 0, length: 15, language: 'english', templateId: 3, visualStyle: 'Warm Lifestyle', scriptStyle: 'Feature Explainer', fixture: 'wideSofa', price: '24.90', currency: 'USD', avatarId: 2, musicId: null },
  { n: 55, aspect: 2, length: 15, language: 'english', templateId: 6, visualStyle: 'Tech Neon', scriptStyle: 'Feature Explainer', fixture: 'wideSofa', price: '24.90', currency: 'USD', avatarId: 4, musicId: null },
  { n: 56, aspect: 1, length: 15, language: 'english', templateId: 5, visualStyle: 'Soft Pastel', scriptStyle: 'Feature Explainer', fixture: 'wideSofa', price: '24.90', currency: 'USD', avatarId: 1, musicId: null },
];
