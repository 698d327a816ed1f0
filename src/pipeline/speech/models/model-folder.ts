import fs from 'node:fs/promises';
import path from 'node:path';
import { clientLanguage, type Language } from '../../../catalog/languages.ts';
import type { Age, Gender } from '../voice.catalog.ts';
import { addOnnxMetadata, OnnxFormatError, readOnnxMetadataFile } from './onnx-meta.ts';

/**
 * One folder of VOICE_MODELS_DIR read as a voice model for sherpa-onnx (docs/narration.md,
 * "Voice models"): which family it is, the engine configuration, and the voices it gives, from
 * the model's own config (.onnx.json, ONNX metadata) and an optional `voice.json` beside it.
 * A Piper voice as Piper exports it (model.onnx + model.onnx.json, no sherpa metadata, no
 * tokens.txt) is made loadable here: tokens.txt from its phoneme map, the metadata appended.
 */

export type ModelFamily = 'piper' | 'kokoro' | 'kitten' | 'matcha';

/** What a `voice.json` beside the model may say (every field optional). */
export interface VoiceJson {
  family?: ModelFamily;
  name?: string;
  language?: string;
  gender?: Gender;
  age?: Age;
  license?: string;
  /** Matcha: the acoustic model and vocoder file names. */
  model?: string;
  vocoder?: string;
  /** Multi-speaker models: the speakers offered as voices (default: speaker 0 only). */
  speakers?: { sid: number; name?: string; gender?: Gender; age?: Age }[];
}

export interface ModelVoice {
  voiceId: string;
  sid: number;
  name: string;
  language: Language;
  /** null: not said anywhere; the scan takes it from the voice's pitch. */
  gender: Gender | null;
  age: Age;
}

export interface VoiceModel {
  /** The folder's name, slugged: stable, part of the voice ids. */
  id: string;
  dir: string;
  family: ModelFamily;
  /** sherpa-onnx's OfflineTtsConfig.model (file paths absolute). */
  engineConfig: Record<string, unknown>;
  voices: ModelVoice[];
  /** The licence as the model's card or voice.json states it, when it does. */
  licence: string | null;
  /** The card marks the model non-commercial (CC BY-NC and the like). */
  nonCommercial: boolean;
  /** What the preparation changed in the folder (tokens.txt written, metadata added). */
  prepared: string[];
}

export class ModelFolderError extends Error {}

export const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Debian's espeak-ng data, used when a model folder has no espeak-ng-data of its own. */
export const SYSTEM_ESPEAK_DATA = ['/usr/lib/x86_64-linux-gnu/espeak-ng-data', '/usr/lib/aarch64-linux-gnu/espeak-ng-data', '/usr/share/espeak-ng-data'];

const exists = (p: string) => fs.stat(p).then(() => true, () => false);

async function readJson<T>(file: string, what: string): Promise<T | null> {
  if (!(await exists(file))) return null;
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as T;
  } catch (err) {
    throw new ModelFolderError(`${what} is not valid JSON (${(err as Error).message})`);
  }
}

async function espeakData(dir: string): Promise<string> {
  const own = path.join(dir, 'espeak-ng-data');
  if (await exists(own)) return own;
  for (const p of SYSTEM_ESPEAK_DATA) if (await exists(path.join(p, 'phontab'))) return p;
  throw new ModelFolderError('no espeak-ng-data: neither in the folder nor from the espeak-ng-data package');
}

const NON_COMMERCIAL = /non[- ]?commercial|\bCC[- ]BY[- ]NC\b|\bBY-NC\b|research (use )?only/i;

/** The licence line of the model card (Piper's MODEL_CARD) or README, and whether it is non-commercial. */
async function licenceOf(dir: string, files: string[], said: string | undefined): Promise<{ licence: string | null; nonCommercial: boolean }> {
  let text = said ?? '';
  for (const f of files.filter((f) => /^(model_card|readme|license|licence)/i.test(f))) text += '\n' + (await fs.readFile(path.join(dir, f), 'utf8').catch(() => ''));
  const line = said ?? text.match(/licen[cs]e\s*[:=-]\s*(.+)/i)?.[1]?.trim() ?? null;
  return { licence: line, nonCommercial: NON_COMMERCIAL.test(text) };
}

