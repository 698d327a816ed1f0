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
  /** Kokoro ≥ 1.0: the espeak-ng language its non-lexicon words are read in (sherpa-onnx `lang`). */
  lang?: string;
  /**
   * Multi-speaker models: the speakers offered as voices (default: speaker 0 only), each by `sid`
   * or by the model's own name for it (`speaker`: Kokoro/Kitten speaker_names, Piper speaker_id_map).
   */
  speakers?: { sid?: number; speaker?: string; name?: string; gender?: Gender; age?: Age }[];
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

/** Vocoders sherpa-onnx's Matcha engine accepts, by their model_type metadata (vocoder.cc). */
const VOCODER_TYPES = ['hifigan', 'vocos', 'matcha-tts vocos'];

async function onnxMetadata(file: string): Promise<Record<string, string>> {
  try {
    return await readOnnxMetadataFile(file);
  } catch (err) {
    if (err instanceof OnnxFormatError) throw new ModelFolderError(`${path.basename(file)} is not an ONNX model (${err.message})`);
    throw err;
  }
}

/** sherpa-onnx ends its process when a required metadata key is missing: said here first, plainly. */
function lacks(meta: Record<string, string>, keys: string[], file: string): void {
  const missing = keys.filter((k) => !(k in meta));
  if (missing.length) throw new ModelFolderError(`${file}'s metadata lacks ${missing.join(', ')} (use the model as sherpa-onnx publishes it: its conversion scripts add them)`);
}

