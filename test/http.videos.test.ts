import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LANGUAGES, SCRIPT_STYLES } from '../src/catalog/languages.ts';
import { businessError, startServer, type CallResult, type TestServer, success } from './support/server.ts';

const HEX32 = /^[0-9a-f]{32}$/;
const REQUIRED = ['product_id', 'aspect_ratio', 'video_length', 'avatar_id', 'avatar_type', 'script_style', 'template_type'] as const;

/** A server, a funded account with one product, and helpers that check the credit on every call. */
class Fixture {
  s!: TestServer;
  key!: string;
  productId!: string;
  productName = 'Glow Serum';

  async start(credits: number): Promise<void> {
    this.s = await startServer();
    ({ apiKey: this.key } = await this.s.account({ credits }));
    this.productId = await this.createProduct(this.key, this.productName);
  }

  async createProduct(key: string, name: string): Promise<string> {
    return success(await this.s.call('POST', '/v1/product', { key, body: { name, description: 'Vitamin C serum for a brighter skin.' } })).product_id;
  }

  body(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      product_id: this.productId,
      aspect_ratio: 0,
      video_length: '15',
      language: 'english',
      avatar_id: 1,
      avatar_type: 0,
      script_style: 'Problem/Solution',
      template_type: 'public',
      ...overrides,
    };
  }

  async quota(key = this.key): Promise<number> {
    return success(await this.s.call('GET', '/v2/user/remaining_quota', { key })).remaining_quota;
  }

  async videoCount(): Promise<number> {
    const row = await this.s.running.db.kysely
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async storedRequest(projectId: string): Promise<any> {
    const row = await this.s.running.db.kysely.selectFrom('videos').select('request').where('id', '=', projectId).executeTakeFirstOrThrow();
    return JSON.parse(row.request);
  }

  /** Posts the body, expects success, and checks that exactly one credit was taken. */
  async create(body: unknown, key = this.key): Promise<string> {
    const before = await this.quota(key);
    const data = success(await this.s.call('POST', '/v1/create_video_from_url', { key, body }));
    assert.deepEqual(Object.keys(data), ['project_id']);
    assert.match(data.project_id, HEX32);
    assert.equal(await this.quota(key), before - 1, 'one credit is taken');
    return data.project_id;
  }

  /** Posts the body, expects the business code, and checks that no credit was taken and nothing recorded. */
  async reject(body: unknown, code: number, key = this.key): Promise<string> {
    const quota = await this.quota(key);
    const videos = await this.videoCount();
    const msg = businessError(await this.s.call('POST', '/v1/create_video_from_url', { key, body }), code);
    assert.equal(await this.quota(key), quota, 'a rejected request takes no credit');
    assert.equal(await this.videoCount(), videos, 'a rejected request records no video');
    return msg;
  }

  without(field: string): Record<string, unknown> {
    const b = this.body();
    delete b[field];
    return b;
  }
}

