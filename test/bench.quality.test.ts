import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { ScriptSentence } from '../src/pipeline/types.ts';
import { countByTag, LAYOUT_TAGS, priceViolations, readAmount } from '../bench/quality/checks.ts';
import { MATRIX, coverage } from '../bench/quality/matrix.ts';
import { clippedSamples, durations, judgeAv, truePeak } from '../bench/quality/measure.ts';
import { sheetTimes } from '../bench/quality/sheets.ts';
import { defects, totals, type Row } from '../bench/quality/table.ts';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-quality-test-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A 2 s test-pattern video with a sine of the given amplitude (1 = full scale) and audio length. */
async function mp4(name: string, amplitude: number, audioS = 2): Promise<string> {
  const out = path.join(dir, name);
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'testsrc=s=64x64:r=30:d=2', '-f', 'lavfi', '-i', `aevalsrc=${amplitude}*sin(2*PI*997*t):s=48000:d=${audioS}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '160k', out]);
  return out;
}

describe('bench:quality measurements (real ffmpeg)', () => {
  it('finds full-scale samples and a true peak over -1 dBTP in an overdriven file, none in a quiet one', async () => {
    const loud = await mp4('loud.mp4', 1.4);
    const quiet = await mp4('quiet.mp4', 0.25);
    assert.ok((await clippedSamples(loud)) > 0);
    assert.ok((await truePeak(loud)) > 0);
    assert.equal(await clippedSamples(quiet), 0);
    const tp = await truePeak(quiet);
    assert.ok(Math.abs(tp - 20 * Math.log10(0.25)) < 0.6, `true peak ${tp}`);
  });

  it('reads stream durations so an audio track that ends early shows as an A/V delta', async () => {
    const d = await durations(await mp4('short-audio.mp4', 0.25, 1.2));
    assert.ok(Math.abs(d.videoS - 2) < 0.05);
    assert.ok(d.videoS - d.audioS > 0.7);
  });
});

describe('bench:quality judgements', () => {
  const av = { durationS: 30, videoS: 30, audioS: 30, truePeakDb: -1.2, clipped: 0 };
  it('pass a video on every target and fail each target on its own', () => {
    assert.deepEqual(Object.values(judgeAv(av, 30, 29)).filter(Boolean), []);
    assert.equal(judgeAv({ ...av, durationS: 33.5 }, 30, 33).lengthOff, true);
    assert.equal(judgeAv({ ...av, truePeakDb: -0.9 }, 30, 29).peakOver, true);
    assert.equal(judgeAv({ ...av, clipped: 1 }, 30, 29).clipped, true);
    assert.equal(judgeAv({ ...av, audioS: 29.9 }, 30, 29).avOff, true);
    assert.equal(judgeAv(av, 30, 27.5).tailLong, true);
  });

  it('count a row defect per missed target plus each violation', () => {
    const row: Row = { label: 'x', lengthS: 30, av, judged: judgeAv({ ...av, truePeakDb: 0.5 }, 30, 29), tailS: 1, captions: { overlap: 2 }, layout: { layout: 1 }, cut: 1, price: 1, languageShare: 0.5, languageLow: true, error: null, renderS: 1 };
    assert.equal(defects(row), 7);
    assert.deepEqual(totals([row, { ...row, error: 'boom' }]), { videos: 2, defects: 8, clean: 0 });
  });

  it('group layout strings by their tag and untagged ones as layout', () => {
    assert.deepEqual(countByTag(['text-face: title over face', 'safe-area: cta', 'text-face: card', 'overlay x leaves the safe area'], LAYOUT_TAGS, 'layout'), { 'text-face': 2, 'safe-area': 1, layout: 1 });
  });
});

describe('bench:quality matrix and sheets', () => {
  it('covers every ratio×length pair, the required languages, every template and style', () => {
    const c = coverage(MATRIX);
    assert.ok(MATRIX.length >= 12);
    assert.equal(c.pairs, 9);
    for (const l of ['arabic', 'japanese', 'chinese', 'thai', 'hindi', 'german']) assert.ok(c.languages.includes(l as never), l);
    assert.ok(c.languages.length >= 8);
    assert.deepEqual(c.templates, [1, 2, 3, 4, 5, 6]);
    assert.equal(c.styles, 6);
    // Nothing cut (issue 27): the long name and claims in each ratio, in German and in Thai.
    const chair = MATRIX.filter((x) => x.fixture.startsWith('chair'));
    assert.deepEqual([...new Set(chair.map((x) => x.aspect))].sort(), [0, 1, 2]);
    assert.ok(chair.some((x) => x.language === 'german') && chair.some((x) => x.language === 'thai'));
  });

  it('takes 12 evenly spaced frames and the last one', () => {
    const t = sheetTimes(15, 30);
    assert.equal(t.length, 13);
    assert.equal(t[1], 1.25);
    assert.ok(Math.abs(t[12]! - (15 - 1 / 30)) < 1e-9);
  });
});

describe('bench:quality price check', () => {
  it('reads amounts with decimal commas, thousands dots, commas and spaces', () => {
    assert.equal(readAmount('89,00'), 89);
    assert.equal(readAmount('1.299,00'), 1299);
    assert.equal(readAmount('1,290.00'), 1290);
    assert.equal(readAmount('à 8 900 €'), 8900);
    assert.equal(readAmount('US$49.90'), 49.9);
    assert.equal(readAmount('¥12,800'), 12800);
    assert.equal(readAmount('Jetzt bestellen'), null);
  });

  it('flags a price shown as another amount or without its symbol, passes a right one', () => {
    const price = (text: string, overlay: string | null): ScriptSentence => ({ text, cue: { kind: 'price', imageIndex: null, pointIndex: null, gesture: 'point', overlay } });
    assert.deepEqual(priceViolations({ language: 'german', sentences: [price('Nur 89 € heute.', '89 €')] }, '89,00', 'EUR'), []);
    const bad = priceViolations({ language: 'french', sentences: [price('Disponible à 8 900 €.', '8 900 €'), price('ราคา US 49.90', null)] }, '89,00', 'EUR');
    assert.equal(bad.filter((v) => v.includes('shows 8900')).length, 2);
    assert.equal(bad.filter((v) => v.includes('no currency symbol')).length, 1);
    assert.deepEqual(priceViolations({ language: 'arabic', sentences: [price('كل هذا مقابل 79 ر.س فقط.', '79 ر.س')] }, '79.00', 'SAR'), []);
  });
});