/** Gender from the speaker naming of Kokoro (af_bella, am_adam: second letter f/m) and Kitten (expr-voice-2-m). */
function genderOfSpeakerName(family: ModelFamily, name: string): Gender | null {
  const g = family === 'kokoro' ? /^[a-z]([fm])_/.exec(name)?.[1] : family === 'kitten' ? /-([fm])$/.exec(name)?.[1] : undefined;
  return g === 'f' ? 'female' : g === 'm' ? 'male' : null;
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

  const metas: Record<string, Record<string, string>> = {};
  for (const f of onnxFiles) metas[f] = await onnxMetadata(abs(f));
  const vocoders = onnxFiles.filter((f) => VOCODER_TYPES.includes(metas[f]!.model_type ?? ''));

  let family: ModelFamily;
  let engineConfig: Record<string, unknown>;
  let languageHint: string | undefined;
  let nameHint = path.basename(dir);
  let speakerCount = 1;
  let speakerNames: string[] = [];
  let prepared: string[] = [];
  if (voiceJson.family === 'matcha' || voiceJson.vocoder || vocoders.length > 0 || onnxFiles.some((f) => /matcha/i.test(metas[f]!.model_type ?? ''))) {
    const acoustic = voiceJson.model ?? (onnxFiles.length === 2 && vocoders.length === 1 ? onnxFiles.find((f) => f !== vocoders[0]) : undefined);
    const vocoder = voiceJson.vocoder ?? (vocoders.length === 1 ? vocoders[0] : undefined);
    if (!acoustic || !vocoder || !has(acoustic) || !has(vocoder) || acoustic === vocoder) {
      throw new ModelFolderError('a Matcha model needs its acoustic model and one vocoder .onnx (model_type metadata "hifigan" or "vocos", as sherpa-onnx publishes them), or voice.json "model" and "vocoder" naming them');
    }
    if (!VOCODER_TYPES.includes(metas[vocoder]!.model_type ?? '')) throw new ModelFolderError(`the vocoder ${vocoder} has model_type "${metas[vocoder]!.model_type ?? ''}"; sherpa-onnx takes its hifigan or vocos vocoders (model_type metadata "hifigan" or "vocos")`);
    if (!has('tokens.txt')) throw new ModelFolderError('no tokens.txt');
    const meta = metas[acoustic]!;
    lacks(meta, ['sample_rate', 'n_speakers'], acoustic);
    family = 'matcha';
    speakerCount = Number(meta.n_speakers) || 1;
    languageHint = meta.language;
    engineConfig = { matcha: { acousticModel: abs(acoustic), vocoder: abs(vocoder), tokens: abs('tokens.txt'), dataDir, ...(has('lexicon.txt') ? { lexicon: abs('lexicon.txt') } : {}) } };
  } else if (has('voices.bin')) {
    if (onnxFiles.length !== 1 || !has('tokens.txt')) throw new ModelFolderError('a Kokoro/Kitten model needs one .onnx file, voices.bin and tokens.txt');
    const onnx = onnxFiles[0]!;
    const meta = metas[onnx]!;
    family = voiceJson.family === 'kitten' || meta.model_type === 'kitten-tts' ? 'kitten' : 'kokoro';
    lacks(meta, ['sample_rate', 'n_speakers', 'style_dim', 'has_espeak'], onnx);
    speakerCount = Number(meta.n_speakers) || 1;
    const floats = meta.style_dim!.split(',').reduce((n, d) => n * Number(d), speakerCount);
    const size = (await fs.stat(abs('voices.bin'))).size;
    if (!Number.isFinite(floats) || size !== floats * 4) throw new ModelFolderError(`voices.bin holds ${size / 4} floats; the model's style_dim (${meta.style_dim}) and n_speakers (${speakerCount}) say ${floats}`);
    // Kokoro ≥ 1.0 (metadata version 2) phonemises with its lexicons (lexicon-us-en.txt, lexicon-zh.txt, …).
    const lexicons = files.filter((f) => /^lexicon.*\.txt$/.test(f));
    if (family === 'kokoro' && Number(meta.version ?? 1) >= 2 && lexicons.length === 0) throw new ModelFolderError('a multi-lingual Kokoro model (metadata version 2) needs its lexicon*.txt files');
    speakerNames = (meta.speaker_names ?? '').split(',').map((n) => n.trim());
    languageHint = meta.language;
    engineConfig = {
      [family]: {
        model: abs(onnx), voices: abs('voices.bin'), tokens: abs('tokens.txt'), dataDir,
        ...(family === 'kokoro' && lexicons.length ? { lexicon: lexicons.map(abs).join(',') } : {}),
        ...(family === 'kokoro' && voiceJson.lang ? { lang: voiceJson.lang } : {}),
      },
    };
  } else {
    if (onnxFiles.length !== 1) throw new ModelFolderError(onnxFiles.length === 0 ? 'no .onnx model file' : `${onnxFiles.length} .onnx files (a Piper voice has one; a Matcha model has an acoustic model and a vocoder)`);
    const onnx = abs(onnxFiles[0]!);
    const cfg = await readJson<PiperJson>(`${onnx}.json`, `${onnxFiles[0]}.json`);
    if (!cfg && !has('tokens.txt')) throw new ModelFolderError(`no ${onnxFiles[0]}.json (the Piper voice's config) and no tokens.txt`);
    prepared = await preparePiper(dir, onnx, cfg);
    const meta = await readOnnxMetadataFile(onnx);
    family = 'piper';
    speakerCount = Number(meta.n_speakers ?? cfg?.num_speakers ?? 1) || 1;
    languageHint = cfg?.language?.code ?? meta.language;
    if (cfg?.dataset) nameHint = `${cfg.dataset}${cfg.audio?.quality ? ` (${cfg.audio.quality})` : ''}`;
    if (cfg?.speaker_id_map) for (const [n, sid] of Object.entries(cfg.speaker_id_map)) speakerNames[sid] = n;
    engineConfig = { vits: { model: onnx, tokens: abs('tokens.txt'), dataDir } };
  }

  const language = clientLanguage(voiceJson.language ?? languageHint ?? '');
  if (!language) throw new ModelFolderError(`language "${voiceJson.language ?? languageHint ?? ''}" is not one of the catalog's (say it in voice.json "language")`);
  const { licence, nonCommercial } = await licenceOf(dir, files, voiceJson.license);
  const baseName = voiceJson.name ?? nameHint.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
  const chosen = voiceJson.speakers?.length ? voiceJson.speakers : [{ sid: 0 }];
  const many = chosen.length > 1 || speakerCount > 1;
  const voices: ModelVoice[] = chosen.map((s) => {
    // A speaker is chosen by number or by the model's own name for it (speaker_names, speaker_id_map).
    const sid = s.sid ?? (s.speaker !== undefined ? speakerNames.indexOf(s.speaker) : -1);
    if (!Number.isInteger(sid) || sid < 0 || sid >= speakerCount) throw new ModelFolderError(`voice.json speaker ${s.sid ?? s.speaker} is not one of the model's ${speakerCount}${speakerNames.length ? ` (${speakerNames.join(', ')})` : ''}`);
    const own = speakerNames[sid] || undefined;
    const name = s.name ?? own;
    return {
      voiceId: `nv-${id}${many ? `-${slug(name ?? String(sid))}` : ''}`,
      sid,
      name: many ? `${baseName} – ${name ?? `speaker ${sid}`}` : baseName,
      language,
      gender: s.gender ?? (own ? genderOfSpeakerName(family, own) : null) ?? voiceJson.gender ?? null,
      age: s.age ?? voiceJson.age ?? 'adult',
    };
  });
  return { id, dir, family, engineConfig, voices, licence, nonCommercial, prepared };
}
