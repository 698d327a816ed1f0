import fs from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { OperatorError } from '../accounts/account.service.ts';
import { LANGUAGES, SCRIPT_STYLES, type Language, type ScriptStyle } from '../catalog/languages.ts';
import { buildStore } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { MusicLibrary } from '../catalog/music.library.ts';
import { lastWordEndS, narrateToLength } from '../pipeline/length/fit-narration.ts';
import { writeScript } from '../pipeline/script/index.ts';
import { EspeakProcess } from '../pipeline/speech/espeak.client.ts';
import { defaultVoice, voiceSpec } from '../pipeline/speech/voice.catalog.ts';
import type { ProductFacts } from '../pipeline/types.ts';
import { printResult } from './output.ts';

interface NarrateOptions {
  product: string;
  style: string;
  length: string;
  language: string;
  voice?: string;
  gender: string;
  music?: string;
  overrideScript?: string;
  out: string;
  json?: boolean;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strOrNull = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

/** A product JSON file: the API's shape (snake_case) or ProductFacts (camelCase). */
export function productFromJson(raw: unknown): ProductFacts {
  if (!raw || typeof raw !== 'object') throw new OperatorError('--product must hold a JSON object');
  const p = raw as Record<string, unknown>;
  const name = str(p.name).trim();
  if (!name) throw new OperatorError('--product needs a "name"');
  const points = p.sellingPoints ?? p.selling_points;
  return {
    name,
    description: str(p.description),
    sellingPoints: Array.isArray(points) ? points.filter((x): x is string => typeof x === 'string') : [],
    brand: strOrNull(p.brand),
    price: typeof p.price === 'number' ? String(p.price) : strOrNull(p.price),
    currency: strOrNull(p.currency),
    targetAudience: str(p.targetAudience ?? p.target_audience),
    imagePaths: [],
    videoPaths: [],
  };
}

function choose<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  const hit = allowed.find((a) => a.toLowerCase() === value.trim().toLowerCase());
  if (!hit) throw new OperatorError(`--${name} must be one of: ${allowed.join(', ')}`);
  return hit;
}

/** `reelsmith narrate`: the sound half of a video from a product file, without a server. */
export function registerNarrateCommand(program: Command, out: { write(s: string): unknown } = process.stdout): void {
  program
    .command('narrate')
    .description('write the script, speak it, mix it over music: script.json/txt, speech.wav, timings.json, mix.wav in --out (fitted to --length)')
    .requiredOption('--product <file>', 'product JSON (name, description, selling_points, price, currency, ...)')
    .option('--style <style>', `script style (${SCRIPT_STYLES.join(' | ')})`, 'Problem/Solution')
    .option('--length <seconds>', '15, 30 or 60', '30')
    .option('--language <language>', 'one of the 54 languages', 'english')
    .option('--voice <voice_id>', 'voice id (GET /v1/voices); default: the language’s adult voice of --gender')
    .option('--gender <gender>', 'female or male, for the default voice', 'female')
    .option('--music <id>', 'music track id (GET /v1/musics); 0 or absent: no music')
    .option('--override-script <text>', 'say this text instead of writing a script')
    .requiredOption('--out <dir>', 'output directory')
    .option('--json', 'print the summary as JSON')
    .action(async (opts: NarrateOptions) => {
      const style = choose<ScriptStyle>('style', opts.style, SCRIPT_STYLES);
      const language = choose<Language>('language', opts.language, LANGUAGES);
      const lengthS = Number(opts.length);
      if (lengthS !== 15 && lengthS !== 30 && lengthS !== 60) throw new OperatorError('--length must be 15, 30 or 60');
      const gender = choose('gender', opts.gender, ['female', 'male'] as const);
      const voiceId = opts.voice ?? defaultVoice(language, gender);
      const voice = voiceSpec(voiceId);
      if (!voice) throw new OperatorError(`unknown --voice "${voiceId}"`);
      const musicId = opts.music === undefined || Number(opts.music) === 0 ? null : Number(opts.music);
      if (musicId !== null && !Number.isInteger(musicId)) throw new OperatorError('--music must be a track id');

      let product: ProductFacts;
      try {
        product = productFromJson(JSON.parse(await fs.readFile(opts.product, 'utf8')));
      } catch (err) {
        if (err instanceof OperatorError) throw err;
        throw new OperatorError(`cannot read --product ${opts.product}: ${(err as Error).message}`);
      }

      const config = loadConfig();
      const music = new MusicLibrary(buildStore(config));
      if (musicId !== null && !music.preset(musicId)) throw new OperatorError(`unknown --music ${musicId} (ids: ${music.records().map((m) => m.id).join(', ')})`);

      const outDir = path.resolve(opts.out);
      await fs.mkdir(outDir, { recursive: true });
      const t0 = performance.now();
      let scriptMs = 0;
      const write = async (paceScale: number) => {
        const t = performance.now();
        const script = await writeScript({ product, style, lengthS, language, overrideScript: opts.overrideScript ?? null, paceScale });
        scriptMs += performance.now() - t;
        return script;
      };

      const engine = new EspeakProcess();
      try {
        // The length loop a video goes through: written, spoken and measured until it fits --length.
        const { narration, mix, fit } = await narrateToLength({ write, lengthS, voiceId, musicId, workDir: outDir }, { engine, music: (id) => music.bed(id, outDir) });
        const script = narration.script;
        await fs.writeFile(path.join(outDir, 'script.json'), `${JSON.stringify(script, null, 2)}\n`);
        await fs.writeFile(path.join(outDir, 'script.txt'), `${script.sentences.map((s) => s.text).join('\n')}\n`);
        const r2 = (x: number) => Math.round(x * 100) / 100;
        const endS = lastWordEndS(narration.speech);
        const summary = {
          out: outDir,
          language,
          style,
          voice: `${voiceId} (${voice.name})`,
          music: musicId ?? 'none',
          sentences: script.sentences.length,
          words: narration.speech.words.length,
          speech_s: narration.speech.durationMs / 1000,
          speech_end_s: r2(endS),
          mix_s: r2(mix.plan.totalS),
          tail_s: r2(mix.plan.totalS - endS),
          attempts: fit ? fit.attempts.map((a) => `pace ${a.paceScale.toFixed(2)}: ${a.endS.toFixed(1)} s`).join(', ') : 'override (not fitted)',
          dropped: fit?.dropped.length ?? 0,
          rate_scale: fit?.rateScale ?? 1,
          pauses_s: fit ? fit.pausesS.filter((_, i) => i < fit.pausesS.length - 1).join(' ') : '',
          loudness_lufs: mix.result.integratedLufs,
          true_peak_dbtp: mix.result.truePeakDb,
          script_ms: Math.round(scriptMs),
          total_ms: Math.round(performance.now() - t0),
          files: 'script.json script.txt speech.wav timings.json mix.wav',
        };
        printResult(summary, opts.json, out);
      } finally {
        await engine.close();
      }
    });
}
