/**
 * Frame readbacks freed as soon as they are done with, not when V8 next collects garbage.
 *
 * `canvas.data()` hands out a fresh buffer per frame (8 MB at 1080x1920) whose pixels the canvas
 * binding frees only when V8 collects the Buffer object; V8 counts them as external memory and
 * collects once that has grown by its soft limit (~64 MB), so ~20-100 MB of finished frames sat
 * in a render's peak (docs/rendering.md "Peak memory"). Detaching the buffer's ArrayBuffer
 * (`ArrayBuffer.prototype.transfer(0)`) drops its backing store at once: the binding's finalizer
 * runs from the event loop's next turn, with no GC.
 *
 * Node 20's V8 has `transfer` behind `--harmony-rab-gsab-transfer`, which only installs it in
 * contexts made after the flag is set: it is set once and the function is taken from a fresh vm
 * context (it works on any realm's ArrayBuffer). Where neither is there, nothing is freed early.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

type Transfer = (this: ArrayBuffer, newLength?: number) => ArrayBuffer;

let transfer: Transfer | null | undefined;

function arrayBufferTransfer(): Transfer | null {
  if (transfer !== undefined) return transfer;
  const own = (ArrayBuffer.prototype as { transfer?: Transfer }).transfer;
  if (typeof own === 'function') return (transfer = own);
  try {
    v8.setFlagsFromString('--harmony-rab-gsab-transfer');
    const fn = vm.runInNewContext('ArrayBuffer.prototype.transfer') as unknown;
    transfer = typeof fn === 'function' ? (fn as Transfer) : null;
  } catch {
    transfer = null;
  }
  return transfer;
}

/**
 * Frees `buf`'s memory now if it is the whole of its own ArrayBuffer (a readback: never a view
 * into a shared pool, which would detach its neighbours too); `buf` is empty afterwards. The
 * caller must be the last user: nothing may read it later (a pipe write, sharp) or hold it.
 * Returns whether it was freed.
 */
export function freeReadback(buf: Buffer): boolean {
  const ab = buf.buffer;
  if (!(ab instanceof ArrayBuffer) || buf.byteOffset !== 0 || buf.byteLength !== ab.byteLength || ab.byteLength === 0) return false;
  const t = arrayBufferTransfer();
  if (!t) return false;
  t.call(ab, 0);
  return true;
}

/**
 * A render loop's readbacks: `next(pixels)` with each frame's buffer once it has been handed on;
 * when a new readback replaced the previous one (the compositor hands the same buffer again for
 * an unchanged frame), the previous one is freed, unless it is `keep`-ed (the cover, which sharp
 * reads on its own thread: freed once sharp is done). Only for a sink that does not hold the frames written to it (one that
 * converts them to yuv420p at `write`: `enabled` false otherwise, then it does nothing).
 */
export class ReadbackRelease {
  private prev: Buffer | null = null;
  private readonly kept = new Set<Buffer>();
  /** Kept readbacks the loop has moved past: freed when their reader is done. */
  private readonly passed = new Set<Buffer>();
  /** Readbacks freed (tests, bench). */
  freed = 0;

  constructor(private readonly enabled: boolean) {}

  /**
   * Not freed while `until` runs (sharp reading it); once it settled, freed if the loop moved past
   * it. A reader done before the loop even handed the buffer on (a small cover, while the encoder
   * took the frame) leaves it to `next`: it may still be the frame handed again.
   */
  keep(buf: Buffer, until: Promise<unknown>): void {
    this.kept.add(buf);
    const done = (): void => {
      this.kept.delete(buf);
      if (this.passed.delete(buf) && this.enabled && freeReadback(buf)) this.freed++;
    };
    until.then(done, done);
  }

  next(pixels: Buffer): void {
    const prev = this.prev;
    this.prev = pixels;
    if (!this.enabled || !prev || prev === pixels) return;
    if (this.kept.has(prev)) this.passed.add(prev);
    else if (freeReadback(prev)) this.freed++;
  }
}
