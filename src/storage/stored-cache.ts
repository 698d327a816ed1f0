import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BlobStore } from './blob-store.ts';

/**
 * Files made on first request and kept in the blob store (catalog covers and previews, voice
 * auditions) under `prefix`: one maker runs per key in a process even when many requests arrive
 * together; it writes a scratch file that is then stored whole, so nobody reads half of it. A
 * key found stored is not looked up again by this process. Several processes may each make a
 * missing file once; the same inputs make the same file, so the last store wins harmlessly.
 */
export class StoredCache {
  private readonly inFlight = new Map<string, Promise<string>>();
  private readonly known = new Set<string>();

  constructor(
    private readonly store: BlobStore,
    private readonly prefix: string,
  ) {}

  /** The storage key of `name` under the prefix, made by `make(scratchFile)` when missing. */
  async key(name: string, make: (target: string) => Promise<void>): Promise<string> {
    const key = `${this.prefix}/${name}`;
    if (this.known.has(key)) return key;
    let job = this.inFlight.get(key);
    if (!job) {
      job = (async () => {
        if (!(await this.store.stat(key))) {
          const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'reelsmith-cache-'));
          try {
            // The name's extension is kept: ffmpeg picks the format from it.
            const target = path.join(scratch, `made${path.extname(name)}`);
            await make(target);
            await this.store.putFile(key, target);
          } finally {
            await fs.rm(scratch, { recursive: true, force: true });
          }
        }
        this.known.add(key);
        return key;
      })().finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, job);
    }
    return job;
  }
}
