/**
 * Start-up warm-up of a process that runs video jobs (`serve` with its in-process worker,
 * `worker`): what the first video would otherwise pay for on first use is done once, in the
 * background, after the server listens (it never delays readiness):
 * - speech: the espeak-ng worker process started and its English voice loaded (one short
 *   synthesis);
 * - render: a 2 s 1080x1920 sample video at 5 fps rendered through the real renderer into a scratch
 *   directory — the drawing code JIT-compiled, the fonts and Skia's glyph caches, sharp/libvips,
 *   and ffmpeg with x264 loaded from disk (its libraries in the page cache), the AAC mux and the
 *   faststart move;
 * Not by default: 'music' (the music library's beds rendered and stored if missing). Measured
 * (bench:e2e, load 24): 406 s of wall time next to the first video, which it slowed from 175 s to
 * 308 s; beds are made on first use of a music_id and kept in storage (once per install), so the
 * default warm-up leaves them to that. Pass steps: [..., 'music'] to make them at start anyway.
 * Each step is timed; a failed step is logged and skipped (the job would pay it on first use, as
 * before). A video job that starts in the process meanwhile interrupts it (`yieldTo`): the first
 * video of a fresh server no longer shares the two cores with the warm-up's render. What each step saves was measured with bench:e2e and bench:first-use
 * (docs/rendering.md "Start-up warm-up").
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface WarmUpDeps {
  /** The process's speech engine (the espeak worker client). */
  espeak?: { synth(req: { voice: string; rate: number; pitch: number; range: number; text: string; ssml: boolean; pcmPath: string }): Promise<unknown> };
  /** The music library: its missing beds are rendered. */
  music?: { prepareAll(): Promise<{ generated: number[]; reused: number[]; ms: number }> };
  /** Steps to run (default DEFAULT_WARM_STEPS). */
  steps?: readonly WarmStep[];
  /** Called between steps; true stops the warm-up (the process is closing). */
  stopped?: () => boolean;
  /**
   * Aborted when a video job starts in this process: the warm-up steps aside (its render stops
   * between two frames, no later step runs) so the job has both cores; what was not warmed the job
   * loads on first use, as without a warm-up.
   */
  yieldTo?: AbortSignal;
}

export type WarmStep = 'speech' | 'render' | 'music';
export const DEFAULT_WARM_STEPS: readonly WarmStep[] = ['speech', 'render'];

export interface WarmUpReport {
  /** Step → wall ms (a failed step is absent and named in `failed`). */
  ms: Partial<Record<WarmStep, number>>;
  failed: { step: WarmStep; error: string }[];
  /** The step a video job interrupted (`yieldTo`), when one did; the steps after it did not run. */
  yielded?: WarmStep;
  totalMs: number;
}

export async function warmUp(deps: WarmUpDeps): Promise<WarmUpReport> {
  const t0 = performance.now();
  const report: WarmUpReport = { ms: {}, failed: [], totalMs: 0 };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reelsmith-warm-'));
  try {
    for (const step of deps.steps ?? DEFAULT_WARM_STEPS) {
      if (deps.stopped?.()) break;
      if (deps.yieldTo?.aborted) {
        report.yielded ??= step;
        break;
      }
      const s0 = performance.now();
      try {
        await run(step, deps, dir);
        report.ms[step] = Math.round(performance.now() - s0);
      } catch (err) {
        if (deps.yieldTo?.aborted) {
          report.yielded = step;
          break;
        }
        report.failed.push({ step, error: err instanceof Error ? err.message : String(err) });
      }
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  report.totalMs = Math.round(performance.now() - t0);
  return report;
}

async function run(step: WarmStep, deps: WarmUpDeps, dir: string): Promise<void> {
  switch (step) {
    case 'speech':
      if (deps.espeak) await deps.espeak.synth({ voice: 'en-us', rate: 175, pitch: 50, range: 50, text: 'Ready.', ssml: false, pcmPath: path.join(dir, 'warm.pcm') });
      return;
    case 'render': {
      // Loaded here, not at the top: a process that never warms (tests, the CLI) never loads them for this.
      const { renderVideo } = await import('../pipeline/render/render-video.ts');
      const { sampleNarration, sampleSentences, writeSampleProduct } = await import('../pipeline/render/sample.ts');
      const product = await writeSampleProduct(path.join(dir, 'product'));
      // One sentence (about 2 s) at 5 fps: a dozen full-size frames run every drawing path once.
      const narration = await sampleNarration(path.join(dir, 'narration'), sampleSentences(1).slice(0, 1));
      await renderVideo({ narration, product, avatarId: 1, templateId: 1, visualStyle: null, aspectRatio: 0, caption: true, fps: 5, outDir: path.join(dir, 'render'), ...(deps.yieldTo ? { signal: deps.yieldTo } : {}) });
      return;
    }
    case 'music':
      if (deps.music) await deps.music.prepareAll();
      return;
  }
}
