import fs from 'node:fs/promises';
import path from 'node:path';
import { LANGUAGE_VOICES, espeakVoiceFor, setModelVoices, voiceSpec, type Gender, type VoiceSpec } from '../voice.catalog.ts';
import { ModelFolderError, readModelFolder, type VoiceModel } from './model-folder.ts';
import { probeModel } from './model-probe.ts';

/**
 * The voice folder (VOICE_MODELS_DIR, docs/narration.md "Voice models"): every sub-folder is read
 * as a model (model-folder.ts) and tried in a child process (model-probe.ts); those that load
 * become voices of the catalog (engine "neural"). A folder that does not is skipped with one log
 * line and the rest keeps working.
 */

export interface LoadedModel extends VoiceModel {
  /** Voice specs of the model's voices (gender settled). */
  specs: VoiceSpec[];
}

export interface SkippedModel {
  dir: string;
  reason: string;
}

export interface ModelScan {
  models: LoadedModel[];
  skipped: SkippedModel[];
}

export interface ScanLog {
  warn(msg: string): void;
}

/** Below this median pitch a voice nobody described is taken as male (adult male speech ~85-155 Hz, female ~165-255 Hz). */
export const MALE_F0_HZ = 160;

function specsOf(model: VoiceModel, f0: number): VoiceSpec[] {
  return model.voices.map((v) => {
    const gender: Gender = v.gender ?? (f0 > 0 && f0 < MALE_F0_HZ ? 'male' : 'female');
    const standIn = voiceSpec(espeakVoiceFor(v.language, gender, v.age))!;
    const label = LANGUAGE_VOICES.find((l) => l.language === v.language)?.label ?? v.language;
    return {
      ...standIn,
      voiceId: v.voiceId,
      engine: 'neural',
      engineVoice: `${model.id}#${v.sid}`,
      fallbackVoiceId: standIn.voiceId,
      speed: 1,
      pitchShift: 0,
      name: `${label} – ${v.name} (${model.family}, neural${model.nonCommercial ? ', non-commercial licence' : ''})`,
      gender,
      age: v.age,
    };
  });
}

/** Reads and probes one model folder; throws ModelFolderError with the reason it is skipped. */
export async function loadModelFolder(dir: string, probeTimeoutMs?: number): Promise<LoadedModel> {
  const model = await readModelFolder(dir);
  const probe = await probeModel(model, probeTimeoutMs);
  if (!probe.ok) throw new ModelFolderError(probe.error);
  return { ...model, specs: specsOf(model, probe.result.f0) };
}

/** Every model folder of `dir` (missing dir: none). Folders starting with "." are ignored. */
export async function scanVoiceModels(dir: string, log: ScanLog, probeTimeoutMs?: number): Promise<ModelScan> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const scan: ModelScan = { models: [], skipped: [] };
  const seen = new Set<string>();
  for (const e of entries.filter((e) => e.isDirectory() && !e.name.startsWith('.')).sort((a, b) => a.name.localeCompare(b.name))) {
    const folder = path.join(dir, e.name);
    try {
      const model = await loadModelFolder(folder, probeTimeoutMs);
      const clash = model.specs.find((s) => seen.has(s.voiceId) || (voiceSpec(s.voiceId) && voiceSpec(s.voiceId)!.engine !== 'neural'));
      if (clash) throw new ModelFolderError(`voice id ${clash.voiceId} is taken by another folder`);
      model.specs.forEach((s) => seen.add(s.voiceId));
      if (model.nonCommercial) log.warn(`voice model ${folder}: its card marks it non-commercial (${model.licence ?? 'see the card'}); do not use it for commercial videos`);
      scan.models.push(model);
    } catch (err) {
      if (!(err instanceof ModelFolderError)) throw err;
      scan.skipped.push({ dir: folder, reason: err.message });
      log.warn(`voice model ${folder} skipped: ${err.message}`);
    }
  }
  return scan;
}

let loaded = new Map<string, LoadedModel>();

/** A registered model by id (the neural engine's lookup). */
export function loadedModel(id: string): LoadedModel | undefined {
  return loaded.get(id);
}

/** Makes a scan's voices the process's: listed, valid as voice_id, defaults unless `asDefaults` is false. */
export function registerVoiceModels(scan: ModelScan, asDefaults: boolean): void {
  loaded = new Map(scan.models.map((m) => [m.id, m]));
  setModelVoices(scan.models.flatMap((m) => m.specs), asDefaults);
}
