import { Type } from 'typebox';
import { Opt, StringEnum } from './schema-helpers.ts';

/**
 * What every v2 adapter shares (JOGGAI-SURFACE.md, v2): statuses as strings, aspect ratios as
 * names, paging. v2 routes are adapters over the v1 services; only the shapes differ.
 */

/** v2 status strings; the CLI stops polling on completed and failed. */
export const V2_STATUSES = ['pending', 'processing', 'completed', 'failed', 'deleted'] as const;
export type V2Status = (typeof V2_STATUSES)[number];

/** A video's status_code (1 start, 2 waiting, 3 processing, 4 success, 5 failed, 99 deleted) as v2 says it. */
export function v2Status(statusCode: number): V2Status {
  if (statusCode === 3) return 'processing';
  if (statusCode === 4) return 'completed';
  if (statusCode === 5) return 'failed';
  if (statusCode === 99) return 'deleted';
  return 'pending';
}

/** The status_codes a v2 status filter stands for. */
export function statusCodesOf(status: V2Status): number[] {
  return { pending: [1, 2], processing: [3], completed: [4], failed: [5], deleted: [99] }[status];
}

/** v2 aspect ratio names, in the order of the v1 integers 0, 1, 2. */
export const V2_ASPECT_RATIOS = ['portrait', 'landscape', 'square'] as const;
export type V2AspectRatio = (typeof V2_ASPECT_RATIOS)[number];

export const aspectRatioToV2 = (ratio: number): V2AspectRatio => V2_ASPECT_RATIOS[ratio] ?? 'portrait';
export const aspectRatioFromV2 = (name: V2AspectRatio): 0 | 1 | 2 => V2_ASPECT_RATIOS.indexOf(name) as 0 | 1 | 2;

/** The v2 aspect_ratio field. */
export const V2AspectRatioField = (description = 'portrait 9:16, landscape 16:9, square 1:1') =>
  StringEnum(V2_ASPECT_RATIOS, { meanings: ['9:16', '16:9', '1:1'], description });

/** v2 aspect_ratio filters of the lists: a name, or the v1 integer as a string ("-1" all); absent or "" means all. */
const ASPECT_FILTERS = [...V2_ASPECT_RATIOS, '-1', '0', '1', '2'] as const;
export type V2AspectRatioFilterValue = (typeof ASPECT_FILTERS)[number];
export const V2AspectRatioFilter = (note: string) =>
  Opt(
    StringEnum(ASPECT_FILTERS, {
      meanings: ['9:16', '16:9', '1:1', 'all', 'portrait', 'landscape', 'square'],
      description: `Filter: portrait, landscape or square (the v1 numbers "0", "1", "2" and "-1" for all are taken too); absent means all. ${note}`,
    }),
  );
/** The v1 integer of a v2 aspect_ratio filter (undefined for all). */
export function ratioOfFilter(f: V2AspectRatioFilterValue | undefined): 0 | 1 | 2 | undefined {
  if (f === undefined || f === '-1') return undefined;
  const named = (V2_ASPECT_RATIOS as readonly string[]).indexOf(f);
  return (named >= 0 ? named : Number(f)) as 0 | 1 | 2;
}

/** page / page_size of the v2 lists (bounded so the SQL offset stays a valid integer). */
export const V2PageQuery = {
  page: Opt(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number, from 1' })),
  page_size: Opt(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Items per page, 1-100', examples: [10] })),
};

/** One page of a list already in memory (catalogs, an account's avatars). */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}

/** total / page / page_size / has_more beside the items: the v2 lists that do not use a `pagination` object. */
export const V2PagingOut = {
  total: Type.Integer({ description: 'Matching items on all pages' }),
  page: Type.Integer({ description: 'This page, from 1' }),
  page_size: Type.Integer({ description: 'Items per page' }),
  has_more: Type.Boolean({ description: 'Whether a later page has more items' }),
};
export const v2Paging = (total: number, page: number, pageSize: number) => ({ total, page, page_size: pageSize, has_more: page * pageSize < total });

/** The `pagination` object of the v2 lists that use one (musics, template videos). */
export const V2Pagination = Type.Object(
  {
    page: Type.Integer({ description: 'This page, from 1' }),
    page_size: Type.Integer({ description: 'Items per page' }),
    total: Type.Integer({ description: 'Items over all pages' }),
    total_pages: Type.Integer({ description: 'Pages over all items' }),
  },
  { description: 'Where this page sits in the whole list' },
);

export function v2Pagination(page: number, pageSize: number, total: number) {
  return { page, page_size: pageSize, total, total_pages: Math.ceil(total / pageSize) };
}

/** A request's own webhook_url (CONTRACT §9), empty meaning absent; checked by the service that accepts the request. */
export const WebhookUrlField = () =>
  Opt(Type.String({ maxLength: 2048, description: "Extension of the request: this URL gets the request's own events (signed with your account's webhook_secret, GET /v1/whoami), with the same URL rules, retries and delivery log as endpoints" }));