describe('POST /v1/create_video_from_url: accepted requests', () => {
  const f = new Fixture();
  before(() => f.start(1000));
  after(() => f.s.close());

  it('a valid request returns data.project_id (32 hex) and takes one credit', async () => {
    assert.equal(await f.quota(), 1000);
    const res = await f.s.call('POST', '/v1/create_video_from_url', { key: f.key, body: f.body() });
    assert.deepEqual(Object.keys(res.body).sort(), ['code', 'data', 'msg', 'rid']);
    const data = success(res);
    assert.deepEqual(Object.keys(data), ['project_id']);
    assert.match(data.project_id, HEX32);
    assert.equal(await f.quota(), 999);
  });

  it('GET /v1/project of a new video is waiting: status_code 2, empty video_url and cover_url, progress 0, title = product name', async () => {
    const t0 = Math.floor(Date.now() / 1000);
    const id = await f.create(f.body());
    const t1 = Math.ceil(Date.now() / 1000);
    const res = await f.s.call('GET', `/v1/project?project_id=${id}`, { key: f.key });
    const data = success(res);
    assert.equal(data.id, id);
    assert.equal(data.status_code, 2);
    assert.equal(data.status_desc, 'waiting');
    assert.equal(data.video_url, '');
    assert.equal(data.cover_url, '');
    assert.equal(data.title, f.productName);
    assert.equal(data.progress, 0);
    assert.equal(data.video_duration, 0);
    assert.equal(data.subtitles_url, '');
    assert.equal(data.script, '');
    assert.equal('error' in data, false, 'no error on a waiting video');
    assert.deepEqual(data.warnings, [], 'warnings is always an array, empty until something went wrong');
    assert.ok(Number.isInteger(data.created_at));
    assert.ok(data.created_at >= t0 && data.created_at <= t1, `created_at ${data.created_at} is Unix seconds`);
    assert.deepEqual(Object.keys(data).sort(), ['cover_url', 'created_at', 'id', 'progress', 'script', 'status_code', 'status_desc', 'subtitles_url', 'title', 'video_duration', 'video_url', 'warnings', 'files_removed_at'].sort());
  });

  it('the title is video_name when one is given', async () => {
    const id = await f.create(f.body({ video_name: 'Summer launch cut' }));
    assert.equal(success(await f.s.call('GET', `/v1/project?project_id=${id}`, { key: f.key })).title, 'Summer launch cut');
  });

  it('the request is recorded normalised: video_length as a number, defaults for absent optional fields', async () => {
    const id = await f.create(f.body());
    assert.deepEqual(await f.storedRequest(id), {
      product_id: f.productId,
      aspect_ratio: 0,
      video_length: 15,
      language: 'english',
      avatar_id: 1,
      avatar_type: 0,
      script_style: 'Problem/Solution',
      template_type: 'public',
      voice_id: null,
      music_id: null,
      visual_style: null,
      template_id: null,
      override_script: null,
      caption: false,
      video_name: null,
    });
  });

  it('numeric strings are accepted for integer fields and a number for video_length', async () => {
    const id = await f.create(f.body({ aspect_ratio: '2', avatar_id: '1', avatar_type: '0', video_length: 30, template_id: '1' }));
    const req = await f.storedRequest(id);
    assert.equal(req.aspect_ratio, 2);
    assert.equal(req.avatar_id, 1);
    assert.equal(req.avatar_type, 0);
    assert.equal(req.video_length, 30);
    assert.equal(req.template_id, 1);
  });

  it('every aspect_ratio (0, 1, 2) and video_length (15, 30, 60) is accepted, as numbers or strings', async () => {
    for (const aspect_ratio of [0, 1, 2, '0', '1']) await f.create(f.body({ aspect_ratio }));
    for (const video_length of ['15', '30', '60', 15, 60]) {
      const id = await f.create(f.body({ video_length }));
      assert.equal((await f.storedRequest(id)).video_length, Number(video_length));
    }
  });

  it('language absent means english', async () => {
    const body = f.body();
    delete body.language;
    const id = await f.create(body);
    assert.equal((await f.storedRequest(id)).language, 'english');
  });

  it('language "" (or null) means english', async () => {
    assert.equal((await f.storedRequest(await f.create(f.body({ language: '' })))).language, 'english');
    assert.equal((await f.storedRequest(await f.create(f.body({ language: null })))).language, 'english');
  });

  it('empty strings for optional fields mean absent and the request succeeds', async () => {
    const id = await f.create(
      f.body({ voice_id: '', music_id: '', visual_style: '', template_id: '', override_script: '', video_name: '', caption: '' }),
    );
    const req = await f.storedRequest(id);
    assert.equal(req.voice_id, null);
    assert.equal(req.music_id, null);
    assert.equal(req.visual_style, null);
    assert.equal(req.template_id, null);
    assert.equal(req.override_script, null);
    assert.equal(req.video_name, null);
    assert.equal(req.caption, false);
    assert.equal(success(await f.s.call('GET', `/v1/project?project_id=${id}`, { key: f.key })).title, f.productName);
  });

  it('music_id 0 and template_id 0 mean none (also as "0")', async () => {
    for (const zero of [0, '0']) {
      const req = await f.storedRequest(await f.create(f.body({ music_id: zero, template_id: zero })));
      assert.equal(req.music_id, null);
      assert.equal(req.template_id, null);
    }
  });

  it('caption accepts true and false (and their string forms)', async () => {
    assert.equal((await f.storedRequest(await f.create(f.body({ caption: true })))).caption, true);
    assert.equal((await f.storedRequest(await f.create(f.body({ caption: false })))).caption, false);
    assert.equal((await f.storedRequest(await f.create(f.body({ caption: 'true' })))).caption, true);
  });

  it('override_script is kept as given', async () => {
    const script = 'Meet Glow Serum. Brighter skin in seven days.';
    assert.equal((await f.storedRequest(await f.create(f.body({ override_script: script })))).override_script, script);
  });

  it('all 16 script styles are accepted', async () => {
    assert.equal(SCRIPT_STYLES.length, 16);
    for (const script_style of SCRIPT_STYLES) {
      const id = await f.create(f.body({ script_style }));
      assert.equal((await f.storedRequest(id)).script_style, script_style);
    }
  });

  it('all 54 languages are accepted', async () => {
    assert.equal(LANGUAGES.length, 54);
    for (const language of LANGUAGES) {
      const id = await f.create(f.body({ language }));
      assert.equal((await f.storedRequest(id)).language, language);
    }
  });

  it('every avatar_id that GET /v1/avatars returns is accepted with avatar_type 0', async () => {
    const avatars = success(await f.s.call('GET', '/v1/avatars', { key: f.key })).avatars;
    assert.ok(avatars.length > 0);
    for (const a of avatars) await f.create(f.body({ avatar_id: a.avatar_id, avatar_type: 0 }));
  });

  it('every template id that GET /v1/templates returns is accepted with template_type public', async () => {
    const templates = success(await f.s.call('GET', '/v1/templates', { key: f.key })).templates;
    assert.ok(templates.length > 0);
    for (const t of templates) {
      const id = await f.create(f.body({ template_id: t.id, template_type: 'public' }));
      assert.equal((await f.storedRequest(id)).template_id, t.id);
    }
  });

  it('every visual style name that GET /v1/visual_styles returns is accepted', async () => {
    const styles = success(await f.s.call('GET', '/v1/visual_styles', { key: f.key })).visual_styles;
    assert.ok(styles.length > 0);
    for (const v of styles) {
      const id = await f.create(f.body({ visual_style: v.name }));
      assert.equal((await f.storedRequest(id)).visual_style, v.name);
    }
  });

  it('a visual style name in another case is accepted and stored in the catalog spelling', async () => {
    const styles = success(await f.s.call('GET', '/v1/visual_styles', { key: f.key })).visual_styles;
    const name: string = styles[0].name;
    const id = await f.create(f.body({ visual_style: ` ${name.toUpperCase()} ` }));
    assert.equal((await f.storedRequest(id)).visual_style, name);
  });

  it('every voice and music id the lists return is accepted', async () => {
    const voices = success(await f.s.call('GET', '/v1/voices?page_size=100', { key: f.key })).voices;
    assert.ok(voices.length > 0, 'the voice list is not empty');
    for (const v of voices) await f.create(f.body({ voice_id: v.voice_id }));
    const musics = success(await f.s.call('GET', '/v1/musics', { key: f.key })).musics;
    assert.ok(musics.length >= 8, 'at least 8 music tracks');
    for (const m of musics) await f.create(f.body({ music_id: m.id }));
  });

  it('unknown extra fields are ignored', async () => {
    await f.create(f.body({ something_else: 'x', webhook: { a: 1 } }));
  });
});

