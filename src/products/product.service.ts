import type { Principal } from '../accounts/auth.service.ts';
import type { UnitOfWork } from '../db/repos.ts';
import type { Clock } from '../lib/clock.ts';
import type { AccountStorage } from '../storage/account-storage.ts';
import { refUrl } from '../storage/stored-refs.ts';
import { statusDescriptions } from '../videos/video.repository.ts';
import { errors } from '../lib/errors.ts';
import { hexId } from '../lib/ids.ts';
import { urlProblem, type UrlPolicy } from '../net/url-policy.ts';
import type { MediaRefResolver } from '../assets/media-ref.ts';
import { productLanguage } from './language-detect.ts';
import { extensionChanges, type ExtensionInput } from './product-extensions.ts';
import type { ProductCrawler } from './product.crawler.ts';
import { mediaItem, mediaRef, mediaState, type MediaItem, type MediaState, type Product, type ProductChanges, type ProductRepository } from './product.repository.ts';

export interface MediaInput {
  type: number;
  url: string;
  name?: string | undefined;
  description?: string | undefined;
}

export interface CreateProductInput extends ExtensionInput {
  url?: string | undefined;
  name?: string | undefined;
  description?: string | undefined;
  target_audience?: string | undefined;
  media?: MediaInput[] | undefined;
}

export interface UpdateProductInput extends ExtensionInput {
  product_id: string;
  name?: string | undefined;
  description?: string | undefined;
  target_audience?: string | undefined;
  media?: MediaInput[] | undefined;
}

export class ProductService {
  constructor(
    private readonly products: ProductRepository,
    private readonly crawler: ProductCrawler,
    private readonly urlPolicy: UrlPolicy,
    private readonly clock: Clock,
    /** Media URLs, asset ids and asset URLs → the URL kept (src/assets/media-ref.ts). */
    private readonly mediaRefs: MediaRefResolver,
    private readonly uow: UnitOfWork,
    /** Quota checks, media bytes and removal; null in tests that store no files. */
    private readonly storage: AccountStorage | null,
    /** Our stored files' URLs from this process's PUBLIC_BASE_URL (BlobStore.publicUrl): media keep keys. */
    private readonly fileUrl: (key: string) => string,
    /** Queues the background check of a product's media given by hand (product-media-check.job.ts). */
    private readonly queueMediaCheck: (productId: string) => Promise<void> = async () => {},
  ) {}

  /** A media item as clients read it: our file's URL built now, another site's URL as given. */
  readonly mediaView = (m: MediaItem): { type: number; name: string; url: string; description: string; state: MediaState; fail_reason: string } => ({
    type: m.type,
    name: m.name,
    url: refUrl(mediaRef(m), this.fileUrl),
    description: m.description,
    state: mediaState(m),
    fail_reason: m.state === 'failed' ? (m.reason ?? '') : '',
  });

  async create(who: Principal, input: CreateProductInput): Promise<Product> {
    const nowMs = this.clock.nowMs();
    const base = { id: hexId(), accountId: who.accountId, createdAt: nowMs, updatedAt: nowMs };
    let product: Product;
    if (input.url !== undefined) {
      // CONTRACT §3: with a url the page is the source and the other fields are ignored.
      this.checkUrl('url', input.url);
      // A crawl stores media: refused when the account is at its storage quota.
      await this.storage?.assertRoom(who.accountId);
      const crawled = await this.crawler.crawl(input.url, base.id).catch(async (err: unknown) => {
        // A crawl that fails after copying some media (its deadline passed while a video was
        // downloading) leaves nothing behind; a killed process's copies go to the janitor.
        await this.storage?.removeProductMedia(base.id).catch(() => undefined);
        throw err;
      });
      const storageBytes = (await this.storage?.productMediaBytes(base.id)) ?? 0;
      product = { ...base, ...crawled, sourceUrl: input.url, targetAudience: input.target_audience ?? '', language: productLanguage(crawled), storageBytes };
    } else {
      if (input.name === undefined) throw errors.parameter('name', 'is required when url is absent');
      if (input.description === undefined) throw errors.parameter('description', 'is required when url is absent');
      const ext = extensionChanges(input);
      const sellingPoints = ext.sellingPoints ?? [];
      product = {
        ...base,
        sourceUrl: null,
        name: input.name,
        description: input.description,
        targetAudience: input.target_audience ?? '',
        media: await this.normaliseMedia(who.accountId, input.media ?? []),
        brand: ext.brand || null,
        price: ext.price ?? null,
        currency: ext.currency ?? null,
        sellingPoints,
        language: productLanguage({ name: input.name, description: input.description, sellingPoints }),
      };
    }
    await this.products.insert(product);
    if (product.media.some((m) => m.state === 'pending')) await this.queueMediaCheck(product.id);
    return product;
  }

