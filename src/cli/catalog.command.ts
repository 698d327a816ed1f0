import path from 'node:path';
import type { Command } from 'commander';
import { buildCatalog, buildStore } from '../app.ts';
import { SCRIPT_STYLES } from '../catalog/languages.ts';
import { loadConfig } from '../config/config.ts';
import { MusicLibrary } from '../catalog/music.library.ts';
import { printTable } from './output.ts';
import { loadVoiceFolderForCli, registerVoiceInstall } from './voices.command.ts';

function catalog() {
  const config = loadConfig();
  return buildCatalog(config, new MusicLibrary(buildStore(config)));
}

/**
 * `reelsmith avatars|templates|styles|voices|music list`: what the ids of a video (and the
 * render command's options) can be, as tables (or --json). No server or database needed.
 */
export function registerCatalogCommands(program: Command): void {
  const list = (noun: string, description: string) =>
    program.command(noun).description(description).command('list').description(description).option('--json', 'print JSON');

  list('avatars', 'presenters (avatar_id / render --avatar)')
    .option('--gender <gender>', 'only female or male')
    .action((opts: { json?: boolean; gender?: string }) => {
      printTable(catalog().avatars({ gender: opts.gender }), ['avatar_id', 'name', 'gender', 'age', 'style', 'scene'], opts.json);
    });

  list('templates', 'layouts (template_id / render --template)').action((opts: { json?: boolean }) => {
    printTable(catalog().templates(undefined).map(({ id, name, preview_url }) => ({ id, name, preview_url })), ['id', 'name', 'preview_url'], opts.json);
  });

  list('styles', 'script styles (script_style / render --style) and visual styles (visual_style / render --visual-style)').action((opts: { json?: boolean }) => {
    const visual = catalog().visualStyles();
    if (opts.json) {
      process.stdout.write(`${JSON.stringify({ script_styles: SCRIPT_STYLES, visual_styles: visual })}\n`);
      return;
    }
    process.stdout.write('Script styles (script_style, render --style):\n');
    printTable(SCRIPT_STYLES.map((name) => ({ name })), ['name'], false);
    process.stdout.write('\nVisual styles (visual_style, render --visual-style):\n');
    printTable(visual, ['id', 'name'], false);
  });

  const voices = program.command('voices').description('voices (voice_id / render --voice): list them, install a voice model');
  voices
    .command('list')
    .description('every voice with its engine (espeak, festival, flite, neural for VOICE_MODELS_DIR models, external)')
    .option('--json', 'print JSON')
    .option('--language <language>', 'only this language, e.g. german')
    .option('--gender <gender>', 'only female or male')
    .action(async (opts: { json?: boolean; language?: string; gender?: string }) => {
      await loadVoiceFolderForCli();
      const { voices: rows } = catalog().voices({ page: 1, page_size: 10_000, language: opts.language, gender: opts.gender });
      printTable(rows, ['voice_id', 'engine', 'language', 'gender', 'age', 'name'], opts.json);
    });
  registerVoiceInstall(voices);

  list('music', 'background music tracks (music_id / render --music)').action((opts: { json?: boolean }) => {
    printTable([...catalog().musics()], ['id', 'name', 'duration'], opts.json);
  });
}