describe('POST /v1/create_video_from_url: parameter errors (40000)', () => {
  const f = new Fixture();
  before(() => f.start(50));
  after(() => f.s.close());

  for (const field of REQUIRED) {
    // A coded field's message goes on with its values and what they mean (checked below).
    const required = new RegExp(`^Parameter error: ${field} is required(: one of .+)?$`);
    it(`missing ${field} is 40000 "${field} is required"`, async () => {
      assert.match(await f.reject(f.without(field), 40000), required);
    });
    it(`an empty-string ${field} counts as missing: 40000 "${field} is required"`, async () => {
      assert.match(await f.reject(f.body({ [field]: '' }), 40000), required);
    });
  }

  it('a missing coded field says its values and what they mean', async () => {
    assert.equal(
      await f.reject(f.without('aspect_ratio'), 40000),
      'Parameter error: aspect_ratio is required: one of 0 (portrait 9:16), 1 (landscape 16:9), 2 (square 1:1)',
    );
    assert.equal(await f.reject(f.without('product_id'), 40000), 'Parameter error: product_id is required');
  });

  it('a coded field of the wrong type says its values and what they mean', async () => {
    assert.equal(
      await f.reject(f.body({ avatar_type: 'public' }), 40000),
      'Parameter error: avatar_type must be an integer: one of 0 (public avatar, GET /v1/avatars), 1 (custom avatar, GET /v1/avatars/custom)',
    );
  });

  it('an empty body is 40000 naming the first required field', async () => {
    assert.equal(await f.reject({}, 40000), 'Parameter error: product_id is required');
  });

  it('aspect_ratio 3 is 40000 "aspect_ratio must be one of 0 (portrait 9:16), 1 (landscape 16:9), 2 (square 1:1)"', async () => {
    assert.equal(await f.reject(f.body({ aspect_ratio: 3 }), 40000), 'Parameter error: aspect_ratio must be one of 0 (portrait 9:16), 1 (landscape 16:9), 2 (square 1:1)');
  });

  it('aspect_ratio 1.5 is 40000 "aspect_ratio must be an integer"', async () => {
    assert.equal(await f.reject(f.body({ aspect_ratio: 1.5 }), 40000), 'Parameter error: aspect_ratio must be an integer: one of 0 (portrait 9:16), 1 (landscape 16:9), 2 (square 1:1)');
  });

  it('video_length "45" is 40000 "video_length must be one of 15, 30, 60"', async () => {
    assert.equal(await f.reject(f.body({ video_length: '45' }), 40000), 'Parameter error: video_length must be one of 15 (15-second video), 30 (30-second video), 60 (60-second video)');
  });

  it('video_length 45 as a number is 40000 with the same message', async () => {
    assert.equal(await f.reject(f.body({ video_length: 45 }), 40000), 'Parameter error: video_length must be one of 15 (15-second video), 30 (30-second video), 60 (60-second video)');
  });

  it('language "klingon" is 40000 "language must be one of english, ..."', async () => {
    const msg = await f.reject(f.body({ language: 'klingon' }), 40000);
    assert.equal(msg, `Parameter error: language must be one of ${LANGUAGES.join(', ')}`);
  });

  it('avatar_type 2 is 40000 "avatar_type must be one of 0, 1"', async () => {
    assert.equal(await f.reject(f.body({ avatar_type: 2 }), 40000), 'Parameter error: avatar_type must be one of 0 (public avatar, GET /v1/avatars), 1 (custom avatar, GET /v1/avatars/custom)');
  });

  it('script_style "Funny" is 40000 "script_style must be one of ..." listing the 16 styles', async () => {
    const msg = await f.reject(f.body({ script_style: 'Funny' }), 40000);
    assert.equal(msg, `Parameter error: script_style must be one of ${SCRIPT_STYLES.join(', ')}`);
  });

  it('script_style must be spelled exactly as the seed spells it', async () => {
    assert.match(await f.reject(f.body({ script_style: 'problem/solution' }), 40000), /^Parameter error: script_style must be one of /);
  });

  it('template_type "private" is 40000 "template_type must be one of public (…), custom (…)"', async () => {
    assert.equal(
      await f.reject(f.body({ template_type: 'private' }), 40000),
      'Parameter error: template_type must be one of public (a template of GET /v1/templates), custom (your own template, GET /v1/templates/custom)',
    );
  });

  it('avatar_id "abc" is 40000 "avatar_id must be an integer"', async () => {
    assert.equal(await f.reject(f.body({ avatar_id: 'abc' }), 40000), 'Parameter error: avatar_id must be an integer');
  });

  it('caption "maybe" is 40000 "caption must be a boolean"', async () => {
    assert.equal(await f.reject(f.body({ caption: 'maybe' }), 40000), 'Parameter error: caption must be a boolean (true or false)');
  });

  it('music_id "x" is 40000 "music_id must be an integer"', async () => {
    assert.equal(await f.reject(f.body({ music_id: 'x' }), 40000), 'Parameter error: music_id must be an integer');
  });

  it('template_id "x" is 40000 "template_id must be an integer"', async () => {
    assert.equal(await f.reject(f.body({ template_id: 'x' }), 40000), 'Parameter error: template_id must be an integer');
  });

  it('a negative music_id is 40000 naming music_id', async () => {
    assert.match(await f.reject(f.body({ music_id: -1 }), 40000), /^Parameter error: music_id must be >= 0/);
  });

  it('an object for product_id is 40000 "product_id must be a string"', async () => {
    assert.equal(await f.reject(f.body({ product_id: { id: 'x' } }), 40000), 'Parameter error: product_id must be a string');
  });

  it('an over-long override_script is 40000 naming override_script', async () => {
    assert.equal(await f.reject(f.body({ override_script: 'x'.repeat(5001) }), 40000), 'Parameter error: override_script must be at most 5000 characters');
  });

  it('a parameter error is reported before a missing product', async () => {
    assert.equal(await f.reject(f.body({ product_id: 'ffffffffffffffffffffffffffffffff', video_length: '45' }), 40000), 'Parameter error: video_length must be one of 15 (15-second video), 30 (30-second video), 60 (60-second video)');
  });

  it('after every rejection above the balance is untouched and no video exists', async () => {
    assert.equal(await f.quota(), 50);
    assert.equal(await f.videoCount(), 0);
  });
});

