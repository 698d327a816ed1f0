import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { backends } from './support/db.ts';
import { businessError, startServer, success, type TestServer } from './support/server.ts';

const BASE = 'https://videos.example.com';
const png = () => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 90, b: 30 } } }).png().toBuffer();

/** The PUT as the v2 CLI sends it: the file with Content-Type: <content_type> (sign_url is on PUBLIC_BASE_URL; the server listens on loopback). */
async function put(s: TestServer, signUrl: string, body: Buffer | ReadableStream, headers: Record<string, string>) {
  const u = new URL(signUrl);
  const init: RequestInit & { duplex?: 'half' } = { method: 'PUT', headers, body: body as unknown as BodyInit };
  if (body instanceof ReadableStream) init.duplex = 'half';
  const res = await fetch(s.baseUrl + u.pathname + u.search, init);
  return { status: res.status, body: (await res.json()) as any };
}

/** A body sent chunked, with no Content-Length: the length is only known once read. */
const chunked = (bytes: Buffer) =>
  new ReadableStream({
    start(c) {
      c.enqueue(new Uint8Array(bytes));
      c.close();
    },
  });

for (const backend of backends) {
  describe(`POST /v2/upload/asset and its PUT (${backend.name})`, () => {
    let s: TestServer;
    let key: string;
    let skip = false;
    before(async () => {
      const testDb = await backend.open();
      if (!testDb) {
        skip = true;
        return;
      }
      s = await startServer({ env: { PUBLIC_BASE_URL: BASE, ASSET_MAX_MB: '1' }, testDb });
      ({ apiKey: key } = await s.account());
    });
    after(async () => {
      if (!skip) await s.close();
    });
    const sign = async (body: Record<string, unknown>) => success(await s.call('POST', '/v2/upload/asset', { key, body }));

    it('as the CLI does it: declared type and size, PUT with that Content-Type → 2xx, the file served at asset_url', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const bytes = await png();
      const d = await sign({ filename: 'lamp.png', content_type: 'image/png', file_size: bytes.length });
      assert.ok(d.sign_url.startsWith(`${BASE}/v1/upload/asset/${d.asset_id}?`));
      assert.match(d.asset_url, new RegExp(`^${BASE}/files/assets/${d.asset_id}/[0-9a-f]{32}/lamp.png$`));
      const res = await put(s, d.sign_url, bytes, { 'content-type': 'image/png' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body.data, { asset_id: d.asset_id, asset_url: d.asset_url, type: 'image', content_type: 'image/png', size: bytes.length });
      const served = await fetch(s.baseUrl + new URL(d.asset_url).pathname);
      assert.deepEqual(Buffer.from(await served.arrayBuffer()), bytes);
    });

    it('a size other than file_size is refused (HTTP 400, 40000 naming file_size), by Content-Length or by the bytes read; the URL stays usable', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const bytes = await png();
      const d = await sign({ filename: 'lamp.png', content_type: 'image/png', file_size: bytes.length + 10 });
      const byHeader = await put(s, d.sign_url, bytes, { 'content-type': 'image/png' });
      assert.equal(byHeader.status, 400);
      assert.equal(byHeader.body.code, 40000);
      assert.equal(byHeader.body.msg, `Parameter error: the upload is ${bytes.length} bytes, but file_size was ${bytes.length + 10} when the URL was asked for; PUT the whole file, or ask for a new URL with its size`);
      const byCount = await put(s, d.sign_url, chunked(bytes), { 'content-type': 'image/png' });
      assert.equal(byCount.status, 400, JSON.stringify(byCount.body));
      assert.match(byCount.body.msg, /file_size was/);
      // Nothing was stored: the asset is not uploaded, so a media field refuses it.
      assert.match(businessError(await s.call('POST', '/v1/product', { key, body: { name: 'Lamp', description: 'A lamp.', media: [{ type: 1, url: d.asset_url }] } }), 40000), /has not been uploaded yet/);
      // The whole file declared right goes through, sent chunked too.
      const good = await sign({ filename: 'lamp.png', content_type: 'image/png', file_size: bytes.length });
      assert.equal((await put(s, good.sign_url, chunked(bytes), { 'content-type': 'image/png' })).status, 200);
    });

    it('a Content-Type other than content_type is refused (HTTP 400); bytes of another kind than declared are refused (HTTP 415)', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const bytes = await png();
      const d = await sign({ filename: 'lamp.png', content_type: 'image/png', file_size: bytes.length });
      const wrongHeader = await put(s, d.sign_url, bytes, { 'content-type': 'image/jpeg' });
      assert.equal(wrongHeader.status, 400);
      assert.equal(wrongHeader.body.msg, "Parameter error: the upload's Content-Type is image/jpeg, but content_type was image/png when the URL was asked for; send the Content-Type declared");
      // Parameters and case do not matter.
      assert.equal((await put(s, d.sign_url, bytes, { 'content-type': 'Image/PNG; charset=binary' })).status, 200);

      const audio = await sign({ filename: 'song.mp3', content_type: 'audio/mpeg', file_size: bytes.length });
      const wrongBytes = await put(s, audio.sign_url, bytes, { 'content-type': 'audio/mpeg' });
      assert.equal(wrongBytes.status, 415);
      assert.equal(wrongBytes.body.msg, 'Parameter error: the uploaded file is an image (image/png), but content_type was audio/mpeg when the URL was asked for');
    });

    it('application/octet-stream declares any kind; a subtype may differ from the bytes (image/jpg for a PNG)', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const bytes = await png();
      const any = await sign({ filename: 'x.bin', content_type: 'application/octet-stream', file_size: bytes.length });
      assert.equal((await put(s, any.sign_url, bytes, { 'content-type': 'application/octet-stream' })).body.data.content_type, 'image/png');
      const jpg = await sign({ filename: 'x.jpg', content_type: 'image/jpg', file_size: bytes.length });
      assert.equal((await put(s, jpg.sign_url, bytes, { 'content-type': 'image/jpg' })).status, 200);
    });

    it('validation: 40000 naming the field', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const call = (body: unknown) => s.call('POST', '/v2/upload/asset', { key, body });
      assert.match(businessError(await call({ content_type: 'image/png', file_size: 10 }), 40000), /filename/);
      assert.match(businessError(await call({ filename: 'a.png', file_size: 10 }), 40000), /content_type/);
      // file_size is optional (the JoggAI MCP server may leave it out): the PUT is then held to the size limit only.
      assert.equal((await call({ filename: 'a.png', content_type: 'image/png' })).body.code, 0);
      assert.match(businessError(await call({ filename: 'a.json', content_type: 'application/json', file_size: 10 }), 40000), /^Parameter error: content_type must be the media type of an image, video or audio file/);
      assert.match(businessError(await call({ filename: 'a.png', content_type: 'image/png', file_size: 0 }), 40000), /file_size/);
      assert.match(businessError(await call({ filename: 'a.png', content_type: 'image/png', file_size: 2 * 1024 * 1024 }), 40000), /^Parameter error: file_size is over the 1 MB limit/);
      // Numbers as strings are taken (n8n style).
      assert.equal((await call({ filename: 'a.png', content_type: 'image/png', file_size: '10' })).body.code, 0);
    });

    it('asset_url is taken as a product media URL (and as the asset id would be)', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const bytes = await png();
      const d = await sign({ filename: 'front.png', content_type: 'image/png', file_size: bytes.length });
      assert.equal((await put(s, d.sign_url, bytes, { 'content-type': 'image/png' })).status, 200);
      const product = success(await s.call('POST', '/v1/product', { key, body: { name: 'Lamp', description: 'A warm desk lamp.', media: [{ type: 1, url: d.asset_url }] } }));
      assert.equal(product.media[0].url, d.asset_url);
      // Another account cannot use it.
      const { apiKey: other } = await s.account();
      assert.match(businessError(await s.call('POST', '/v1/product', { key: other, body: { name: 'Lamp', description: 'x', media: [{ type: 1, url: d.asset_url }] } }), 40000), /names no asset of this account/);
    });
  });
}
