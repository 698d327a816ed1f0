import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { OperatorError } from '../accounts/account.service.ts';
import { PUBLIC_AVATARS, PUBLIC_TEMPLATES, VISUAL_STYLES } from '../catalog/catalog.data.ts';
import { LANGUAGES, SCRIPT_STYLES } from '../catalog/languages.ts';
import { buildStore } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { hexId } from '../lib/ids.ts';
import { createSafeFetcher } from '../net/safe-fetch.ts';
import { MediaImporter } from '../products/crawl/media-importer.ts';
import { ExtractPool } from '../products/crawl/extract-pool.ts';
import { defaultPageLimits, PageCrawler } from '../products/crawl/page-crawler.ts';
import type { MediaItem, Product } from '../products/product.repository.ts';
import { MusicLibrary } from '../catalog/music.library.ts';
import { createLlmClient } from '../pipeline/script/index.ts';
import { EspeakProcess } from '../pipeline/speech/espeak.client.ts';
import { LocalBlobStore } from '../storage/blob-store.ts';
import { PipelineGenerator } from '../videos/pipeline-generator.ts';
import type { Video, VideoRequest } from '../videos/video.repository.ts';
import { voiceSpec } from '../pipeline/speech/voice.catalog.ts';
import { GenerationError } from '../videos/video-generator.ts';
import { productFromJson } from './narrate.command.ts';
import { printResult } from './output.ts';
import { createProgress } from './progress.ts';

interface RenderOptions {
  url?: string;
  product?: string;
  aspectRatio: string;
  length: string;
  language: string;
  style: string;
  avatar: string;
  template?: string;
  visualStyle?: string;
  music?: string;
  voice?: string;
  caption?: boolean;
  overrideScript?: string;
  seed?: string;
  out: string;
  json?: boolean;
}

const BASE = 'http://reelsmith.local';

function pick<T>(name: string, value: string, allowed: readonly T[], show: (t: T) => string = String): T {
  const hit = allowed.find((a) => show(a).toLowerCase() === value.trim().toLowerCase());
  if (hit === undefined) throw new OperatorError(`--${name} must be one of: ${allowed.map(show).join(', ')}`);
  return hit;
}

interface ProductFile {
  file: string;
  raw: Record<string, unknown>;
  /** Media of the file: `src` for local files (checked to exist), `url` for remote ones. */
  media: { type: 1 | 2; src?: string; url?: string }[];
}

