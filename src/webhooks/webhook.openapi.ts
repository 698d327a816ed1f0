import { Type } from 'typebox';
import { EXAMPLE_IDS, exampleVideoFile } from '../http/examples.ts';
import { StringEnum } from '../http/schema-helpers.ts';
import { V2_EVENTS } from './event-kinds.ts';

/** The kinds a finished video fires: v1's generated_video_* and each video kind's v2 family (CONTRACT §9). */
const VIDEO_KINDS = V2_EVENTS.filter((k) => /^generated_(product_|avatar_|template_)?video_(success|failed)$/.test(k));
const VIDEO_SUCCESS_KINDS = VIDEO_KINDS.filter((k) => k.endsWith('_success'));
const VIDEO_FAILED_KINDS = VIDEO_KINDS.filter((k) => k.endsWith('_failed'));

/** How a receiver checks a delivery: both schemes of src/webhooks/signing.ts, in words. */
export const WEBHOOK_SIGNING_TEXT =
  'every delivery is a POST of compact JSON signed twice over the exact body bytes. ' +
  '(1) `X-Webhook-Signature`: hex HMAC-SHA256 of the raw body, key = the endpoint secret string (`whsec_...`; for a v2 request\'s own `webhook_url`, the account\'s `webhook_secret` from `GET /v1/whoami`) as UTF-8 bytes — ' +
  'what JoggAI receivers verify: `hmac.compare_digest(hmac.new(secret.encode(), body, sha256).hexdigest(), header)`. ' +
  '(2) Standard Webhooks: `webhook-id` (= `event_id`), `webhook-timestamp` (Unix seconds of this attempt) and ' +
  '`webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, key = base64-decoded part after `whsec_` — ' +
  'verify with the `standardwebhooks` package: `new Webhook(secret).verify(body, headers)`. ' +
  'Answer 2xx within 15 s; anything else is retried (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h); 410 disables the endpoint (a request\'s webhook_url: ends that delivery). ' +
  'Delivery is at least once: deduplicate on `event_id`.';

const EXAMPLE_VIDEO_ID = EXAMPLE_IDS.project;

const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

const headers = (kind: string) => [
  header('X-Webhook-Signature', 'Hex HMAC-SHA256 of the raw body; key = the endpoint secret string as UTF-8 bytes', '5d8e0c1f0b6f4e0a9f3b8d2c7a1e6f4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f'),
  header('webhook-id', 'The event_id: the same on every retry and resend of this event', '019ab3f0c2d1a4e5f60718293a4b5c6d'),
  header('webhook-timestamp', 'Unix seconds of this attempt', '1795618930'),
  header('webhook-signature', 'v1, + base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"; key = base64-decoded part after whsec_', 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4='),
  header('X-Webhook-Event', 'The event kind, as in the body', kind),
  header('User-Agent', 'Reelsmith-Webhook/<version>', 'Reelsmith-Webhook/0.1.0'),
];

const common = (kinds: readonly string[]) => ({
  event_id: Type.String({ description: '32 hex, time-ordered; also the webhook-id header; receivers deduplicate on it' }),
  event: StringEnum(kinds, { description: 'Event kind' }),
  timestamp: Type.Integer({ description: 'Unix seconds when the event happened (the same on every retry)' }),
});

const SuccessBody = Type.Object({
  ...common(VIDEO_SUCCESS_KINDS),
  data: Type.Object(
    {
      project_id: Type.String({ description: 'The video (project) id create_video_from_url returned' }),
      video_id: Type.String({ description: 'Same as project_id' }),
      status: StringEnum(['success'] as const, { description: 'Always success for these kinds' }),
      video_url: Type.String({ description: 'The MP4' }),
      cover_url: Type.String({ description: 'A JPEG frame of the video' }),
      duration: Type.Number({ description: 'Seconds' }),
    },
    { description: 'The finished video' },
  ),
});

const FailedBody = Type.Object({
  ...common(VIDEO_FAILED_KINDS),
  data: Type.Object(
    {
      project_id: Type.String({ description: 'The video (project) id create_video_from_url returned' }),
      video_id: Type.String({ description: 'Same as project_id' }),
      status: StringEnum(['failed'] as const, { description: 'Always failed for these kinds' }),
      error: Type.Object(
        {
          code: Type.Integer({ description: '50000 for a system failure, else the code of the input problem (e.g. 40000)' }),
          message: Type.String({ description: 'What went wrong, without internals' }),
        },
        { description: 'Why the video failed; its credit was given back' },
      ),
    },
    { description: 'The failed video' },
  ),
});

export const WEBHOOK_EXAMPLES = {
  success: (kind: string) => ({
    event_id: '019ab3f0c2d1a4e5f60718293a4b5c6d',
    event: kind,
    timestamp: 1795618930,
    data: {
      project_id: EXAMPLE_VIDEO_ID,
      video_id: EXAMPLE_VIDEO_ID,
      status: 'success',
      video_url: exampleVideoFile('video.mp4'),
      cover_url: exampleVideoFile('cover.jpg'),
      duration: 15.02,
    },
  }),
  failed: (kind: string) => ({
    event_id: '019ab3f0c2d1a4e5f60718293a4b5c6e',
    event: kind,
    timestamp: 1795618930,
    data: {
      project_id: EXAMPLE_VIDEO_ID,
      video_id: EXAMPLE_VIDEO_ID,
      status: 'failed',
      error: { code: 40000, message: "None of the product's media could be loaded: https://cdn.example.com/a.jpg (the server answered HTTP 404)" },
    },
  }),
};

function operation(kind: string, outcome: 'success' | 'failed') {
  const video = kind === 'generated_product_video_success' || kind === 'generated_product_video_failed' ? 'product video (v2 kind)' : 'video (v1 kind)';
  return {
    post: {
      tags: ['Webhook events'],
      summary: `A ${video} ${outcome === 'success' ? 'finished' : 'failed'}`,
      description: `Sent to every enabled endpoint subscribed to \`${kind}\`, and (v2 kinds) to the \`webhook_url\` the video's v2 request named. A video fires both its v1 and its v2 kind, each its own event with its own event_id. Signatures: ${WEBHOOK_SIGNING_TEXT}`,
      parameters: headers(kind),
      requestBody: {
        required: true,
        content: { 'application/json': { schema: outcome === 'success' ? SuccessBody : FailedBody, example: WEBHOOK_EXAMPLES[outcome](kind) } },
      },
      responses: {
        '200': { description: 'Any 2xx within 15 s acknowledges the delivery; the answer body is ignored (its first 512 bytes are logged)' },
        '410': { description: 'Gone: the endpoint is disabled and nothing more is sent to it' },
      },
    },
  };
}

/** The OpenAPI 3.1 `webhooks` section: one entry per event kind a product video fires. */
export function webhookDocs(): Record<string, unknown> {
  return Object.fromEntries([
    ...VIDEO_SUCCESS_KINDS.map((k) => [k, operation(k, 'success')] as const),
    ...VIDEO_FAILED_KINDS.map((k) => [k, operation(k, 'failed')] as const),
  ]);
}
