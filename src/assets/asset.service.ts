import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Principal } from '../accounts/auth.service.ts';
import type { AssetSettings } from '../config/config.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError, Codes, errors } from '../lib/errors.ts';
import { hexId } from '../lib/ids.ts';
import type { AccountStorage } from '../storage/account-storage.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { assetFilesDir } from '../storage/storage-keys.ts';
import type { AssetKind, AssetRepository } from './asset.repository.ts';
import { identifyMedia } from './content-check.ts';
import { declaredTypeProblem, essence, fitsDeclared, headerFitsDeclared } from './declared-upload.ts';
import type { UploadSigner } from './upload-signer.ts';

export interface UploadRequest {
  filename: string;
  /** v2: the type and size the client says it will send; checked against the bytes' size, not trusted for the type. */
  contentType?: string | undefined;
  fileSize?: number | undefined;
}

export interface UploadTicket {
  assetId: string;
  signUrl: string;
  /** The file's URL once uploaded (v2's asset_url); usable wherever a media URL is. */
  assetUrl: string;
  expiresAt: number;
}

export interface UploadedAsset {
  assetId: string;
  assetUrl: string;
  kind: AssetKind;
  contentType: string;
  bytes: number;
}

export interface SignedPut {
  assetId: string;
  expires: string;
  signature: string;
  /** The Content-Length header, when sent: an over-size file is refused before its bytes are read. */
  contentLength: number | null;
  /** The Content-Type header, when sent: held to the declared content_type (v2). */
  contentType: string | null;
  body: Readable;
}

const MB = 1024 * 1024;

/**
 * Uploads (docs/storage.md "Assets"): an upload ticket per POST /v1/upload/asset, and the signed
 * PUT that stores the bytes once. Versions differ only in which ticket fields they answer with.
 */
export class AssetService {
  constructor(
    private readonly assets: AssetRepository,
    private readonly signer: UploadSigner,
    private readonly store: BlobStore,
    private readonly storage: AccountStorage,
    private readonly settings: AssetSettings,
    private readonly clock: Clock,
  ) {}

  async requestUpload(who: Principal, req: UploadRequest): Promise<UploadTicket> {
    const filename = req.filename.trim();
    const typeProblem = req.contentType === undefined ? null : declaredTypeProblem(req.contentType);
    if (typeProblem) throw errors.parameter('content_type', typeProblem);
    if (req.fileSize !== undefined && req.fileSize > this.settings.maxBytes) {
      throw errors.parameter('file_size', `is over the ${this.settings.maxBytes / MB} MB limit of one upload`);
    }
    await this.storage.assertRoom(who.accountId, req.fileSize ?? 0);
    const now = this.clock.nowMs();
    const id = hexId();
    const storageKey = `${assetFilesDir(id)}/${hexId()}/${storageName(filename)}`;
    const expiresAt = now + this.settings.uploadUrlTtlMs;
    await this.assets.insert({
      id,
      accountId: who.accountId,
      filename,
      storageKey,
      declaredType: req.contentType === undefined ? null : essence(req.contentType),
      declaredSize: req.fileSize ?? null,
      uploadExpiresAt: expiresAt,
      createdAt: now,
    });
    return { assetId: id, signUrl: await this.signer.url(id, expiresAt), assetUrl: this.store.publicUrl(storageKey), expiresAt };
  }

