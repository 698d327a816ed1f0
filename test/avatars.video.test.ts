import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { describePresenters } from '../src/pipeline/avatar/describe.ts';
import { startServer, type TestServer } from './support/server.ts';

/**
 * A product video with a custom drawn avatar (avatar_type 1) through the real pipeline (script,
 * espeak-ng, painter, ffmpeg) at quarter size: the presenter in the frames is the custom one.
 */
describe('product video with a custom drawn avatar', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ env: { RENDER_SCALE: '0.25' } });
    s.running.startBackground();
  });
  after(() => s.close());

  /** Share of a frame's pixels within `tol` (sum of channel differences) of a colour. */
  function share(file: string, atS: number, hex: string, tol = 40): number {
    const [w, h] = [270, 480];
    const raw = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(atS), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
    assert.equal(raw.length, w * h * 3);
    const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    let n = 0;
    for (let i = 0; i < raw.length; i += 3) if (Math.abs(raw[i]! - want[0]!) + Math.abs(raw[i + 1]! - want[1]!) + Math.abs(raw[i + 2]! - want[2]!) < tol) n++;
    return n / (w * h);
  }

  it('is made with the custom presenter (its purple headscarf fills part of the frame)', { timeout: 240_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 2 });
    const me = (await s.running.services.auth.authenticate(key)).accountId;
    const [look] = describePresenters({ age: 'Adult', gender: 'Female', avatarStyle: 'Social', model: 'modern', appearance: 'purple headscarf, white tee', background: 'studio' }).candidates;
    assert.equal(look!.look.headscarf, '#7D4E9E');
    const avatar = await s.running.services.customAvatars.create(me, { name: 'Lina', kind: 'drawn', look: look!, style: 'Social', gender: 'Female', age: 'Adult' });
    const product = (await s.call('POST', '/v1/product', { key, body: { name: 'Aurora Desk Lamp', description: 'Warm dimmable LED lamp with a stepless touch dimmer and a USB-C port.' } })).body.data.product_id;
    const make = async (avatar_id: number, avatar_type: 0 | 1) => {
      const created = await s.call('POST', '/v1/create_video_from_url', {
        key,
        body: { product_id: product, aspect_ratio: 0, video_length: '15', language: 'english', avatar_id, avatar_type, script_style: 'Problem/Solution', template_type: 'public', template_id: 5 },
      });
      assert.equal(created.body.code, 0, JSON.stringify(created.body));
      return created.body.data.project_id as string;
    };
    const finished = async (projectId: string) => {
      let project: any;
      for (const t0 = Date.now(); Date.now() - t0 < 230_000; await new Promise((r) => setTimeout(r, 250))) {
        project = (await s.call('GET', `/v1/project?project_id=${projectId}`, { key })).body.data;
        if (project.status_code === 4 || project.status_code === 5) break;
      }
      assert.equal(project.status_code, 4, JSON.stringify(project));
      return path.join(s.config.dataDir, 'files', new URL(project.video_url).pathname.replace(/^\/files\//, ''));
    };
    const custom = await make(avatar.id, 1);
    const publicOne = await make(3, 0);
    const scarf = share(await finished(custom), 5, '#7D4E9E');
    assert.ok(scarf > 0.01, `headscarf share ${scarf}`);
    // The same video with a public presenter: no such purple.
    const control = share(await finished(publicOne), 5, '#7D4E9E');
    assert.ok(control < 0.002, `public presenter: purple share ${control}`);
  });

  it('a talking-avatar video takes the custom avatar too (avatar_type 1): its headscarf is in the frames, its scene behind it', { timeout: 240_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 2 });
    const me = (await s.running.services.auth.authenticate(key)).accountId;
    const [look] = describePresenters({ age: 'Adult', gender: 'Female', avatarStyle: 'Social', model: 'modern', appearance: 'purple headscarf, white tee', background: 'studio' }).candidates;
    const avatar = await s.running.services.customAvatars.create(me, { name: 'Lina', kind: 'drawn', look: look!, style: 'Social', gender: 'Female', age: 'Adult' });
    const created = await s.call('POST', '/v1/create_video_from_talking_avatar', { key, body: { avatar_id: avatar.id, avatar_type: 1, screen_style: 1, script: 'Hello, I am Lina. I present your products.', aspect_ratio: 0 } });
    assert.equal(created.body.code, 0, JSON.stringify(created.body));
    let project: any;
    for (const t0 = Date.now(); Date.now() - t0 < 230_000; await new Promise((r) => setTimeout(r, 250))) {
      project = (await s.call('GET', `/v1/project?project_id=${created.body.data.project_id}`, { key })).body.data;
      if (project.status_code === 4 || project.status_code === 5) break;
    }
    assert.equal(project.status_code, 4, JSON.stringify(project));
    const file = path.join(s.config.dataDir, 'files', new URL(project.video_url).pathname.replace(/^\/files\//, ''));
    const scarf = share(file, 1, '#7D4E9E');
    assert.ok(scarf > 0.01, `headscarf share ${scarf}`);
    // Another account cannot use it.
    const { apiKey: other } = await s.account({ credits: 2 });
    const refused = await s.call('POST', '/v1/create_video_from_talking_avatar', { key: other, body: { avatar_id: avatar.id, avatar_type: 1, script: 'Hi.' } });
    assert.equal(refused.body.code, 10104);
  });
});
