import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { contentTypeFor } from './content-types.ts';

/** What is known of one stored file without reading it. */
export interface BlobInfo {
  size: number;
  /** Last write, ms since the epoch. */
  modifiedMs: number;
  /** A validator that changes when the bytes change (quoted, as HTTP sends it). */
  etag: string;
  /** What it is served as (from the key's extension, content-types.ts). */
  contentType: string;
}

export interface BlobEntry extends Omit<BlobInfo, 'contentType'> {
  key: string;
}

/** Inclusive byte range, as HTTP's `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/** The key names no stored file. */
export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no stored file ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

/**
 * Where media, renders and every other stored file live: local disk (LocalBlobStore) or an
 * S3-compatible bucket (S3BlobStore), chosen in the composition root. Nothing outside a store
 * knows where its files are: callers read bytes, stream them, or copy them to a scratch file
 * for tools (ffmpeg) that read files. Keys look like "media/<32 hex>/<name>.jpg" and are checked
 * by isSafeStorageKey (every method refuses others).
 */
export interface BlobStore {
  /** Stores bytes under a key and returns the public URL. Readers never see half a file. */
  put(key: string, data: Buffer): Promise<string>;
  /** Stores a local file's bytes (streamed) under a key and returns the public URL. */
  putFile(key: string, file: string): Promise<string>;
  /** The whole file; BlobNotFoundError when absent. */
  get(key: string): Promise<Buffer>;
  /** Size, time and validator, or null when absent. */
  stat(key: string): Promise<BlobInfo | null>;
  /** The bytes, or the inclusive range of them; BlobNotFoundError when absent. */
  stream(key: string, range?: ByteRange): Promise<Readable>;
  /** Copies the file to a local path (a scratch file of a job); BlobNotFoundError when absent. */
  toFile(key: string, dest: string): Promise<void>;
  /** Every file under a key prefix ("media" lists media/…, not a file named "media"), in no particular order. */
  list(prefix: string): AsyncIterable<BlobEntry>;
  publicUrl(key: string): string;
  /** Total bytes of the files under a key prefix ("media/<id>"); 0 when there are none. */
  bytesUnder(prefix: string): Promise<number>;
  /** Removes every file under a key prefix (or the file with that key); nothing there is not an error. */
  removeUnder(prefix: string): Promise<void>;
  /** Throws with one clear line when the store cannot be reached or written (startup checks, /health). */
  check(): Promise<void>;
  /** Lets go of connections (S3); the store is not used afterwards. */
  close(): void;
}

const safeKey = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** S3's longest key; the same for both stores so a key works in either. */
const MAX_KEY_LENGTH = 1024;

/** A storage key: letters, digits and / _ . - only, no ".." anywhere, no empty or "." segment, at most 1024 characters. */
export function isSafeStorageKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && safeKey.test(key) && !key.includes('..') && !key.split('/').some((s) => s === '' || s === '.');
}

export function assertSafeKey(key: string): string {
  if (!isSafeStorageKey(key)) throw new Error(`unsafe storage key: ${key}`);
  return key;
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
    const tmp = tmpName(file);
    try {
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
    return this.publicUrl(key);
  }

  async putFile(key: string, source: string): Promise<string> {
    const file = this.localPath(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = tmpName(file);
    try {
      await fs.copyFile(source, tmp);
      await fs.rename(tmp, file);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
    return this.publicUrl(key);
  }

  async get(key: string): Promise<Buffer> {
    return fs.readFile(this.localPath(key)).catch((err: NodeJS.ErrnoException) => {
      throw missing(err, key);
    });
  }

  async stat(key: string): Promise<BlobInfo | null> {
    const st = await fs.stat(this.localPath(key)).catch(() => null);
    return st?.isFile() ? { ...infoOf(st), contentType: contentTypeFor(key) } : null;
  }

  async stream(key: string, range?: ByteRange): Promise<Readable> {
    // Opened before it is returned, so a missing file is this call's error, not the stream's.
    const handle = await fs.open(this.localPath(key), 'r').catch((err: NodeJS.ErrnoException) => {
      throw missing(err, key);
    });
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new BlobNotFoundError(key);
    }
    return handle.createReadStream({ autoClose: true, ...(range ? { start: range.start, end: range.end } : {}) });
  }

  async toFile(key: string, dest: string): Promise<void> {
    await fs.mkdir(path.dirname(dest), { recursive: true });
    await fs.copyFile(this.localPath(key), dest).catch((err: NodeJS.ErrnoException) => {
      throw missing(err, key);
    });
  }

  async *list(prefix: string): AsyncIterable<BlobEntry> {
    // Keys under prefix/ only, like S3's listing of "prefix/": a file named `prefix` is not listed.
    const dir = this.localPath(prefix);
    if (!(await fs.stat(dir).then((st) => st.isDirectory(), () => false))) return;
    yield* walk(this.root, dir);
  }

  publicUrl(key: string): string {
    return filesUrl(this.publicBase, key);
  }

  async bytesUnder(prefix: string): Promise<number> {
    return totalSize(this.list(prefix));
  }

  async removeUnder(prefix: string): Promise<void> {
    await fs.rm(this.localPath(prefix), { recursive: true, force: true });
  }

  async check(): Promise<void> {
    const fail = (err: NodeJS.ErrnoException) => {
      throw new Error(`the data directory ${this.root} is not writable${err.code ? ` (${err.code})` : ''}`);
    };
    await fs.mkdir(this.root, { recursive: true }).catch(fail);
    await fs.access(this.root, fs.constants.W_OK).catch(fail);
  }

  close(): void {}

  /** The file behind a key: for tests and operators looking at DATA_DIR, never for callers of BlobStore. */
  localPath(key: string): string {
    return path.join(this.root, assertSafeKey(key));
  }
}

function tmpName(file: string): string {
  return `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
}

function missing(err: NodeJS.ErrnoException, key: string): Error {
  return err.code === 'ENOENT' || err.code === 'EISDIR' || err.code === 'ENOTDIR' ? new BlobNotFoundError(key) : err;
}

function infoOf(st: { size: number; mtimeMs: number; ino: number }): Omit<BlobInfo, 'contentType'> {
  const tag = createHash('sha1').update(`${st.ino}-${st.size}-${st.mtimeMs}`).digest('hex').slice(0, 20);
  return { size: st.size, modifiedMs: Math.floor(st.mtimeMs), etag: `"${tag}"` };
}

async function* walk(root: string, file: string): AsyncGenerator<BlobEntry> {
  const st = await fs.lstat(file).catch(() => null);
  if (!st) return;
  if (st.isFile()) {
    yield { key: path.relative(root, file).split(path.sep).join('/'), ...infoOf(st) };
    return;
  }
  if (!st.isDirectory()) return;
  for (const name of await fs.readdir(file).catch(() => [] as string[])) yield* walk(root, path.join(file, name));
}

/** Where every store's files are served: PUBLIC_BASE_URL/files/<key> (src/storage/files.routes.ts). */
export function filesUrl(publicBase: string, key: string): string {
  return `${publicBase}/files/${key}`;
}

/** The bytes of a listing (bytesUnder of every store). */
export async function totalSize(entries: AsyncIterable<BlobEntry>): Promise<number> {
  let total = 0;
  for await (const e of entries) total += e.size;
  return total;
}
