/**
 * Sample material for template previews, tests and the render bench, all made here with no
 * files from outside: a product with procedurally drawn photos, a script with scene cues, speech
 * timings in the engine's shape (words, letter-level phonemes, sentences) and a WAV whose voice
 * stands in for TTS: a buzzy tone loud on vowels, soft on consonants, silent in pauses.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Narration, PhonemeTiming, ProductFacts, SceneCue, Script, Speech, WordTiming } from '../types.ts';
import { fontString } from './fonts.ts';
import { writeWav } from '../speech/wav.ts';

export interface SampleSentence {
  text: string;
  cue: SceneCue;
}

const cue = (kind: SceneCue['kind'], imageIndex: number | null, overlay: string | null = null, pointIndex: number | null = null, gesture: SceneCue['gesture'] = 'none'): SceneCue => ({
  kind, imageIndex, overlay, pointIndex, gesture,
});

export const SAMPLE_PRODUCT_TEXT = {
  name: 'Lumen Glow Serum',
  brand: 'Lumen',
  price: '29.00',
  currency: 'USD',
  description: 'A lightweight vitamin C serum that brightens and hydrates.',
  sellingPoints: ['Visible glow in 7 days', 'Vitamin C + hyaluronic acid', 'Fragrance free, vegan formula'],
};

/** A short preview script (about 4.5 s). */
export const PREVIEW_SENTENCES: SampleSentence[] = [
  { text: 'Dull skin? Meet Lumen.', cue: cue('hook', 0, null, null, 'open') },
  { text: 'Glow in 7 days.', cue: cue('point', 1, 'Glow in 7 days', 0, 'count') },
  { text: 'Shop now!', cue: cue('cta', 2, 'Shop now', null, 'point') },
];

const POINTS: SampleSentence[] = [
  { text: 'It brightens tired skin in just seven days.', cue: cue('point', 1, 'Visible glow in 7 days', 0, 'count') },
  { text: 'Vitamin C and hyaluronic acid keep it plump and smooth.', cue: cue('point', 2, 'Vitamin C + hyaluronic acid', 1, 'open') },
  { text: 'No fragrance, fully vegan, gentle on every skin type.', cue: cue('story', 0, 'Fragrance free & vegan', 2, 'nod') },
  { text: 'One drop in the morning is all it takes.', cue: cue('story', 1, null, null, 'none') },
];

/** A script of about `lengthS` seconds: hook, intro, points (repeated as needed), price and CTA. */
export function sampleSentences(lengthS: number): SampleSentence[] {
  const head: SampleSentence[] = [
    { text: 'Tired of dull, tired looking skin?', cue: cue('hook', 0, null, null, 'open') },
    { text: 'Meet Lumen Glow Serum, your daily dose of light.', cue: cue('intro', 1, null, null, 'point') },
  ];
  const tail: SampleSentence[] = [
    { text: 'All of this for just twenty nine dollars.', cue: cue('price', 2, null, null, 'nod') },
    { text: 'Tap the link and glow up today!', cue: cue('cta', 0, 'Shop now', null, 'point') },
  ];
  const out = [...head];
  const fixedMs = [...head, ...tail].reduce((s, x) => s + sentenceMs(x.text), 0);
  let ms = fixedMs;
  for (let i = 0; ms < lengthS * 1000 - 1200; i++) {
    const p = POINTS[i % POINTS.length]!;
    out.push(p);
    ms += sentenceMs(p.text);
  }
  return [...out, ...tail];
}

const WORD_GAP_MS = 40;
const SENTENCE_PAUSE_MS = 350;
const LEAD_MS = 250;
const TAIL_MS = 450;
const wordMs = (w: string) => 90 + 62 * [...w.replace(/[^\p{L}\p{N}]/gu, '')].length;
function sentenceMs(text: string): number {
  const words = text.split(/\s+/).filter(Boolean);
  return words.reduce((s, w) => s + wordMs(w) + WORD_GAP_MS, 0) + SENTENCE_PAUSE_MS;
}

