/**
 * bench:quality: renders the matrix of bench/quality/matrix.ts through the real pipeline
 * (PipelineGenerator: media → writeScript → narrate → renderVideo, in process) and checks each
 * video against issue 10's targets: length ±10 %, true peak ≤ −1 dBTP, no full-scale samples,
 * A/V end together, ≤ 2 s silent tail, caption checks, layout checks (the layout step's own
 * boxes, via RenderTuning.onTimeline; with the product covered by the presenter, `presenter-product`), nothing cut with an ellipsis (quality/nothing-cut.ts), and
 * the share of spoken text in the narration language, and every text's contrast on the rendered
 * frames (quality/legibility.ts).
 * Then the presenter cells (quality/presenter-cells.ts: talking-avatar videos, drawn and photo
 * presenters, every ratio), each checked frame by frame for text over a face box; the product
 * cells get the same per-frame check from their timeline (timeline/face-check.ts).
 * Prints one row per video and the defect total (target 0); exit code 0 regardless.
 *
 *   npm run bench:quality [-- --sheets DIR] [--scale S] [--only N[,N…]] [--keep DIR]
 * --keep DIR: each video as DIR/qNN.mp4 with DIR/qNN.json (its timeline, words and sentences); a presenter cell's video only.
 */
import '../src/pipeline/render/alloc-env.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hexId } from '../src/lib/ids.ts';
import { createSafeFetcher } from '../src/net/safe-fetch.ts';
import type { MediaItem, Product } from '../src/products/product.repository.ts';
import { MusicLibrary } from '../src/catalog/music.library.ts';
import { formatPrice } from '../src/pipeline/script/price.ts';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { mediaFaceViolations } from '../src/pipeline/timeline/media-face.ts';
import { cardViolations, layoutViolations, textProductViolations, titleViolations } from '../src/pipeline/timeline/safety.ts';
import type { Timeline } from '../src/pipeline/timeline/types.ts';
import { captionsPresenterViolations, ctaHeadViolations, textFaceViolations, timelineFrameBoxes } from '../src/pipeline/timeline/face-check.ts';
import { PRESENTER_CELLS, presenterLabel, runPresenterCell } from './quality/presenter-cells.ts';
import type { Narration } from '../src/pipeline/types.ts';
import { LocalBlobStore } from '../src/storage/blob-store.ts';
import { PipelineGenerator } from '../src/videos/pipeline-generator.ts';
import type { Video } from '../src/videos/video.repository.ts';
import { CAPTION_TAGS, LANGUAGE_SHARE_MIN, LAYOUT_TAGS, countByTag, priceViolations } from './quality/checks.ts';
import { captionViolations } from '../src/pipeline/captions/check.ts';
import { captionPlacer } from '../src/pipeline/render/caption-layer.ts';
import { narrationLanguageShare } from '../src/pipeline/script/language-share.ts';
import { shortName } from '../src/pipeline/script/text.ts';
import { FIXTURES, writeImage } from './quality/fixtures.ts';
import { MATRIX, cellLabel, coverage, type Cell } from './quality/matrix.ts';
import { COVERAGE_TAGS, DESIGN_CELLS, coverageLine, coverageViolations } from './quality/design-cells.ts';
import { timelineFieldBands } from '../src/pipeline/timeline/coverage.ts';
import { timelineCoverage } from '../src/pipeline/timeline/coverage.ts';
import { LEAD_CELLS } from './quality/product-cells.ts';
import { productShareNotes, productShareViolations } from '../src/pipeline/timeline/product-share.ts';
import { presenterOverProductViolations } from '../src/pipeline/timeline/presenter-clear.ts';
import { presenterFloatViolations } from '../src/pipeline/timeline/presenter.ts';
import { captionsOverProduct } from '../src/pipeline/timeline/caption-clear.ts';
import { judgeAv, measureAv } from './quality/measure.ts';
import { writeContactSheet } from './quality/sheets.ts';
import { nothingCutViolations } from './quality/nothing-cut.ts';
import { legibilityViolations } from './quality/legibility.ts';
import { defects, formatTable, totals, type Row } from './quality/table.ts';

