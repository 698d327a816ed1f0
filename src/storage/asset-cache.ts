import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Files made on first request and kept (catalog covers, voice auditions): one maker runs per file even
 * when many requests arrive together; a finished file is written under a temporary name and
 * renamed, so nobody reads half of it.
 */
export class AssetCache {
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(private readonly dir: string) {}

  async file(name: string, make: (target: string) => Promise<void>): Promise<string> {
    const target = path.join(this.dir, name);
    try {
      await fs.access(target);
      return target;
    } catch {
      // not made yet
    }
    let job = this.inFlight.get(target);
    if (!job) {
      job = (async () => {
        await fs.mkdir(path.dirname(target), { recursive: true });
        const tmp = `${target}.${process.pid}.tmp${path.extname(target)}`;
        await make(tmp);
        await fs.rename(tmp, target);
        return target;
      })().finally(() => this.inFlight.delete(target));
      this.inFlight.set(target, job);
    }
    return job;
  }
}
