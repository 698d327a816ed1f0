/**
 * The face pipeline off the event loop: photos go to one worker thread (piscina) that keeps the
 * face models loaded; the caller only posts bytes and awaits a verdict. The thread starts on the
 * first photo and ends after a minute idle.
 */
import { Piscina } from 'piscina';
import type { RigVerdict } from './photo.rig.ts';

const WORKER = new URL('./face.worker.mjs', import.meta.url);

export class FacePool {
  private pool: Piscina<{ image: Uint8Array }, RigVerdict> | null = null;

  constructor(private readonly threads = 1) {}

  /** Finds the one face in `image` and returns its rig, or why the photo cannot be a presenter. */
  analyse(image: Uint8Array): Promise<RigVerdict> {
    this.pool ??= new Piscina({ filename: WORKER.href, minThreads: 0, maxThreads: this.threads, idleTimeout: 60_000 });
    const copy = new Uint8Array(image);
    return this.pool.run({ image: copy }, { transferList: [copy.buffer] });
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = null;
  }
}
