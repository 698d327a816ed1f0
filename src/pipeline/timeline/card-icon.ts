/**
 * The icon of a selling-point card (pure): a lucide-static icon name picked from the point's
 * words by keyword stems (English, with common German, French, Spanish stems), first match in
 * the point wins; FALLBACK_ICON when none matches. The renderer draws it (render/icons.ts).
 */

export const FALLBACK_ICON = 'sparkles';

/** [icon, stems]: a word starting with a stem picks the icon. Order: specific before general. */
const ICONS: readonly [string, readonly string[]][] = [
  ['battery-charging', ['batter', 'charg', 'akku', 'usb-c', 'mah', 'batería', 'batterie']],
  ['clock', ['hour', 'minute', 'day', 'week', 'stunde', 'tag', 'heure', 'jour', 'hora', 'día', 'all-day', 'lasting']],
  ['droplets', ['water', 'hydrat', 'moist', 'serum', 'wasser', 'eau', 'agua', 'liquid', 'waterproof', 'hyaluron']],
  ['leaf', ['vegan', 'organic', 'natural', 'plant', 'bio', 'eco', 'sustainab', 'recycl', 'natur', 'végétal']],
  ['flask-conical', ['vitamin', 'formula', 'acid', 'clinical', 'dermat', 'ingredient', 'peptide', 'retinol']],
  ['sparkles', ['glow', 'shine', 'radian', 'bright', 'clean', 'fresh', 'fragrance']],
  ['thermometer', ['cold', 'hot', 'warm', 'temperat', 'insulat', 'heat', 'cool', 'kalt', 'froid', 'frío']],
  ['volume-2', ['sound', 'audio', 'bass', 'speaker', 'noise', 'loud', 'quiet', 'silent', 'klang', 'son']],
  ['bluetooth', ['bluetooth', 'wireless', 'kabellos', 'sans fil', 'inalámbric']],
  ['wifi', ['wifi', 'wi-fi', 'connect', 'app', 'smart']],
  ['shield-check', ['safe', 'protect', 'secure', 'warrant', 'guarant', 'durab', 'sturdy', 'tough', 'resist', 'proof', 'sicher', 'garantie']],
  ['feather', ['light', 'weight', 'thin', 'slim', 'compact', 'portable', 'leicht', 'léger', 'ligero']],
  ['armchair', ['comfort', 'ergonom', 'lumbar', 'seat', 'cushion', 'soft', 'bequem', 'confort']],
  ['ruler', ['adjust', 'size', 'fit', 'height', 'cm', 'inch', 'mm', 'größe', 'taille']],
  ['zap', ['fast', 'quick', 'speed', 'power', 'instant', 'turbo', 'schnell', 'rapide', 'rápid']],
  ['truck', ['ship', 'deliver', 'versand', 'livraison', 'envío']],
  ['gift', ['gift', 'bundle', 'bonus', 'free', 'geschenk', 'cadeau', 'regalo']],
  ['heart', ['love', 'care', 'gentle', 'skin', 'health', 'liebe', 'peau', 'piel']],
  ['wrench', ['tool', 'repair', 'assembl', 'install', 'mount', 'gasket', 'build']],
  ['keyboard', ['key', 'switch', 'typing', 'keyboard', 'tastatur', 'clavier', 'teclado']],
  ['palette', ['colour', 'color', 'design', 'style', 'finish', 'farbe', 'couleur']],
  ['sun', ['sun', 'uv', 'spf', 'daylight', 'sonne', 'soleil']],
  ['award', ['award', 'best', 'premium', 'quality', 'qualität', 'qualité', 'calidad']],
  ['badge-check', ['certif', 'tested', 'approved', 'proven']],
];

const STEMS = ICONS.flatMap(([icon, stems]) => stems.map((stem) => ({ icon, stem })));

/** The icon for a card's text: the first word (in reading order) that starts with a known stem. */
export function cardIcon(text: string): string {
  const words = text.toLowerCase().normalize('NFC').split(/[^\p{L}\p{N}+-]+/u).filter(Boolean);
  for (const w of words) {
    const hit = STEMS.find((s) => w.startsWith(s.stem));
    if (hit) return hit.icon;
  }
  return FALLBACK_ICON;
}
