import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeIssue, editDistance, nearestField, unknownFieldWarnings } from '../src/http/validation.ts';

describe('did-you-mean for unknown fields', () => {
  const known = ['product_id', 'aspect_ratio', 'video_length', 'voice_id', 'caption', 'music_id', 'url', 'name'];

  it('counts a swap of neighbours as one edit', () => {
    assert.equal(editDistance('nmae', 'name'), 1);
    assert.equal(editDistance('captions', 'caption'), 1);
    assert.equal(editDistance('kitten', 'sitting'), 3);
  });

  it('suggests another spelling of a known field, or one within 1 edit (short names) or 2 (longer)', () => {
    assert.equal(nearestField('captions', known), 'caption');
    assert.equal(nearestField('voiceId', known), 'voice_id');
    assert.equal(nearestField('Aspect-Ratio', known), 'aspect_ratio');
    assert.equal(nearestField('videolenght', known), 'video_length');
    assert.equal(nearestField('uri', known), 'url');
    assert.equal(nearestField('nmae', known), 'name');
    assert.equal(nearestField('colour', known), undefined);
    assert.equal(nearestField('abc', known), undefined);
    assert.equal(nearestField('x'.repeat(500), known), undefined);
  });

  it('walks the body along the schema: free-form objects and unknown nesting are not inspected', () => {
    const schema = {
      type: 'object',
      properties: {
        media: { type: 'array', items: { type: 'object', properties: { url: { type: 'string' } } } },
        meta: { type: 'object', additionalProperties: true },
      },
    };
    assert.deepEqual(unknownFieldWarnings({ media: [{ url: 'u', urls: 'x' }], meta: { anything: 1 }, extra: { deep: 1 } }, schema), [
      'unknown field media[0].urls (did you mean url?)',
      'unknown field extra (ignored)',
    ]);
    assert.deepEqual(unknownFieldWarnings({ a: 1 }, undefined), []);
  });
});

describe('validation messages for coded fields', () => {
  const aspect = { type: 'integer', enum: [0, 1, 2], 'x-enum-descriptions': ['portrait 9:16', 'landscape 16:9', 'square 1:1'] };

  it('an enum with meanings lists each value with what it means; one without lists the values', () => {
    assert.equal(
      describeIssue({ keyword: 'enum', instancePath: '/aspect_ratio', params: { allowedValues: [0, 1, 2] }, parentSchema: aspect }, 'body'),
      'aspect_ratio must be one of 0 (portrait 9:16), 1 (landscape 16:9), 2 (square 1:1)',
    );
    assert.equal(
      describeIssue({ keyword: 'enum', instancePath: '/status', params: { allowedValues: ['enabled', 'disabled'] }, parentSchema: { enum: ['enabled', 'disabled'] } }, 'body'),
      'status must be one of enabled, disabled',
    );
    assert.equal(describeIssue({ keyword: 'enum', instancePath: '/x', params: { allowedValues: [1, 2] } }, 'body'), 'x must be one of 1, 2');
  });

  it('a wrong type or a missing coded field says the meanings too', () => {
    assert.equal(
      describeIssue({ keyword: 'type', instancePath: '/aspect_ratio', params: { type: 'integer' }, parentSchema: aspect }, 'body'),
      'aspect_ratio must be an integer: one of 0 (portrait 9:16), 1 (landscape 16:9), 2 (square 1:1)',
    );
    const parent = { type: 'object', properties: { aspect_ratio: aspect, product_id: { type: 'string' } } };
    assert.equal(
      describeIssue({ keyword: 'required', instancePath: '', params: { missingProperty: 'aspect_ratio' }, parentSchema: parent }, 'body'),
      'aspect_ratio is required: one of 0 (portrait 9:16), 1 (landscape 16:9), 2 (square 1:1)',
    );
    assert.equal(describeIssue({ keyword: 'required', instancePath: '', params: { missingProperty: 'product_id' }, parentSchema: parent }, 'body'), 'product_id is required');
  });
});
