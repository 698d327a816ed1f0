/** Overlay texts: price with its currency, a localised call to action. */
import { isLanguage } from '../../catalog/languages.ts';
import { formatPrice as formatScriptPrice, parsePrice as parseStoredPrice } from '../script/price.ts';

const SHOP_NOW: Record<string, string> = {
  english: 'Shop now', filipino: 'Bumili na', french: 'Achetez maintenant', german: 'Jetzt kaufen', hindi: 'अभी खरीदें',
  indonesian: 'Beli sekarang', italian: 'Acquista ora', japanese: '今すぐ購入', korean: '지금 구매하기', malay: 'Beli sekarang',
  portuguese: 'Compre agora', russian: 'Купить сейчас', spanish: 'Compra ahora', thai: 'ซื้อเลย', vietnamese: 'Mua ngay',
  arabic: 'تسوق الآن', greek: 'Αγόρασε τώρα', turkish: 'Hemen satın al', slovenian: 'Kupi zdaj', croatian: 'Kupi sada',
  romanian: 'Cumpără acum', chinese: '立即购买', bengali: 'এখনই কিনুন', urdu: 'ابھی خریدیں', hungarian: 'Vásárolj most',
  'traditional-chinese': '立即購買', polish: 'Kup teraz', cantonese: '即刻購買', danish: 'Køb nu', malayalam: 'ഇപ്പോൾ വാങ്ങൂ',
  tamil: 'இப்போதே வாங்குங்கள்', telugu: 'ఇప్పుడే కొనండి', czech: 'Kupte nyní', hebrew: 'קנו עכשיו', zulu: 'Thenga manje',
  swedish: 'Köp nu', lithuanian: 'Pirkite dabar', dutch: 'Koop nu', flemish: 'Koop nu', norwegian: 'Kjøp nå', finnish: 'Osta nyt',
  bulgarian: 'Купете сега', latvian: 'Pērc tagad', ukrainian: 'Купити зараз', mongolian: 'Одоо худалдан авах',
  persian: 'همین حالا بخرید', odia: 'ବର୍ତ୍ତମାନ କିଣନ୍ତୁ', assamese: 'এতিয়াই কিনক', kannada: 'ಈಗಲೇ ಖರೀದಿಸಿ', tagalog: 'Bumili na',
  amharic: 'አሁን ይግዙ', serbian: 'Kupi sada', slovak: 'Kúpte teraz', swahili: 'Nunua sasa',
};

export function shopNow(language: string): string {
  return SHOP_NOW[language.trim().toLowerCase()] ?? SHOP_NOW.english!;
}

/** Parses "1,299.00", "1.299,00", "29,99" or "$29.99" into a number (the one price module does it). */
export function parsePrice(raw: string): number | null {
  return parseStoredPrice(raw);
}

/** The price as shoppers of that language write it, with its currency (the one price module does it). */
export function formatPrice(price: string | null, currency: string | null, language: string): string | null {
  const key = language.trim().toLowerCase();
  return formatScriptPrice(price, currency, isLanguage(key) ? key : 'english');
}
