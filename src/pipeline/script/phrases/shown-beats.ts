import type { Language } from '../../../catalog/languages.ts';

/**
 * Words for a product whose own text the voice may not read (it is in another language, shown on
 * screen instead; docs/script.md): the two things the built-in writer can still say about it in
 * the narration language without inventing anything.
 *
 * - `highlights`: the lead-in of the shown cards ("Here are its highlights."): the scene that
 *   follows shows the product's points to read (a reading beat).
 * - `brand`: who makes it, with `{brand}` as stored ("Made by Lumina."), said only when the
 *   name does not already contain it. Absent where no form was sure to need no case ending or
 *   particle after a foreign name.
 *
 * One sentence each with its closing punctuation (none for Thai). Kept apart from the per-language
 * phrase tables: used only in this one situation.
 */
export interface ShownBeatPhrases {
  highlights: string;
  brand?: string;
}

export const SHOWN_BEATS: Readonly<Record<Language, ShownBeatPhrases>> = {
  english: { highlights: 'Here are its highlights.', brand: 'Made by {brand}.' },
  filipino: { highlights: 'Narito ang mga tampok nito.', brand: 'Mula sa {brand}.' },
  tagalog: { highlights: 'Narito ang mga tampok nito.', brand: 'Mula sa {brand}.' },
  french: { highlights: 'Voici ses points forts.', brand: 'Signé {brand}.' },
  german: { highlights: 'Das sind die Highlights.', brand: 'Von {brand}.' },
  italian: { highlights: 'Ecco i suoi punti di forza.', brand: 'Firmato {brand}.' },
  spanish: { highlights: 'Estos son sus puntos fuertes.', brand: 'De la marca {brand}.' },
  portuguese: { highlights: 'Estes são os destaques.', brand: 'Da marca {brand}.' },
  dutch: { highlights: 'Dit zijn de hoogtepunten.', brand: 'Van {brand}.' },
  flemish: { highlights: 'Dit zijn de hoogtepunten.', brand: 'Van {brand}.' },
  romanian: { highlights: 'Iată punctele forte.', brand: 'Marca: {brand}.' },
  danish: { highlights: 'Her er højdepunkterne.', brand: 'Fra {brand}.' },
  swedish: { highlights: 'Här är höjdpunkterna.', brand: 'Från {brand}.' },
  norwegian: { highlights: 'Her er høydepunktene.', brand: 'Fra {brand}.' },
  finnish: { highlights: 'Tässä kohokohdat.', brand: 'Merkki: {brand}.' },
  hungarian: { highlights: 'Íme a legfontosabb előnyök.', brand: 'Márka: {brand}.' },
  polish: { highlights: 'Oto najważniejsze zalety.', brand: 'Marka: {brand}.' },
  czech: { highlights: 'Tady jsou hlavní přednosti.', brand: 'Značka: {brand}.' },
  slovak: { highlights: 'Tu sú hlavné prednosti.', brand: 'Značka: {brand}.' },
  slovenian: { highlights: 'Tu so glavne prednosti.', brand: 'Znamka: {brand}.' },
  croatian: { highlights: 'Evo glavnih prednosti.', brand: 'Marka: {brand}.' },
  lithuanian: { highlights: 'Štai pagrindiniai privalumai.', brand: 'Prekės ženklas: {brand}.' },
  latvian: { highlights: 'Lūk, galvenās priekšrocības.', brand: 'Zīmols: {brand}.' },
  turkish: { highlights: 'İşte öne çıkan özellikleri.', brand: 'Marka: {brand}.' },
  indonesian: { highlights: 'Ini keunggulannya.', brand: 'Dari {brand}.' },
  malay: { highlights: 'Inilah kelebihannya.', brand: 'Daripada {brand}.' },
  vietnamese: { highlights: 'Đây là những điểm nổi bật.', brand: 'Thương hiệu {brand}.' },
  swahili: { highlights: 'Hizi ndizo sifa zake kuu.', brand: 'Kutoka {brand}.' },
  zulu: { highlights: 'Nazi izici ezigqamile.' },
  russian: { highlights: 'Вот главные преимущества.', brand: 'Бренд: {brand}.' },
  ukrainian: { highlights: 'Ось головні переваги.', brand: 'Бренд: {brand}.' },
  bulgarian: { highlights: 'Ето основните предимства.', brand: 'Марка: {brand}.' },
  serbian: { highlights: 'Ево главних предности.', brand: 'Бренд: {brand}.' },
  mongolian: { highlights: 'Гол давуу талууд нь эдгээр.', brand: 'Брэнд: {brand}.' },
  greek: { highlights: 'Δείτε τα δυνατά σημεία.', brand: 'Μάρκα: {brand}.' },
  hebrew: { highlights: 'אלה היתרונות הבולטים.', brand: 'מבית {brand}.' },
  arabic: { highlights: 'إليك أبرز المميزات.', brand: 'منتج من {brand}.' },
  persian: { highlights: 'این‌ها ویژگی‌های برجسته‌اند.', brand: 'محصولی از {brand}.' },
  urdu: { highlights: 'یہ ہیں اس کی نمایاں خوبیاں۔', brand: '{brand} کی پیشکش۔' },
  hindi: { highlights: 'ये हैं इसकी खास बातें।', brand: '{brand} की पेशकश।' },
  bengali: { highlights: 'এই হলো এর মূল বৈশিষ্ট্য।', brand: 'ব্র্যান্ড: {brand}।' },
  assamese: { highlights: 'এইয়া ইয়াৰ মূল বৈশিষ্ট্য।' },
  odia: { highlights: 'ଏହା ହେଉଛି ଏହାର ମୁଖ୍ୟ ବିଶେଷତା।' },
  malayalam: { highlights: 'ഇതാ ഇതിന്റെ പ്രധാന സവിശേഷതകൾ.', brand: 'ബ്രാൻഡ്: {brand}.' },
  tamil: { highlights: 'இதோ இதன் சிறப்பம்சங்கள்.', brand: 'பிராண்ட்: {brand}.' },
  telugu: { highlights: 'ఇవే దీని ముఖ్య ప్రత్యేకతలు.', brand: 'బ్రాండ్: {brand}.' },
  kannada: { highlights: 'ಇವು ಇದರ ಮುಖ್ಯ ವಿಶೇಷತೆಗಳು.', brand: 'ಬ್ರಾಂಡ್: {brand}.' },
  amharic: { highlights: 'ዋና ዋና ባህሪያቱ እነሆ።' },
  chinese: { highlights: '它的亮点都在这里。', brand: '品牌：{brand}。' },
  'traditional-chinese': { highlights: '它的亮點都在這裡。', brand: '品牌：{brand}。' },
  cantonese: { highlights: '睇下佢嘅亮點。', brand: '品牌：{brand}。' },
  japanese: { highlights: '注目ポイントはこちら。', brand: 'ブランドは{brand}。' },
  korean: { highlights: '주요 특징을 살펴보세요.', brand: '브랜드: {brand}.' },
  thai: { highlights: 'มาดูจุดเด่นกัน', brand: 'จากแบรนด์ {brand}' },
};
