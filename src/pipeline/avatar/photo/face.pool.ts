/**
 * The face pipeline off the event loop: photos go to one worker thread (piscina) that keeps the
 * face models loaded; the caller only posts bytes and awaits a verdict. The thread starts on the
 * first photo and ends after a minute idle.
 */
import { Piscina } from 'piscina';
import type { RigVerdict } from './photo.rig.ts';
import type { VideoTrackInput, VideoTrackResult } from '../video/face-video.task.ts';
import { workerEntry } from '../../../lib/worker-entry.ts';

const WORKER = new URL('./face.worker.ts', import.meta.url);

export class FacePool {
  private pool: Piscina | null = null;

  constructor(
    private readonly threads = 1,
    /** Time one photo may take in the worker, queueing included; then the thread is ended and the photo refused. */
    private readonly timeoutMs = 60_000,
  ) {}

  /** Finds the one face in `image` and returns its rig, or why the photo cannot be a presenter. */
  async analyse(image: Uint8Array): Promise<RigVerdict> {
    const pool = await this.start();
    const copy = new Uint8Array(image);
    try {
      return (await pool.run({ image: copy }, { transferList: [copy.buffer], signal: AbortSignal.timeout(this.timeoutMs) })) as RigVerdict;
    } catch (err) {
      if ((err as Error).name === 'AbortError') return { ok: false, reason: `the photo took longer than ${this.timeoutMs / 1000} s to analyse; use a smaller photo` };
      throw err;
    }
  }

  /**
   * The face in every frame of a local video file (video presenters, lip-sync; face-video.task.ts),
   * in the same thread as the photos. `signal` ends the thread's work when the job is stopped.
   */
  async trackVideo(input: VideoTrackInput, signal?: AbortSignal): Promise<VideoTrackResult> {
    return (await (await this.start()).run(input, { name: 'trackVideoTask', ...(signal ? { signal } : {}) })) as VideoTrackResult;
  }

  private async start(): Promise<Piscina> {
    const entry = await workerEntry(WORKER);
    return (this.pool ??= new Piscina({ ...entry, minThreads: 0, maxThreads: this.threads, idleTimeout: 60_000, resourceLimits: { maxOldGenerationSizeMb: 1024 } }));
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = null;
  }
}