describe("POST /v1/create_video_from_url: voice_id in another vendor's naming", () => {
  const f = new Fixture();
  before(() => f.start(10));
  after(() => f.s.close());

  it("an Azure-style voice_id (the n8n node's default en-US-ChristopherNeural) becomes one of our voices of the language and gender", async () => {
    const voices = success(await f.s.call('GET', '/v1/voices?page_size=100&language=english', { key: f.key })).voices;
    const listed = new Map(voices.map((v: any) => [v.voice_id, v]));
    const id = await f.create(f.body({ voice_id: 'en-US-ChristopherNeural' }));
    const stored = (await f.storedRequest(id)).voice_id;
    const voice: any = listed.get(stored);
    assert.ok(voice, `stored voice_id ${stored} is listed by GET /v1/voices`);
    assert.deepEqual([voice.language, voice.gender], ['english', 'male']);

    const res = await f.s.call('POST', '/v1/create_video_from_url', { key: f.key, body: f.body({ voice_id: 'en-GB-RyanNeural' }) });
    const gb = (await f.storedRequest(success(res).project_id)).voice_id;
    assert.match(gb, /^en-gb-/, 'the locale picks the accent');
    assert.deepEqual(res.body.warnings, [`voice_id en-GB-RyanNeural is another vendor's voice name: voice_id ${gb} speaks instead`]);

    const german = await f.create(f.body({ voice_id: 'de-DE-KatjaMultilingualNeural', language: 'german' }));
    const g = (await f.storedRequest(german)).voice_id;
    const gv = success(await f.s.call('GET', '/v1/voices?page_size=100&language=german', { key: f.key })).voices.find((v: any) => v.voice_id === g);
    assert.deepEqual([gv?.language, gv?.gender], ['german', 'female']);
  });

  it('an Azure-style voice_id with a name we do not know gets the default voice (stored as absent), not 10104', async () => {
    const res = await f.s.call('POST', '/v1/create_video_from_url', { key: f.key, body: f.body({ voice_id: 'en-AU-ZorblaxNeural' }) });
    assert.equal((await f.storedRequest(success(res).project_id)).voice_id, null);
    assert.deepEqual(res.body.warnings, ["voice_id en-AU-ZorblaxNeural is another vendor's voice name: the default english voice speaks instead"]);
  });
});

