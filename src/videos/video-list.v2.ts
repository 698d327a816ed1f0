import { Type } from 'typebox';
import { Opt, StringEnum } from '../http/schema-helpers.ts';
import { statusCodesOf, V2_STATUSES, V2PageQuery, type V2Status } from '../http/v2.ts';
import { VIDEO_SORT_KEYS, type VideoListQuery } from './video.repository.ts';

/** The query of every v2 video list (product_videos, product_previews, template_videos): one rule for paging, status and sort. */
/** The status filter: a v2 status, or a status_code (the vendor's reference lists 3, 4, 5). */
const STATUS_CODES = ['1', '2', '3', '4', '5', '99'] as const;
export const StatusFilter = StringEnum([...V2_STATUSES, ...STATUS_CODES], {
  meanings: ['status_code 1 or 2', 'status_code 3', 'status_code 4', 'status_code 5', 'status_code 99', 'start', 'waiting', 'processing', 'success', 'failed', 'deleted'],
  description: 'Only this status: pending, processing, completed, failed, deleted, or a v1 status_code (1-5, 99); absent → every status but deleted',
});

export function statusCodesOfFilter(filter: string): number[] {
  return (STATUS_CODES as readonly string[]).includes(filter) ? [Number(filter)] : statusCodesOf(filter as V2Status);
}

export const SortQuery = {
  sort_by: Opt(StringEnum(VIDEO_SORT_KEYS, { description: 'Sort key: created_at (default), updated_at, video_duration or title; ties by id' })),
  sort_order: Opt(StringEnum(['asc', 'desc'] as const, { description: 'desc (default: newest first) or asc' })),
};

export const V2VideoListQuery = Type.Object({ ...V2PageQuery, status: Opt(StatusFilter), ...SortQuery });

/** The v2 list query as the one list query takes it (VideoService.list). */
export function videoListOf(q: { page?: number | undefined; page_size?: number | undefined; status?: string | undefined; sort_by?: (typeof VIDEO_SORT_KEYS)[number] | undefined; sort_order?: 'asc' | 'desc' | undefined }): { page: number; pageSize: number } & Pick<VideoListQuery, 'statuses' | 'sort'> {
  const { page = 1, page_size: pageSize = 20, status, sort_by: by = 'created_at', sort_order: order = 'desc' } = q;
  return { page, pageSize, statuses: status === undefined ? undefined : statusCodesOfFilter(status), sort: { by, order } };
}
