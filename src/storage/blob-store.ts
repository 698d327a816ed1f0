import fs from 'node:fs/promises';
import path from 'node:path';

/** Where media, renders and other files the API serves are kept. */
export interface BlobStore {
  /** Stores bytes under a key like "media/<32 hex>/<name>.jpg" and returns the public URL. */
  put(key: string, data: Buffer): Promise<string>;
  publicUrl(key: string): string;
  /** Local path of a key, for tools (ffmpeg) that read files. */
  localPath(key: string): string;
  /** Total bytes of the files under a key prefix ("media/<id>"); 0 when there are none. */
  bytesUnder(prefix: string): Promise<number>;
  /** Removes every file under a key prefix; nothing there is not an error. */
  removeUnder(prefix: string): Promise<void>;
  /** Throws with one clear line when the store cannot be written (startup checks, /health). */
  check(): Promise<void>;
}

const safeKey = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** A storage key: letters, digits and / _ . - only, no ".." anywhere, no empty or "." segment. */
export function isSafeStorageKey(key: string): boolean {
  return safeKey.test(key) && !key.includes('..') && !key.split('/').some((s) => s === '' || s === '.');
}

/** Files under DATA_DIR/files, served at PUBLIC_BASE_URL/files/<key>. */
export class LocalBlobStore implements BlobStore {
  constructor(
    readonly root: string,
    private readonly publicBase: string,
  ) {}

  async put(key: string, data: Buffer): Promise<string> {
    const file = this.localPath(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
    return this.publicUrl(key);
  }

  publicUrl(key: string): string {
    return `${this.publicBase}/files/${key}`;
  }

  async bytesUnder(prefix: string): Promise<number> {
    return treeBytes(this.localPath(prefix));
  }

  async removeUnder(prefix: string): Promise<void> {
    await fs.rm(this.localPath(prefix), { recursive: true, force: true });
  }

  async check(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, fs.constants.W_OK).catch(() => {
      throw new Error(`the data directory ${this.root} is not writable`);
    });
  }

  localPath(key: string): string {
    if (!isSafeStorageKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }
}

async function treeBytes(file: string): Promise<number> {
  const st = await fs.lstat(file).catch(() => null);
  if (!st) return 0;
  if (!st.isDirectory()) return st.isFile() ? st.size : 0;
  let total = 0;
  for (const name of await fs.readdir(file).catch(() => [] as string[])) total += await treeBytes(path.join(file, name));
  return total;
}
