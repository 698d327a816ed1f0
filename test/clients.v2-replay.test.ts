/**
 * The v2 command-line client (`JoggAI-Tech/jogg-skills`, skills/jogg-api/scripts/jogg-v2.sh and
 * lib/common.sh) replayed request by request, as curl sends them:
 *  - every call carries `X-Api-Key` (that casing) and `x-api-platform: openclaw`, after curl's own
 *    `User-Agent: curl/…` and `Accept: *\/*`;
 *  - a GET with a query is `curl -G --data-urlencode key=value` per key of the query JSON (values
 *    through jq's tostring), so parameters arrive URL-encoded, numbers as strings;
 *  - a body goes out with `-H "Content-Type: application/json" -d "$BODY_JSON"`, byte for byte as
 *    the workflow built it: the user's JSON as typed, `jq -c`/`jq -cn` output (compact), or the
 *    output of `jq --arg … '. + {…}'` (pretty, two-space indent, new keys last);
 *  - an upload is POST /v2/upload/asset {filename, content_type, file_size} then a PUT of the raw
 *    bytes to sign_url with `Content-Type: <content_type>` (curl --data-binary), needing a 2xx;
 *  - `code` must be 0 (else it prints msg and stops); polling stops on success, succeeded,
 *    completed, failed, error, cancelled or canceled (lowercased), read with the jq filters below.
 * Each case checks the fields the client reads. Videos are made by the ffmpeg test generator, so
 * polling runs to the end. One case follows a video's own webhook_url to a signed delivery.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { wavHeader } from '../src/pipeline/speech/wav.ts';
import { rawRequest, type RawResult } from './support/raw-http.ts';
import { startServer, type TestServer } from './support/server.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';

const HEX32 = /^[0-9a-f]{32}$/;
const TERMINAL = new Set(['success', 'succeeded', 'completed', 'failed', 'error', 'cancelled', 'canceled']);

/** jq's default (pretty) output of an object: two-space indent, "key": value. */
const jqPretty = (o: unknown) => JSON.stringify(o, null, 2);

