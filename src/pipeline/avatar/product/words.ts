/**
 * A presenter described in words (avatar_source type "description", and the prompt): the gender,
 * age group and outfit style the candidate describer needs, read from the words; the whole text
 * also goes to it as appearance and background, so hair, glasses, outfit colours and the scene
 * follow the text (describe.ts). Defaults: Female, Adult, Social.
 */
import type { PresenterDescription } from '../describe.ts';

export function descriptionFromWords(text: string): PresenterDescription {
  const t = ` ${text.toLowerCase()} `;
  const has = (re: RegExp) => re.test(t);
  const male = has(/\b(man|men|male|guy|boy|gentleman|father|dad|grandfather|grandpa|he|his|him|beard|bearded)\b/);
  const female = has(/\b(woman|women|female|girl|lady|mother|mom|mum|grandmother|grandma|she|her)\b/);
  const gender = male && !female ? 'Male' : 'Female';
  const age = has(/\b(elderly|old|older|senior|grandmother|grandma|grandfather|grandpa|retired|grey-haired|gray-haired)\b/)
    ? 'Elderly'
    : has(/\b(teen|teenager|teenage|student|girl|boy|kid)\b/)
      ? 'Teenager'
      : has(/\b(young|youthful|twenties)\b/)
        ? 'Young adult'
        : 'Adult';
  const avatarStyle = has(/\b(suit|blazer|business|professional|office|formal|tie|corporate|dress)\b/) ? 'Professional' : 'Social';
  return { gender, age, avatarStyle, model: has(/\b(vivid|colou?rful|bright|modern)\b/) ? 'modern' : 'classic', appearance: text, background: text };
}
