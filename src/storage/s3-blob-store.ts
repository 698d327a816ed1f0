import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StorageBackend } from '../config/config.ts';
import { assertSafeKey, BlobNotFoundError, filesUrl, totalSize, type BlobEntry, type BlobInfo, type BlobStore, type ByteRange } from './blob-store.ts';
import { contentTypeFor } from './content-types.ts';

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, s3rver in the tests), under the same
 * keys as on local disk and served by the API at PUBLIC_BASE_URL/files/<key> (docs/storage.md).
 * A PutObject is atomic (readers see the old object or the new one), so no temporary names.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    private readonly settings: S3StorageBackend,
    private readonly publicBase: string,
  ) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      // Checksums only where S3 requires them: older self-hosted servers refuse the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async put(key: string, data: Buffer): Promise<string> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: assertSafeKey(key), Body: data, ContentLength: data.length, ContentType: contentTypeFor(key) }));
    return this.publicUrl(key);
  }

  async putFile(key: string, file: string): Promise<string> {
    assertSafeKey(key);
    const { size } = await fs.stat(file);
    // One PutObject takes up to 5 GB; a video or an upload is far below that.
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(file), ContentLength: size, ContentType: contentTypeFor(key) }));
    return this.publicUrl(key);
  }

  async get(key: string): Promise<Buffer> {
    const body = await this.stream(key);
    const chunks: Buffer[] = [];
    for await (const c of body) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  async stat(key: string): Promise<BlobInfo | null> {
    try {
      const h = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: assertSafeKey(key) }));
      return { size: h.ContentLength ?? 0, modifiedMs: h.LastModified?.getTime() ?? 0, etag: h.ETag ?? '""', contentType: h.ContentType ?? contentTypeFor(key) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async stream(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: assertSafeKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      return out.Body as Readable;
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async toFile(key: string, dest: string): Promise<void> {
    const body = await this.stream(key);
    await fs.mkdir(path.dirname(dest), { recursive: true });
    const tmp = `${dest}.${process.pid}.download`;
    try {
      await pipeline(body, createWriteStream(tmp));
      await fs.rename(tmp, dest);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  async *list(prefix: string): AsyncIterable<BlobEntry> {
    const dir = `${assertSafeKey(prefix)}/`;
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: dir, ...(token ? { ContinuationToken: token } : {}) }));
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { key: o.Key, size: o.Size ?? 0, modifiedMs: o.LastModified?.getTime() ?? 0, etag: o.ETag ?? '""' };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  publicUrl(key: string): string {
    return filesUrl(this.publicBase, key);
  }

  async bytesUnder(prefix: string): Promise<number> {
    return totalSize(this.list(prefix));
  }

  async removeUnder(prefix: string): Promise<void> {
    const keys: string[] = [];
    if (await this.stat(prefix)) keys.push(prefix);
    for await (const e of this.list(prefix)) keys.push(e.key);
    // DeleteObjects takes at most 1000 keys; deleting a missing key is not an error in S3.
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      const out = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
      const failed = out.Errors?.[0];
      if (failed) throw new Error(`S3 could not delete ${failed.Key}: ${failed.Code ?? ''} ${failed.Message ?? ''}`.trim());
    }
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const where = this.settings.endpoint ?? `AWS ${this.settings.region}`;
      throw new Error(`the S3 bucket ${this.bucket} at ${where} cannot be used: ${describe(err)}`);
    }
  }

  /** Closes the client's connections (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}

function isMissing(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404;
}

function describe(err: unknown): string {
  if (err instanceof S3ServiceException) {
    const status = err.$metadata.httpStatusCode;
    if (status === 404) return 'no such bucket (HTTP 404)';
    if (status === 403) return 'access denied (HTTP 403: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)';
    return `${err.name}${status ? ` (HTTP ${status})` : ''}`;
  }
  const e = err as NodeJS.ErrnoException;
  return e.code ? `${e.code} ${e.message}`.trim() : String(e.message ?? err);
}
