import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import sharp from 'sharp';
import { EXAMPLE_IDS } from '../src/http/examples.ts';
import { OPENAPI_PATH, renderOpenApi } from '../src/http/openapi.ts';
import { signatureHeaders } from '../src/webhooks/signing.ts';
import { videoFailedEvents, videoSucceededEvents } from '../src/webhooks/event.ts';
import { WEBHOOK_EXAMPLES } from '../src/webhooks/webhook.openapi.ts';
import { SCENE_EXAMPLE } from '../src/templates/template.schemas.ts';
import { startServer, type TestServer } from './support/server.ts';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Operation {
  method: string;
  path: string;
  op: Json;
}

function operations(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const method of METHODS) if (item[method]) out.push({ method: method.toUpperCase(), path, op: item[method] });
  }
  return out;
}

/** Every property of a schema (nested objects, array items, unions) without a description, as paths. */
function undescribed(schema: Json | undefined, where: string, out: string[]): void {
  if (!schema || typeof schema !== 'object') return;
  for (const [name, prop] of Object.entries((schema.properties ?? {}) as Json)) {
    if (!prop.description) out.push(`${where}.${name}`);
    undescribed(prop, `${where}.${name}`, out);
  }
  if (schema.items) undescribed(schema.items, `${where}[]`, out);
  for (const member of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) undescribed(member, where, out);
}

function undescribedInOperation(where: string, op: Json, out: string[]): void {
  for (const p of op.parameters ?? []) if (!p.description) out.push(`${where} parameter ${p.in} ${p.name}`);
  for (const media of Object.values((op.requestBody?.content ?? {}) as Json)) undescribed(media.schema, `${where} body`, out);
  for (const [status, res] of Object.entries((op.responses ?? {}) as Json)) {
    for (const media of Object.values((res.content ?? {}) as Json)) undescribed(media.schema, `${where} ${status}`, out);
  }
}

/** The type skeleton of a value: what an example and a real answer must share (null matches anything). */
function sameShape(example: unknown, actual: unknown, where: string): void {
  if (example === null || actual === null) return;
  if (Array.isArray(example)) {
    assert.ok(Array.isArray(actual), `${where}: an array in the example, ${JSON.stringify(actual)} in the answer`);
    if (example.length && actual.length) sameShape(example[0], actual[0], `${where}[0]`);
    return;
  }
  if (typeof example === 'object') {
    assert.ok(actual && typeof actual === 'object' && !Array.isArray(actual), `${where}: an object in the example`);
    // Optional fields (`error` of a video) may be absent from either side.
    const ex = example as Json;
    const ac = actual as Json;
    for (const k of Object.keys(ex)) if (k in ac) sameShape(ex[k], ac[k], `${where}.${k}`);
    const missing = Object.keys(ac).filter((k) => !(k in ex) && k !== 'error');
    assert.deepEqual(missing, [], `${where}: the example lacks fields the answer has`);
    return;
  }
  assert.equal(typeof actual, typeof example, `${where}: ${JSON.stringify(example)} vs ${JSON.stringify(actual)}`);
}

