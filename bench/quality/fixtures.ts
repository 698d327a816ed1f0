/**
 * Awkward products for bench:quality, made at bench start (sharp draws SVG; nothing binary is
 * committed): a wide 3:1 and a tall 1:3 photo, a 300 px one, a transparent PNG cut-out, none at
 * all, a name far too long for a line, and product text in another language than the voice.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { LEAD_FIXTURES, LEAD_SIZES, leadSvg, type LeadShape } from './product-cells.ts';

export type ImageShape = 'square' | 'wide' | 'tall' | 'small' | 'transparent' | LeadShape;

const SIZES: Record<ImageShape, [number, number]> = {
  ...LEAD_SIZES,
  square: [1200, 1200],
  wide: [1800, 600],
  tall: [500, 1500],
  small: [300, 300],
  transparent: [1000, 1000],
};

/** A product-like picture: a lit object on a backdrop (none when transparent), hue per index. */
function svg(shape: ImageShape, hue: number): string {
  if (shape in LEAD_SIZES) return leadSvg(shape as LeadShape, hue);
  const [w, h] = SIZES[shape];
  const s = Math.min(w, h);
  const cx = w / 2;
  const cy = h / 2;
  const bg = shape === 'transparent' ? '' : `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},30%,88%)"/><stop offset="1" stop-color="hsl(${hue},25%,70%)"/></linearGradient>
    <radialGradient id="body" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="hsl(${hue},70%,70%)"/><stop offset="1" stop-color="hsl(${hue},70%,30%)"/></radialGradient>
  </defs>
  ${bg}
  <ellipse cx="${cx}" cy="${cy + s * 0.36}" rx="${s * 0.3}" ry="${s * 0.05}" fill="rgba(0,0,0,0.25)"/>
  <rect x="${cx - s * 0.16}" y="${cy - s * 0.3}" width="${s * 0.32}" height="${s * 0.62}" rx="${s * 0.08}" fill="url(#body)"/>
  <rect x="${cx - s * 0.07}" y="${cy - s * 0.4}" width="${s * 0.14}" height="${s * 0.12}" rx="${s * 0.02}" fill="hsl(${hue},20%,25%)"/>
  <rect x="${cx - s * 0.12}" y="${cy - s * 0.05}" width="${s * 0.24}" height="${s * 0.14}" fill="rgba(255,255,255,0.85)"/>
</svg>`;
}

/** Writes one image; PNG keeps the alpha of the cut-out, the others are JPEG like most shop photos. */
export async function writeImage(dir: string, shape: ImageShape, hue: number): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const png = shape === 'transparent';
  const file = path.join(dir, `${shape}-${hue}.${png ? 'png' : 'jpg'}`);
  const img = sharp(Buffer.from(svg(shape, hue)));
  await (png ? img.png() : img.jpeg({ quality: 88 })).toFile(file);
  return file;
}

export interface ProductFixture {
  id: string;
  name: string;
  brand: string | null;
  description: string;
  sellingPoints: string[];
  targetAudience: string;
  /** Images drawn at bench start, in order. */
  images: ImageShape[];
  /** Media URLs that do not load (the README walk-through's case). */
  brokenUrls?: string[];
}

