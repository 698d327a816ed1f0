import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { exampleScene } from './support/template-scene.ts';
import { startServer, success as data, type CallResult, type TestServer } from './support/server.ts';

/**
 * Probe class of issue 28: every resource of one account is invisible to another. Account A makes
 * one of every kind (product, video, asset, custom voice, custom template, endpoint, photo
 * generation, photo avatar, product-avatar batch, AI script task); account B then reads, uses and
 * deletes each by its id (10104, or 40000 naming the field where the id is a media reference),
 * its lists never show one of A's ids, and A's resources are unchanged. Add a row for every new
 * resource kind.
 */
describe('probe: every resource of one account is invisible to another', () => {
  let s: TestServer;
  let a: string;
  let b: string;
  const ids = {} as Record<string, string> & { product: string; voice: string };

  before(async () => {
    s = await startServer({ env: { REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1' } });
    ({ apiKey: a } = await s.account({ credits: 20 }));
    ({ apiKey: b } = await s.account({ credits: 20 }));
  });
  after(async () => {
    await s?.close();
  });

  it("A makes one of every kind; B cannot read, use or delete any, and sees none in its lists", { timeout: 120_000 }, async () => {
    const call = (method: string, path: string, key: string, body?: object): Promise<CallResult> => s.call(method, path, { key, ...(body ? { body } : {}) });
    // Account A's resources.
    ids.product = data(await call('POST', '/v1/product', a, { name: 'Aurora Lamp', description: 'A warm lamp for late reading.' })).product_id;
    const v2Body = (productId: string) => ({ product_id: productId, video_spec: { aspect_ratio: 'landscape', length: '15', name: 'Probe' }, avatar: { id: 2, type: 0 }, script: { style: 'Storytime', language: 'english' } });
    ids.video = data(await call('POST', '/v2/create_video_from_product', a, v2Body(ids.product))).video_id;
    const ticket = data(await call('POST', '/v1/upload/asset', a, { filename: 'a.png' }));
    const u = new URL(ticket.sign_url);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
    assert.equal((await fetch(s.baseUrl + u.pathname + u.search, { method: 'PUT', body: png as unknown as BodyInit })).status, 200);
    ids.asset = ticket.asset_id;
    ids.voice = data(await call('POST', '/v1/voices/custom', a, { name: 'Probe voice', base_voice_id: 'en-us-f1' })).voice_id;
    ids.template = String(data(await call('POST', '/v1/templates/custom', a, exampleScene())).id);
    ids.endpoint = data(await call('POST', '/v1/endpoint', a, { url: 'https://hooks.example.com/a', events: ['generated_video_success'] })).endpoint_id ?? '';
    ids.photo = data(await call('POST', '/v1/photo_avatar/photo/generate', a, { age: 'Adult', gender: 'Female', avatar_style: 'Social' })).photo_id;
    ids.motion = data(await call('POST', '/v1/photo_avatar/add_motion', a, { image_url: 'https://images.example.com/me.jpg', name: 'Probe' })).motion_id;
    ids.batch = data(await call('POST', '/v2/product_avatar/generation', a, { product_image_url: ticket.asset_id, avatar_source: { type: 'id', avatar_id: 5, avatar_type: 'public' }, num_images: 1 })).batch_id;
    ids.task = data(await call('POST', '/v2/ai_scripts', a, { language: 'english', product_info: { source_type: 'details', data: { name: 'Lamp', description: 'A lamp.' } } })).task_id;
    ids.avatarVideo = data(await call('POST', '/v2/create_video_from_avatar', a, { avatar: { avatar_id: 1, avatar_type: 0 }, voice: { type: 'script', script: 'Hello there.', voice_id: 'en-us-f1' }, aspect_ratio: 'portrait' })).video_id;
    ids.translation = data(await call('POST', '/v2/video_translate/', a, { video_id: ids.video, output_language: 'german' })).video_translate_id;
    ids.lipSync = data(await call('POST', '/v2/create_lip_sync_video', a, { video_url: 'https://media.example.com/me.mp4', script: 'Hello there.', voice_id: 'en-us-f1' })).task_id;
    for (const [kind, id] of Object.entries(ids)) assert.ok(id, `A made a ${kind}`);

    // B by id: read, use, delete.
    const refusals: [string, () => Promise<CallResult>, number, RegExp?][] = [
      ['GET product', () => call('GET', `/v1/product?product_id=${ids.product}`, b), 10104],
      ['DELETE product', () => call('DELETE', `/v1/product?product_id=${ids.product}`, b), 10104],
      ['use product', () => call('POST', '/v2/create_video_from_product', b, v2Body(ids.product)), 10104],
      ['GET video v1', () => call('GET', `/v1/project?project_id=${ids.video}`, b), 10104],
      ['GET video v2', () => call('GET', `/v2/product_video/${ids.video}`, b), 10104],
      ['DELETE video', () => call('DELETE', `/v1/project?project_id=${ids.video}`, b), 10104],
      ['use asset', () => call('POST', '/v1/product', b, { name: 'N', description: 'D', media: [{ type: 1, url: ids.asset }] }), 40000, /media\[0\]\.url names no asset of this account/],
      ['use asset URL', () => call('POST', '/v1/product', b, { name: 'N', description: 'D', media: [{ type: 1, url: ticket.asset_url }] }), 40000, /names no asset of this account/],
      ['use voice', () => call('POST', '/v2/create_video_from_product', b, { ...v2Body(ids.product), voice: { id: ids.voice } }), 10104],
      ['DELETE voice', () => call('DELETE', `/v1/voices/custom/${ids.voice}`, b), 10104],
      ['use template', () => call('POST', '/v1/create_video_with_template', b, { template_id: Number(ids.template), template_type: 'user', lang: 'en', variables: [{ type: 'text', name: 'title', properties: { content: 'T' } }] }), 10104],
      ['DELETE template', () => call('DELETE', `/v1/templates/custom?template_id=${ids.template}`, b), 10104],
      ['DELETE endpoint', () => call('DELETE', `/v1/endpoint/${ids.endpoint}`, b), 10104],
      ['GET photo generation', () => call('GET', `/v1/photo_avatar/generation?photo_id=${ids.photo}`, b), 10104],
      ['GET motion', () => call('GET', `/v1/photo_avatar?motion_id=${ids.motion}`, b), 10104],
      ['GET product-avatar batch', () => call('GET', `/v2/product_avatar/generation/${ids.batch}`, b), 10104],
      ['GET AI script task', () => call('GET', `/v2/ai_scripts/results/${ids.task}`, b), 10104],
      ['cancel video', () => call('POST', `/v2/video/${ids.video}/cancel`, b), 10104],
      ['GET avatar video v2', () => call('GET', `/v2/avatar_video/${ids.avatarVideo}`, b), 10104],
      ['GET translation', () => call('GET', `/v2/video_translate/${ids.translation}`, b), 10104],
      ['GET translation v1', () => call('GET', `/v1/project?project_id=${ids.translation}`, b), 10104],
      ['translate A\'s video', () => call('POST', '/v2/video_translate/', b, { video_id: ids.video, output_language: 'german' }), 10104],
      ['GET lip-sync video', () => call('GET', `/v2/lip_sync_video/${ids.lipSync}`, b), 10104],
      ['lip-sync A\'s asset', () => call('POST', '/v2/create_lip_sync_video', b, { video_url: ids.asset, script: 'Hi.', voice_id: 'en-us-f1' }), 40000, /video_url names no asset of this account/],
    ];
    const wrong: string[] = [];
    for (const [what, request, code, msg] of refusals) {
      const res = await request();
      const body = res.body as { code: number; msg: string };
      if (res.status !== 200 || body.code !== code || (msg && !msg.test(body.msg))) wrong.push(`${what}: HTTP ${res.status} ${JSON.stringify(body)}`);
    }
    // B's lists: none of A's ids anywhere in the answer.
    const lists = ['/v1/products', '/v1/projects', '/v2/product_videos', '/v1/voices/custom', '/v2/voices/custom', '/v1/templates/custom', '/v2/templates/custom', '/v1/endpoints', '/v2/endpoints', '/v1/avatars/custom', '/v1/avatars/photo_avatars', '/v2/avatars/product_avatars', '/v2/events'];
    for (const path of lists) {
      const res = await call('GET', path, b);
      const text = JSON.stringify(res.body);
      if ((res.body as { code: number }).code !== 0) wrong.push(`list ${path}: ${text.slice(0, 200)}`);
      for (const [kind, id] of Object.entries(ids)) if (text.includes(id)) wrong.push(`list ${path} shows A's ${kind} ${id}`);
    }
    console.log(`${Object.keys(ids).length} resource kinds, ${refusals.length} refusals by id, ${lists.length} lists checked`);
    assert.deepEqual(wrong, []);

    // A's resources are unchanged.
    assert.equal(data(await call('GET', `/v1/product?product_id=${ids.product}`, a)).product_id ?? ids.product, ids.product);
    assert.ok(data(await call('GET', '/v1/voices/custom', a)).voices.some((v: { voice_id: string }) => v.voice_id === ids.voice));
    assert.ok(data(await call('GET', '/v1/templates/custom', a)).templates.some((t: { id: number }) => String(t.id) === ids.template));
    data(await call('GET', `/v2/product_video/${ids.video}`, a));
  });
});
