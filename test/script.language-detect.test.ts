import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LANGUAGES } from '../src/catalog/languages.ts';
import { detectLanguage, productLanguage, sameWrittenLanguage } from '../src/products/language-detect.ts';

/** Short product texts (a sentence or two, as shops write them) in the languages the issue names, and more. */
const SAMPLES: Record<string, string> = {
  german: 'Edelstahl-Trinkflasche, hält Getränke 24 Stunden kalt. Auslaufsicher und spülmaschinenfest.',
  french: 'Gourde en acier inoxydable, garde les boissons froides 24 heures. Étanche et lavable au lave-vaisselle.',
  spanish: 'Botella de acero inoxidable que mantiene las bebidas frías durante 24 horas. A prueba de fugas.',
  japanese: 'ステンレス製の水筒で、飲み物を24時間冷たく保ちます。漏れにくく食洗機対応。',
  chinese: '不锈钢保温杯，保冷24小时，防漏设计，可放入洗碗机清洗。',
  arabic: 'زجاجة من الفولاذ المقاوم للصدأ تحافظ على برودة المشروبات لمدة 24 ساعة.',
  thai: 'ขวดน้ำสแตนเลสเก็บความเย็นได้นาน 24 ชั่วโมง ไม่รั่วซึม',
  hindi: 'स्टेनलेस स्टील की बोतल जो पेय को 24 घंटे ठंडा रखती है। लीक-प्रूफ ढक्कन।',
  korean: '스테인리스 보온병, 음료를 24시간 차갑게 유지합니다. 새지 않는 뚜껑.',
  english: 'Stainless steel bottle keeps drinks cold for 24 hours. Leak-proof lid, dishwasher safe.',
  italian: 'Borraccia in acciaio inox, mantiene le bevande fredde per 24 ore. A prova di perdite.',
  portuguese: 'Garrafa de aço inoxidável que mantém as bebidas geladas por 24 horas. À prova de vazamentos.',
  russian: 'Бутылка из нержавеющей стали сохраняет напитки холодными 24 часа.',
  norwegian: 'Flaske i rustfritt stål holder drikken kald i 24 timer. Lekkasjesikkert lokk.',
  indonesian: 'Botol baja tahan karat menjaga minuman tetap dingin selama 24 jam. Tutup anti bocor.',
  malayalam: 'സ്റ്റെയിൻലെസ് സ്റ്റീൽ കുപ്പി പാനീയങ്ങൾ 24 മണിക്കൂർ തണുപ്പിക്കുന്നു.',
  odia: 'ଷ୍ଟେନଲେସ୍ ଷ୍ଟିଲ୍ ବୋତଲ ପାନୀୟକୁ 24 ଘଣ୍ଟା ଥଣ୍ଡା ରଖେ।',
  croatian: 'Boca od nehrđajućeg čelika drži piće hladnim 24 sata. Poklopac ne propušta tekućinu.',
  serbian: 'Боца од нерђајућег челика држи пиће хладним 24 сата.',
};

describe('product language detection (tinyld, mapped to catalog names)', () => {
  for (const [language, text] of Object.entries(SAMPLES)) {
    it(`${language}`, () => assert.equal(detectLanguage(text), language));
  }

  it('answers only catalog names, or null for text too short or without letters to tell', () => {
    for (const text of Object.values(SAMPLES)) assert.ok((LANGUAGES as readonly string[]).includes(detectLanguage(text)!));
    assert.equal(detectLanguage('commuters'), null);
    assert.equal(detectLanguage('Pendler'), null);
    assert.equal(detectLanguage('750 ml / 24 h'), null);
    assert.equal(detectLanguage(''), null);
  });

  it('a product is judged on its name, description and selling points together', () => {
    assert.equal(productLanguage({ name: 'ThermoFlask Pro 750', description: '', sellingPoints: ['Hält Getränke 24 Stunden kalt', 'Auslaufsicherer Deckel mit einem Klick'] }), 'german');
    assert.equal(productLanguage({ name: 'ThermoFlask', description: '', sellingPoints: [] }), null);
  });

  it('one written language under two names, written Chinese, and Malay/Indonesian count as the same', () => {
    assert.ok(sameWrittenLanguage('dutch', 'flemish'));
    assert.ok(sameWrittenLanguage('tagalog', 'filipino'));
    assert.ok(sameWrittenLanguage('chinese', 'cantonese'));
    assert.ok(sameWrittenLanguage('malay', 'indonesian'));
    assert.ok(!sameWrittenLanguage('german', 'english'));
    assert.ok(!sameWrittenLanguage('japanese', 'chinese'));
  });
});
