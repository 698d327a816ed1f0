import { createRequire } from 'node:module';
import path from 'node:path';
import kuromoji from 'kuromoji';

/**
 * The kana reading of Japanese text, for the voice: espeak-ng's Japanese voice reads kana only,
 * while the screen shows Japanese as it is written (kanji and kana). kuromoji (morphological
 * analyser with the IPA dictionary inside its package) gives each word its pronunciation.
 */

type Tokenizer = kuromoji.Tokenizer<kuromoji.IpadicFeatures>;

let building: Promise<Tokenizer> | null = null;

/** Built once, on first use (the dictionary takes 1–3 s and ~300 MB RSS to load), then shared. */
function tokenizer(): Promise<Tokenizer> {
  if (!building) {
    const dicPath = path.join(path.dirname(createRequire(import.meta.url).resolve('kuromoji/package.json')), 'dict');
    building = new Promise<Tokenizer>((resolve, reject) => {
      kuromoji.builder({ dicPath }).build((err, t) => (err ? reject(err) : resolve(t)));
    });
    // A failed load (missing files) may be retried by the next caller.
    building.catch(() => (building = null));
  }
  return building;
}

const JAPANESE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc\u3005]/u;

const KANJI = /[\p{Script=Han}\u3005]/u;
/** Particles spelled one way and said another: は "wa", へ "e". */
const PARTICLES: Readonly<Record<string, string>> = { は: 'わ', へ: 'え' };

/**
 * Words with kanji become their pronunciation in katakana: 東京は → トーキョーわ (long vowels as
 * ー, as said rather than as spelled). Kana words stay as written (the voice reads them; kuromoji
 * splits unknown kana runs badly, "ちゅうもん" into "ち|ゅうもん"), except the particles は and
 * へ, which are said "wa" and "e". Latin names, digits, punctuation and spaces stay as they are.
 */
export async function kanaReading(text: string): Promise<string> {
  if (!JAPANESE.test(text)) return text;
  const t = await tokenizer();
  return t
    .tokenize(text)
    .map((tok) => {
      const surface = tok.surface_form;
      if (tok.pos === '助詞' && PARTICLES[surface]) return PARTICLES[surface];
      if (!KANJI.test(surface)) return surface;
      const said = tok.pronunciation && tok.pronunciation !== '*' ? tok.pronunciation : tok.reading && tok.reading !== '*' ? tok.reading : null;
      return said ?? surface;
    })
    .join('');
}