const BASE = 'http://reelsmith.local';
const { values: args } = parseArgs({ options: { sheets: { type: 'string' }, scale: { type: 'string', default: '0.5' }, only: { type: 'string' }, keep: { type: 'string' } } });
const scale = Number(args.scale);
const only = args.only ? new Set(args.only.split(',').map(Number)) : null;
const cells = [...MATRIX, ...LEAD_CELLS, ...DESIGN_CELLS].filter((c) => !only || only.has(c.n));
const presenterCells = PRESENTER_CELLS.filter((c) => !only || only.has(c.n));

/** A stored product for a cell: fixture text, the cell's price, images put in the blob store as crawled media are. */
async function productFor(cell: Cell, store: LocalBlobStore, imageDir: string): Promise<Product> {
  const f = FIXTURES[cell.fixture]!;
  const id = hexId();
  const media: MediaItem[] = [];
  for (const [i, shape] of f.images.entries()) {
    const file = await writeImage(imageDir, shape, (cell.n * 47 + i * 90) % 360);
    media.push({ type: 1, name: path.basename(file), url: await store.put(`media/${id}/image-${i}${path.extname(file)}`, await fs.readFile(file)), description: '' });
  }
  for (const url of f.brokenUrls ?? []) media.push({ type: 1, name: path.basename(url), url, description: '' });
  const now = Date.now();
  return {
    id, accountId: 'bench', sourceUrl: null, name: f.name, description: f.description, targetAudience: f.targetAudience, media,
    brand: f.brand, price: cell.price, currency: cell.currency, sellingPoints: f.sellingPoints, createdAt: now, updatedAt: now,
  };
}

function videoFor(cell: Cell, product: Product): Video {
  const now = Date.now();
  return {
    id: hexId(), accountId: 'bench', kind: 'product', credits: 1, productId: product.id, title: product.name, status: 3, progress: 0,
    videoKey: '', coverKey: '', subtitlesKey: '', duration: 0, script: '', error: null, warnings: [], createdAt: now, updatedAt: now,
    request: {
      product_id: product.id, aspect_ratio: cell.aspect, video_length: cell.length, language: cell.language,
      avatar_id: cell.avatarId ?? 1, avatar_type: 0, script_style: cell.scriptStyle, template_type: 'public', voice_id: null,
      music_id: cell.musicId, visual_style: cell.visualStyle, template_id: cell.templateId, override_script: null, caption: cell.caption ?? true, video_name: null,
    },
  };
}

