import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { buildCaptions, type Captions } from '../src/pipeline/captions/index.ts';
import type { ScriptSentence, WordTiming } from '../src/pipeline/types.ts';
import { captionViolationsFallback, countByTag, narrationLanguageShareFallback, LAYOUT_TAGS, priceViolations, readAmount } from '../bench/quality/checks.ts';
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
    const row: Row = { label: 'x', lengthS: 30, av, judged: judgeAv({ ...av, truePeakDb: 0.5 }, 30, 29), tailS: 1, captions: { overlap: 2 }, layout: { layout: 1 }, price: 1, languageShare: 0.5, languageLow: true, error: null, renderS: 1 };
    assert.equal(defects(row), 6);
    assert.deepEqual(totals([row, { ...row, error: 'boom' }]), { videos: 2, defects: 7, clean: 0 });
  });

  it('group layout strings by their tag and untagged ones as layout', () => {
    assert.deepEqual(countByTag(['text-face: title over face', 'safe-area: cta', 'text-face: card', 'overlay x leaves the safe area'], LAYOUT_TAGS, 'layout'), { 'text-face': 2, 'safe-area': 1, layout: 1 });
  });
});

function words(sentences: string[][]): WordTiming[] {
  let t = 0;
  return sentences.flatMap((ws, sentence) => ws.map((text) => ({ text, startMs: (t += 400), endMs: t + 300, sentence })));
}

describe('bench:quality caption fallback', () => {
  it('flags a product name split across lines and across cues, and not when it stays whole', () => {
    const caps = buildCaptions(words([['Try', 'the', 'amazing', 'HydroPeak', 'Bottle', 'for', 'seven', 'days', 'and', 'see']]), { language: 'english', maxUnits: 22 });
    const lines = caps.pages.flatMap((p) => p.lines.map((l) => l.text));
    const whole = lines.some((l) => l.includes('HydroPeak Bottle'));
    const v = captionViolationsFallback(caps, { protectedSpans: ['HydroPeak Bottle'] });
    assert.equal(v.some((s) => s.startsWith('split-name: ')), !whole, `${lines.join(' | ')}: ${v.join('; ')}`);
    const split: Captions = { language: 'english', rtl: false, maxUnits: 22, pages: [
      { startMs: 0, endMs: 900, sentence: 0, lines: [{ text: 'Try Hydro', tokens: [] }, { text: 'Peak Bottle', tokens: [] }] },
      { startMs: 1000, endMs: 1900, sentence: 0, lines: [{ text: 'from Lumina', tokens: [] }] },
      { startMs: 1800, endMs: 2500, sentence: 0, lines: [{ text: 'Desk Lamp', tokens: [] }] },
    ] };
    const sv = captionViolationsFallback(split, { protectedSpans: ['HydroPeak', 'Lumina Desk Lamp'] });
    assert.ok(sv.some((s) => s.startsWith('split-name: "HydroPeak" split across lines')));
    assert.ok(sv.some((s) => s.startsWith('split-name: "Lumina Desk Lamp" split across cues 1 and 2')));
    assert.ok(sv.some((s) => s.startsWith('overlap: cues 1 and 2')));
  });

  it('flags a line starting with a small kana or closing punctuation, and a line over budget', () => {
    const caps: Captions = { language: 'japanese', rtl: false, maxUnits: 10, pages: [
      { startMs: 0, endMs: 500, sentence: 0, lines: [{ text: 'ょうゆ', tokens: [] }, { text: '、です', tokens: [] }, { text: 'あいうえおかきくけこさしす', tokens: [] }] },
    ] };
    const v = captionViolationsFallback(caps, { protectedSpans: [] });
    assert.equal(v.filter((s) => s.startsWith('line-start: ')).length, 2);
    assert.equal(v.filter((s) => s.startsWith('line-length: ')).length, 1);
  });
});

const sentence = (text: string, spoken?: string): ScriptSentence => ({ text, ...(spoken ? { spoken } : {}), cue: { kind: 'point', imageIndex: null, pointIndex: null, gesture: 'none', overlay: null } });

describe('bench:quality language share fallback', () => {
  it('counts English read by a Japanese voice as foreign, and the kana reading as Japanese', () => {
    const en = narrationLanguageShareFallback({ language: 'japanese', sentences: [sentence('これは便利です。'), sentence('Double-wall vacuum insulation keeps water cold for 24 hours.')] });
    assert.ok(en < 0.5, String(en));
    const kana = narrationLanguageShareFallback({ language: 'japanese', sentences: [sentence('宇治産の抹茶付き。', 'うじさんのまっちゃつき。')] });
    assert.equal(kana, 1);
  });

  it('detects a German sentence read by a Spanish voice (same script)', () => {
    const share = narrationLanguageShareFallback({ language: 'spanish', sentences: [sentence('Descubre el molinillo que cambia tus mañanas.'), sentence('Keramikmahlwerk für gleichmäßiges Mahlgut und stufenlos einstellbarer Mahlgrad.')] });
    assert.ok(share < 0.6, String(share));
    const named = [sentence('Descubre el molinillo que cambia tus mañanas.'), sentence('Kaffeemühle Classico de Bergmann, por solo 89 euros.')];
    assert.equal(narrationLanguageShareFallback({ language: 'spanish', sentences: named }, ['Kaffeemühle Classico', 'Bergmann']), 1);
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
