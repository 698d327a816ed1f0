import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startLlmServer, type LlmServer } from './support/llm-server.ts';
import { startServer, success as data, type TestServer } from './support/server.ts';

/**
 * Issue 28, loose end 6: render_single_preview of a preview whose script an LLM wrote says that
 * script (the preview's own plan) and does not ask the LLM again. Real pipeline (espeak-ng,
 * canvas, ffmpeg) at RENDER_SCALE 0.25; the LLM is a loopback OpenAI-compatible server whose
 * every answer differs, so a second request would show in the words.
 */
const PRODUCT = {
  name: 'ThermoFlask Pro 750',
  description: 'A double-walled stainless steel bottle. It keeps drinks cold for 24 hours and hot for 12 hours.',
  selling_points: ['Keeps drinks cold for 24 hours', 'Leak-proof one-click lid', 'Fits every cup holder'],
  brand: 'ThermoFlask',
  price: '49.90',
  currency: 'USD',
};

describe('render_single_preview after an LLM-written preview', () => {
  let s: TestServer;
  let llm: LlmServer;
  let answers = 0;
  before(async () => {
    // Each answer names its own number: the words tell which answer a video said.
    llm = await startLlmServer(() => {
      answers++;
      return {
        sentences: [
          { text: `Tired of lukewarm coffee, friend ${answers}?`, kind: 'hook', point: null },
          { text: 'Meet ThermoFlask Pro 750.', kind: 'intro', point: null },
          { text: 'It keeps your drinks ice cold for a full day.', kind: 'point', point: 0 },
          { text: 'All of this for just $49.90.', kind: 'price', point: null },
          { text: 'Tap the link and grab yours today!', kind: 'cta', point: null },
        ],
      };
    });
    s = await startServer({ env: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '5000', RENDER_SCALE: '0.25' } });
    s.running.startBackground();
  });
  after(async () => {
    await s?.close();
    await llm?.close();
  });

  const row = (id: string) => s.running.db.kysely.selectFrom('videos').select(['status', 'script', 'script_plan', 'error_message']).where('id', '=', id).executeTakeFirstOrThrow();
  async function finished(id: string) {
    const deadline = Date.now() + 240_000;
    for (;;) {
      const r = await row(id);
      if (r.status === 4 || r.status === 5) return r;
      assert.ok(Date.now() < deadline, `still status ${r.status}`);
      await new Promise((res) => setTimeout(res, 200));
    }
  }

  it('the full video says the preview\'s LLM script word for word; the LLM is not called again', { timeout: 480_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 2 });
    const product = data(await s.call('POST', '/v1/product', { key, body: PRODUCT }));
    const previews = data(await s.call('POST', '/v2/create_video_from_product/preview_list', {
      key,
      body: { product_id: product.product_id, video_spec: { aspect_ratio: 'portrait', length: '15' }, avatar: { id: 3 }, script: { style: "Don't Worry", language: 'english' }, visual_styles: [''] },
    })).previews;
    const previewId: string = previews[0].preview_id;
    const preview = await finished(previewId);
    assert.equal(preview.status, 4, String(preview.error_message));
    const plan = JSON.parse(preview.script_plan!);
    assert.equal(plan.source, 'llm', 'the LLM wrote the preview');
    assert.match(preview.script, /friend \d+/);
    const callsAfterPreview = llm.calls;
    assert.ok(callsAfterPreview >= 1);

    const full = data(await s.call('POST', '/v2/create_video_from_product/render_single_preview', { key, body: { preview_id: previewId } }));
    const video = await finished(full.video_id);
    assert.equal(video.status, 4, String(video.error_message));
    assert.equal(llm.calls, callsAfterPreview, 'no LLM request for the full video');
    assert.equal(video.script, preview.script, 'the same words');
    assert.deepEqual(JSON.parse(video.script_plan!).sentences.map((x: any) => x.cue), plan.sentences.map((x: any) => x.cue), 'the same scene cues');
    console.log(`LLM requests: ${callsAfterPreview} for the preview, 0 for the full video; script: ${preview.script}`);
  });
});