/** Reads and checks a product JSON file before any work: it parses, has a name, and its local media exist. */
async function readProductFile(file: string): Promise<ProductFile> {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new OperatorError(`cannot read --product ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
  }
  productFromJson(raw);
  const media: ProductFile['media'] = [];
  for (const m of Array.isArray(raw.media) ? raw.media : []) {
    const item = m as { type?: number; url?: string; path?: string };
    const ref = item.path ?? item.url ?? '';
    const type = item.type === 2 ? 2 : 1;
    if (/^https?:\/\//.test(ref)) media.push({ type, url: ref });
    else if (ref) {
      const src = path.resolve(path.dirname(file), ref.replace(/^file:\/\//, ''));
      await fs.access(src).catch(() => {
        throw new OperatorError(`--product ${file}: media file ${ref} not found (looked at ${src})`);
      });
      media.push({ type, src });
    }
  }
  return { file, raw, media };
}

/** A product JSON file's media: local paths (relative to the file) are copied, URLs are fetched like crawled media. */
async function productFromFile(pf: ProductFile, store: LocalBlobStore, importer: MediaImporter, id: string): Promise<Product> {
  const facts = productFromJson(pf.raw);
  const media: MediaItem[] = [];
  const remote: { type: number; url: string }[] = [];
  for (const [i, m] of pf.media.entries()) {
    if (m.url) remote.push({ type: m.type, url: m.url });
    else if (m.src) {
      const key = `media/${id}/local-${i}${path.extname(m.src).toLowerCase()}`;
      await store.put(key, await fs.readFile(m.src));
      media.push({ type: m.type, name: path.basename(m.src), key, description: '' });
    }
  }
  media.push(...(await importer.importAll(id, remote.filter((m) => m.type === 1).map((m) => m.url), remote.filter((m) => m.type === 2).map((m) => m.url))));
  const now = Date.now();
  return {
    id, accountId: 'cli', sourceUrl: null, name: facts.name, description: facts.description, targetAudience: facts.targetAudience, media,
    brand: facts.brand, price: facts.price, currency: facts.currency, sellingPoints: facts.sellingPoints, createdAt: now, updatedAt: now,
  };
}

/** `reelsmith render`: one video from a product page or file to an MP4, with no server or database. */
export function registerRenderCommand(program: Command): void {
  program
    .command('render')
    .description('make one video (MP4, plus a cover .jpg and captions .vtt beside it) from a product page or JSON file')
    .option('--url <url>', 'product page to crawl (http:// and private hosts need ALLOW_PRIVATE_URLS=1)')
    .option('--product <file>', 'product JSON: name, description, selling_points, price, currency, media [{type, url|path}]')
    .option('--aspect-ratio <n>', '0 = 9:16, 1 = 16:9, 2 = 1:1', '0')
    .option('--length <seconds>', '15, 30 or 60', '30')
    .option('--language <language>', 'one of the 54 languages', 'english')
    .option('--style <style>', 'script style', 'Problem/Solution')
    .option('--avatar <id>', 'presenter id (GET /v1/avatars)', '1')
    .option('--template <id>', 'template id (GET /v1/templates)')
    .option('--visual-style <name>', 'visual style name (GET /v1/visual_styles)')
    .option('--music <id>', 'music track id (GET /v1/musics); absent: no music')
    .option('--voice <voice_id>', 'voice id (GET /v1/voices); absent: the presenter’s default for the language')
    .option('--caption', 'burn in word-by-word captions')
    .option('--override-script <text>', 'say this text instead of writing a script')
    .option('--seed <id>', 'video id the script wording is chosen by (same id, same script); default: a new random id')
    .requiredOption('--out <file>', 'output .mp4')
    .option('--json', 'print the result as one JSON line (default: "key: value" lines)')
    .action(async (opts: RenderOptions) => {
      // Every option is checked before any work (no crawl, speech or frames for a bad --music).
      if (!opts.url === !opts.product) throw new OperatorError('give exactly one of --url or --product');
      if (opts.url && !/^https?:\/\/[^/]/i.test(opts.url)) throw new OperatorError(`--url must be an http(s):// address, got "${opts.url}"`);
      const config = loadConfig();
      // Music is kept with the server's files, so tracks made once are reused.
      const music = new MusicLibrary(buildStore(config));
      const request: VideoRequest = {
        product_id: '',
        aspect_ratio: pick('aspect-ratio', opts.aspectRatio, [0, 1, 2] as const),
        video_length: pick('length', opts.length, [15, 30, 60] as const),
        language: pick('language', opts.language, LANGUAGES),
        avatar_id: pick('avatar', opts.avatar, PUBLIC_AVATARS, (a) => String(a.avatar_id)).avatar_id,
        avatar_type: 0,
        script_style: pick('style', opts.style, SCRIPT_STYLES),
        template_type: 'public',
        voice_id: opts.voice ? checkVoice(opts.voice) : null,
        music_id: opts.music && opts.music !== '0' ? checkMusic(opts.music, music) : null,
        visual_style: opts.visualStyle ? pick('visual-style', opts.visualStyle, VISUAL_STYLES, (v) => v.name).name : null,
        template_id: opts.template ? pick('template', opts.template, PUBLIC_TEMPLATES, (t) => String(t.id)).id : null,
        override_script: opts.overrideScript ?? null,
        caption: Boolean(opts.caption),
        video_name: null,
      };
      const productFile = opts.product ? await readProductFile(path.resolve(opts.product)) : null;
      const out = path.resolve(opts.out);
      if (!/\.mp4$/i.test(out)) throw new OperatorError(`--out must name an .mp4 file, got "${opts.out}"`);

      const work = await fs.mkdtemp(path.join(os.tmpdir(), 'reelsmith-render-'));
      const store = new LocalBlobStore(path.join(work, 'files'), BASE);
      const fetcher = createSafeFetcher({ allowPrivate: config.allowPrivateUrls, userAgent: 'Mozilla/5.0 (compatible; Reelsmith)' });
      const importer = new MediaImporter(fetcher, store);
      const extractor = new ExtractPool(config.crawl);
      const engine = new EspeakProcess();
      const started = Date.now();
      const progress = createProgress(process.stderr, started);
      try {
        const id = hexId();
        progress.update(opts.url ? 'crawl' : 'product', 0);
        const product = opts.url
          ? await crawlProduct(new PageCrawler(fetcher, importer, extractor, { ...defaultPageLimits, crawlDeadlineMs: config.crawl.deadlineMs }), opts.url, id)
          : await productFromFile(productFile!, store, importer, id);
        progress.end();
        process.stderr.write(`product: ${product.name} (${product.media.length} media)\n`);
        const video: Video = {
          id: opts.seed ?? id, accountId: 'cli', kind: 'product', credits: 0, productId: id, request: { ...request, product_id: id }, title: product.name, status: 3, progress: 0,
          videoKey: '', coverKey: '', subtitlesKey: '', duration: 0, script: '', error: null, warnings: [], createdAt: started, updatedAt: started,
        };
        const generator = new PipelineGenerator({
          engine, music, store, publicBaseUrl: BASE, fetcher,
          llm: config.llm ? createLlmClient(config.llm) : null,
          renderScale: config.renderScale,
          log: {
            warn: (o, m) => {
              progress.end();
              process.stderr.write(`${m} ${JSON.stringify(o)}\n`);
            },
          },
        });
        const result = await generator
          .generate({ video, product, workDir: path.join(work, 'job') }, (stage, pct) => progress.update(stage, pct), new AbortController().signal)
          .catch((err: unknown) => {
            // A failure caused by the input (e.g. no product media loads) is the user's to fix: one line.
            if (err instanceof GenerationError && err.code !== 50000) throw new OperatorError(err.message);
            throw err;
          });
        progress.update('done', 100);
        progress.end();
        await fs.mkdir(path.dirname(out), { recursive: true });
        await fs.copyFile(result.videoPath, out);
        const stem = out.replace(/\.mp4$/i, '');
        await fs.copyFile(result.coverPath, `${stem}.jpg`);
        if (result.vttPath) await fs.copyFile(result.vttPath, `${stem}.vtt`);
        const summary = {
          video: out,
          cover: `${stem}.jpg`,
          subtitles: result.vttPath ? `${stem}.vtt` : null,
          duration_s: result.durationS,
          wall_s: (Date.now() - started) / 1000,
          ...(result.warnings?.length ? { warnings: result.warnings } : {}),
          script: result.script,
        };
        printResult(summary, opts.json);
      } finally {
        progress.end();
        await engine.close();
        await fetcher.close();
        await extractor.close();
        await fs.rm(work, { recursive: true, force: true });
      }
    });
}

function checkVoice(voiceId: string): string {
  if (!voiceSpec(voiceId)) throw new OperatorError(`unknown --voice "${voiceId}" (see: reelsmith voices list)`);
  return voiceId;
}

function checkMusic(raw: string, music: MusicLibrary): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || !music.preset(id)) {
    throw new OperatorError(`unknown --music ${raw} (ids: ${music.records().map((m) => m.id).join(', ')}; see: reelsmith music list)`);
  }
  return id;
}

async function crawlProduct(crawler: PageCrawler, url: string, id: string): Promise<Product> {
  const c = await crawler.crawl(url, id).catch((err: unknown) => {
    throw new OperatorError(err instanceof Error ? err.message : String(err));
  });
  const now = Date.now();
  return { id, accountId: 'cli', sourceUrl: url, targetAudience: '', createdAt: now, updatedAt: now, ...c };
}
