import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ageGroup, apparentRecord, guessAgeGender, recordedTraits } from '../src/pipeline/avatar/apparent.ts';
import { rigFromScan } from '../src/pipeline/avatar/photo/photo.rig.ts';
import { defaultVoice } from '../src/pipeline/speech/voice.catalog.ts';

describe("a presenter's apparent gender and age (face-api's age/gender model) and its default voice", () => {
  it('is used only when the model is confident (mean probability of the majority ≥ 0.8)', () => {
    assert.deepEqual(guessAgeGender([{ gender: 'male', genderProbability: 0.93, age: 66.4 }]), { gender: 'male', age: 66.4 });
    assert.equal(guessAgeGender([{ gender: 'male', genderProbability: 0.7, age: 40 }]), undefined);
    assert.equal(guessAgeGender([{ gender: 'male', genderProbability: 0.95, age: 40 }, { gender: 'female', genderProbability: 0.95, age: 40 }]), undefined);
    assert.equal(guessAgeGender([]), undefined);
  });

  it("a photo's verdict carries the guess; the record keeps it; the default voice follows gender and age", () => {
    const face = { score: 0.99, box: { x: 100, y: 100, width: 300, height: 300 }, landmarks: [] as Array<[number, number]>, gender: 'male', genderProbability: 0.96, age: 67 };
    const verdict = rigFromScan({ width: 800, height: 1000, faces: [face] });
    assert.ok(verdict.ok);
    assert.deepEqual(verdict.apparent, { gender: 'male', age: 67 });
    const record = apparentRecord(verdict.apparent!);
    assert.deepEqual(record, { gender: 'Male', age: '67' });
    const traits = recordedTraits(record);
    assert.deepEqual(traits, { gender: 'male', age: 'senior' });
    assert.equal(defaultVoice('english', traits.gender, traits.age), defaultVoice('english', 'male', 'senior'));
    assert.notEqual(defaultVoice('english', traits.gender, traits.age), defaultVoice('english', 'female', 'adult'));
    // Unsure: no guess on the verdict, and an empty record reads as a female adult.
    const unsure = rigFromScan({ width: 800, height: 1000, faces: [{ ...face, genderProbability: 0.6 }] });
    assert.ok(unsure.ok && unsure.apparent === undefined);
    assert.deepEqual(recordedTraits({ gender: '', age: '' }), { gender: 'female', age: 'adult' });
    assert.deepEqual([ageGroup(15), ageGroup('35'), ageGroup(61), ageGroup('Adult')], ['young', 'adult', 'senior', 'adult']);
  });
});