describe('POST /v1/create_video_from_url: references that do not exist (10104)', () => {
  const f = new Fixture();
  let otherKey: string;
  let otherProductId: string;
  before(async () => {
    await f.start(50);
    ({ apiKey: otherKey } = await f.s.account({ credits: 5 }));
    otherProductId = await f.createProduct(otherKey, 'Other shop item');
  });
  after(() => f.s.close());

  it('an unknown product_id is 10104', async () => {
    assert.match(await f.reject(f.body({ product_id: '0123456789abcdef0123456789abcdef' }), 10104), /product_id/);
  });

  it("another account's product is 10104 and neither account is charged", async () => {
    assert.match(await f.reject(f.body({ product_id: otherProductId }), 10104), /product_id/);
    assert.equal(await f.quota(otherKey), 5);
  });

  it('an avatar_id that GET /v1/avatars does not list is 10104', async () => {
    const ids = new Set(success(await f.s.call('GET', '/v1/avatars', { key: f.key })).avatars.map((a: any) => a.avatar_id));
    for (const avatar_id of [0, 99, 13]) {
      assert.equal(ids.has(avatar_id), false);
      assert.match(await f.reject(f.body({ avatar_id }), 10104), /avatar_id/);
    }
  });

  it('avatar_type 1 is 10104 because no custom avatars exist', async () => {
    assert.deepEqual(success(await f.s.call('GET', '/v1/avatars/custom', { key: f.key })).avatars, []);
    assert.match(await f.reject(f.body({ avatar_id: 1, avatar_type: 1 }), 10104), /avatar_id/);
  });

  it('a voice_id that GET /v1/voices does not list is 10104', async () => {
    const voices = success(await f.s.call('GET', '/v1/voices?page_size=100', { key: f.key })).voices.map((v: any) => v.voice_id);
    assert.equal(voices.includes('no-such-voice'), false);
    assert.match(await f.reject(f.body({ voice_id: 'no-such-voice' }), 10104), /voice_id/);
  });

  it('a music_id that GET /v1/musics does not list is 10104', async () => {
    const musics = success(await f.s.call('GET', '/v1/musics', { key: f.key })).musics.map((m: any) => m.id);
    const unlisted = Math.max(0, ...musics) + 1;
    assert.match(await f.reject(f.body({ music_id: unlisted }), 10104), /music_id/);
  });

  it('template_id 99 is 10104 listing the public templates by id and name', async () => {
    const msg = await f.reject(f.body({ template_id: 99 }), 10104);
    assert.match(msg, /template_id 99/);
    const listed = success(await f.s.call('GET', '/v1/templates', { key: f.key })).templates.map((t: any) => `${t.id} (${t.name})`);
    assert.ok(listed.length > 0);
    assert.ok(msg.includes(listed.join(', ')), msg);
  });

  it('visual_style "Nope" is 10104 listing the names GET /v1/visual_styles gives', async () => {
    const msg = await f.reject(f.body({ visual_style: 'Nope' }), 10104);
    const names = success(await f.s.call('GET', '/v1/visual_styles', { key: f.key })).visual_styles.map((v: any) => v.name);
    assert.ok(msg.includes(`one of ${names.join(', ')}`), msg);
  });

  it('an unknown avatar_id is 10104 listing the public avatars by id and name', async () => {
    const msg = await f.reject(f.body({ avatar_id: 99 }), 10104);
    const listed = success(await f.s.call('GET', '/v1/avatars', { key: f.key })).avatars.map((a: any) => `${a.avatar_id} (${a.name})`);
    assert.ok(msg.includes(listed.join(', ')), msg);
  });

  it('a public template id with template_type custom is 10104 (the account has no templates)', async () => {
    assert.deepEqual(success(await f.s.call('GET', '/v1/templates/custom', { key: f.key })).templates, []);
    assert.match(await f.reject(f.body({ template_id: 1, template_type: 'custom' }), 10104), /template_id/);
  });

  it('visual_style "Nope" is 10104', async () => {
    assert.match(await f.reject(f.body({ visual_style: 'Nope' }), 10104), /visual_style/);
  });

  it('after every rejection above no credit was taken and no video exists', async () => {
    assert.equal(await f.quota(), 50);
    assert.equal(await f.quota(otherKey), 5);
    assert.equal(await f.videoCount(), 0);
  });
});

