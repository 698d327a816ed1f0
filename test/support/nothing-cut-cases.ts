/**
 * The "nothing cut" cases (issue 27 item 3): a long product name and long selling points, in
 * English, German, Thai and Japanese, written by the built-in writer and laid out in every
 * template and ratio (timelines only: sample speech timings, no audio).
 */
import { writeBuiltin } from '../../src/pipeline/script/builtin.ts';
import { sampleSpeech } from '../../src/pipeline/render/sample.ts';
import { buildTimeline } from '../../src/pipeline/timeline/index.ts';
import type { Timeline } from '../../src/pipeline/timeline/types.ts';
import type { Language, ScriptStyle } from '../../src/catalog/languages.ts';
import type { ProductFacts } from '../../src/pipeline/types.ts';

export interface CutCase {
  language: Language;
  product: ProductFacts;
}

const base = { brand: null, price: '249.00', currency: 'USD', targetAudience: '', imagePaths: ['/a.jpg', '/b.jpg'], videoPaths: [] as string[] };

export const CUT_CASES: CutCase[] = [
  {
    language: 'english',
    product: {
      ...base, language: 'english',
      name: 'UltraComfort Ergonomic Mesh Office Chair with Adjustable Lumbar Support',
      description: 'A breathable mesh office chair for long working days.',
      sellingPoints: ['Adjustable lumbar support that follows your spine through the whole working day', 'Gasket mount for a softer typing feel with less noise', 'Breathable mesh back keeps you cool (even in summer)'],
    },
  },
  {
    language: 'german',
    product: {
      ...base, language: 'german', currency: 'EUR', price: '249,00',
      name: 'UltraComfort Ergonomischer Bürostuhl aus Netzgewebe mit verstellbarer Lendenwirbelstütze',
      description: 'Ein atmungsaktiver Bürostuhl für lange Arbeitstage.',
      sellingPoints: ['Verstellbare Lendenwirbelstütze, die Ihrer Wirbelsäule den ganzen Arbeitstag lang folgt', 'Dichtungsmontage für ein weicheres Tippgefühl mit weniger Geräusch', 'Atmungsaktiver Netzrücken hält Sie auch im Sommer kühl'],
    },
  },
  {
    language: 'thai',
    product: {
      ...base, language: 'thai', currency: 'THB', price: '8900',
      name: 'เก้าอี้สำนักงานตาข่ายเพื่อสุขภาพ UltraComfort พร้อมที่รองรับหลังส่วนล่างแบบปรับได้',
      description: 'เก้าอี้สำนักงานตาข่ายระบายอากาศสำหรับวันทำงานที่ยาวนาน',
      sellingPoints: ['ที่รองรับหลังส่วนล่างปรับได้ซึ่งรับกับกระดูกสันหลังของคุณตลอดทั้งวันทำงาน', 'ติดตั้งแบบปะเก็นเพื่อให้สัมผัสการพิมพ์นุ่มนวลขึ้นและเสียงเบาลง', 'พนักพิงตาข่ายระบายอากาศช่วยให้เย็นสบายแม้ในฤดูร้อน'],
    },
  },
  {
    language: 'japanese',
    product: {
      ...base, language: 'japanese', currency: 'JPY', price: '39800',
      name: 'UltraComfort 人間工学メッシュオフィスチェア 調節可能なランバーサポート付き',
      description: '長い仕事の日のための通気性のよいメッシュオフィスチェアです。',
      sellingPoints: ['一日中あなたの背骨に沿って動く調節可能なランバーサポートで腰の負担を軽くします', 'ガスケットマウントによる柔らかな打鍵感と静かなタイピング音を実現しました', '通気性のよいメッシュの背もたれで夏でも涼しく快適に過ごせます'],
    },
  },
];

export const CUT_STYLES: ScriptStyle[] = ['Feature Explainer', 'Top 3 reasons', 'Problem/Solution'];

/** The timeline of a case's built-in script in one template and ratio. */
export function cutCaseTimeline(c: CutCase, templateId: number, aspectRatio: 0 | 1 | 2, style: ScriptStyle = 'Feature Explainer', lengthS: 15 | 30 | 60 = 30): Timeline {
  const script = writeBuiltin({ product: c.product, style, lengthS, language: c.language, seed: `${templateId}` });
  const sp = sampleSpeech(script.sentences, c.language);
  return buildTimeline({
    script: { ...script, sentences: sp.script.sentences }, speech: sp.speech, product: c.product, templateId, hasPresenter: true, visualStyle: null,
    aspectRatio, caption: true, scale: 0.5, imageInfo: [{ width: 1200, height: 1200, alpha: false }, { width: 1600, height: 1000, alpha: false }],
  });
}
