import type { Language } from '../../catalog/languages.ts';

/**
 * What an audition sample says, in each language: a greeting, "this is my voice", and an offer to
 * show a product. Japanese is written in kana because the 1.51 Japanese voice reads kana only.
 * Worded so that neither the speaker's gender nor the listener's is marked where the language
 * would otherwise mark it.
 */
export const AUDITION_TEXT: Readonly<Record<Language, string>> = {
  english: "Hello! This is how my voice sounds. Let me show you a product you'll love.",
  filipino: 'Kumusta! Ito ang aking boses. Ipapakita ko sa inyo ang isang magandang produkto.',
  tagalog: 'Kumusta! Ito ang aking boses. Ipapakita ko sa inyo ang isang magandang produkto.',
  french: 'Bonjour ! Voici ma voix. Laissez-moi vous présenter un produit formidable.',
  german: 'Hallo! So klingt meine Stimme. Lassen Sie mich Ihnen ein tolles Produkt zeigen.',
  hindi: 'नमस्ते! यह मेरी आवाज़ है। आइए, एक शानदार उत्पाद देखें।',
  indonesian: 'Halo! Inilah suara saya. Mari saya tunjukkan produk yang luar biasa.',
  italian: 'Ciao! Questa è la mia voce. Lascia che ti mostri un prodotto fantastico.',
  japanese: 'こんにちは。これが わたしの こえです。すてきな しょうひんを ごしょうかいします。',
  korean: '안녕하세요! 제 목소리입니다. 멋진 제품을 소개해 드릴게요.',
  malay: 'Helo! Inilah suara saya. Biar saya tunjukkan produk yang hebat.',
  portuguese: 'Olá! Esta é a minha voz. Deixe-me mostrar um produto incrível.',
  russian: 'Здравствуйте! Это мой голос. Позвольте показать вам отличный товар.',
  spanish: '¡Hola! Esta es mi voz. Déjame mostrarte un producto increíble.',
  thai: 'สวัสดี นี่คือเสียงของเรา ขอแนะนำสินค้าที่ยอดเยี่ยม',
  vietnamese: 'Xin chào! Đây là giọng nói của tôi. Hãy để tôi giới thiệu một sản phẩm tuyệt vời.',
  arabic: 'مرحبا! هذا هو صوتي. دعني أعرض لك منتجا رائعا.',
  greek: 'Γεια σας! Αυτή είναι η φωνή μου. Επιτρέψτε μου να σας δείξω ένα υπέροχο προϊόν.',
  turkish: 'Merhaba! Bu benim sesim. Size harika bir ürün göstereyim.',
  slovenian: 'Pozdravljeni! To je moj glas. Naj vam pokažem odličen izdelek.',
  croatian: 'Pozdrav! Ovo je moj glas. Dopustite da vam pokažem odličan proizvod.',
  romanian: 'Bună ziua! Aceasta este vocea mea. Permiteți-mi să vă arăt un produs excelent.',
  chinese: '你好！这是我的声音。让我为你介绍一款很棒的产品。',
  bengali: 'নমস্কার! এটি আমার কণ্ঠস্বর। আসুন, একটি দারুণ পণ্য দেখি।',
  urdu: 'السلام علیکم! یہ میری آواز ہے۔ آئیے، ایک شاندار پروڈکٹ دیکھیں۔',
  hungarian: 'Helló! Ez az én hangom. Hadd mutassak egy nagyszerű terméket.',
  'traditional-chinese': '你好！這是我的聲音。讓我為你介紹一款很棒的產品。',
  polish: 'Dzień dobry! To jest mój głos. Pozwólcie, że pokażę świetny produkt.',
  cantonese: '你好！呢個係我嘅聲音。等我介紹一件好正嘅產品。',
  danish: 'Hej! Sådan lyder min stemme. Lad mig vise dig et fantastisk produkt.',
  malayalam: 'നമസ്കാരം! ഇതാണ് എന്റെ ശബ്ദം. ഒരു മികച്ച ഉൽപ്പന്നം പരിചയപ്പെടുത്താം.',
  tamil: 'வணக்கம்! இது என் குரல். ஒரு அருமையான தயாரிப்பைப் பார்ப்போம்.',
  telugu: 'నమస్కారం! ఇది నా స్వరం. ఒక అద్భుతమైన ఉత్పత్తిని చూద్దాం.',
  czech: 'Dobrý den! Takhle zní můj hlas. Dovolte mi představit skvělý výrobek.',
  hebrew: 'שלום! זה הקול שלי. הנה מוצר נהדר.',
  zulu: 'Sawubona! Leli yizwi lami. Ake ngikukhombise umkhiqizo omuhle kakhulu.',
  swedish: 'Hej! Så här låter min röst. Låt mig visa dig en fantastisk produkt.',
  lithuanian: 'Labas! Tai mano balsas. Leiskite parodyti puikų produktą.',
  dutch: 'Hallo! Zo klinkt mijn stem. Laat me je een geweldig product laten zien.',
  flemish: 'Dag! Zo klinkt mijn stem. Laat me u een prachtig product tonen.',
  norwegian: 'Hei! Slik høres stemmen min ut. La meg vise deg et fantastisk produkt.',
  finnish: 'Hei! Tältä kuulostaa ääneni. Anna minun esitellä upea tuote.',
  bulgarian: 'Здравейте! Това е моят глас. Нека ви покажа един страхотен продукт.',
  latvian: 'Sveiki! Šī ir mana balss. Ļaujiet man parādīt lielisku produktu.',
  ukrainian: 'Вітаю! Це мій голос. Дозвольте показати вам чудовий товар.',
  mongolian: 'Сайн байна уу! Энэ бол миний хоолой. Танд гайхалтай бүтээгдэхүүн үзүүлье.',
  persian: 'سلام! این صدای من است. اجازه بدهید یک محصول عالی را معرفی کنم.',
  odia: 'ନମସ୍କାର! ଏହା ମୋର କଣ୍ଠ। ଆସନ୍ତୁ, ଏକ ଚମତ୍କାର ଉତ୍ପାଦ ଦେଖିବା।',
  assamese: 'নমস্কাৰ! এইটো মোৰ মাত। আহক, এটা চমৎকাৰ সামগ্ৰী চাওঁ।',
  kannada: 'ನಮಸ್ಕಾರ! ಇದು ನನ್ನ ಧ್ವನಿ. ಒಂದು ಅದ್ಭುತ ಉತ್ಪನ್ನವನ್ನು ನೋಡೋಣ.',
  amharic: 'ሰላም! ይህ የእኔ ድምፅ ነው። አንድ ድንቅ ምርት እንመልከት።',
  serbian: 'Здраво! Ово је мој глас. Дозволите да вам покажем одличан производ.',
  slovak: 'Dobrý deň! Takto znie môj hlas. Dovoľte mi predstaviť skvelý produkt.',
  swahili: 'Habari! Hii ni sauti yangu. Niruhusu nikuonyeshe bidhaa nzuri sana.',
};

/** The sample's sentences (split on sentence punctuation, kept with their sentence). */
export function auditionSentences(language: Language): string[] {
  const text = AUDITION_TEXT[language];
  const parts = text.match(/[^.!?。！？।۔።]+[.!?。！？।۔።]*/gu) ?? [text];
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}