describe('OpenAPI document', () => {
  let s: TestServer;
  let doc: Json;
  before(async () => {
    s = await startServer();
    doc = (await s.call('GET', '/openapi.json')).body;
  });
  after(() => s.close());

  it('the committed docs/openapi.json matches the routes (run `npm run openapi` after changing a route)', async () => {
    assert.equal(fs.readFileSync(OPENAPI_PATH, 'utf8'), await renderOpenApi());
  });

  it('is served at /openapi.json without a key, as OpenAPI 3.1 with the x-api-key scheme', async () => {
    const res = await s.call('GET', '/openapi.json');
    assert.equal(res.status, 200);
    assert.equal(res.body.openapi, '3.1.0');
    assert.deepEqual(res.body.components.securitySchemes.apiKey, { type: 'apiKey', in: 'header', name: 'x-api-key' });
    for (const path of ['/v1/product', '/v1/create_video_from_url', '/v1/project', '/v1/endpoint', '/v2/endpoint/{endpoint_id}', '/v1/avatars', '/v2/user/remaining_quota']) {
      assert.ok(res.body.paths[path], `${path} is documented`);
    }
    const createVideo = res.body.paths['/v1/create_video_from_url'].post.requestBody.content['application/json'].schema;
    assert.deepEqual(createVideo.properties.video_length.enum, ['15', '30', '60']);
    assert.equal(createVideo.properties.language.enum.length, 54);
    assert.equal(createVideo.properties.script_style.enum.length, 16);
  });

  it('describes every property and parameter: of routes, webhooks and shared schemas', () => {
    const missing: string[] = [];
    for (const { method, path, op } of operations(doc)) undescribedInOperation(`${method} ${path}`, op, missing);
    for (const [kind, item] of Object.entries((doc.webhooks ?? {}) as Json)) undescribedInOperation(`webhook ${kind}`, item.post, missing);
    for (const [name, schema] of Object.entries((doc.components?.schemas ?? {}) as Json)) undescribed(schema, `components.${name}`, missing);
    assert.deepEqual(missing, [], `${missing.length} without a description — give each a description in its route schema`);
  });

  it('lists the error codes of every route (x-error-codes), with the route-specific ones', () => {
    for (const { method, path, op } of operations(doc)) {
      const codes = (op['x-error-codes'] ?? []) as { code: number; when: string }[];
      assert.ok(codes.length > 0, `${method} ${path} has x-error-codes`);
      for (const c of codes) assert.ok(Number.isInteger(c.code) && c.when.length > 5, `${method} ${path}: ${JSON.stringify(c)}`);
      assert.ok(codes.some((c) => c.code === 50000), `${method} ${path} lists 50000`);
      assert.match(op.description, /Error codes/, `${method} ${path} says its codes in the description`);
      const authenticated = !(Array.isArray(op.security) && op.security.length === 0);
      // A public route may still answer 10105 for its own credential (the signed upload URL's
      // signature); the missing-key case is listed exactly where a key is needed.
      const keyMissing = codes.some((c) => c.code === 10105 && /x-api-key/.test(c.when));
      assert.equal(keyMissing, authenticated, `${method} ${path}: 10105 for the x-api-key exactly when a key is needed`);
      assert.equal(codes.some((c) => c.code === 429), method === 'POST', `${method} ${path}: 429 exactly for POST`);
    }
    const codesOf = (path: string, method: string) => (doc.paths[path][method]['x-error-codes'] as { code: number }[]).map((c) => c.code);
    assert.ok(codesOf('/v1/create_video_from_url', 'post').includes(18020));
    assert.ok(codesOf('/v1/create_video_from_url', 'post').includes(10104));
    assert.ok(codesOf('/v1/project', 'get').includes(10104));
    assert.ok(codesOf('/v2/endpoint/{endpoint_id}/deliveries/{delivery_id}/resend', 'post').includes(10104));
  });

  it('has a JSON response example for every JSON route, valid against its own response schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    for (const { method, path, op } of operations(doc)) {
      const media = op.responses?.['200']?.content?.['application/json'];
      if (!media) continue; // binary files (covers, audio): the example request below still runs
      assert.ok(media.example, `${method} ${path} has a response example`);
      const validate = ajv.compile(media.schema);
      assert.ok(validate(structuredClone(media.example)), `${method} ${path} example: ${ajv.errorsText(validate.errors)}`);
      // Routes of what the server does not do (CONTRACT §13) document the one answer they give.
      assert.equal(media.example.code, op['x-unsupported'] ? 40000 : 0, `${method} ${path}`);
    }
  });

  it("sends every route's example request, as documented, to a real server: each gets code 0", async () => {
    const checked: string[] = [];
    for (const { method, path, op } of operations(doc)) {
      // Fresh state per route: deletes and disables in one example do not spoil the next.
      const ids = await freshState(s);
      const swap = (text: string) =>
        text.replaceAll(EXAMPLE_IDS.product, ids.product).replaceAll(EXAMPLE_IDS.project, ids.project).replaceAll(EXAMPLE_IDS.preview, ids.preview)
          .replaceAll(EXAMPLE_IDS.endpoint, ids.endpoint).replaceAll(EXAMPLE_IDS.delivery, ids.delivery).replaceAll(EXAMPLE_IDS.requestDelivery, ids.requestDelivery)
          .replaceAll(EXAMPLE_IDS.customVoice, ids.customVoice).replaceAll(EXAMPLE_IDS.asset, ids.asset)
          .replaceAll(EXAMPLE_IDS.uploadExpires, ids.uploadExpires).replaceAll(EXAMPLE_IDS.uploadSignature, ids.uploadSignature)
          .replaceAll(String(EXAMPLE_IDS.customAvatar), String(ids.customAvatar)).replaceAll(EXAMPLE_IDS.photo, ids.photo)
          .replaceAll(String(EXAMPLE_IDS.customTemplate), String(ids.customTemplate)).replaceAll(EXAMPLE_IDS.customTemplateToken, ids.customTemplateToken)
          .replaceAll(EXAMPLE_IDS.avatarVideo, ids.avatarVideo).replaceAll(EXAMPLE_IDS.templateVideo, ids.templateVideo).replaceAll(EXAMPLE_IDS.translateVideo, ids.translateVideo).replaceAll(EXAMPLE_IDS.lipSyncVideo, ids.lipSyncVideo)
          .replaceAll(EXAMPLE_IDS.aiScriptTask, ids.aiScriptTask)
          .replaceAll(EXAMPLE_IDS.productBatch, ids.productBatch).replaceAll(EXAMPLE_IDS.productGeneration, ids.productGeneration);

      let url = path;
      const query = new URLSearchParams();
      for (const p of op.parameters ?? []) {
        if (p.example === undefined) {
          assert.ok(!p.required, `${method} ${path}: required parameter ${p.name} has no example`);
          continue;
        }
        if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(p.example)));
        if (p.in === 'query') query.set(p.name, String(p.example));
      }
      assert.ok(!/[{}]/.test(url), `${method} ${path}: every path parameter has an example`);
      const body = op.requestBody?.content?.['application/json']?.example;
      // A file body (the signed upload PUT) is sent as the bytes of a small real PNG.
      const binary = Object.values((op.requestBody?.content ?? {}) as Json).some((m) => m.schema?.contentMediaType === 'application/octet-stream');
      if (op.requestBody) assert.ok(body || binary, `${method} ${path} has a request body example`);
      const target = swap(url + (query.size ? `?${query}` : ''));
      const res = await fetch(s.baseUrl + target, {
        method,
        headers: { 'x-api-key': ids.key, ...(body ? { 'content-type': 'application/json' } : binary ? { 'content-type': 'image/png' } : {}) },
        ...(body ? { body: swap(JSON.stringify(body)) } : binary ? { body: new Uint8Array(await smallPng()) } : {}),
      });
      const media = op.responses['200'].content;
      if (media?.['application/json']) {
        const answer = (await res.json()) as Json;
        if (op['x-unsupported']) {
          assert.equal(answer.code, 40000, `${method} ${target} → ${JSON.stringify(answer)}`);
          assert.match(answer.msg, /^Not supported by this server: /);
          assert.match(op.description, /Not supported by this server/);
        } else assert.equal(answer.code, 0, `${method} ${target} ${JSON.stringify(body ?? '')} → ${JSON.stringify(answer)}`);
        sameShape(media['application/json'].example, answer, `${method} ${path}`);
      } else {
        assert.equal(res.status, 200, `${method} ${target}`);
        await res.arrayBuffer();
      }
      checked.push(`${method} ${path}`);
    }
    assert.ok(checked.length >= 45, `${checked.length} routes`);
  });

  it('documents the webhook payloads of both outcomes and both signature schemes', () => {
    const kinds = Object.keys(doc.webhooks);
    assert.deepEqual(kinds.sort(), ['generated_avatar_video_failed', 'generated_avatar_video_success', 'generated_product_video_failed', 'generated_product_video_success', 'generated_template_video_failed', 'generated_template_video_success', 'generated_video_failed', 'generated_video_success']);
    // The documented bodies have exactly the fields the real events have, in the same order.
    const now = Date.now();
    const real = {
      success: JSON.parse(videoSucceededEvents({ projectId: 'p', accountId: 'a', kinds: ['generated_video_success'], videoUrl: 'u', coverUrl: 'c', durationS: 1 }, now)[0]!.payload),
      failed: JSON.parse(videoFailedEvents({ projectId: 'p', accountId: 'a', kinds: ['generated_video_failed'], error: { code: 1, message: 'm' } }, now)[0]!.payload),
    };
    for (const kind of kinds) {
      const post = doc.webhooks[kind].post;
      const outcome = kind.endsWith('success') ? 'success' : 'failed';
      const example = post.requestBody.content['application/json'].example;
      assert.equal(example.event, kind);
      assert.deepEqual(Object.keys(example), Object.keys(real[outcome]));
      assert.deepEqual(Object.keys(example.data), Object.keys(real[outcome].data));
      const headers = (post.parameters as Json[]).map((p) => p.name.toLowerCase());
      for (const h of ['x-webhook-signature', 'webhook-id', 'webhook-timestamp', 'webhook-signature']) assert.ok(headers.includes(h), `${kind}: ${h}`);
      assert.match(post.description, /X-Webhook-Signature/);
      assert.match(post.description, /Standard Webhooks/);
    }
    // The header names the docs give are the ones the signer sends.
    assert.deepEqual(Object.keys(signatureHeaders('whsec_AAAA', 'id', '{}', 1)).sort(), ['webhook-id', 'webhook-signature', 'webhook-timestamp', 'x-webhook-signature']);
    assert.deepEqual(doc.webhooks.generated_video_success.post.requestBody.content['application/json'].example, WEBHOOK_EXAMPLES.success('generated_video_success'));
  });

  it("has a docs page at /docs that is Reelsmith's: its title, logo and icon, not the framework's", async () => {
    const res = await fetch(`${s.baseUrl}/docs`, { redirect: 'follow' });
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /<title>Reelsmith API docs<\/title>/);
    assert.doesNotMatch(html, /favicon-32x32\.png|Swagger UI<\/title>/);
    const icon = html.match(/rel="icon"[^>]*href="([^"]+)"/)?.[1];
    assert.ok(icon, 'an icon link');
    const iconRes = await fetch(new URL(icon, `${s.baseUrl}/docs/`));
    assert.equal(iconRes.status, 200);
    assert.match(await iconRes.text(), /<svg/);
    const init = await (await fetch(`${s.baseUrl}/docs/static/swagger-initializer.js`)).text();
    const logo = init.match(/data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/)?.[1];
    assert.ok(logo, 'the topbar logo is replaced');
    assert.match(Buffer.from(logo, 'base64').toString(), /Reelsmith/);
  });
});

