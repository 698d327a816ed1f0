import { Type } from 'typebox';
import { EXAMPLE_RID } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { AppError, Codes } from '../lib/errors.ts';

/**
 * What this server does not do yet (CONTRACT §13 asks for it; issue 24 item 5): lip sync of an
 * existing video. Video translation and avatars from a video are built (src/videos/kinds,
 * src/avatars). The routes
 * exist, so clients get a readable answer instead of 10104 "no route": HTTP 200, code 40000,
 * `Not supported by this server: <feature>`. Their operations carry `x-unsupported: true` and say
 * so in their description.
 */
const FEATURES = {
  lipSync: 'lip sync of an existing video',
} as const;
type Feature = (typeof FEATURES)[keyof typeof FEATURES];

const tags = ['Not supported by this server'];

function NotSupported(feature: Feature) {
  return Type.Object(
    {
      code: Type.Integer({ description: 'Always 40000 here' }),
      msg: Type.String({ description: `Always "Not supported by this server: ${feature}"` }),
      rid: Type.String({ description: '32-hex request id, also sent as X-Request-Id' }),
    },
    { description: 'Always this business error (HTTP 200)', examples: [{ code: 40000, msg: `Not supported by this server: ${feature}`, rid: EXAMPLE_RID }] },
  );
}

const idParam = (name: string, what: string) =>
  Type.Object({ [name]: Type.String({ minLength: 1, maxLength: 64, description: `The ${what} id the vendor's API returned (none exists here)`, examples: ['3f9a1c7e5b2d4f608a1e9c3b7d5f2a40'] }) });

interface UnsupportedRoute {
  method: 'GET' | 'POST';
  url: string;
  feature: Feature;
  summary: string;
  params?: ReturnType<typeof idParam>;
}

const ROUTES: UnsupportedRoute[] = [
  { method: 'POST', url: '/v2/create_lip_sync_video', feature: FEATURES.lipSync, summary: 'Lip-sync an existing video to new audio (not supported)' },
  { method: 'GET', url: '/v2/lip_sync_video/:task_id', feature: FEATURES.lipSync, summary: 'A lip-sync task (not supported)', params: idParam('task_id', 'lip-sync task') },
];

export function unsupportedRoutes(app: App): void {
  for (const r of ROUTES) {
    app.route({
      method: r.method,
      url: r.url,
      schema: {
        tags,
        summary: r.summary,
        description: `Not supported by this server: ${r.feature} is not built yet. Always answers code 40000 with msg "Not supported by this server: ${r.feature}".`,
        ...(r.params ? { params: r.params } : {}),
        response: { 200: NotSupported(r.feature) },
        'x-error-codes': { 40000: `always: Not supported by this server: ${r.feature}` },
        'x-unsupported': true,
      },
      handler: async () => {
        throw new AppError(Codes.parameter, `Not supported by this server: ${r.feature}`);
      },
    });
  }
}