async function main(): Promise<void> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'quality-bench-'));
  const store = new LocalBlobStore(path.join(work, 'files'), BASE);
  // Generated music tracks are kept between runs.
  const music = new MusicLibrary(new LocalBlobStore(path.join(os.tmpdir(), 'reelsmith-bench-music'), BASE));
  const engine = new EspeakProcess();
  const fetcher = createSafeFetcher({ allowPrivate: false, userAgent: 'Mozilla/5.0 (compatible; Reelsmith bench)' });
  const cov = coverage(cells);
  console.log(`bench:quality — ${cells.length} videos, scale ${scale}, ${cov.pairs}/9 ratio×length pairs, languages ${cov.languages.join(' ')}, templates ${cov.templates.join('')}, ${cov.styles}/6 styles, fixtures ${cov.fixtures.join(' ')}; ${os.cpus().length} cpus, load ${os.loadavg()[0]!.toFixed(1)}`);
  if (args.sheets) await fs.mkdir(args.sheets, { recursive: true });
  const rows: Row[] = [];
  let presenterDefects = 0;
  const details: string[] = [];
  const coverageLines: string[] = [];
  try {
    for (const cell of cells) {
      const label = cellLabel(cell);
      let narration: Narration | null = null;
      let timeline: Timeline | null = null;
      const generator = new PipelineGenerator({
        engine, music, store, publicBaseUrl: BASE, fetcher, llm: null, renderScale: scale,
        log: { warn: (o, m) => details.push(`#${cell.n} warn: ${m} ${JSON.stringify(o)}`) },
        observe: { narration: (n) => (narration = n), timeline: (t) => (timeline = t) },
      });
      const t0 = performance.now();
      const row: Row = { label: `#${cell.n} ${['9:16', '16:9', '1:1'][cell.aspect]} ${cell.length}s ${cell.language} T${cell.templateId}`, lengthS: cell.length, av: null, judged: null, tailS: null, captions: {}, layout: {}, cut: 0, price: 0, languageShare: null, languageLow: false, error: null, renderS: 0 };
      try {
        const product = await productFor(cell, store, path.join(work, 'images'));
        const jobDir = path.join(work, `job-${cell.n}`);
        const result = await generator.generate({ video: videoFor(cell, product), product, workDir: jobDir }, () => undefined, new AbortController().signal);
        row.renderS = (performance.now() - t0) / 1000;
        const n = narration as Narration | null;
        const t = timeline as Timeline | null;
        if (!n || !t) throw new Error('pipeline did not report its narration and timeline');
        row.av = await measureAv(result.videoPath);
        const words = n.speech.words;
        const speechEndS = (words.length ? words[words.length - 1]!.endMs : n.speech.durationMs) / 1000;
        row.tailS = row.av.durationS - speechEndS;
        row.judged = judgeAv(row.av, cell.length, speechEndS);
        const spans = [product.name, shortName(product.name), product.brand ?? '', formatPrice(product.price, product.currency, cell.language) ?? ''];
        const cap = t.captions ? captionViolations(t.captions, { protectedSpans: spans, place: captionPlacer(t.captions, t.captionsBox, t.style), box: t.captionsBox }) : [];
        // The layout step's checks, and the per-frame one every video kind shares: no text box meets a face box.
        // Nothing cut (quality/nothing-cut.ts): its own column, so not counted again under layout.
        const cut = nothingCutViolations(t, n.script);
        // Every text readable on the rendered frames (quality/legibility.ts).
        const leg = await legibilityViolations(result.videoPath, t);
        const lay = [...layoutViolations(t).filter((v) => !cut.includes(v)), ...textFaceViolations(timelineFrameBoxes(t)), ...ctaHeadViolations(timelineFrameBoxes(t)), ...captionsPresenterViolations(timelineFrameBoxes(t)), ...presenterFloatViolations(t), ...coverageViolations(t), ...productShareViolations(t), ...presenterOverProductViolations(t), ...captionsOverProduct(t), ...textProductViolations(t), ...titleViolations(t), ...cardViolations(t), ...mediaFaceViolations(t), ...leg.violations];
        const w = leg.worst;
        details.push(`#${cell.n} legibility: ${leg.judged} text boxes measured, ${leg.busy} on a busy ground not judged; lowest ${w ? `${w.contrast.toFixed(1)}:1 (needs ${w.need}) ${w.id} at ${w.atS.toFixed(1)} s` : '-'}`);
        details.push(...productShareNotes(t).map((v) => `#${cell.n} ${v}`));
        // A designed field a third bare (a note, not a defect yet: docs/rendering.md "No empty frames").
        details.push(...timelineFieldBands(t).map((v) => `#${cell.n} ${v}`));
        row.captions = countByTag(cap, CAPTION_TAGS, 'caption');
        row.layout = countByTag(lay, [...LAYOUT_TAGS, ...COVERAGE_TAGS], 'layout');
        row.cut = cut.length;
        coverageLines.push(coverageLine(label, timelineCoverage(t)));
        const prices = priceViolations(n.script, product.price, product.currency);
        row.price = prices.length;
        // The name as the writer says it is its short form ("UltraComfort … Lumbar Support" of the 80-character name): a name too.
        row.languageShare = narrationLanguageShare(n.script, cell.language, [product.name, shortName(product.name), product.brand]);
        row.languageLow = row.languageShare < LANGUAGE_SHARE_MIN;
        details.push(...[...cap.slice(0, 6), ...lay.slice(0, 6), ...cut.slice(0, 6), ...prices].map((v) => `#${cell.n} ${v}`));
        details.push(`#${cell.n} script: ${n.script.sentences.map((s) => s.spoken && s.spoken !== s.text ? `${s.text} [${s.spoken}]` : s.text).join(' ')}`);
        if (args.sheets) await writeContactSheet(result.videoPath, path.join(args.sheets, `q${String(cell.n).padStart(2, '0')}.png`), label, row.av.durationS, t.fps);
        if (args.keep) {
          // The video, and what made it (the timeline, the words' timings) to look frames up against.
          const base = path.join(await fs.mkdir(args.keep, { recursive: true }).then(() => args.keep!), `q${String(cell.n).padStart(2, '0')}`);
          await fs.copyFile(result.videoPath, `${base}.mp4`);
          await fs.writeFile(`${base}.json`, JSON.stringify({ timeline: t, words: n.speech.words, sentences: n.speech.sentences, script: n.script.sentences }));
        }
      } catch (err) {
        row.error = err instanceof Error ? err.message.slice(0, 120) : String(err);
        row.renderS = (performance.now() - t0) / 1000;
      } finally {
        await fs.rm(path.join(work, `job-${cell.n}`), { recursive: true, force: true });
      }
      rows.push(row);
      console.log(`${label}: ${defects(row)} defects (${row.renderS.toFixed(0)} s)`);
    }
    // Talking-avatar videos (drawn and photo presenters, every ratio): rendered, checked frame by frame.
    for (const cell of presenterCells) {
      const label = presenterLabel(cell);
      const t0 = performance.now();
      try {
        const r = await runPresenterCell(cell, engine, path.join(work, `talk-${cell.n}`), scale);
        presenterDefects += r.defects.length;
        details.push(...r.defects.map((d) => `#${cell.n} ${d}`));
        if (args.sheets) await writeContactSheet(r.videoPath, path.join(args.sheets, `q${cell.n}.png`), label, r.durationS, r.fps);
        if (args.keep) await fs.mkdir(args.keep, { recursive: true }).then(() => fs.copyFile(r.videoPath, path.join(args.keep!, `q${cell.n}.mp4`)));
        console.log(`${label}: ${r.defects.length} defects (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
      } catch (err) {
        presenterDefects++;
        console.log(`${label}: error ${err instanceof Error ? err.message.slice(0, 120) : String(err)}`);
      } finally {
        await fs.rm(path.join(work, `talk-${cell.n}`), { recursive: true, force: true });
      }
    }
  } finally {
    await engine.close();
    await fetcher.close();
    await fs.rm(work, { recursive: true, force: true });
  }
  console.log(`\n${formatTable(rows)}`);
  console.log('\n! = target missed.');
  console.log('Targets: dur within ±10 % of len; TP ≤ −1.0 dBTP; clip 0; |A/V| ≤ 40 ms; tail ≤ 2 s; lang ≥ 80 %; price shown as stored with its symbol; no caption or layout violation; no text cut (cut 0).');
  console.log(`\nNo empty frames (coverage ≥ 45 % and no band over a third empty for over 2 s, from the timeline's boxes):\n${coverageLines.join('\n')}`);
  console.log(`\nDetails:\n${details.join('\n')}`);
  const tot = totals(rows);
  console.log(`\nTOTAL DEFECTS: ${tot.defects + presenterDefects} over ${tot.videos + presenterCells.length} videos (${tot.clean} clean product videos; ${presenterDefects} presenter-cell defects). Target 0.`);
}

await main();