describe('v2 CLI (jogg-v2.sh) replayed as curl sends it', () => {
  let s: TestServer;
  let key: string;
  let receiver: Receiver;

  /** api_request_json: curl -sS -X METHOD url -H "X-Api-Key: …" -H "x-api-platform: openclaw" [-H "Content-Type: application/json" -d body] | curl -G with --data-urlencode. */
  function api(method: string, path: string, opts: { body?: string; query?: Record<string, string | number> } = {}): Promise<RawResult> {
    const headers: Record<string, string> = { 'User-Agent': 'curl/7.88.1', Accept: '*/*', 'X-Api-Key': key, 'x-api-platform': 'openclaw' };
    let target = path;
    if (method === 'GET' && opts.query && Object.keys(opts.query).length > 0) {
      // curl --data-urlencode "k=v": the value percent-encoded (curl_easy_escape: all but A-Za-z0-9-._~), pairs joined with &.
      target += `?${Object.entries(opts.query)
        .map(([k, v]) => `${k}=${String(v).replace(/[^A-Za-z0-9\-._~]/g, (c) => [...Buffer.from(c)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''))}`)
        .join('&')}`;
    } else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
    }
    return rawRequest(s.baseUrl, method, target, { headers, ...(opts.body !== undefined && method !== 'GET' ? { body: opts.body } : {}) });
  }

  /** api_expect_success: `.code` must be "0"; returns the whole answer (the CLI's jq reads `.data…`). */
  function expectSuccess(res: RawResult, what: string): any {
    assert.ok(res.status >= 200 && res.status < 300, `${what}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
    assert.ok(res.json, `${what}: not JSON: ${res.text.slice(0, 200)}`);
    assert.equal(res.json.code, 0, `${what}: code ${res.json.code} ${res.json.msg}`);
    assert.match(res.json.rid, HEX32);
    return res.json;
  }

  /** poll_existing_endpoint: repeat the GET until the status filter's value is terminal. */
  async function poll(path: string, status: (answer: any) => string | undefined, query?: Record<string, string>): Promise<any> {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const answer = expectSuccess(await api('GET', path, query ? { query } : {}), `poll ${path}`);
      const value = (status(answer) ?? '').toLowerCase();
      if (value && TERMINAL.has(value)) return answer;
      if (Date.now() > deadline) assert.fail(`${path}: still ${value || 'without a status'} after 90 s: ${JSON.stringify(answer.data).slice(0, 300)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const dataStatus = (a: any) => a.data?.status;

  /** upload_local_asset: sign, then PUT the bytes with the declared type; returns asset_url. */
  async function upload(filename: string, contentType: string, bytes: Buffer): Promise<string> {
    const body = JSON.stringify({ filename, content_type: contentType, file_size: bytes.length }); // jq -cn
    const signed = expectSuccess(await api('POST', '/v2/upload/asset', { body }), 'upload/asset').data;
    assert.ok(signed.sign_url && signed.asset_url, 'upload signing response has both urls');
    const u = new URL(signed.sign_url);
    const put = await rawRequest(s.baseUrl, 'PUT', u.pathname + u.search, { headers: { 'User-Agent': 'curl/7.88.1', Accept: '*/*', 'Content-Type': contentType }, body: bytes });
    assert.ok(put.status >= 200 && put.status < 300, `PUT sign_url: HTTP ${put.status} ${put.text.slice(0, 200)}`);
    return signed.asset_url;
  }

  before(async () => {
    receiver = await startReceiver();
    s = await startServer({ selfBaseUrl: true, env: { REELSMITH_TEST_GENERATOR: 'ffmpeg', ALLOW_PRIVATE_URLS: '1' } });
    s.running.startBackground();
    ({ apiKey: key } = await s.account({ credits: 100 }));
  });
  after(async () => {
    await s?.close();
    await receiver?.close();
  });

  it('user-whoami and user-quota-get', async () => {
    const who = expectSuccess(await api('GET', '/v2/user/whoami'), 'whoami').data;
    assert.equal(typeof who.username, 'string');
    assert.match(who.webhook_secret, /^whsec_/, 'whoami shows the signing secret of request webhooks');
    const quota = expectSuccess(await api('GET', '/v2/user/remaining_quota'), 'quota').data;
    assert.equal(quota.remaining_quota, 100);
  });

  it('the list operations, with the help text\'s voices-list --query-json {"language":"en-US"}', async () => {
    const voices = expectSuccess(await api('GET', '/v2/voices', { query: { language: 'en-US' } }), 'voices-list').data;
    assert.ok(voices.voices.length > 0, 'English voices are listed for en-US');
    for (const v of voices.voices) {
      assert.equal(typeof v.voice_id, 'string');
      assert.equal(v.language, 'english');
    }
    assert.equal(typeof voices.has_more, 'boolean');
    const avatars = expectSuccess(await api('GET', '/v2/avatars/public', { query: { aspect_ratio: 'portrait' } }), 'avatars-public-list').data;
    assert.ok(avatars.avatars.length > 0);
    for (const a of avatars.avatars) {
      assert.ok(Number.isInteger(a.id), 'public avatars use id');
      assert.equal(a.aspect_ratio, 'portrait');
    }
    const music = expectSuccess(await api('GET', '/v2/musics', { query: { page: 1, page_size: 5 } }), 'music-list').data;
    assert.ok(Array.isArray(music.music));
    assert.equal(typeof music.pagination, 'object');
    for (const [path, field] of [
      ['/v2/visual_styles', 'visual_styles'],
      ['/v2/voices/custom', 'voices'],
      ['/v2/avatars/custom', 'avatars'],
      ['/v2/avatars/photo_avatars', 'avatars'],
      ['/v2/avatars/product_avatars', 'product_avatars'],
      ['/v2/templates', 'templates'],
      ['/v2/templates/custom', 'templates'],
    ] as const) {
      const data = expectSuccess(await api('GET', path), path).data;
      assert.ok(Array.isArray(data[field]), `${path} → data.${field}[]: ${JSON.stringify(data).slice(0, 200)}`);
    }
  });

  it('url-to-video (direct) with a product image uploaded by upload-media and the request\'s own webhook_url → a signed delivery', async () => {
    const assetUrl = await upload('serum.png', 'image/png', await pngBytes());
    // .product → jq -c; media[].url is the asset_url (normalize_product_media_assets)
    const product = expectSuccess(
      await api('POST', '/v2/product', { body: JSON.stringify({ name: 'Lumen Glow Serum', description: 'A vitamin C serum that brightens tired skin in seven days.', media: [{ type: 1, name: 'front', url: assetUrl }] }) }),
      'product-create',
    ).data;
    const productId = product.product_id ?? product.id;
    assert.ok(productId, 'data.product_id // data.id');
    // product_update → jq --arg product_id '. + {product_id:$product_id}' (pretty)
    expectSuccess(await api('PUT', '/v2/product', { body: jqPretty({ target_audience: 'people with dull skin', product_id: productId }) }), 'product-update');
    const create = {
      visual_style: '',
      video_spec: { aspect_ratio: 'portrait', length: '15', caption: true, name: 'Lumen, direct' },
      avatar: { id: 1, type: 0 },
      voice: { id: 'en-US-ChristopherNeural' },
      audio: { music_id: 1 },
      script: { style: 'Storytime', language: 'english' },
      webhook_url: receiver.url('/lumen'),
      product_id: productId,
    };
    const submitted = expectSuccess(await api('POST', '/v2/create_video_from_product', { body: jqPretty(create) }), 'product-video-create').data;
    assert.match(submitted.video_id, HEX32);
    assert.equal(typeof submitted.status, 'string');
    const done = (await poll(`/v2/product_video/${submitted.video_id}`, dataStatus)).data;
    assert.equal(done.status, 'completed', JSON.stringify(done));
    assert.equal(done.title, 'Lumen, direct');
    assert.equal(done.deducted_credit, 1);
    assert.equal(typeof done.created_at, 'number');
    const video = await rawRequest(s.baseUrl, 'GET', new URL(done.video_url).pathname);
    assert.equal(video.status, 200);
    assert.match(String(video.headers['content-type']), /^video\/mp4/);

    // The request's own webhook_url: its v2 event, signed with the account's webhook_secret.
    await receiver.waitFor((r) => r.some((x) => x.path === '/lumen'), 15_000, 'the delivery to the request webhook_url');
    const delivery = receiver.on('/lumen')[0]!;
    assert.equal(delivery.json.event, 'generated_product_video_success');
    assert.equal(delivery.json.data.video_id, submitted.video_id);
    assert.equal(delivery.json.data.video_url, done.video_url);
    const secret = expectSuccess(await api('GET', '/v2/user/whoami'), 'whoami').data.webhook_secret;
    assert.equal(delivery.headers['x-webhook-signature'], createHmac('sha256', Buffer.from(secret, 'utf8')).update(delivery.body).digest('hex'));
  });

  it('url-to-video (preview): preview_list with two visual styles, render_single_preview of preview_index 0 at once, then the lists', async () => {
    const product = expectSuccess(await api('POST', '/v2/product', { body: '{"name":"Trail Bottle","description":"An insulated steel bottle that keeps water cold for 24 hours."}' }), 'product-create').data;
    const productId = product.product_id ?? product.id;
    const styles = expectSuccess(await api('GET', '/v2/visual_styles'), 'visual-styles-list').data.visual_styles;
    const preview = {
      visual_styles: [styles[0].name, styles[1].name],
      video_spec: { aspect_ratio: 'square', length: '15' },
      avatar: { id: 2 },
      voice: {},
      script: { style: 'Top 3 reasons', language: 'english' },
      product_id: productId,
    };
    const previews = expectSuccess(await api('POST', '/v2/create_video_from_product/preview_list', { body: jqPretty(preview) }), 'product-video-preview-submit').data.previews;
    assert.equal(previews.length, 2);
    assert.deepEqual(previews.map((p: any) => p.visual_style), preview.visual_styles);
    const previewId = previews[0].preview_id;
    assert.match(previewId, HEX32);
    const rendered = expectSuccess(await api('POST', '/v2/create_video_from_product/render_single_preview', { body: JSON.stringify({ preview_id: previewId }) }), 'product-video-preview-render').data;
    assert.match(rendered.video_id, HEX32);
    const done = (await poll(`/v2/product_video/${rendered.video_id}`, dataStatus)).data;
    assert.equal(done.status, 'completed', JSON.stringify(done));

    const videos = expectSuccess(await api('GET', '/v2/product_videos', { query: { page: 1, page_size: 10, status: 'completed', sort_by: 'created_at', sort_order: 'desc' } }), 'product-videos-list').data;
    assert.ok(videos.videos.some((v: any) => v.id === rendered.video_id));
    for (const v of videos.videos) assert.equal(v.status, 'completed');
    assert.equal(videos.page, 1);
    assert.equal(videos.page_size, 10);
    const listed = expectSuccess(await api('GET', '/v2/product_previews', { query: { page: 1, page_size: 10 } }), 'product-previews-list').data;
    assert.ok(previews.every((p: any) => listed.previews.some((x: any) => x.id === p.preview_id)));
  });

  it("ai-scripts with the help text's body → task_id, then results until completed", async () => {
    const body = '{"language":"english","video_length_seconds":"30","script_style":"Storytime","product_info":{"source_type":"details","data":{"name":"Bottle","description":"Insulated bottle"}}}';
    const taskId = expectSuccess(await api('POST', '/v2/ai_scripts', { body }), 'ai-scripts-create').data.task_id;
    assert.ok(taskId);
    const result = (await poll(`/v2/ai_scripts/results/${taskId}`, dataStatus)).data;
    assert.equal(result.status, 'completed', JSON.stringify(result));
    assert.equal(result.task_id, taskId);
    const scripts = result.data.generated_scripts;
    assert.ok(scripts.length > 0 && scripts[0].script_paragraphs.length > 0);
  });

  it('avatar-video with a script, and avatar-video-with-custom-audio from an uploaded WAV', async () => {
    const body = '{"avatar":{"avatar_type":0,"avatar_id":1},"voice":{"type":"script","script":"Hello from Lumen. This serum brightens tired skin.","voice_id":"en-US-ChristopherNeural"},"aspect_ratio":"portrait","screen_style":1,"caption":true,"video_name":"Hello"}';
    const id = expectSuccess(await api('POST', '/v2/create_video_from_avatar', { body }), 'avatar-video-create').data.video_id;
    assert.match(id, HEX32);
    const done = (await poll(`/v2/avatar_video/${id}`, dataStatus)).data;
    assert.equal(done.status, 'completed', JSON.stringify(done));
    assert.ok(done.video_url && done.cover_url);

    const audioUrl = await upload('voice.wav', 'audio/wav', wavBytes(2));
    // .voice.type = "audio" then del(.voice.audio_path) | .voice.audio_url = $audio_url (jq, pretty)
    const withAudio = jqPretty({ avatar: { avatar_type: 0, avatar_id: 2 }, voice: { type: 'audio', voice_id: '', audio_url: audioUrl }, aspect_ratio: 'landscape', screen_style: 2 });
    const audioId = expectSuccess(await api('POST', '/v2/create_video_from_avatar', { body: withAudio }), 'avatar-video-create (audio)').data.video_id;
    const audioDone = (await poll(`/v2/avatar_video/${audioId}`, dataStatus)).data;
    assert.equal(audioDone.status, 'completed', JSON.stringify(audioDone));
  });

  it('create-template-video, template-video-get and template-videos-list', async () => {
    const templates = expectSuccess(await api('GET', '/v2/templates'), 'templates-list').data.templates;
    const t = templates.find((x: any) => Array.isArray(x.variables) && x.variables.some((v: any) => v.type === 'text'));
    assert.ok(t, 'a public template declares text variables');
    const variables = t.variables
      .filter((v: any) => v.type === 'text' || v.type === 'script')
      .map((v: any) => ({ type: v.type, name: v.name, properties: { content: v.type === 'script' ? 'Keep water cold all day on every trail.' : `Trail ${v.name}` } }));
    const body = JSON.stringify({ template_id: t.id, voice_language: 'english', variables, video_name: 'Trail template' });
    const id = expectSuccess(await api('POST', '/v2/create_video_with_template', { body }), 'template-video-create').data.video_id;
    assert.match(id, HEX32);
    const done = await poll(`/v2/template_video/${id}`, dataStatus);
    assert.equal(done.data.status, 'completed', JSON.stringify(done.data));
    assert.equal(done.data.video_id, id);
    assert.equal(done.data.data.video_name, 'Trail template');
    assert.ok(done.data.data.url);
    assert.equal(done.data.data.deducted_credit, 1);
    const list = expectSuccess(await api('GET', '/v2/template_videos', { query: { page: 1, page_size: 10 } }), 'template-videos-list').data;
    assert.ok(list.data.some((v: any) => v.video_id === id));
    assert.equal(typeof list.pagination, 'object');
  });

  it('create-photo-avatar, then photo-avatar-motion from data.image_url_list[0]', async () => {
    const body = '{"age":"Adult","avatar_style":"Professional","gender":"Female","model":"classic","aspect_ratio":"portrait"}';
    const photoId = expectSuccess(await api('POST', '/v2/photo_avatar/photo/generate', { body }), 'photo-avatar-generate').data.photo_id;
    assert.ok(photoId);
    const photo = await poll('/v2/photo_avatar/photo', dataStatus, { photo_id: photoId });
    const imageUrl = photo.data.image_url_list[0];
    assert.ok(imageUrl, 'data.image_url_list[0]');
    // jq --arg image_url '.image_url = $image_url' (pretty; the key is added last)
    const motion = jqPretty({ photo_id: photoId, name: 'Me', voice_id: 'en-US-ChristopherNeural', model: '2.0', image_url: imageUrl });
    const motionId = expectSuccess(await api('POST', '/v2/photo_avatar/add_motion', { body: motion }), 'photo-avatar-motion-add').data.motion_id;
    assert.ok(motionId);
    const done = (await poll('/v2/photo_avatar', dataStatus, { motion_id: String(motionId) })).data;
    assert.equal(done.status, 'completed', JSON.stringify(done));
  });

  it('product-avatar: generation from an uploaded product image, the first completed generation_id, add_motion', async () => {
    const productImage = await upload('bottle.png', 'image/png', await pngBytes());
    const generation = JSON.stringify({ product_image_url: productImage, avatar_source: { type: 'id', avatar_id: 1, avatar_type: 'public' }, quality: 'medium', aspect_ratio: '2:3', num_images: 2 });
    const batchId = expectSuccess(await api('POST', '/v2/product_avatar/generation', { body: generation }), 'product-avatar-image-generate').data.batch_id;
    assert.ok(batchId);
    const summaryStatus = (a: any) => {
      const s = a.data.summary ?? {};
      return (s.pending ?? 0) + (s.processing ?? 0) > 0 ? 'processing' : (s.completed ?? 0) > 0 ? 'completed' : (s.failed ?? 0) > 0 ? 'failed' : 'unknown';
    };
    const status = (await poll(`/v2/product_avatar/generation/${batchId}`, summaryStatus)).data;
    const generationId = status.generations.find((g: any) => g.status === 'completed')?.generation_id;
    assert.ok(generationId, JSON.stringify(status));
    const motion = jqPretty({ name: 'Bottle presenter', voice_id: 'en-US-ChristopherNeural', description: 'holds the bottle', generation_id: generationId });
    const motionId = expectSuccess(await api('POST', '/v2/product_avatar/add_motion', { body: motion }), 'product-avatar-motion-add').data.motion_id;
    assert.ok(motionId);
    const done = (await poll('/v2/product_avatar', dataStatus, { motion_id: String(motionId) })).data;
    assert.equal(done.status, 'completed', JSON.stringify(done));
  });

  it('video-translation: its languages (code 0, 54), an outside video without STT_BASE_URL (40000 naming it), an unknown id (10104)', async () => {
    const langs = expectSuccess(await api('GET', '/v2/video_translate/target_languages'), 'video-translate-languages').data;
    assert.equal(langs.languages.length, 54);
    const res = await api('POST', '/v2/video_translate/', { body: '{"video_url":"https://example.com/a.mp4","output_language":"spanish","title":"Spanish product video","translate_audio_only":false,"add_subtitles":true}' });
    assert.equal(res.status, 200);
    assert.equal(res.json.code, 40000);
    assert.match(res.json.msg, /STT_BASE_URL/);
    assert.equal((await api('GET', '/v2/video_translate/abc')).json.code, 10104);
  });

  it('webhook-integration: create, list, events, update, delete', async () => {
    // create: jq 'del(.action)' (pretty)
    const created = expectSuccess(await api('POST', '/v2/endpoint', { body: jqPretty({ url: receiver.url('/ep'), status: 'enabled', events: ['generated_product_video_success'] }) }), 'webhook-endpoint-create').data;
    assert.ok(created.endpoint_id);
    assert.ok(expectSuccess(await api('GET', '/v2/endpoints'), 'webhook-endpoints-list').data.endpoints.some((e: any) => e.endpoint_id === created.endpoint_id));
    assert.ok(expectSuccess(await api('GET', '/v2/events'), 'webhook-events-list').data);
    // update: jq 'del(.action, .endpoint_id)' (pretty)
    const updated = expectSuccess(await api('PUT', `/v2/endpoint/${created.endpoint_id}`, { body: jqPretty({ url: receiver.url('/ep2'), status: 'disabled', events: ['generated_avatar_video_success'] }) }), 'webhook-endpoint-update').data;
    assert.equal(updated.status, 'disabled');
    expectSuccess(await api('DELETE', `/v2/endpoint/${created.endpoint_id}`), 'webhook-endpoint-delete');
  });
});

/** A small real PNG, as a user's product photo would be. */
function pngBytes(): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 160, channels: 3, background: '#2b8ad9' } }).composite([{ input: { create: { width: 40, height: 40, channels: 3, background: '#ffffff' } }, left: 28, top: 60 }]).png().toBuffer();
}

/** A mono 16-bit WAV of `seconds` of a 220 Hz tone (a user's recorded narration stands in). */
function wavBytes(seconds: number): Buffer {
  const rate = 16000;
  const pcm = Buffer.alloc(rate * seconds * 2);
  for (let i = 0; i < rate * seconds; i++) pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 220 * i) / rate) * 8000), i * 2);
  return Buffer.concat([wavHeader(pcm.length, rate), pcm]);
}