/** Script + speech timings for sentences, with letter-level phonemes espeak-style. */
export function sampleSpeech(sentences: readonly SampleSentence[], language = 'english', wavPath = ''): { script: Script; speech: Speech } {
  const words: WordTiming[] = [];
  const phonemes: PhonemeTiming[] = [{ phoneme: '_', startMs: 0, endMs: LEAD_MS }];
  const spans: Speech['sentences'] = [];
  let t = LEAD_MS;
  sentences.forEach((s, si) => {
    const start = t;
    for (const w of s.text.split(/\s+/).filter(Boolean)) {
      const d = wordMs(w);
      const letters = [...w.toLowerCase().replace(/[^\p{L}]/gu, '')];
      const step = letters.length ? d / letters.length : d;
      letters.forEach((ch, k) => phonemes.push({ phoneme: ch, startMs: Math.round(t + k * step), endMs: Math.round(t + (k + 1) * step) }));
      words.push({ text: w, startMs: t, endMs: t + d, sentence: si });
      t += d;
      phonemes.push({ phoneme: '_', startMs: t, endMs: t + WORD_GAP_MS });
      t += WORD_GAP_MS;
    }
    spans.push({ startMs: start, endMs: t - WORD_GAP_MS });
    if (si < sentences.length - 1) {
      phonemes.push({ phoneme: '_:', startMs: t, endMs: t + SENTENCE_PAUSE_MS });
      t += SENTENCE_PAUSE_MS;
    }
  });
  t += TAIL_MS;
  const text = sentences.map((s) => s.text).join(' ');
  const script: Script = { language, style: 'Feature Explainer', lengthS: 15, sentences: sentences.map((s) => ({ ...s })), text, source: 'builtin' };
  return { script, speech: { wavPath, sampleRate: 24000, durationMs: t, voiceId: 'sample', words, phonemes, sentences: spans } };
}

const VOWEL = /^[aeiouy]$/;
const LIPS = /^[pbm]$/;

/** Loudness of the stand-in voice at a phoneme: vowels loud, consonants soft, lip closures near silent. */
export function sampleLoudness(phoneme: string): number {
  if (phoneme.startsWith('_')) return 0;
  if (VOWEL.test(phoneme)) return 1;
  if (LIPS.test(phoneme)) return 0.08;
  return 0.3;
}

/** Writes the stand-in voice for speech as 16-bit mono PCM WAV. */
export async function writeSampleWav(speech: Speech, file: string): Promise<void> {
  const rate = speech.sampleRate;
  const n = Math.ceil((speech.durationMs / 1000) * rate);
  const pcm = Buffer.alloc(n * 2);
  const env = new Float32Array(n);
  for (const p of speech.phonemes) {
    const a = sampleLoudness(p.phoneme);
    const s0 = Math.floor((p.startMs / 1000) * rate);
    const s1 = Math.min(n, Math.floor((p.endMs / 1000) * rate));
    for (let i = s0; i < s1; i++) env[i] = a;
  }
  // Smooth the envelope over ~8 ms so steps do not click.
  const k = Math.round(rate * 0.008);
  let acc = 0;
  const smooth = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    acc += env[i]! - (i >= k ? env[i - k]! : 0);
    smooth[i] = acc / k;
  }
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const f0 = 135 + 12 * Math.sin(t * 2.1);
    const ph = 2 * Math.PI * f0 * t;
    const v = 0.55 * Math.sin(ph) + 0.25 * Math.sin(2 * ph) + 0.12 * Math.sin(3 * ph) + 0.06 * Math.sin(5 * ph);
    pcm.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v * smooth[i]! * 0.5)) * 32767), i * 2);
  }
  await writeWav(file, [pcm], rate);
}

/** A whole sample narration in dir: script, timings and the WAV (used as the mixed audio). */
export async function sampleNarration(dir: string, sentences: readonly SampleSentence[], language = 'english'): Promise<Narration> {
  await fs.mkdir(dir, { recursive: true });
  const wav = path.join(dir, 'voice.wav');
  const { script, speech } = sampleSpeech(sentences, language, wav);
  await writeSampleWav(speech, wav);
  return { script, speech, mixedAudioPath: wav, musicId: null };
}

function glassBottle(ctx: SKRSContext2D, cx: number, baseY: number, s: number): void {
  const w = 260 * s;
  const h = 430 * s;
  const x = cx - w / 2;
  const y = baseY - h;
  ctx.save();
  ctx.fillStyle = 'rgba(60,30,10,0.25)';
  ctx.beginPath();
  ctx.ellipse(cx, baseY + 6 * s, w * 0.62, 26 * s, 0, 0, Math.PI * 2);
  ctx.fill();
  const glass = ctx.createLinearGradient(x, 0, x + w, 0);
  glass.addColorStop(0, '#9A4E12');
  glass.addColorStop(0.35, '#E59A48');
  glass.addColorStop(0.6, '#F4B76C');
  glass.addColorStop(1, '#8A430E');
  ctx.fillStyle = glass;
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, 46 * s);
  ctx.fill();
  ctx.fillStyle = 'rgba(255,255,255,0.35)';
  ctx.beginPath();
  ctx.roundRect(x + w * 0.12, y + h * 0.08, w * 0.07, h * 0.8, 10 * s);
  ctx.fill();
  ctx.fillStyle = '#FBF3E6';
  ctx.beginPath();
  ctx.roundRect(x + w * 0.14, y + h * 0.3, w * 0.72, h * 0.46, 12 * s);
  ctx.fill();
  ctx.fillStyle = '#3B2A20';
  ctx.textAlign = 'center';
  ctx.font = fontString('Noto Serif Display', 700, 46 * s);
  ctx.fillText('LUMEN', cx, y + h * 0.45);
  ctx.font = fontString('Noto Sans', 400, 24 * s);
  ctx.fillText('Glow Serum', cx, y + h * 0.55);
  ctx.font = fontString('Noto Sans', 400, 17 * s);
  ctx.fillText('VITAMIN C · 30 ml', cx, y + h * 0.68);
  const collar = ctx.createLinearGradient(cx - 70 * s, 0, cx + 70 * s, 0);
  collar.addColorStop(0, '#111');
  collar.addColorStop(0.45, '#555');
  collar.addColorStop(1, '#111');
  ctx.fillStyle = collar;
  ctx.beginPath();
  ctx.roundRect(cx - 70 * s, y - 70 * s, 140 * s, 78 * s, 10 * s);
  ctx.fill();
  ctx.beginPath();
  ctx.roundRect(cx - 48 * s, y - 190 * s, 96 * s, 130 * s, [48 * s, 48 * s, 8 * s, 8 * s]);
  ctx.fill();
  ctx.restore();
}

