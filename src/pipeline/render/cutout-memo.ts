/**
 * The cut-outs a process has made, kept for its next videos (issue 29, latency budget): the
 * backdrop flood of a 9:16 floor product (~1500 px square) costs 0.5-0.8 CPU s and its thread
 * ~0.4 s to start, paid again by every video of the same product. Keyed by the image file's
 * bytes (each job downloads its product's media to its own directory) and the size asked for;
 * each result held deflated (a cut-out is mostly cleared pixels: 9 MB → ~0.3 MB, ~15 ms each way
 * in libuv's pool), least recently used dropped past MEMO_BYTES. A hit gives the very bytes the
 * thread gave, in a fresh buffer of its own (callers may keep or change theirs).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { CutoutResult, CutoutTask } from './cutout.task.ts';

const deflateRaw = promisify(zlib.deflateRaw);
const inflateRaw = promisify(zlib.inflateRaw);

/** Deflated bytes kept at most (some dozens of product cut-outs). */
const MEMO_BYTES = 16 * 1024 * 1024;

interface Kept {
  z: Buffer;
  width: number;
  height: number;
  removed: boolean;
}

export class CutoutMemo {
  private readonly kept = new Map<string, Kept>();
  /** Cut-outs under way, so two asks for one key run it once. */
  private readonly making = new Map<string, Promise<CutoutResult>>();
  private bytes = 0;

  constructor(private readonly maxBytes = MEMO_BYTES) {}

  /** The cut-out of `task`: kept, or made by `make` (once per key) and kept. */
  async get(task: CutoutTask, make: () => Promise<CutoutResult>): Promise<CutoutResult> {
    const key = await this.key(task);
    if (key === null) return make();
    const hit = this.kept.get(key);
    if (hit) {
      this.kept.delete(key);
      this.kept.set(key, hit);
      return this.unpack(hit);
    }
    const under = this.making.get(key);
    if (under) {
      const r = await under;
      return { ...r, data: Uint8Array.from(r.data) };
    }
    const made = make();
    this.making.set(key, made);
    try {
      const r = await made;
      // Not kept when deflating fails: the next video cuts it out again, as before.
      await deflateRaw(r.data, { level: 1 }).then((z) => this.keep(key, { z, width: r.width, height: r.height, removed: r.removed }), () => undefined);
      return r;
    } finally {
      this.making.delete(key);
    }
  }

  private async key(task: CutoutTask): Promise<string | null> {
    const bytes = await fs.readFile(task.path).catch(() => null);
    if (!bytes) return null;
    return `${createHash('sha1').update(bytes).digest('hex')} ${task.width}x${task.height}`;
  }

  private async unpack(k: Kept): Promise<CutoutResult> {
    const data = await inflateRaw(k.z);
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: k.width, height: k.height, removed: k.removed };
  }

  private keep(key: string, k: Kept): void {
    if (k.z.length > this.maxBytes) return;
    this.kept.set(key, k);
    this.bytes += k.z.length;
    for (const [old, v] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(old);
      this.bytes -= v.z.length;
    }
  }
}