/** A real 64×48 PNG. */
const smallPng = () => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 228, g: 87, b: 46 } } }).png().toBuffer();

/**
 * An account with a product, a finished video (of another product), a preview, a custom voice, a candidate
 * generation (in progress: no worker runs), a drawn custom avatar, a custom template, an endpoint, a pending
 * delivery to it and one to a request's webhook_url, and an upload URL not used yet: the records the examples' ids
 * (src/http/examples.ts) stand for.
 * Every route gets its own, so the DELETE examples remove records no other example needs.
 */
async function freshState(s: TestServer) {
  const { apiKey: key } = await s.account({ credits: 8 });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await s.call(method, path, { key, ...(body === undefined ? {} : { body }) });
    assert.equal(res.body?.code, 0, `${method} ${path}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const newProduct = async () => (await call('POST', '/v1/product', { name: 'Aurora Desk Lamp', description: 'Warm dimmable LED lamp.' })).data.product_id as string;
  // The examples' product has no video (a product with one may be refused where a bare one is not).
  const product = await newProduct();
  const video = { product_id: await newProduct(), aspect_ratio: 0, video_length: '15', avatar_id: 1, avatar_type: 0, script_style: 'Problem/Solution', template_type: 'public' };
  const project = (await call('POST', '/v1/create_video_from_url', video)).data.project_id as string;
  const { work, clock, videoRepo } = s.running.services;
  // The documented video is a finished one (status_code 4), as DELETE /v1/project needs: the test
  // server runs no worker, so it is finished here, with files in the real layout.
  const { fileToken } = (await videoRepo.getById(project))!;
  const file = (name: string) => `videos/${project}/${fileToken}/${name}`;
  const finished = { videoKey: file('video.mp4'), coverKey: file('cover.jpg'), subtitlesKey: '', durationS: 15, script: 'Meet the Aurora Desk Lamp.' };
  assert.ok(await videoRepo.markSucceeded(project, finished, clock.nowMs()));
  // A preview (render_single_preview takes it), of the video's product: the examples' product stays bare.
  const preview = (await call('POST', '/v1/preview', { product_id: video.product_id, aspect_ratio: 0, video_length: '15', avatar_id: 1, avatar_type: 0, script_style: 'Data', template_type: 'public' })).data.project_id as string;
  const customVoice = (await call('POST', '/v1/voices/custom', { name: 'Calm narrator', base_voice_id: 'en-us-f1' })).data.voice_id as string;
  const photo = (await call('POST', '/v1/photo_avatar/photo/generate', { age: 'Adult', gender: 'Female', avatar_style: 'Social' })).data.photo_id as string;
  const principal = await s.running.services.auth.authenticate(key);
  const look = (await import('../src/pipeline/avatar/describe.ts')).describePresenters({ age: 'Adult', gender: 'Female', avatarStyle: 'Social', model: 'classic' }).candidates[0]!;
  const customAvatar = (await s.running.services.customAvatars.create(principal.accountId, { name: 'Nora', kind: 'drawn', look, style: 'Social', gender: 'Female', age: 'Adult', motionId: EXAMPLE_IDS.motion })).id;
  // A custom template without a logo: its cover and preview render offline.
  const { logo: _logo, ...scene } = SCENE_EXAMPLE;
  const template = (await call('POST', '/v1/templates/custom', scene)).data as { id: number; cover_url: string };
  const customTemplateToken = new URL(template.cover_url).pathname.split('/').at(-2)!;
  // A talking-avatar video and a template video: the v2 status routes answer for their own kind only.
  const avatarVideo = (await call('POST', '/v1/create_video_from_talking_avatar', { avatar_id: 1, script: 'Meet the Aurora Desk Lamp.' })).data.project_id as string;
  const templateVideo = (await call('POST', '/v1/create_video_with_template', { template_id: 1, variables: [{ type: 'text', name: 'title', properties: { content: 'Aurora Desk Lamp' } }] })).data.project_id as string;
  // A translation of the finished video (made again in German: a product video needs no LLM).
  const translateVideo = (await call('POST', '/v2/video_translate/', { video_id: project, output_language: 'german' })).data.video_translate_id as string;
  // A lip-sync video (pending: no worker runs; the clip is only fetched by the job).
  const lipSyncVideo = (await call('POST', '/v2/create_lip_sync_video', { video_url: 'https://example.com/me-talking.mp4', script: 'Hello there.' })).data.task_id as string;
  const endpoint = (await call('POST', '/v2/endpoint', { url: 'https://hooks.example.com/r', status: 'enabled', events: ['generated_video_success'] })).data.endpoint_id as string;
  const v = await videoRepo.getById(project);
  // The video's events with a request webhook_url, as a v2 request would name it: one endpoint delivery, one to the URL.
  const kinds = ['generated_video_success', 'generated_product_video_success'];
  await work((r) => r.outbox.emit(videoSucceededEvents({ projectId: project, accountId: v!.accountId, kinds, webhookUrl: 'https://hooks.example.com/request', videoUrl: 'https://x/v.mp4', coverUrl: 'https://x/c.jpg', durationS: 15 }, clock.nowMs())));
  const delivery = (await call('GET', `/v2/endpoint/${endpoint}/deliveries`)).data.deliveries[0].delivery_id as string;
  const requestDelivery = (await call('GET', '/v2/webhook_url/deliveries')).data.deliveries[0].delivery_id as string;
  // An upload ticket: the signed PUT example uploads to its URL.
  const signUrl = new URL((await call('POST', '/v1/upload/asset', { filename: 'lamp.png' })).data.sign_url as string);
  const asset = signUrl.pathname.split('/').pop()!;
  const uploadExpires = signUrl.searchParams.get('expires')!;
  const uploadSignature = signUrl.searchParams.get('signature')!;
  // A v2 AI script task (pending: no worker runs).
  const aiScriptTask = (await call('POST', '/v2/ai_scripts', { language: 'english', product_info: { source_type: 'id', data: { id: product } } })).data.task_id as string;
  // A product-avatar batch (pending: no worker runs) with its first picture recorded as made, and
  // a product avatar made by add_motion EXAMPLE_IDS.productMotion.
  const { productBatch, productGeneration } = await productAvatarExample(s, call, principal!.accountId, look);
  return { key, product, project, preview, avatarVideo, templateVideo, translateVideo, lipSyncVideo, customVoice, customAvatar, photo, customTemplate: template.id, customTemplateToken, endpoint, delivery, requestDelivery, asset, uploadExpires, uploadSignature, aiScriptTask, productBatch, productGeneration };
}

async function productAvatarExample(s: TestServer, call: (method: string, path: string, body?: unknown) => Promise<Json>, accountId: string, look: Parameters<TestServer['running']['services']['customAvatars']['create']>[1]['look']) {
  const made = (await call('POST', '/v2/product_avatar/generation', { product_image_url: 'https://images.example.com/products/lamp.png', avatar_source: { type: 'id', avatar_id: 5 }, num_images: 1 })).data;
  const productBatch = made.batch_id as string;
  const productGeneration = made.generations[0].generation_id as string;
  const hold = { side: 'right' as const, scale: 1, tiltDeg: 0, lift: 0 };
  const key = `avatars/p-${productBatch}/generation-1.png`;
  await s.running.services.productAvatarRepo.finishGeneration(productGeneration, { status: 'completed', imageKey: key, presenter: { kind: 'drawn', presenter: look! }, productKey: `avatars/p-${productBatch}/product.png`, hold }, Date.now());
  await s.running.services.customAvatars.create(accountId, { name: 'Lucia with the lamp', kind: 'product', look, product: { key: `avatars/p-${productBatch}/product.png`, hold, coverKey: key }, style: 'Product', gender: 'Female', age: 'Adult', motionId: EXAMPLE_IDS.productMotion });
  return { productBatch, productGeneration };
}