function backdrop(ctx: SKRSContext2D, w: number, h: number, top: string, bottom: string, floorY: number): void {
  const g = ctx.createLinearGradient(0, 0, 0, h);
  g.addColorStop(0, top);
  g.addColorStop(1, bottom);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = 'rgba(255,255,255,0.35)';
  ctx.fillRect(0, floorY, w, h - floorY);
  const sun = ctx.createRadialGradient(w * 0.72, h * 0.25, 0, w * 0.72, h * 0.25, Math.min(w, h) * 0.35);
  sun.addColorStop(0, 'rgba(255,255,255,0.75)');
  sun.addColorStop(1, 'rgba(255,255,255,0)');
  ctx.fillStyle = sun;
  ctx.fillRect(0, 0, w, h);
}

function leaf(ctx: SKRSContext2D, x: number, y: number, len: number, angle: number): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.fillStyle = '#5E8C61';
  ctx.beginPath();
  ctx.ellipse(len / 2, 0, len / 2, len * 0.18, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = 'rgba(255,255,255,0.4)';
  ctx.lineWidth = len * 0.02;
  ctx.beginPath();
  ctx.moveTo(0, 0);
  ctx.lineTo(len, 0);
  ctx.stroke();
  ctx.restore();
}

/** Three product photos: hero shot (4:5), lifestyle on a podium (16:10), drops close-up (1:1). */
export async function writeSampleProduct(dir: string): Promise<ProductFacts> {
  await fs.mkdir(dir, { recursive: true });
  const hero = createCanvas(1200, 1500);
  let ctx = hero.getContext('2d');
  backdrop(ctx, 1200, 1500, '#F9D9C4', '#F2B9A0', 1080);
  glassBottle(ctx, 600, 1180, 1.55);
  const life = createCanvas(1600, 1000);
  ctx = life.getContext('2d');
  backdrop(ctx, 1600, 1000, '#E9E4D8', '#D8CDB8', 760);
  ctx.fillStyle = '#F4EFE6';
  ctx.beginPath();
  ctx.ellipse(800, 800, 330, 60, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillRect(470, 800, 660, 200);
  for (let i = 0; i < 7; i++) leaf(ctx, 330 + i * 25, 760 - i * 40, 260, -2.3 + i * 0.25);
  glassBottle(ctx, 800, 810, 1.05);
  const drops = createCanvas(1200, 1200);
  ctx = drops.getContext('2d');
  backdrop(ctx, 1200, 1200, '#FCE8D5', '#F5C9A8', 1200);
  const spots: Array<[number, number, number]> = [[420, 480, 150], [760, 620, 210], [520, 860, 95], [880, 300, 80], [300, 780, 60]];
  for (const [x, y, r] of spots) {
    const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.35, r * 0.1, x, y, r);
    g.addColorStop(0, '#FFE2B0');
    g.addColorStop(0.6, '#E99B45');
    g.addColorStop(1, '#B9651F');
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = 'rgba(255,255,255,0.8)';
    ctx.beginPath();
    ctx.ellipse(x - r * 0.35, y - r * 0.4, r * 0.22, r * 0.12, -0.6, 0, Math.PI * 2);
    ctx.fill();
  }
  const files = [
    ['hero.jpg', hero],
    ['lifestyle.jpg', life],
    ['drops.jpg', drops],
  ] as const;
  const imagePaths: string[] = [];
  for (const [name, c] of files) {
    const p = path.join(dir, name);
    await fs.writeFile(p, await c.encode('jpeg', 90));
    imagePaths.push(p);
  }
  return { ...SAMPLE_PRODUCT_TEXT, sellingPoints: [...SAMPLE_PRODUCT_TEXT.sellingPoints], targetAudience: 'skincare shoppers', imagePaths, videoPaths: [] };
}