interface PiperJson {
  dataset?: string;
  audio?: { sample_rate?: number; quality?: string };
  language?: { code?: string; name_english?: string };
  espeak?: { voice?: string };
  num_speakers?: number;
  speaker_id_map?: Record<string, number>;
  phoneme_id_map?: Record<string, number[]>;
}

/** Makes a Piper export loadable by sherpa-onnx: tokens.txt from the phoneme map, metadata from the config. */
async function preparePiper(dir: string, onnx: string, cfg: PiperJson | null): Promise<string[]> {
  let have: Record<string, string>;
  try {
    have = await readOnnxMetadataFile(onnx);
  } catch (err) {
    if (err instanceof OnnxFormatError) throw new ModelFolderError(`${path.basename(onnx)} is not an ONNX model (${err.message})`);
    throw err;
  }
  const changed: string[] = [];
  const tokens = path.join(dir, 'tokens.txt');
  if (!(await exists(tokens))) {
    if (!cfg?.phoneme_id_map) throw new ModelFolderError('no tokens.txt and no phoneme_id_map in the .onnx.json');
    const lines = Object.entries(cfg.phoneme_id_map).filter(([s, ids]) => [...s].length === 1 && ids.length > 0).map(([s, ids]) => `${s} ${ids[0]}`);
    await fs.writeFile(tokens, lines.join('\n') + '\n');
    changed.push('tokens.txt written from phoneme_id_map');
  }
  const fromConfig: Record<string, string> = {};
  if (cfg) {
    if (cfg.audio?.sample_rate) fromConfig.sample_rate = String(cfg.audio.sample_rate);
    fromConfig.n_speakers = String(cfg.num_speakers ?? 1);
    if (cfg.language?.name_english ?? cfg.language?.code) fromConfig.language = cfg.language.name_english ?? cfg.language.code!;
    if (cfg.espeak?.voice) fromConfig.voice = cfg.espeak.voice;
    Object.assign(fromConfig, { comment: 'piper', model_type: 'vits', has_espeak: '1' });
  }
  const added = await addOnnxMetadata(onnx, fromConfig);
  if (added.length) changed.push(`metadata added: ${added.join(', ')}`);
  const missing = ['sample_rate', 'n_speakers', 'language', 'comment'].filter((k) => !(k in have) && !(k in fromConfig));
  if (missing.length) throw new ModelFolderError(`the model's metadata lacks ${missing.join(', ')} and there is no .onnx.json to take them from`);
  const comment = have.comment ?? fromConfig.comment ?? '';
  if (!/piper|coqui|icefall/.test(comment)) throw new ModelFolderError(`metadata comment "${comment}" is not a Piper/VITS voice sherpa-onnx phonemises with espeak-ng`);
  return changed;
}

