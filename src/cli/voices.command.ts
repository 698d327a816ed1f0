import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { OperatorError } from '../accounts/account.service.ts';
import { loadConfig } from '../config/config.ts';
import { ModelFolderError, slug } from '../pipeline/speech/models/model-folder.ts';
import { loadModelFolder, registerVoiceModels, scanVoiceModels, type LoadedModel } from '../pipeline/speech/models/voice-models.ts';

/**
 * `reelsmith voices install <folder | .tar.gz>`: copies a voice model into VOICE_MODELS_DIR after
 * checking it the way the server will (model-folder.ts, then a load probe in a child process).
 * The copy is made in a hidden staging folder of the voice folder (ignored by scans) and renamed
 * into place only once it passed, so a failed install leaves nothing behind.
 */

const run = (cmd: string, args: string[]) =>
  new Promise<void>((resolve, reject) => execFile(cmd, args, { timeout: 300_000 }, (err, _o, stderr) => (err ? reject(new OperatorError(`${cmd} failed: ${stderr.trim() || err.message}`)) : resolve())));

/** The folder holding the model: the given one, or the single sub-folder an archive unpacks to. */
async function modelRoot(dir: string): Promise<string> {
  const entries = (await fs.readdir(dir, { withFileTypes: true })).filter((e) => !e.name.startsWith('.'));
  if (entries.some((e) => e.isFile() && e.name.endsWith('.onnx'))) return dir;
  const dirs = entries.filter((e) => e.isDirectory());
  if (dirs.length === 1) return modelRoot(path.join(dir, dirs[0]!.name));
  throw new OperatorError(`no model found in ${dir}: expected .onnx files (Piper: model.onnx + model.onnx.json), or one folder holding them`);
}

export interface InstallResult {
  dir: string;
  model: LoadedModel;
}

export async function installVoiceModel(source: string, modelsDir: string, opts: { name?: string; force?: boolean } = {}): Promise<InstallResult> {
  const st = await fs.stat(source).catch(() => null);
  if (!st) throw new OperatorError(`${source} does not exist`);
  await fs.mkdir(modelsDir, { recursive: true });
  const staging = await fs.mkdtemp(path.join(modelsDir, '.install-'));
  const unpack = await fs.mkdtemp(path.join(os.tmpdir(), 'reelsmith-voice-'));
  try {
    let from: string;
    if (st.isDirectory()) from = await modelRoot(source);
    else if (/\.(tar\.gz|tgz|tar\.bz2|tar)$/i.test(source)) {
      await run('tar', ['-xf', source, '-C', unpack]);
      from = await modelRoot(unpack);
    } else throw new OperatorError(`${source} is neither a folder nor a .tar.gz archive`);
    const name = slug(opts.name ?? path.basename(st.isDirectory() ? from : source).replace(/\.(tar\.gz|tgz|tar\.bz2|tar)$/i, ''));
    if (!name) throw new OperatorError('the model needs a name with letters or digits (--name)');
    const target = path.join(modelsDir, name);
    if (!opts.force && (await fs.stat(target).catch(() => null))) throw new OperatorError(`${target} already exists (use --force to replace it)`);
    await fs.cp(from, path.join(staging, name), { recursive: true });
    let model: LoadedModel;
    try {
      model = await loadModelFolder(path.join(staging, name));
    } catch (err) {
      if (err instanceof ModelFolderError) throw new OperatorError(`not installed: ${err.message}`);
      throw err;
    }
    await fs.rm(target, { recursive: true, force: true });
    await fs.rename(path.join(staging, name), target);
    // The probe's answer stays valid: its key is the files, not the folder's path; the paths of the engine config are rebuilt.
    return { dir: target, model: { ...(await loadModelFolder(target)), prepared: model.prepared } };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    await fs.rm(unpack, { recursive: true, force: true });
  }
}

export function registerVoiceInstall(voices: Command): void {
  voices
    .command('install <source>')
    .description('validate a voice model (a folder or .tar.gz: Piper .onnx + .onnx.json; Kokoro, Kitten, Matcha as sherpa-onnx ships them) and copy it into VOICE_MODELS_DIR')
    .option('--name <name>', 'folder name in VOICE_MODELS_DIR (default: the source name)')
    .option('--force', 'replace a model of the same name')
    .action(async (source: string, opts: { name?: string; force?: boolean }) => {
      const config = loadConfig();
      const { dir, model } = await installVoiceModel(source, config.voiceModels.dir, opts);
      process.stdout.write(`installed ${model.family} model in ${dir}\n`);
      for (const s of model.specs) process.stdout.write(`  ${s.voiceId}  ${s.language}  ${s.gender}  ${s.name}\n`);
      if (model.nonCommercial) process.stdout.write(`warning: the model's card marks it non-commercial (${model.licence ?? 'see its card'}): do not use it for commercial videos\n`);
      if (model.prepared.length) process.stdout.write(`prepared for sherpa-onnx: ${model.prepared.join('; ')}\n`);
    });
}

/** The voice folder's models, registered in this process (for `voices list`); broken ones are reported on stderr. */
export async function loadVoiceFolderForCli(): Promise<void> {
  const config = loadConfig();
  const scan = await scanVoiceModels(config.voiceModels.dir, { warn: (m) => process.stderr.write(`reelsmith: ${m}\n`) });
  registerVoiceModels(scan, config.voiceModels.asDefaults);
}
