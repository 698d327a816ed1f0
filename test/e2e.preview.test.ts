import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSampleShop, type SampleShop } from '../scripts/sample-shop.ts';
import { startServer, type TestServer } from './support/server.ts';

/**
 * A preview through the real pipeline (script writer, espeak-ng, presenter, canvas, ffmpeg) in the
 * draft profile, then the full video of the same choices (its stored request with script_seed =
 * the preview's id, as v2's render_single_preview will do): the same words, the same picture at
 * the same moment, at the full video's size. The full video is rendered at RENDER_SCALE 0.5.
 */
describe('end to end: a preview and the full video made from it', () => {
  let s: TestServer;
  let shop: SampleShop;
  before(async () => {
    shop = await startSampleShop();
    s = await startServer({ env: { ALLOW_PRIVATE_URLS: '1', RENDER_SCALE: '0.5' } });
    s.running.startBackground();
  });
  after(async () => {
    await s?.close();
    await shop?.close();
  });

  const file = (url: string) => path.join(s.config.dataDir, 'files', new URL(url).pathname.replace(/^\/files\//, ''));
  const streams = (f: string) => JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height,r_frame_rate,duration', '-of', 'json', f]).toString()).streams as any[];
  /** One frame at `atS`, scaled to 360x640 grey. */
  const grey = (f: string, atS: number) =>
    execFileSync('ffmpeg', ['-v', 'error', '-ss', String(atS), '-i', f, '-frames:v', '1', '-vf', 'scale=360:640:flags=area,format=gray', '-f', 'rawvideo', '-'], { maxBuffer: 1 << 24 });
  const meanAbsDiff = (a: Buffer, b: Buffer) => {
    assert.equal(a.length, b.length);
    let sum = 0;
    for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
    return sum / a.length;
  };

  async function finished(key: string, id: string): Promise<any> {
    const deadline = Date.now() + 170_000;
    for (;;) {
      const p = (await s.call('GET', `/v1/project?project_id=${id}`, { key })).body.data;
      if (p.status_code === 4 || p.status_code === 5) return p;
      assert.ok(Date.now() < deadline, `still status ${p.status_code}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('a 15 s 9:16 preview is 360x640 at 15 fps, free; the full video from it says the same script and shows the same frames', { timeout: 300_000 }, async () => {
    const { apiKey: key, username } = await s.account({ credits: 1 });
    const product = (await s.call('POST', '/v1/product', { key, body: { url: shop.productUrl } })).body.data;
    const body = { product_id: product.product_id, aspect_ratio: 0, video_length: '15', language: 'english', avatar_id: 3, avatar_type: 0, script_style: 'Top 3 reasons', template_type: 'public', template_id: 1, caption: true };

    const t0 = performance.now();
    const created = await s.call('POST', '/v1/preview', { key, body });
    assert.equal(created.body.code, 0, JSON.stringify(created.body));
    const previewId: string = created.body.data.project_id;
    const preview = await finished(key, previewId);
    const previewS = (performance.now() - t0) / 1000;
    assert.equal(preview.status_code, 4, JSON.stringify(preview.error));
    assert.ok(Math.abs(preview.video_duration - 15) <= 1.5, `duration ${preview.video_duration}`);
    assert.ok(preview.subtitles_url.endsWith('.vtt'), 'captions as asked');
    assert.equal((await s.call('GET', '/v2/user/remaining_quota', { key })).body.data.remaining_quota, 1, 'free');
    const pv = streams(file(preview.video_url));
    const pvVideo = pv.find((x) => x.codec_name === 'h264');
    assert.deepEqual([pvVideo.width, pvVideo.height, pvVideo.r_frame_rate], [360, 640, '15/1']);
    assert.ok(pv.some((x) => x.codec_name === 'aac'));

    // The full video of the preview's choices (what v2's render_single_preview will call).
    const account = await s.running.db.kysely.selectFrom('accounts').select(['id', 'email']).where('username', '=', username).executeTakeFirstOrThrow();
    const t1 = performance.now();
    const { project_id: fullId } = await s.running.services.videos.fromPreview({ accountId: account.id, username, email: account.email }, previewId);
    const full = await finished(key, fullId);
    const fullS = (performance.now() - t1) / 1000;
    assert.equal(full.status_code, 4, JSON.stringify(full.error));
    assert.equal(full.script, preview.script, 'the same words');
    const fv = streams(file(full.video_url)).find((x) => x.codec_name === 'h264');
    assert.deepEqual([fv.width, fv.height, fv.r_frame_rate], [540, 960, '30/1']);
    assert.ok(Math.abs(full.video_duration - preview.video_duration) <= 0.1, `${full.video_duration} vs ${preview.video_duration}`);

    // The same picture at the same moment: frames of the two videos at 4 s and at 11 s differ
    // little (size, frame rate and encoder only), much less than frames 7 s apart do.
    const same = [4, 11].map((t) => meanAbsDiff(grey(file(preview.video_url), t), grey(file(full.video_url), t)));
    const apart = meanAbsDiff(grey(file(preview.video_url), 4), grey(file(full.video_url), 11));
    console.log(`preview ${previewS.toFixed(1)} s, full (scale 0.5) ${fullS.toFixed(1)} s; frame difference same moment ${same.map((d) => d.toFixed(1)).join(', ')}, 7 s apart ${apart.toFixed(1)}`);
    for (const d of same) assert.ok(d < 8 && d * 3 < apart, `same-moment difference ${d.toFixed(2)} against ${apart.toFixed(2)} for frames 7 s apart`);
  });
});
