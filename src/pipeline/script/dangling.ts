/**
 * Words a shortened text should not end on before its ellipsis ("keeps water cold for…",
 * "A compact desk fan with…", "Five brightness levels and three…" read as a claim cut in the
 * middle): articles, prepositions, conjunctions and possessives of the languages product text is
 * most often written in (English, German, French, Spanish, Italian, Portuguese, Dutch). Matched
 * on the text itself, whatever the narration language (a card shows the product's own words).
 */
const DANGLING = new Set(
  ('a an the and or but nor for with without to of in on at by from into onto over under as than that which who whose your its their our my his her this these those ' +
    'und oder mit ohne für von zu zum zur im in auf an bei aus der die das den dem des ein eine einen einem einer ' +
    'et ou avec sans pour de du des le la les un une à au aux en sur par dans ' +
    'y o con sin para por el los las una del al en ' +
    'e con senza per di da il lo gli uno della nel ' +
    'com sem os um uma do da dos das no na em ' +
    'en met zonder voor van het een op bij uit naar').split(' '),
);

/** Whether a word (trailing punctuation aside) is one a cut text should not end on. */
export const dangles = (word: string): boolean => DANGLING.has(word.replace(/[\p{P}]+$/u, '').toLocaleLowerCase());

/** Words without their dangling tail ("keeps water cold for" → "keeps water cold"), keeping at least `min`. */
export function withoutDanglingTail(words: readonly string[], min = 1): string[] {
  let n = words.length;
  while (n > min && dangles(words[n - 1]!)) n--;
  return words.slice(0, n);
}

/** Articles and possessives: a text whose last word follows one ends inside a noun phrase ("a warm", "ein weiches", "une douce"). */
const DETERMINERS = new Set(
  ('a an the your its their our my his her this these those ' +
    'der die das den dem des ein eine einen einem einer ihr ihre ihren sein seine ' +
    'le la les un une son sa ses votre vos ' +
    'el los las una su sus tu ' +
    'il lo gli uno ' +
    'o os um uma seu sua ' +
    'het een de uw zijn haar').split(' '),
);

/**
 * Whether words cut here end inside a noun phrase: the word before the last opens one ("… gives
 * your desk a warm" of "… a warm, even light": a comma between two adjectives is no clause break).
 */
export const endsInsidePhrase = (words: readonly string[]): boolean => words.length >= 2 && DETERMINERS.has(words[words.length - 2]!.toLocaleLowerCase());
