import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import type { FastifySchema } from 'fastify';
import { Codes } from '../lib/errors.ts';
import { webhookDocs, WEBHOOK_SIGNING_TEXT } from '../webhooks/webhook.openapi.ts';
import { ErrorEnvelope } from './envelope.ts';

/** One row of an operation's `x-error-codes`: the business code and when a client gets it. */
export interface ErrorCodeDoc {
  code: number;
  when: string;
}

/**
 * The codes every route of its kind can answer, derived from what the HTTP shell does: the key
 * check (authenticated routes), schema validation (routes with input), the POST rate limit and
 * the system error. Routes declare only their own codes, in `'x-error-codes'`.
 */
function generalCodes(schema: FastifySchema, methods: string[]): Record<number, string> {
  const codes: Record<number, string> = {};
  const authenticated = !(Array.isArray(schema.security) && schema.security.length === 0);
  if (authenticated) {
    codes[Codes.invalidKey] = 'the x-api-key header is missing or not a key';
    codes[Codes.noPermission] = 'the key is revoked or the account suspended';
  }
  if (schema.body || schema.querystring || schema.params) codes[Codes.parameter] = 'a parameter breaks its rule; msg names the field and the rule';
  if (methods.includes('POST')) codes[Codes.rateLimited] = 'too many POST requests this minute (HTTP 429 with Retry-After)';
  codes[Codes.system] = 'system error; the failure is logged with the rid';
  return codes;
}

/** Adds the merged `x-error-codes` list and the same list, readable, to the operation's description. */
export function documentErrorCodes({ schema, url, route }: { schema: FastifySchema; url: string; route: { method: string | string[] } }) {
  if (!schema || schema.hide) return { schema, url };
  const methods = [route.method].flat().map((m) => m.toUpperCase());
  const merged = { ...generalCodes(schema, methods), ...schema['x-error-codes'] };
  const list: ErrorCodeDoc[] = Object.entries(merged)
    .map(([code, when]) => ({ code: Number(code), when }))
    .sort((a, b) => a.code - b.code);
  const errorsText = `Error codes (in the envelope; HTTP 200 unless noted): ${list.map((e) => `**${e.code}** ${e.when}`).join('; ')}.`;
  const description = schema.description ? `${schema.description}\n\n${errorsText}` : errorsText;
  return { schema: { ...schema, description, 'x-error-codes': list }, url };
}

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="190" height="40" viewBox="0 0 190 40">
<rect x="2" y="6" width="30" height="28" rx="6" fill="#e4572e"/><path d="M13 13v14l11-7z" fill="#fff"/>
<text x="40" y="28" font-family="Helvetica, Arial, sans-serif" font-size="22" font-weight="700" fill="#fff">Reelsmith</text></svg>`;

const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">
<rect width="32" height="32" rx="7" fill="#e4572e"/><path d="M11 8v16l13-8z" fill="#fff"/></svg>`;

export const DOCS_TITLE = 'Reelsmith API docs';

/** The docs page at /docs: Reelsmith's name, logo and icon instead of the framework's. */
export const swaggerUiOptions: FastifySwaggerUiOptions = {
  routePrefix: '/docs',
  logo: { type: 'image/svg+xml', content: Buffer.from(LOGO_SVG), href: '/docs' },
  theme: {
    title: DOCS_TITLE,
    favicon: [{ filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: Buffer.from(FAVICON_SVG) }],
    css: [{ filename: 'reelsmith.css', content: '.swagger-ui .topbar { background-color: #1f2430; }' }],
  },
  uiConfig: { docExpansion: 'list', defaultModelsExpandDepth: 0, tryItOutEnabled: false },
};

/** The tags in the order the docs page shows them, each saying which v1 and v2 routes it holds. */
const API_TAGS = [
  { name: 'Account', description: 'Who the key belongs to and its credits (v1 whoami, v2 user/whoami and user/remaining_quota)' },
  { name: 'Products', description: 'Products from a page URL or by hand (v1 and v2 product)' },
  { name: 'Product videos', description: 'Videos of a product (v1 create_video_from_url and project; v2 create_video_from_product, product_video, previews and lists)' },
  { name: 'Previews', description: 'Free drafts of a product video (v1 preview; v2 preview_list is under Product videos)' },
  { name: 'Avatar videos', description: 'A presenter saying a script or lip-moving to a recording (v1 create_video_from_talking_avatar; v2 create_video_from_avatar, avatar_video)' },
  { name: 'Templates', description: 'Videos from templates and custom templates (v1 and v2 create_video_with_template; v2 template_video(s))' },
  { name: 'Catalogs', description: 'Public avatars, voices, music, visual styles and templates (v1 lists and their v2 shapes)' },
  { name: 'Avatars', description: "The account's own presenters: custom, photo and product avatars, their generation and add_motion (v1 and v2)" },
  { name: 'Assets', description: 'Uploads: a signed single-use PUT (v1 and v2 upload/asset)' },
  { name: 'Scripts', description: 'AI scripts (v1 synchronous, v2 an asynchronous task)' },
  { name: 'Webhook endpoints', description: 'Endpoints and event kinds (v1 and v2 spellings)' },
  { name: 'Webhook deliveries (extension)', description: 'The delivery log and resend, for endpoints and for a request\'s own webhook_url' },
  { name: 'Lip-sync', description: 'A video of one person made to speak a new audio (v2 create_lip_sync_video)' },
];

export function swaggerOptions(version: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Reelsmith API',
        version,
        description:
          'Product-to-video API compatible with the JoggAI v1/v2 API. Every business response is HTTP 200 with ' +
          '`{code, msg, data?, rid}`; `code` 0 is success. Each operation lists the codes it can return ' +
          '(`x-error-codes`); the envelope of an error is `ErrorEnvelope`. Examples use real catalog ids; ' +
          'ids of products, videos, endpoints and deliveries are ones your own calls return.\n\n' +
          'v1 and v2 operations share one tag per feature; a v2 operation is an adapter over the same service as its v1 twin. ' +
          'v2 conventions: statuses are strings (pending, processing, completed, failed), aspect ratios are names ' +
          '(portrait, landscape, square), lists page with page/page_size, and the create routes take a webhook_url of their own.\n\n' +
          `Webhooks (see the \`webhooks\` section): ${WEBHOOK_SIGNING_TEXT}`,
      },
      tags: API_TAGS,
      components: {
        securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
        schemas: { ErrorEnvelope: ErrorEnvelope as object },
      },
      security: [{ apiKey: [] }],
      webhooks: webhookDocs() as never,
    },
    transform: documentErrorCodes as unknown as FastifyDynamicSwaggerOptions['transform'],
  };
}