describe('POST /v1/create_video_from_url: credit', () => {
  const f = new Fixture();
  before(() => f.start(1));
  after(() => f.s.close());

  it('an account with 0 credits gets 18020, nothing is recorded and the balance stays 0', async () => {
    const { apiKey: broke } = await f.s.account({ credits: 0 });
    const productId = await f.createProduct(broke, 'Broke product');
    const msg = await f.reject(f.body({ product_id: productId }), 18020, broke);
    assert.match(msg, /^Insufficient credit/);
    assert.equal(await f.quota(broke), 0);
  });

  it('the last credit buys one video; the next request is 18020 and records nothing', async () => {
    assert.equal(await f.quota(), 1);
    await f.create(f.body());
    assert.equal(await f.quota(), 0);
    const videos = await f.videoCount();
    await f.reject(f.body({ video_length: '60' }), 18020);
    assert.equal(await f.videoCount(), videos);
    assert.equal(await f.quota(), 0);
  });

  it('a request that is also invalid reports the parameter error rather than the credit', async () => {
    assert.equal(await f.reject(f.body({ aspect_ratio: 9 }), 40000), 'Parameter error: aspect_ratio must be one of 0 (portrait 9:16), 1 (landscape 16:9), 2 (square 1:1)');
  });

  it('without a valid API key the call is 10105 and takes nothing', async () => {
    const videos = await f.videoCount();
    businessError(await f.s.call('POST', '/v1/create_video_from_url', { body: f.body() }), 10105);
    businessError(await f.s.call('POST', '/v1/create_video_from_url', { key: 'rs_bogus', body: f.body() }), 10105);
    assert.equal(await f.videoCount(), videos);
  });
});

