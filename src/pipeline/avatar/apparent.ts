/**
 * A presenter's apparent gender and age, from face-api's age/gender model (run on a photo's face,
 * or on a few frames of a clip), used only when the model is confident: it picks the presenter's
 * default voice (docs/avatars.md).
 */

/** One face-api age/gender reading. */
export interface ApparentSample {
  age?: number;
  gender?: string;
  genderProbability?: number;
}

/** face-api's age/gender model, when it agrees with itself: mean probability ≥ 0.8 on every sampled frame's majority. */
export function guessAgeGender(samples: readonly ApparentSample[]): { gender: 'male' | 'female'; age: number } | undefined {
  const s = samples.filter((x) => x.gender !== undefined);
  if (s.length === 0) return undefined;
  const female = s.filter((x) => x.gender === 'female').length;
  const gender = female * 2 >= s.length ? 'female' : 'male';
  const agree = s.filter((x) => x.gender === gender);
  const p = agree.reduce((a, x) => a + x.genderProbability!, 0) / s.length;
  if (p < 0.8) return undefined;
  return { gender, age: agree.reduce((a, x) => a + x.age!, 0) / agree.length };
}

export type AgeGroup = 'young' | 'adult' | 'senior';

/** The catalog's age word for a recorded age (face-api's years; a vendor word or nothing reads as adult). */
export function ageGroup(age: string | number): AgeGroup {
  const years = Number(age);
  if (Number.isFinite(years) && String(age).trim() !== '') return years < 20 ? 'young' : years >= 60 ? 'senior' : 'adult';
  return 'adult';
}

/** The voice traits of a photo or video presenter from its record (gender "Male"/"Female"/"", age in years or ""): female adult when unknown. */
export function recordedTraits(avatar: { gender: string; age: string }): { gender: 'male' | 'female'; age: AgeGroup } {
  return { gender: avatar.gender.toLowerCase() === 'male' ? 'male' : 'female', age: ageGroup(avatar.age) };
}

/** What a custom avatar's record keeps of a confident guess (the vendor's "Male"/"Female", age in whole years). */
export function apparentRecord(apparent: { gender: 'male' | 'female'; age: number }): { gender: string; age: string } {
  return { gender: apparent.gender === 'male' ? 'Male' : 'Female', age: String(Math.round(apparent.age)) };
}
