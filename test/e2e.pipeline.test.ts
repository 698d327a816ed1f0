import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSampleShop, type SampleShop } from '../scripts/sample-shop.ts';
import { startServer, type TestServer } from './support/server.ts';
import { startReceiver, verifyBoth, type Receiver } from './support/webhook-receiver.ts';

/**
 * The whole product: a product page crawled from a loopback shop, a video made by the real
 * pipeline (script writer, espeak-ng speech, drawn presenter, canvas frames, ffmpeg), published,
 * and a signed success webhook delivered. Rendered at half size (RENDER_SCALE=0.5) to keep the
 * suite short; the renderer's own tests cover the full sizes.
 */
describe('end to end: page URL → product → video → signed webhook', () => {
  let s: TestServer;
  let shop: SampleShop;
  let receiver: Receiver;
  before(async () => {
    shop = await startSampleShop();
    receiver = await startReceiver();
    s = await startServer({ env: { ALLOW_PRIVATE_URLS: '1', RENDER_SCALE: '0.5' } });
    s.running.startBackground();
  });
  after(async () => {
    await s.close();
    await receiver.close();
    await shop.close();
  });

  it('a 15 s 9:16 video with captions is made, published and announced with both signatures', { timeout: 180_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 2 });
    const endpoint = (await s.call('POST', '/v1/endpoint', { key, body: { url: receiver.url('/hook'), events: ['generated_video_success', 'generated_video_failed'] } })).body;
    assert.equal(endpoint.code, 0);
    const product = (await s.call('POST', '/v1/product', { key, body: { url: shop.productUrl } })).body.data;
    assert.equal(product.media.length, 3);

    const created = await s.call('POST', '/v1/create_video_from_url', {
      key,
      body: { product_id: product.product_id, aspect_ratio: 0, video_length: '15', language: 'english', avatar_id: 3, avatar_type: 0, script_style: 'Top 3 reasons', template_type: 'public', caption: true },
    });
    assert.equal(created.body.code, 0);
    const projectId: string = created.body.data.project_id;

    await receiver.waitFor((all) => all.some((r) => r.json?.data?.project_id === projectId), 170_000, 'the success webhook');
    const hook = receiver.received.find((r) => r.json?.data?.project_id === projectId)!;
    verifyBoth(hook, endpoint.secret);
    assert.equal(hook.json.event, 'generated_video_success');
    assert.equal(hook.headers['x-webhook-event'], 'generated_video_success');

    const project = (await s.call('GET', `/v1/project?project_id=${projectId}`, { key })).body.data;
    assert.equal(project.status_code, 4);
    assert.equal(project.progress, 100);
    assert.equal(hook.json.data.video_url, project.video_url);
    assert.match(project.script, /Stepless touch dimmer/, 'the script carries the crawled selling points');
    assert.ok(Math.abs(project.video_duration - 15) <= 1.5, `duration ${project.video_duration}`);
    assert.ok(project.subtitles_url.endsWith('.vtt'));
    assert.equal((await s.call('GET', '/v2/user/remaining_quota', { key })).body.data.remaining_quota, 1);

    // The published file: H.264 + AAC at half of 1080x1920, audio and video the same length.
    const file = path.join(s.config.dataDir, 'files', new URL(project.video_url).pathname.replace(/^\/files\//, ''));
    const info = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height,duration', '-of', 'json', file]).toString());
    const video = info.streams.find((x: any) => x.codec_name === 'h264');
    const audio = info.streams.find((x: any) => x.codec_name === 'aac');
    assert.deepEqual([video.width, video.height], [540, 960]);
    assert.ok(Math.abs(Number(video.duration) - Number(audio.duration)) <= 1 / 30 + 0.01);
    const cover = await fetch(`${s.baseUrl}${new URL(project.cover_url).pathname}`);
    assert.equal(cover.headers.get('content-type'), 'image/jpeg');
    const vtt = await (await fetch(`${s.baseUrl}${new URL(project.subtitles_url).pathname}`)).text();
    assert.match(vtt, /^WEBVTT/);
  });
});
