import { Type, type Static } from 'typebox';
import { Envelope, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS } from '../http/examples.ts';
import { Opt, StringEnum } from '../http/schema-helpers.ts';
import { aspectRatioToV2, pageOf, ratioOfFilter, V2AspectRatioFilter, V2PageQuery, v2Paging, V2PagingOut } from '../http/v2.ts';
import type { CustomAvatarKind } from './custom-avatar.repository.ts';
import type { CustomAvatarService, CustomAvatarView } from './custom-avatar.service.ts';

/** Fields v1 and v2 avatar lists describe alike. */
const NameField = Type.String({ description: 'Name given when the avatar was made (or renamed)' });
const FailMsgField = Type.String({ description: 'Why it failed, or empty' });
const StyleField = Type.String({ description: 'avatar_style it was made with (Professional, Social)' });
const GenderField = Type.String({ description: 'Female or Male' });
const AgeField = Type.String({ description: 'Teenager, Young adult, Adult or Elderly' });
const CutoutField = Opt(Type.Boolean({ description: 'Extension, video avatars only: true when it was cut out from a green-screen or transparent clip (the person stands on the video\'s scene, and screen_style 2 and 3 work with it); false when it keeps the clip\'s own background' }));

const CustomAvatar = Type.Object({
  avatar_id: Type.Integer({ description: 'What the create-video routes take as avatar_id with avatar_type 1 (this account only)' }),
  name: NameField,
  cover_url: Type.String({ description: 'PNG portrait (512x512), no API key needed; empty while a photo avatar is processing' }),
  status: Type.Integer({ description: '0 processing, 1 ready (usable in videos), 2 failed' }),
  fail_msg: FailMsgField,
  aspect_ratio: Type.Integer({ description: 'The aspect_ratio it was made for (0 portrait, 1 landscape); it fits every ratio' }),
  style: StyleField,
  gender: GenderField,
  age: AgeField,
  kind: Type.String({ description: 'Extension: drawn (a painted presenter made from a description), photo (made from a photo of a person) product (either of them holding a product: POST /v2/product_avatar/add_motion) or video (a person\'s own clip: POST /v1/avatar/create)' }),
  voice_id: Type.String({ description: 'Extension: the voice given when it was made, or empty (videos then use a default voice for its gender and age)' }),
  cutout: CutoutField,
});

export const exampleCustomAvatar: CustomAvatarView = {
  avatar_id: EXAMPLE_IDS.customAvatar,
  name: 'Nora',
  cover_url: 'http://localhost:8080/files/avatars/a-6b1d0f3e8c2a4e5f9d7b1a3c5e7f9b2d/cover.png',
  status: 1,
  fail_msg: '',
  aspect_ratio: 0,
  style: 'Professional',
  gender: 'Female',
  age: 'Young adult',
  kind: 'drawn',
  voice_id: '',
};

/** v2 list items: avatar_status and avatar_url for status and cover_url, id beside avatar_id, aspect_ratio a v2 name. */
export const CustomAvatarV2 = Type.Object({
  id: Type.Integer({ description: 'The avatar_id (v2 lists name it id)' }),
  avatar_id: Type.Integer({ description: 'The same id, as v1 names it: avatar_id with avatar_type 1' }),
  name: NameField,
  avatar_url: Type.String({ description: 'PNG portrait (512x512), no API key needed; empty while a photo avatar is processing' }),
  avatar_status: Type.Integer({ description: '0 processing, 1 ready (usable in videos), 2 failed' }),
  fail_msg: FailMsgField,
  aspect_ratio: Type.String({ description: 'The aspect ratio it was made for, as v2 names it: portrait or landscape (it fits every ratio)' }),
  style: StyleField,
  gender: GenderField,
  age: AgeField,
  kind: Type.String({ description: 'Extension: drawn, photo, product (a presenter holding a product) or video (a person\'s own clip)' }),
  voice_id: Type.String({ description: 'Extension: the voice given when it was made, or empty' }),
  cutout: CutoutField,
});
export const v2 = (a: CustomAvatarView) => ({
  id: a.avatar_id,
  avatar_id: a.avatar_id,
  name: a.name,
  avatar_url: a.cover_url,
  avatar_status: a.status,
  fail_msg: a.fail_msg,
  aspect_ratio: aspectRatioToV2(a.aspect_ratio),
  style: a.style,
  gender: a.gender,
  age: a.age,
  kind: a.kind,
  voice_id: a.voice_id,
  ...(a.cutout !== undefined ? { cutout: a.cutout } : {}),
});

/** v2 status filter → the avatar's status (0 processing, 1 ready, 2 failed). */
const V2_AVATAR_STATUS = { pending: 0, processing: 0, completed: 1, failed: 2 } as const;

/** The query of the v2 avatar lists: paging, name, status (custom, photo) or aspect ratio (product). */
export const V2AvatarListQuery = Type.Object({
  ...V2PageQuery,
  name: Opt(Type.String({ maxLength: 80, description: 'Only avatars whose name contains this (any case)' })),
  status: Opt(StringEnum(Object.keys(V2_AVATAR_STATUS) as (keyof typeof V2_AVATAR_STATUS)[], { description: 'Only avatars in this state: processing (pending is the same), completed (usable in videos) or failed' })),
  aspect_ratio: V2AspectRatioFilter('Drawn and photo avatars fit every ratio; this is the ratio each was made for (a product avatar: its picture, 3:2 landscape, else portrait)'),
});