describe('GET /v1/project', () => {
  const f = new Fixture();
  let projectId: string;
  let otherKey: string;
  before(async () => {
    await f.start(5);
    ({ apiKey: otherKey } = await f.s.account({ credits: 5 }));
    projectId = await f.create(f.body());
  });
  after(() => f.s.close());

  it('returns the own project', async () => {
    assert.equal(success(await f.s.call('GET', `/v1/project?project_id=${projectId}`, { key: f.key })).id, projectId);
  });

  it("another account's project is 10104", async () => {
    assert.match(businessError(await f.s.call('GET', `/v1/project?project_id=${projectId}`, { key: otherKey }), 10104), /project_id/);
  });

  it('an unknown project_id is 10104', async () => {
    businessError(await f.s.call('GET', '/v1/project?project_id=0123456789abcdef0123456789abcdef', { key: f.key }), 10104);
  });

  it('a missing or empty project_id is 40000 "project_id is required"', async () => {
    assert.equal(businessError(await f.s.call('GET', '/v1/project', { key: f.key }), 40000), 'Parameter error: project_id is required');
    assert.equal(businessError(await f.s.call('GET', '/v1/project?project_id=', { key: f.key }), 40000), 'Parameter error: project_id is required');
  });

  it('needs a valid key (10105)', async () => {
    businessError(await f.s.call('GET', `/v1/project?project_id=${projectId}`), 10105);
  });
});
