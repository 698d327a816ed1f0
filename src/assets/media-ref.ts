import type { Clock } from '../lib/clock.ts';
import { errors } from '../lib/errors.ts';
import { urlProblem, type UrlPolicy } from '../net/url-policy.ts';
import { ownFileRef } from '../storage/own-files.ts';
import type { AssetKind, AssetRepository } from './asset.repository.ts';

/** A media reference after resolution: what to store and what the media loaders fetch or read. */
export interface ResolvedMedia {
  /**
   * What to keep (a stored ref, src/storage/stored-refs.ts): the storage key of an asset or of
   * another file of ours (read in place by the loaders; its URL is built when read), or the URL
   * as given (fetched and verified when used).
   */
  ref: string;
  /** Its URL as this process writes it (for names and messages, not for storing). */
  url: string;
  /**
   * Set when the reference names a stored file of this server (an asset, or another of our
   * /files/ URLs such as a generated candidate): read it from storage, never fetch its URL (the
   * server would connect to itself, or the URL policy would refuse its own address).
   */
  storageKey: string | null;
  /** Set when the reference named an uploaded asset of the account. */
  asset: { id: string; kind: AssetKind; contentType: string; storageKey: string; filename: string } | null;
}

/** Asset ids are 32 lowercase hex characters, like every id of this server. */
export const ASSET_ID = /^[0-9a-f]{32}$/;

const KIND_WORDS: Record<AssetKind, string> = { image: 'an image', video: 'a video', audio: 'an audio file' };

/**
 * THE resolver of media references (docs/api.md "Uploads and assets"): wherever a request takes
 * a media `url`, `image_url`, `audio_url` or a variable's `url`/`asset_id`, the value may be
 * - an asset id of the account (Pipedream puts it in `media[].url` itself),
 * - an asset's URL (PUBLIC_BASE_URL/files/assets/<id>/…), or
 * - a plain URL, under the URL policy (https on a public host; our own /files/ URLs must name a
 *   stored file exactly).
 * Errors are 40000 naming `field`. `accept` lists the asset kinds the field takes (an image
 * for an image slot…); a plain URL's content is only known when it is fetched.
 */
export class MediaRefResolver {
  constructor(
    private readonly assets: AssetRepository,
    private readonly urlPolicy: UrlPolicy,
    private readonly publicBaseUrl: string,
    private readonly clock: Clock,
  ) {}

  async resolve(accountId: string, value: string, field: string, accept: readonly AssetKind[] = ['image', 'video', 'audio']): Promise<ResolvedMedia> {
    const raw = value.trim();
    if (ASSET_ID.test(raw)) return this.fromAsset(accountId, raw, field, accept);
    const own = ownFileRef(raw, this.publicBaseUrl);
    // An asset's URL is this server's own file: taken even where the URL policy would refuse
    // PUBLIC_BASE_URL itself (http://localhost in development).
    const ownAsset = own.kind === 'stored' ? assetIdOfKey(own.key) : null;
    if (ownAsset) return this.fromAsset(accountId, ownAsset, field, accept);
    // Another file of ours sent back (a product's media URL from GET /v1/product): kept by its
    // key and read in place, so the policy, which guards fetches, does not apply either.
    if (own.kind === 'stored') return { ref: own.key, url: raw, storageKey: own.key, asset: null };
    const problem = urlProblem(raw, this.urlPolicy);
    // Neither a URL nor an asset id: say both are possible (a mistyped asset id lands here).
    if (problem) throw errors.parameter(field, problem === 'must be an absolute URL' ? `${problem} or an asset_id from POST /v1/upload/asset` : problem);
    if (own.kind === 'invalid') throw errors.parameter(field, own.problem);
    return { ref: raw, url: raw, storageKey: null, asset: null };
  }

  private async fromAsset(accountId: string, id: string, field: string, accept: readonly AssetKind[]): Promise<ResolvedMedia> {
    const row = await this.assets.get(id);
    // Another account's asset reads exactly like an unknown one.
    if (!row || row.account_id !== accountId || !row.storage_key) throw errors.parameter(field, `names no asset of this account (asset_id ${id}); upload files with POST /v1/upload/asset`);
    if (row.status !== 'uploaded' || !row.kind) {
      throw errors.parameter(field, `names asset ${id}, whose file has not been uploaded yet (PUT the bytes to its sign_url first)`);
    }
    const kind = row.kind as AssetKind;
    if (!accept.includes(kind)) {
      throw errors.parameter(field, `names asset ${id}, ${KIND_WORDS[kind]} (${row.content_type}); this field takes ${accept.map((k) => KIND_WORDS[k]).join(' or ')}`);
    }
    await this.assets.touch(id, this.clock.nowMs());
    return {
      ref: row.storage_key,
      url: `${this.publicBaseUrl}/files/${row.storage_key}`,
      storageKey: row.storage_key,
      asset: { id, kind, contentType: row.content_type ?? 'application/octet-stream', storageKey: row.storage_key, filename: row.filename },
    };
  }
}

/** assets/<id>/… → id. */
export function assetIdOfKey(key: string): string | null {
  const m = /^assets\/([0-9a-f]{32})\//.exec(key);
  return m ? m[1]! : null;
}