/** One page of the account's avatars of a kind in v2 shape, as GET /v2/avatars/custom, /photo_avatars and /product_avatars answer. */
export async function v2AvatarPage(avatars: CustomAvatarService, accountId: string, kind: CustomAvatarKind | undefined, q: Static<typeof V2AvatarListQuery>) {
  const { page = 1, page_size: pageSize = 20 } = q;
  const all = await avatars.list(accountId, kind, { name: q.name, status: q.status === undefined ? undefined : V2_AVATAR_STATUS[q.status], aspectRatio: ratioOfFilter(q.aspect_ratio) });
  return { items: pageOf(all, page, pageSize).map((a) => v2(avatars.view(a))), paging: v2Paging(all.length, page, pageSize) };
}

const tags = ['Avatars'];
const AvatarIdQuery = Type.Object({
  avatar_id: Type.Integer({ minimum: 1, description: 'A custom avatar of this account (GET /v1/avatars/custom)', examples: [EXAMPLE_IDS.customAvatar] }),
});
const notYours = 'avatar_id is not a custom avatar of this account (unknown, another account\'s, or deleted)';

/** The account's own avatars: listed, renamed, deleted (avatar_type 1; CONTRACT §10). */
export function customAvatarRoutes(app: App, avatars: CustomAvatarService): void {
  app.get('/v1/avatars/custom', {
    schema: {
      tags,
      summary: "The account's custom avatars (drawn and photo), newest first, with status and cover",
      response: { 200: Envelope(Type.Object({ avatars: Type.Array(CustomAvatar, { description: 'Every custom avatar not deleted, newest first' }) }), { avatars: [exampleCustomAvatar] }) },
    },
    handler: async (req) => ok({ avatars: (await avatars.list(req.principal.accountId)).map((a) => avatars.view(a)) }),
  });

  app.get('/v1/avatars/photo_avatars', {
    schema: {
      tags,
      summary: "The account's photo avatars (made by POST /v1/photo_avatar/add_motion), newest first",
      response: {
        200: Envelope(Type.Object({ avatars: Type.Array(CustomAvatar, { description: 'Photo avatars not deleted, newest first' }) }), {
          avatars: [{ ...exampleCustomAvatar, kind: 'photo' }],
        }),
      },
    },
    handler: async (req) => ok({ avatars: (await avatars.list(req.principal.accountId, 'photo')).map((a) => avatars.view(a)) }),
  });

  app.get('/v2/avatars/custom', {
    schema: {
      tags,
      summary: "v2 of GET /v1/avatars/custom: avatar_status and avatar_url, id, aspect_ratio a name; paged, by name and status",
      querystring: V2AvatarListQuery,
      response: { 200: Envelope(Type.Object({ avatars: Type.Array(CustomAvatarV2, { description: 'This page of the matching custom avatars, newest first' }), ...V2PagingOut }), { avatars: [v2(exampleCustomAvatar)], ...v2Paging(1, 1, 20) }) },
    },
    handler: async (req) => {
      const { items, paging } = await v2AvatarPage(avatars, req.principal.accountId, undefined, req.query);
      return ok({ avatars: items, ...paging });
    },
  });

  app.get('/v2/avatars/photo_avatars', {
    schema: {
      tags,
      summary: 'v2 of GET /v1/avatars/photo_avatars: avatar_status and avatar_url, id, aspect_ratio a name; paged, by name and status',
      querystring: V2AvatarListQuery,
      response: { 200: Envelope(Type.Object({ avatars: Type.Array(CustomAvatarV2, { description: 'This page of the matching photo avatars, newest first' }), ...V2PagingOut }), { avatars: [v2({ ...exampleCustomAvatar, kind: 'photo' })], ...v2Paging(1, 1, 20) }) },
    },
    handler: async (req) => {
      const { items, paging } = await v2AvatarPage(avatars, req.principal.accountId, 'photo', req.query);
      return ok({ avatars: items, ...paging });
    },
  });

  app.delete('/v1/avatar/custom/delete', {
    schema: {
      tags,
      summary: 'Delete a custom avatar: it leaves the lists and new videos refuse it; videos already made keep their files',
      querystring: AvatarIdQuery,
      response: { 200: Envelope(Type.Object({}), {}) },
      'x-error-codes': { 10104: notYours },
    },
    handler: async (req) => {
      await avatars.delete(req.principal.accountId, req.query.avatar_id);
      return ok({});
    },
  });

  app.post('/v1/avatar/custom/rename', {
    schema: {
      tags,
      summary: 'Extension: rename a custom avatar',
      body: Type.Object(
        {
          avatar_id: Type.Integer({ minimum: 1, description: 'A custom avatar of this account' }),
          name: Type.String({ minLength: 1, maxLength: 80, description: 'The new name (1-80 characters)' }),
        },
        { examples: [{ avatar_id: EXAMPLE_IDS.customAvatar, name: 'Nora (spring)' }] },
      ),
      response: { 200: Envelope(CustomAvatar, { ...exampleCustomAvatar, name: 'Nora (spring)' }) },
      'x-error-codes': { 10104: notYours, 40000: 'name is empty or longer than 80 characters' },
    },
    handler: async (req) => ok(avatars.view(await avatars.rename(req.principal.accountId, req.body.avatar_id, req.body.name))),
  });
}
