import { Type } from 'typebox';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { Envelope, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS } from '../http/examples.ts';
import { StringEnum } from '../http/schema-helpers.ts';
import { aspectRatioToV2, ratioOfFilter, V2_ASPECT_RATIOS, V2AspectRatioFilter, type V2AspectRatio } from '../http/v2.ts';
import { CUSTOM_TEMPLATE_EXAMPLE, PUBLIC_TEMPLATE_EXAMPLE, TemplateVariableOut } from './template.schemas.ts';
import type { TemplateService, TemplateView } from './template.service.ts';

/** v2 of the template catalogs (JOGGAI-SURFACE.md): the v1 lists with aspect ratios as names. */
const TemplateV2 = Type.Object({
  id: Type.Integer({ description: 'The template_id of POST /v2/create_video_with_template' }),
  name: Type.String({ description: 'Template name' }),
  cover_url: Type.String({ description: 'A still of the template (JPEG); no API key needed' }),
  preview_url: Type.String({ description: 'A short sample video of the template (MP4); no API key needed' }),
  aspect_ratio: StringEnum(V2_ASPECT_RATIOS, { description: 'portrait, landscape or square: a public template is listed at the ratio asked (portrait by default), a custom one has its own' }),
  template_type: Type.String({ description: 'Extension: public or custom' }),
  variables: Type.Array(TemplateVariableOut, { description: 'The slots create_video_with_template fills, by name' }),
});

const TemplateDetailV2 = Type.Object({
  template_id: Type.Integer({ description: 'The template id (also as id)' }),
  ...TemplateV2.properties,
});

const v2 = <T extends Pick<TemplateView, 'aspect_ratio'>>(t: T): Omit<T, 'aspect_ratio'> & { aspect_ratio: V2AspectRatio } => ({ ...t, aspect_ratio: aspectRatioToV2(t.aspect_ratio) });
const RatioQuery = Type.Object({ aspect_ratio: V2AspectRatioFilter('Public templates fit every ratio and are listed at the one asked (portrait when absent); custom templates have their own ratio') });
const tags = ['Catalogs'];

export function templateV2Routes(app: App, catalog: CatalogService, templates: TemplateService): void {
  app.get('/v2/templates', {
    schema: {
      tags,
      summary: 'v2 of GET /v1/templates: public templates (each fits every ratio) with their variables, aspect_ratio a name',
      querystring: RatioQuery,
      response: { 200: Envelope(Type.Object({ templates: Type.Array(TemplateV2, { description: 'The public templates, at the ratio asked' }) }), { templates: [v2(PUBLIC_TEMPLATE_EXAMPLE)] }) },
    },
    handler: async (req) => {
      const ratio = ratioOfFilter(req.query.aspect_ratio);
      return ok({ templates: catalog.templates(ratio).map(v2) });
    },
  });

  app.get('/v2/templates/custom', {
    schema: {
      tags,
      summary: "v2 of GET /v1/templates/custom: the account's own templates with their variables, aspect_ratio a name",
      description: 'cover_url and preview_url are rendered on their first request (a few seconds), then kept.',
      querystring: RatioQuery,
      response: { 200: Envelope(Type.Object({ templates: Type.Array(TemplateV2, { description: "The account's custom templates" }) }), { templates: [v2(CUSTOM_TEMPLATE_EXAMPLE)] }) },
    },
    handler: async (req) => {
      const ratio = ratioOfFilter(req.query.aspect_ratio);
      const list = await templates.listCustom(req.principal);
      return ok({ templates: list.filter((t) => ratio === undefined || t.aspect_ratio === ratio).map(v2) });
    },
  });

  app.get('/v2/template/custom/:id', {
    schema: {
      tags,
      summary: 'One of your custom templates with its variables (v2)',
      // A string: path parameters are not coerced to numbers.
      params: Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: 'A template id of GET /v2/templates/custom (digits)', examples: [String(EXAMPLE_IDS.customTemplate)] }) }),
      response: { 200: Envelope(TemplateDetailV2, { template_id: CUSTOM_TEMPLATE_EXAMPLE.id, ...v2(CUSTOM_TEMPLATE_EXAMPLE) }) },
      'x-error-codes': { 10104: "id is not a custom template of this account (unknown, another account's, deleted, or a public template's id)" },
    },
    handler: async (req) => {
      const t = await templates.getCustom(req.principal, Number(req.params.id));
      return ok({ template_id: t.id, ...v2(t) });
    },
  });
}
