import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shortWarning } from '../src/videos/pipeline-generator.ts';
import type { ProductFacts } from '../src/pipeline/types.ts';

const facts = (over: Partial<ProductFacts>): ProductFacts => ({
  name: 'Aurora Desk Lamp', description: 'A warm dimmable desk lamp with a USB-C port for your phone.', sellingPoints: ['Three colour temperatures'],
  brand: 'Lumina', price: '49.90', currency: 'USD', targetAudience: '', imagePaths: [], videoPaths: [], ...over,
});

describe('a video shorter than its video_length says why in its warnings', () => {
  it('names the product language and the way to a full-length video when the narration cannot read the product text', () => {
    const w = shortWarning(29.2, 60, 'korean', facts({ language: 'english' }), 'builtin');
    assert.match(w, /^video_length 60 s: the video lasts 29 s because the product's text is in english/);
    assert.match(w, /korean narration only says its name, price/);
    assert.match(w, /LLM_BASE_URL.*override_script/);
  });

  it('detects the language of a product stored before detection (null)', () => {
    assert.match(shortWarning(40, 60, 'german', facts({ language: null }), 'builtin'), /text is in english/);
  });

  it('blames too little text when the languages match, and asks an LLM script for more text, not for an LLM', () => {
    const same = shortWarning(40, 60, 'english', facts({ language: 'english' }), 'builtin');
    assert.match(same, /too little text/);
    assert.doesNotMatch(same, /LLM_BASE_URL/);
    assert.doesNotMatch(shortWarning(40, 60, 'korean', facts({ language: 'english' }), 'llm'), /LLM_BASE_URL/);
  });
});
