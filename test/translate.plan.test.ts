import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { coverArgs, muxArgs } from '../src/pipeline/translate/dub.args.ts';
import { dubbedLengthS, MAX_RATE, MIN_GAP_S, placeSegments, rateFor } from '../src/pipeline/translate/dub.plan.ts';
import { parseTranscript, SttError } from '../src/pipeline/translate/stt.client.ts';
import { translationOf } from '../src/pipeline/translate/translate.llm.ts';

describe('dub plan: each segment fitted to its time', () => {
  it('says a longer translation faster, never beyond MAX_RATE; a shorter one at its natural pace', () => {
    assert.equal(rateFor(2, 2.5), 1);
    assert.equal(rateFor(3, 2.5), 1.2);
    assert.equal(rateFor(6, 2.5), MAX_RATE);
  });

  it('keeps segments at their times when they fit; one that runs over pushes the next later, never overlapping', () => {
    const segs = [{ start: 0.5, end: 2 }, { start: 2.2, end: 4 }, { start: 6, end: 8 }];
    assert.deepEqual(placeSegments(segs, [1.4, 1.7, 1]).map((p) => p.start), [0.5, 2.2, 6]);
    const pushed = placeSegments(segs, [2.5, 1.7, 1]);
    assert.equal(pushed[0]!.end, 3);
    assert.equal(pushed[1]!.start, 3 + MIN_GAP_S);
    assert.ok(Math.abs(pushed[1]!.movedS - (3 + MIN_GAP_S - 2.2)) < 1e-9);
    assert.equal(pushed[2]!.start, 6, 'the pause before the third absorbed the delay');
  });

  it('holds the last frame when the speech runs past the end of the video', () => {
    const p = placeSegments([{ start: 8, end: 9.5 }], [2.5]);
    assert.equal(dubbedLengthS(10, p), 10.9);
    assert.equal(dubbedLengthS(12, p), 12);
  });
});

describe('STT answers (verbose_json)', () => {
  it('takes the timed segments in order, dropping empty ones', () => {
    const t = parseTranscript(JSON.stringify({ language: 'English', segments: [{ start: 2, end: 3, text: ' two ' }, { start: 0.4, end: 1.5, text: 'one' }, { start: 3, end: 3.5, text: ' ... ' }] }));
    assert.equal(t.language, 'english');
    assert.deepEqual(t.segments, [{ start: 0.4, end: 1.5, text: 'one' }, { start: 2, end: 3, text: 'two' }]);
  });
  it('a server without segments: one segment over its duration; no text: no speech; not JSON: an error', () => {
    assert.deepEqual(parseTranscript('{"text":"hello","duration":2.5}').segments, [{ start: 0, end: 2.5, text: 'hello' }]);
    assert.deepEqual(parseTranscript('{"text":"","segments":[]}').segments, []);
    assert.throws(() => parseTranscript('<html>'), SttError);
  });
});

describe('LLM translation answers', () => {
  it('reads {"translation"}, fenced JSON, or the bare text', () => {
    assert.equal(translationOf('{"translation": " Guten Morgen. "}'), 'Guten Morgen.');
    assert.equal(translationOf('```json\n{"translation":"Hallo"}\n```'), 'Hallo');
    assert.equal(translationOf('Bonjour.'), 'Bonjour.');
  });
});

describe('dub ffmpeg command lines', () => {
  const base = { videoPath: 'in.mp4', audioPath: 'mix.wav', outPath: 'out.mp4', videoS: 10, totalS: 10, videoCodec: 'h264', burnAss: null };
  it('copies an H.264 picture when nothing is drawn or held', () => {
    const a = muxArgs(base);
    assert.deepEqual(a.slice(a.indexOf('-c:v'), a.indexOf('-c:v') + 2), ['-c:v', 'copy']);
    assert.ok(a.includes('+faststart'));
  });
  it('re-encodes with the last frame held and captions burnt in', () => {
    const a = muxArgs({ ...base, totalS: 11.5, burnAss: "/w/it's:here.ass" });
    const vf = a[a.indexOf('-vf') + 1]!;
    assert.match(vf, /^tpad=stop_mode=clone:stop_duration=1\.500,subtitles=filename='\/w\/it\\'s\\:here\.ass'/);
    assert.equal(a[a.indexOf('-c:v') + 1], 'libx264');
    assert.equal(a[a.indexOf('-t') + 1], '11.500');
    assert.deepEqual(coverArgs('v.mp4', 1, 'c.jpg').slice(-5), ['-frames:v', '1', '-q:v', '3', 'c.jpg']);
  });
});