/** Reads (and for Piper exports, prepares) one model folder; throws ModelFolderError saying why it cannot be a voice. */
export async function readModelFolder(dir: string): Promise<VoiceModel> {
  const files = (await fs.readdir(dir)).sort();
  const voiceJson = (await readJson<VoiceJson>(path.join(dir, 'voice.json'), 'voice.json')) ?? {};
  const onnxFiles = files.filter((f) => f.endsWith('.onnx'));
  const abs = (f: string) => path.join(dir, f);
  const dataDir = await espeakData(dir);
  const id = slug(path.basename(dir));
  if (!id) throw new ModelFolderError('the folder name has no letters or digits');
  const has = (f: string) => files.includes(f);

  let family: ModelFamily;
  let engineConfig: Record<string, unknown>;
  let languageHint: string | undefined;
  let nameHint = path.basename(dir);
  let speakerCount = 1;
  let prepared: string[] = [];
  if (voiceJson.family === 'matcha' || (voiceJson.model && voiceJson.vocoder)) {
    if (!voiceJson.model || !voiceJson.vocoder || !has(voiceJson.model) || !has(voiceJson.vocoder)) throw new ModelFolderError('a Matcha model needs voice.json "model" and "vocoder" naming files of the folder');
    if (!has('tokens.txt')) throw new ModelFolderError('no tokens.txt');
    family = 'matcha';
    engineConfig = { matcha: { acousticModel: abs(voiceJson.model), vocoder: abs(voiceJson.vocoder), tokens: abs('tokens.txt'), dataDir, ...(has('lexicon.txt') ? { lexicon: abs('lexicon.txt') } : {}) } };
  } else if (has('voices.bin')) {
    if (onnxFiles.length !== 1 || !has('tokens.txt')) throw new ModelFolderError('a Kokoro/Kitten model needs one .onnx file, voices.bin and tokens.txt');
    const meta = await readOnnxMetadataFile(abs(onnxFiles[0]!)).catch((err: Error) => {
      throw new ModelFolderError(`${onnxFiles[0]} is not an ONNX model (${err.message})`);
    });
    family = voiceJson.family === 'kitten' || /kitten/i.test(meta.model_type ?? '') ? 'kitten' : 'kokoro';
    speakerCount = Number(meta.n_speakers ?? 1) || 1;
    languageHint = meta.language;
    engineConfig = { [family]: { model: abs(onnxFiles[0]!), voices: abs('voices.bin'), tokens: abs('tokens.txt'), dataDir, ...(family === 'kokoro' && has('lexicon.txt') ? { lexicon: abs('lexicon.txt') } : {}) } };
  } else {
    if (onnxFiles.length !== 1) throw new ModelFolderError(onnxFiles.length === 0 ? 'no .onnx model file' : `${onnxFiles.length} .onnx files (a Piper voice has one; a Matcha model names its two in voice.json)`);
    const onnx = abs(onnxFiles[0]!);
    const cfg = await readJson<PiperJson>(`${onnx}.json`, `${onnxFiles[0]}.json`);
    if (!cfg && !has('tokens.txt')) throw new ModelFolderError(`no ${onnxFiles[0]}.json (the Piper voice's config) and no tokens.txt`);
    prepared = await preparePiper(dir, onnx, cfg);
    const meta = await readOnnxMetadataFile(onnx);
    family = 'piper';
    speakerCount = Number(meta.n_speakers ?? cfg?.num_speakers ?? 1) || 1;
    languageHint = cfg?.language?.code ?? meta.language;
    if (cfg?.dataset) nameHint = `${cfg.dataset}${cfg.audio?.quality ? ` (${cfg.audio.quality})` : ''}`;
    engineConfig = { vits: { model: onnx, tokens: abs('tokens.txt'), dataDir } };
  }

  const language = clientLanguage(voiceJson.language ?? languageHint ?? '');
  if (!language) throw new ModelFolderError(`language "${voiceJson.language ?? languageHint ?? ''}" is not one of the catalog's (say it in voice.json "language")`);
  const { licence, nonCommercial } = await licenceOf(dir, files, voiceJson.license);
  const baseName = voiceJson.name ?? nameHint.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
  const speakers = voiceJson.speakers?.length ? voiceJson.speakers : [{ sid: 0 }];
  const voices: ModelVoice[] = speakers.map((s) => {
    if (!Number.isInteger(s.sid) || s.sid < 0 || s.sid >= speakerCount) throw new ModelFolderError(`voice.json speaker ${s.sid} is not one of the model's ${speakerCount}`);
    const many = speakers.length > 1 || speakerCount > 1;
    return {
      voiceId: `nv-${id}${many ? `-${slug(s.name ?? String(s.sid))}` : ''}`,
      sid: s.sid,
      name: many ? `${baseName} – ${s.name ?? `speaker ${s.sid}`}` : baseName,
      language,
      gender: s.gender ?? voiceJson.gender ?? null,
      age: s.age ?? voiceJson.age ?? 'adult',
    };
  });
  return { id, dir, family, engineConfig, voices, licence, nonCommercial, prepared };
}
