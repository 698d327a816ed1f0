import { Type } from 'typebox';
import { V2VideoListQuery, videoListOf } from './video-list.v2.ts';
import { Envelope, addWarnings, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS } from '../http/examples.ts';
import { Opt } from '../http/schema-helpers.ts';
import { v2Paging, V2PagingOut, WebhookUrlField } from '../http/v2.ts';
import type { KindName } from './kinds/index.ts';
import {
  CreateV2Body,
  exampleListItemV2,
  exampleProductVideoV2,
  ListItemV2,
  listItemV2,
  PreviewListBody,
  ProductVideoV2,
  productVideoV2View,
  videoRequestFromV2,
} from './product-video.v2.schemas.ts';
import { V2Accepted, v2Accepted } from './video-view.v2.ts';
import type { VideoService } from './video.service.ts';

/**
 * v2 product videos and previews (JOGGAI-SURFACE.md, v2): adapters over VideoService — the v2
 * body is mapped onto the v1 request (product-video.v2.schemas.ts), statuses are v2 strings.
 */
const tags = ['Product videos'];
const refs = 'product_id is not a product of this account, or an avatar.id, voice.id, audio.music_id or visual_style the catalogs do not list (msg names the field)';

/** The kinds GET /v2/product_video/{id} answers for: previews are polled there too. */
const PRODUCT_KINDS: readonly KindName[] = ['product', 'preview'];

export function productVideoV2Routes(app: App, videos: VideoService): void {
  app.post('/v2/create_video_from_product', {
    schema: {
      tags,
      summary: 'v2 of create_video_from_url: a product video from nested video_spec, avatar, voice, audio and script (costs 1 credit)',
      body: CreateV2Body,
      response: { 200: Envelope(V2Accepted, v2Accepted(EXAMPLE_IDS.project)) },
      'x-error-codes': { 10104: refs, 18020: 'not enough credit (a video costs 1); nothing is recorded' },
    },
    handler: async (req) => {
      const { project_id, notes } = await videos.create(req.principal, videoRequestFromV2(req.body), { webhookUrl: req.body.webhook_url ?? null });
      addWarnings(req, notes);
      return ok(v2Accepted(project_id));
    },
  });

  app.get('/v2/product_video/:id', {
    schema: {
      tags,
      summary: 'Status and result of a product video or preview, v2 statuses',
      params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'The video_id of create_video_from_product or render_single_preview, or a preview_id', examples: [EXAMPLE_IDS.project] }) }),
      response: { 200: Envelope(ProductVideoV2, exampleProductVideoV2) },
      'x-error-codes': { 10104: 'id is not a product video or preview of this account' },
    },
    handler: async (req) => ok(productVideoV2View(await videos.get(req.principal, req.params.id, PRODUCT_KINDS, 'video_id'), videos.fileUrl)),
  });

  app.post('/v2/create_video_from_product/preview_list', {
    schema: {
      tags,
      summary: 'Free drafts of a product video, one per visual style',
      description:
        'The create_video_from_product body plus visual_styles: one preview (a free 360p draft, like POST /v1/preview) per entry, in order; audio and video_spec.name are not used. ' +
        'An entry the catalog refuses (an unknown visual style) gets err_msg and no preview_id; the others are made. When every entry is refused the call answers that error. ' +
        'The previews are jobs made as the workers allow (JOB_CONCURRENCY a worker process); poll GET /v2/product_video/{preview_id} or GET /v2/product_previews.',
      body: PreviewListBody,
      response: {
        200: Envelope(
          Type.Object({
            previews: Type.Array(
              Type.Object({
                visual_style: Type.String({ description: 'The entry of visual_styles, as sent' }),
                preview_id: Type.String({ description: 'The preview (render_single_preview takes it); empty when err_msg says why there is none' }),
                err_msg: Type.String({ description: 'Why this entry has no preview, or empty' }),
              }),
              { description: 'One entry per visual_styles entry, in the same order' },
            ),
          }),
          { previews: ['Clean Minimal', 'Bold Pop'].map((visual_style, i) => ({ visual_style, preview_id: i ? '5d1c0b3e9f7a4c2e8b6d0f1a3c5e7b9d' : EXAMPLE_IDS.project, err_msg: '' })) },
        ),
      },
      'x-error-codes': { 10104: `every entry was refused: ${refs}` },
    },
    handler: async (req) => {
      const { visual_styles, ...body } = req.body;
      const entries = await videos.previews(req.principal, videoRequestFromV2(body), visual_styles, { webhookUrl: body.webhook_url ?? null });
      const notes = [...new Set(entries.flatMap((e) => e.notes))];
      addWarnings(req, notes);
      return ok({ previews: entries.map((e) => ({ visual_style: e.visualStyle, preview_id: e.projectId ?? '', err_msg: e.error?.message ?? '' })) });
    },
  });

  app.post('/v2/create_video_from_product/render_single_preview', {
    schema: {
      tags,
      summary: "The full video of a preview: the preview's choices, voice and words (costs 1 credit)",
      body: Type.Object(
        {
          preview_id: Type.String({ minLength: 1, maxLength: 64, description: 'A preview_id of preview_list (or a project_id of POST /v1/preview)' }),
          music_id: Opt(Type.Integer({ minimum: 0, description: 'Extension: background music from GET /v1/musics (a preview has none); absent or 0 → none' })),
          video_name: Opt(Type.String({ maxLength: 200, description: "Extension: the video's title; absent → the product name" })),
          webhook_url: WebhookUrlField(),
        },
        { examples: [{ preview_id: EXAMPLE_IDS.preview }] },
      ),
      response: { 200: Envelope(V2Accepted, v2Accepted(EXAMPLE_IDS.project)) },
      'x-error-codes': { 10104: 'preview_id is not a preview of this account, or music_id is not a track', 18020: 'not enough credit (a video costs 1); nothing is recorded' },
    },
    handler: async (req) => {
      const { preview_id, music_id, video_name, webhook_url } = req.body;
      const { project_id, notes } = await videos.fromPreview(req.principal, preview_id, { music_id: music_id || null, video_name: video_name ?? null, webhookUrl: webhook_url ?? null });
      addWarnings(req, notes);
      return ok(v2Accepted(project_id));
    },
  });

  for (const [path, kind, field, what] of [
    ['/v2/product_videos', 'product', 'videos', 'product videos'],
    ['/v2/product_previews', 'preview', 'previews', 'previews'],
  ] as const) {
    app.get(path, {
      schema: {
        tags,
        summary: `The account's ${what}, a page at a time, newest first unless sorted otherwise`,
        querystring: V2VideoListQuery,
        response: {
          200: Envelope(
            Type.Object({
              [field]: Type.Array(ListItemV2, { description: `This page of ${what}` }),
              ...V2PagingOut,
            }),
            { [field]: [exampleListItemV2], ...v2Paging(1, 1, 10) },
          ),
        },
      },
      handler: async (req) => {
        const q = videoListOf(req.query);
        const { total, videos: list } = await videos.list(req.principal, { ...q, kinds: [kind] });
        return ok({ [field]: list.map((v) => listItemV2(v, videos.fileUrl)), ...v2Paging(total, q.page, q.pageSize) });
      },
    });
  }
}
