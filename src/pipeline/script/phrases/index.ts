import type { Language } from '../../../catalog/languages.ts';
import { amharic } from './amharic.ts';
import { arabic } from './arabic.ts';
import { assamese } from './assamese.ts';
import { bengali } from './bengali.ts';
import { bulgarian } from './bulgarian.ts';
import { cantonese } from './cantonese.ts';
import { chinese } from './chinese.ts';
import { croatian } from './croatian.ts';
import { czech } from './czech.ts';
import { danish } from './danish.ts';
import { dutch } from './dutch.ts';
import { english } from './english.ts';
import { filipino } from './filipino.ts';
import { finnish } from './finnish.ts';
import { french } from './french.ts';
import { german } from './german.ts';
import { greek } from './greek.ts';
import { hebrew } from './hebrew.ts';
import { hindi } from './hindi.ts';
import { hungarian } from './hungarian.ts';
import { indonesian } from './indonesian.ts';
import { italian } from './italian.ts';
import { japanese } from './japanese.ts';
import { kannada } from './kannada.ts';
import { korean } from './korean.ts';
import { latvian } from './latvian.ts';
import { lithuanian } from './lithuanian.ts';
import { malay } from './malay.ts';
import { malayalam } from './malayalam.ts';
import { mongolian } from './mongolian.ts';
import { norwegian } from './norwegian.ts';
import { odia } from './odia.ts';
import { persian } from './persian.ts';
import { polish } from './polish.ts';
import { portuguese } from './portuguese.ts';
import { romanian } from './romanian.ts';
import { russian } from './russian.ts';
import { serbian } from './serbian.ts';
import { slovak } from './slovak.ts';
import { slovenian } from './slovenian.ts';
import { spanish } from './spanish.ts';
import { swahili } from './swahili.ts';
import { swedish } from './swedish.ts';
import { tamil } from './tamil.ts';
import { telugu } from './telugu.ts';
import { thai } from './thai.ts';
import { traditionalChinese } from './traditional-chinese.ts';
import { turkish } from './turkish.ts';
import { ukrainian } from './ukrainian.ts';
import { urdu } from './urdu.ts';
import { vietnamese } from './vietnamese.ts';
import { zulu } from './zulu.ts';
import type { PhraseTable } from './types.ts';

/**
 * The writer's own words for each of the 54 languages, one table per language. Flemish shares
 * the Dutch table and Tagalog the Filipino one (the same written standard in each pair).
 */
export const PHRASES: Readonly<Record<Language, PhraseTable>> = {
  english,
  filipino,
  french,
  german,
  hindi,
  indonesian,
  italian,
  japanese,
  korean,
  malay,
  portuguese,
  russian,
  spanish,
  thai,
  vietnamese,
  arabic,
  greek,
  turkish,
  slovenian,
  croatian,
  romanian,
  chinese,
  bengali,
  urdu,
  hungarian,
  'traditional-chinese': traditionalChinese,
  polish,
  cantonese,
  danish,
  malayalam,
  tamil,
  telugu,
  czech,
  hebrew,
  zulu,
  swedish,
  lithuanian,
  dutch,
  flemish: dutch,
  norwegian,
  finnish,
  bulgarian,
  latvian,
  ukrainian,
  mongolian,
  persian,
  odia,
  assamese,
  kannada,
  tagalog: filipino,
  amharic,
  serbian,
  slovak,
  swahili,
};