  /**
   * Changes only what is given and returns the product as it now is. An empty `media` (or `selling_points`) list means "no change":
   * the Pipedream action always sends `media: []`, and it must not wipe a product's media.
   */
  async update(who: Principal, input: UpdateProductInput): Promise<Product> {
    const changes: ProductChanges = extensionChanges(input);
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description;
    if (input.target_audience !== undefined) changes.targetAudience = input.target_audience;
    if (input.media !== undefined && input.media.length > 0) changes.media = await this.normaliseMedia(who.accountId, input.media);
    if (changes.name !== undefined || changes.description !== undefined || changes.sellingPoints !== undefined) {
      // The text changed: its language is detected again from the product as it will be.
      const before = await this.products.get(who.accountId, input.product_id);
      if (!before) throw errors.notFound(`product_id ${input.product_id}`);
      changes.language = productLanguage({ ...before, ...changes });
    }
    const updated = await this.products.update(who.accountId, input.product_id, changes, this.clock.nowMs());
    if (!updated) throw errors.notFound(`product_id ${input.product_id}`);
    if (changes.media?.some((m) => m.state === 'pending')) await this.queueMediaCheck(input.product_id);
    return this.get(who, input.product_id);
  }

  async get(who: Principal, productId: string): Promise<Product> {
    const product = await this.products.get(who.accountId, productId);
    if (!product) throw errors.notFound(`product_id ${productId}`);
    return product;
  }

  /**
   * DELETE /v1/product: refused with 40000 while a video of the product is being made; otherwise
   * the product reads as absent from then on and its stored media are removed. Its videos stay.
   * The check and the deletion hold the account's row lock, as accepting a video does.
   */
  async delete(who: Principal, productId: string): Promise<void> {
    await this.uow(async (r) => {
      await r.accounts.lockAccount(who.accountId, this.clock.nowMs());
      if (!(await r.products.get(who.accountId, productId))) throw errors.notFound(`product_id ${productId}`);
      const running = await r.videos.unfinishedOfProduct(productId);
      if (running) {
        throw errors.badRequest(
          `product_id ${productId} has a video being made (project_id ${running.id}, status_code ${running.status} ${statusDescriptions[running.status]}); ` +
            'delete the product once that video has finished',
        );
      }
      await r.products.markDeleted(who.accountId, productId, this.clock.nowMs());
    });
    await this.storage?.removeProductMedia(productId);
  }

  list(who: Principal, page: number, pageSize: number): Promise<Product[]> {
    return this.products.list(who.accountId, pageSize, (page - 1) * pageSize);
  }

  /**
   * Each item's url may be a URL, an uploaded asset's id or its URL (Pipedream sends the asset_id
   * as the url): assets and other files of ours (a media URL from GET /v1/product sent back) are
   * kept by storage key, read in place by the video's media loader; other URLs are kept as URLs.
   * An asset must be of the item's type (1 image, 2 video).
   */
  private async normaliseMedia(accountId: string, items: MediaInput[]): Promise<MediaItem[]> {
    const out: MediaItem[] = [];
    for (const [i, item] of items.entries()) {
      const type = item.type === 2 ? 2 : 1;
      const ref = await this.mediaRefs.resolve(accountId, item.url, `media[${i}].url`, type === 2 ? ['video'] : ['image']);
      // checked in the background (state pending until then)
      out.push({ ...mediaItem(type, item.name ?? ref.asset?.filename ?? fileNameOf(ref.url), ref.ref, item.description ?? ''), state: 'pending' });
    }
    return out;
  }

  private checkUrl(field: string, url: string): void {
    const problem = urlProblem(url, this.urlPolicy);
    if (problem) throw errors.parameter(field, problem);
  }
}

function fileNameOf(url: string): string {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop();
  if (!last) return 'media';
  try {
    return decodeURIComponent(last).slice(0, 255);
  } catch {
    return last.slice(0, 255);
  }
}