export const FIXTURES: Record<string, ProductFixture> = {
  ...LEAD_FIXTURES,
  lamp: {
    id: 'lamp', name: 'Aurora Desk Lamp', brand: 'Lumina',
    description: 'A dimmable LED desk lamp with a USB-C charging port and a warm-to-cool light range.',
    sellingPoints: ['Five brightness levels and three colour temperatures', 'USB-C port charges your phone', 'Folds flat for travel'],
    targetAudience: 'students and remote workers', images: ['wide', 'square'],
  },
  bottle: {
    id: 'bottle', name: 'HydroPeak Bottle', brand: 'HydroPeak',
    description: 'A double-wall vacuum insulated steel bottle that keeps water cold for 24 hours and hot for 12.',
    sellingPoints: ['Double-wall vacuum insulation keeps water cold for 24 hours', 'Leak-proof lid with a carry loop', 'BPA-free, dishwasher safe'],
    targetAudience: 'hikers and commuters', images: ['tall', 'transparent'],
  },
  longName: {
    id: 'longName', name: 'UltraComfort Ergonomic Memory Foam Lumbar Support Cushion with Cooling Gel Layer', brand: 'RestWell Home Essentials',
    description: 'Memory foam lumbar cushion with a cooling gel layer and a washable mesh cover for office chairs and car seats.',
    sellingPoints: ['Contoured memory foam supports the lower back all day', 'Cooling gel layer stays fresh', 'Removable, machine-washable cover'],
    targetAudience: 'people who sit at a desk all day', images: ['small', 'transparent', 'wide'],
  },
  noMedia: {
    id: 'noMedia', name: 'Calmly Sleep App', brand: 'Calmly',
    description: 'A sleep app with guided wind-down routines, rain sounds and a smart alarm.',
    sellingPoints: ['Guided wind-down routines', 'Smart alarm wakes you in light sleep', 'Works offline'],
    targetAudience: '', images: [],
  },
  germanText: {
    id: 'germanText', name: 'Kaffeemühle Classico', brand: 'Bergmann',
    description: 'Eine manuelle Kaffeemühle mit Keramikmahlwerk und stufenlos einstellbarem Mahlgrad.',
    sellingPoints: ['Keramikmahlwerk für gleichmäßiges Mahlgut', 'Stufenlos einstellbarer Mahlgrad', 'Leise und ohne Strom'],
    targetAudience: 'Kaffeeliebhaber', images: ['square', 'tall'],
  },
  japaneseText: {
    id: 'japaneseText', name: '抹茶セット 雅', brand: '京都茶房',
    description: '茶筅、茶杓、抹茶碗がそろった本格的な抹茶セットです。',
    sellingPoints: ['職人が手作りした茶筅', '宇治産の抹茶付き', 'ギフトに最適な桐箱入り'],
    targetAudience: '日本茶が好きな方', images: ['square', 'small'],
  },
  brokenMedia: {
    id: 'brokenMedia', name: 'Nimbus Wireless Earbuds', brand: 'Nimbus',
    description: 'True wireless earbuds with active noise cancelling and 30 hours of battery with the case.',
    sellingPoints: ['Active noise cancelling', '30 hours with the charging case', 'IPX5 sweat resistant'],
    targetAudience: 'runners', images: ['square'], brokenUrls: ['https://media.invalid/nimbus-hero.jpg'],
  },
  // Issue 27 item 3: a name and claims far too long for a card (nothing may be cut with an ellipsis).
  chair: {
    id: 'chair', name: 'UltraComfort Ergonomic Mesh Office Chair with Adjustable Lumbar Support', brand: 'UltraComfort',
    description: 'A breathable mesh office chair for long working days.',
    sellingPoints: ['Adjustable lumbar support that follows your spine through the whole working day', 'Gasket mount for a softer typing feel with less noise', 'Breathable mesh back keeps you cool (even in summer)'],
    targetAudience: 'people who work at a desk', images: ['square', 'wide'],
  },
  chairGerman: {
    id: 'chairGerman', name: 'UltraComfort Ergonomischer Bürostuhl aus Netzgewebe mit verstellbarer Lendenwirbelstütze', brand: 'UltraComfort',
    description: 'Ein atmungsaktiver Bürostuhl für lange Arbeitstage.',
    sellingPoints: ['Verstellbare Lendenwirbelstütze, die Ihrer Wirbelsäule den ganzen Arbeitstag lang folgt', 'Dichtungsmontage für ein weicheres Tippgefühl mit weniger Geräusch', 'Atmungsaktiver Netzrücken hält Sie auch im Sommer kühl'],
    targetAudience: 'Menschen, die am Schreibtisch arbeiten', images: ['square', 'wide'],
  },
  chairThai: {
    id: 'chairThai', name: 'เก้าอี้สำนักงานตาข่ายเพื่อสุขภาพ UltraComfort พร้อมที่รองรับหลังส่วนล่างแบบปรับได้', brand: 'UltraComfort',
    description: 'เก้าอี้สำนักงานตาข่ายระบายอากาศสำหรับวันทำงานที่ยาวนาน',
    sellingPoints: ['ที่รองรับหลังส่วนล่างปรับได้ซึ่งรับกับกระดูกสันหลังของคุณตลอดทั้งวันทำงาน', 'ติดตั้งแบบปะเก็นเพื่อให้สัมผัสการพิมพ์นุ่มนวลขึ้นและเสียงเบาลง', 'พนักพิงตาข่ายระบายอากาศช่วยให้เย็นสบายแม้ในฤดูร้อน'],
    targetAudience: '', images: ['square', 'wide'],
  },
  thin: {
    id: 'thin', name: 'Breeze', brand: 'Breeze',
    description: 'A compact desk fan with three speeds.',
    sellingPoints: ['Quiet motor', 'USB-C powered'],
    targetAudience: '', images: ['square'],
  },
};
