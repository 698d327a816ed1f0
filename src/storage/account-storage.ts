import type { AccountRepository } from '../accounts/account.repository.ts';
import { AppError, Codes } from '../lib/errors.ts';
import type { BlobStore } from './blob-store.ts';
import { assetFilesDir, productMediaPrefix, videoFilesDir } from './storage-keys.ts';
import type { StorageRepository } from './storage.repository.ts';

export interface StorageUsage {
  usedBytes: number;
  /** null: no limit. */
  quotaBytes: number | null;
}

const MB = 1024 * 1024;

/**
 * An account's stored files: usage against its quota (the operator's per-account quota, else
 * STORAGE_QUOTA_MB; 0 means no limit), and removal of a product's media or a video's files.
 * The quota is checked before work that stores files (a crawl, a video); the work itself is not
 * cut short, so one crawl or video may take an account past its quota, and the next is refused.
 */
export class AccountStorage {
  constructor(
    private readonly repo: StorageRepository,
    private readonly accounts: AccountRepository,
    private readonly store: BlobStore,
    private readonly defaultQuotaMb: number,
  ) {}

  async usage(accountId: string): Promise<StorageUsage> {
    const account = await this.accounts.findById(accountId);
    const quotaMb = account?.storage_quota_mb ?? this.defaultQuotaMb;
    return { usedBytes: await this.repo.usedBytes(accountId), quotaBytes: quotaMb > 0 ? quotaMb * MB : null };
  }

  /**
   * 40000 naming the usage and the limit when the account is at or over its quota, or, when the
   * size of what is about to be stored is known (`addingBytes`, an upload), when it would not fit.
   */
  async assertRoom(accountId: string, addingBytes = 0, httpStatus = 200): Promise<void> {
    const { usedBytes, quotaBytes } = await this.usage(accountId);
    if (quotaBytes === null || (addingBytes > 0 ? usedBytes + addingBytes <= quotaBytes : usedBytes < quotaBytes)) return;
    const adding = addingBytes > 0 ? `, and this file of ${mb(addingBytes)} MB does not fit` : '';
    throw new AppError(
      Codes.parameter,
      `Storage quota exceeded: the account stores ${mb(usedBytes)} MB of its ${mb(quotaBytes)} MB quota${adding}; ` +
        'delete videos (DELETE /v1/project) or products (DELETE /v1/product) to free space',
      httpStatus,
    );
  }

  removeAssetFiles(assetId: string): Promise<void> {
    return this.store.removeUnder(assetFilesDir(assetId));
  }

  productMediaBytes(productId: string): Promise<number> {
    return this.store.bytesUnder(productMediaPrefix(productId));
  }

  removeProductMedia(productId: string): Promise<void> {
    return this.store.removeUnder(productMediaPrefix(productId));
  }

  removeVideoFiles(videoId: string): Promise<void> {
    return this.store.removeUnder(videoFilesDir(videoId));
  }
}

function mb(bytes: number): string {
  return (bytes / MB).toFixed(1);
}