  /**
   * The signed PUT. Checked in this order: the signature (10105, HTTP 403), the expiry (40000,
   * 403), a URL already used or in use (40000, 409), the size (40000, 413), what the ticket
   * declared (v2 content_type and file_size: a different Content-Type or length, 40000, 400), the
   * quota (40000, 403), the content (40000, 415; also bytes of another kind than declared). A
   * refused upload stores nothing and leaves the URL usable until it expires; a stored one uses it up.
   */
  async receiveUpload(put: SignedPut): Promise<UploadedAsset> {
    if (!(await this.signer.verify(put.assetId, put.expires, put.signature))) {
      throw new AppError(Codes.invalidKey, 'Invalid upload URL: its signature does not match (the URL was changed, or was not made by this server); ask for a new one with POST /v1/upload/asset', 403);
    }
    const now = this.clock.nowMs();
    const expired = () =>
      new AppError(Codes.parameter, `Parameter error: the upload URL expired at ${new Date(Number(put.expires) * 1000).toISOString()}; ask for a new one with POST /v1/upload/asset`, 403);
    if (Number(put.expires) * 1000 <= now) throw expired();
    const row = await this.assets.get(put.assetId);
    if (!row) throw expired();
    if (row.status === 'uploaded') throw new AppError(Codes.parameter, `Parameter error: the upload URL was already used: asset ${row.id} is uploaded; ask for a new URL to upload another file`, 409);
    if (put.contentLength !== null && put.contentLength > this.settings.maxBytes) throw this.tooBig();
    const declaredSize = row.declared_size === null ? null : Number(row.declared_size);
    if (row.declared_type !== null && !headerFitsDeclared(row.declared_type, put.contentType)) {
      throw new AppError(Codes.parameter, `Parameter error: the upload's Content-Type is ${essence(put.contentType!)}, but content_type was ${row.declared_type} when the URL was asked for; send the Content-Type declared`, 400);
    }
    if (declaredSize !== null && put.contentLength !== null && put.contentLength !== declaredSize) throw this.sizeMismatch(put.contentLength, declaredSize);
    if (!(await this.assets.claimUpload(row.id, now))) {
      if (row.upload_expires_at <= now) throw expired();
      throw new AppError(Codes.parameter, `Parameter error: the upload URL is in use: another upload to asset ${row.id} is running`, 409);
    }
    // Received into a scratch file, checked there, then stored: the store (local disk or S3) only
    // ever holds checked files. A process killed mid-upload leaves its scratch file in the OS's
    // temp directory, not in the store.
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'reelsmith-upload-'));
    const part = path.join(scratch, 'upload.part');
    try {
      await this.storage.assertRoom(row.account_id, put.contentLength ?? 0, 403);
      const bytes = await this.receive(put.body, part);
      if (bytes === 0) throw new AppError(Codes.parameter, 'Parameter error: the upload is empty: PUT the file bytes as the request body', 400);
      if (declaredSize !== null && bytes !== declaredSize) throw this.sizeMismatch(bytes, declaredSize);
      if (put.contentLength === null) await this.storage.assertRoom(row.account_id, bytes, 403);
      const found = await identifyMedia(part);
      if (!found.ok) throw new AppError(Codes.parameter, `Parameter error: the uploaded file ${found.problem}`, 415);
      if (row.declared_type !== null && !fitsDeclared(row.declared_type, found.kind)) {
        throw new AppError(Codes.parameter, `Parameter error: the uploaded file is ${{ image: 'an image', video: 'a video', audio: 'audio' }[found.kind]} (${found.contentType}), but content_type was ${row.declared_type} when the URL was asked for`, 415);
      }
      await this.store.putFile(row.storage_key!, part);
      await this.assets.markUploaded(row.id, { kind: found.kind, contentType: found.contentType, bytes }, this.clock.nowMs());
      return { assetId: row.id, assetUrl: this.store.publicUrl(row.storage_key!), kind: found.kind, contentType: found.contentType, bytes };
    } catch (err) {
      await this.assets.releaseUpload(row.id);
      throw err;
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
  }

  /** Streams the body to `file`, counting; over the limit it stops reading and fails (413). */
  private async receive(body: Readable, file: string): Promise<number> {
    let bytes = 0;
    const max = this.settings.maxBytes;
    const counter = new Transform({
      transform: (chunk: Buffer, _enc, done) => {
        bytes += chunk.length;
        if (bytes > max) return done(this.tooBig());
        done(null, chunk);
      },
    });
    await pipeline(body, counter, (await fs.open(file, 'w')).createWriteStream());
    return bytes;
  }

  private sizeMismatch(bytes: number, declared: number): AppError {
    return new AppError(Codes.parameter, `Parameter error: the upload is ${bytes} bytes, but file_size was ${declared} when the URL was asked for; PUT the whole file, or ask for a new URL with its size`, 400);
  }

  private tooBig(): AppError {
    return new AppError(Codes.parameter, `Parameter error: the file is over the ${this.settings.maxBytes / MB} MB limit of one upload (ASSET_MAX_MB)`, 413);
  }
}

/** The file's name in storage: the client's name in letters, digits and . _ - (at most 100 characters). */
export function storageName(filename: string): string {
  const base = path.basename(filename.replace(/\\/g, '/'));
  const safe = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/\.{2,}/g, '.')
    .slice(-100)
    .replace(/^[._-]+/, '');
  return safe || 'file';
}
