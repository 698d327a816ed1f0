import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PUBLIC_AVATARS } from '../src/catalog/catalog.data.ts';
import { businessError, startServer, type CallResult, type TestServer } from './support/server.ts';

const HEX32 = /^[0-9a-f]{32}$/;

function success(res: CallResult): any {
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.deepEqual(Object.keys(res.body).sort(), ['code', 'data', 'msg', 'rid']);
  assert.equal(res.body.code, 0, JSON.stringify(res.body));
  assert.equal(typeof res.body.msg, 'string');
  assert.match(res.body.rid, HEX32);
  return res.body.data;
}

const AVATAR_KEYS = ['age', 'aspect_ratio', 'avatar_id', 'cover_url', 'ethnicity', 'gender', 'name', 'scene', 'style'];
const TEMPLATE_KEYS = ['aspect_ratio', 'cover_url', 'id', 'name', 'preview_url', 'template_type', 'variables'];

describe('catalog routes', () => {
  let s: TestServer;
  let key: string;
  before(async () => {
    s = await startServer();
    ({ apiKey: key } = await s.account());
  });
  after(() => s.close());

  const get = async (path: string) => success(await s.call('GET', path, { key }));
  const ids = (avatars: any[]) => avatars.map((a) => a.avatar_id);

  describe('GET /v1/avatars', () => {
    it('lists the 12 public avatars in data.avatars with the contract fields (plus scene and ethnicity)', async () => {
      const data = await get('/v1/avatars');
      assert.deepEqual(Object.keys(data), ['avatars']);
      assert.equal(data.avatars.length, 12);
      assert.equal(new Set(ids(data.avatars)).size, 12, 'avatar ids are unique');
      for (const a of data.avatars) {
        assert.deepEqual(Object.keys(a).sort(), AVATAR_KEYS);
        assert.ok(Number.isInteger(a.avatar_id));
        for (const k of ['name', 'cover_url', 'style', 'gender', 'age', 'scene', 'ethnicity']) assert.equal(typeof a[k], 'string', k);
        assert.ok(a.name.length > 0);
        assert.equal(a.aspect_ratio, 0, 'without a filter the avatar reports aspect_ratio 0');
      }
    });

    for (const filter of ['gender', 'age', 'style', 'scene', 'ethnicity'] as const) {
      it(`the ${filter} filter keeps exactly the avatars with that ${filter}`, async () => {
        const values = [...new Set(PUBLIC_AVATARS.map((a) => a[filter]))];
        assert.ok(values.length > 1);
        for (const value of values) {
          const data = await get(`/v1/avatars?${filter}=${encodeURIComponent(value)}`);
          const expected = PUBLIC_AVATARS.filter((a) => a[filter] === value).map((a) => a.avatar_id);
          assert.ok(expected.length > 0 && expected.length < 12);
          assert.deepEqual(ids(data.avatars), expected, `${filter}=${value}`);
          for (const a of data.avatars) assert.equal(a[filter], value);
        }
      });
    }

    it('gender=female returns the six female avatars', async () => {
      assert.deepEqual(ids((await get('/v1/avatars?gender=female')).avatars), [1, 3, 5, 7, 9, 11]);
    });

    it('filters combine: gender=female&age=senior&ethnicity=european is Grace only', async () => {
      const data = await get('/v1/avatars?gender=female&age=senior&ethnicity=european');
      assert.deepEqual(
        data.avatars.map((a: any) => a.name),
        ['Grace'],
      );
    });

    it('filter values match regardless of case', async () => {
      assert.deepEqual(ids((await get('/v1/avatars?gender=FEMALE')).avatars), [1, 3, 5, 7, 9, 11]);
    });

    it('a filter value no avatar has gives an empty list, not an error', async () => {
      assert.deepEqual((await get('/v1/avatars?style=robotic')).avatars, []);
    });

    it('empty-string filters mean no filter', async () => {
      const data = await get('/v1/avatars?gender=&age=&style=&scene=&ethnicity=&aspect_ratio=');
      assert.equal(data.avatars.length, 12);
      for (const a of data.avatars) assert.equal(a.aspect_ratio, 0);
    });

    it('aspect_ratio=-1 (all) lists every avatar once, as an absent filter does', async () => {
      assert.deepEqual(await get('/v1/avatars?aspect_ratio=-1'), await get('/v1/avatars'));
    });

    it("the n8n node's filter words select the matching avatars", async () => {
      const same = async (theirs: string, ours: string[]) => {
        const want = new Set<number>();
        for (const q of ours) for (const a of (await get(`/v1/avatars?${q}`)).avatars) want.add(a.avatar_id);
        assert.ok(want.size > 0, ours.join(' + '));
        assert.deepEqual(ids((await get(`/v1/avatars?${theirs}`)).avatars), [...want].sort((a, b) => a - b), theirs);
      };
      await same('age=old', ['age=senior']);
      await same('style=professional', ['style=business', 'style=elegant']);
      await same('style=social', ['style=casual', 'style=creative', 'style=sporty']);
      await same('scene=outdoors', ['scene=outdoor']);
      await same('scene=business', ['scene=office']);
      await same('ethnicity=south_american', ['ethnicity=latino']);
      await same('ethnicity=East%20Asian', ['ethnicity=east_asian']);
      assert.deepEqual((await get('/v1/avatars?scene=news')).avatars, [], 'a word with no match of ours matches nothing');
    });

    it('aspect_ratio=1 keeps every avatar and each reports aspect_ratio 1', async () => {
      const data = await get('/v1/avatars?aspect_ratio=1');
      assert.equal(data.avatars.length, 12);
      for (const a of data.avatars) assert.equal(a.aspect_ratio, 1);
    });

    it('aspect_ratio=2 combines with other filters', async () => {
      const data = await get('/v1/avatars?aspect_ratio=2&gender=male');
      assert.deepEqual(ids(data.avatars), [2, 4, 6, 8, 10, 12]);
      for (const a of data.avatars) assert.equal(a.aspect_ratio, 2);
    });

    it('aspect_ratio=7 is 40000 "aspect_ratio must be one of -1 (all), 0 (portrait 9:16), …"', async () => {
      assert.equal(businessError(await s.call('GET', '/v1/avatars?aspect_ratio=7', { key }), 40000), 'Parameter error: aspect_ratio must be one of -1 (all), 0 (portrait 9:16), 1 (landscape 16:9), 2 (square 1:1)');
    });

    it('a non-numeric aspect_ratio is 40000 naming aspect_ratio', async () => {
      assert.match(businessError(await s.call('GET', '/v1/avatars?aspect_ratio=wide', { key }), 40000), /^Parameter error: aspect_ratio /);
    });
  });

  describe('GET /v1/avatars/custom', () => {
    it('is an empty data.avatars list', async () => {
      assert.deepEqual(await get('/v1/avatars/custom'), { avatars: [] });
    });
  });

  describe('GET /v1/voices', () => {
    it('returns data {total, voices} with total equal to the number of matching voices', async () => {
      const data = await get('/v1/voices');
      assert.deepEqual(Object.keys(data).sort(), ['total', 'voices']);
      assert.ok(Number.isInteger(data.total));
      assert.ok(Array.isArray(data.voices));
      assert.ok(data.voices.length <= 20, 'default page size is 20');
      assert.ok(data.voices.length <= data.total);
      for (const v of data.voices) {
        assert.deepEqual(Object.keys(v).sort(), ['age', 'audition_url', 'engine', 'gender', 'language', 'name', 'voice_id']);
      }
    });

    it('accepts its filters and empty-string filters', async () => {
      for (const q of ['gender=female', 'age=adult', 'language=english', 'gender=&age=&language=', 'page=1&page_size=100']) {
        const data = await get(`/v1/voices?${q}`);
        assert.deepEqual(Object.keys(data).sort(), ['total', 'voices'], q);
      }
    });

    it("the n8n node's age filter values (middle_aged, old) select adult and senior voices", async () => {
      const adult = await get('/v1/voices?age=adult&page_size=100');
      const senior = await get('/v1/voices?age=senior&page_size=100');
      assert.ok(adult.total > 0 && senior.total > 0);
      assert.deepEqual(await get('/v1/voices?age=middle_aged&page_size=100'), adult);
      assert.deepEqual(await get('/v1/voices?age=old&page_size=100'), senior);
    });

    it('page_size 1 and 100 are accepted; 0 and 101 are 40000 naming page_size', async () => {
      assert.ok((await get('/v1/voices?page_size=1')).voices.length <= 1);
      await get('/v1/voices?page_size=100');
      assert.equal(businessError(await s.call('GET', '/v1/voices?page_size=0', { key }), 40000), 'Parameter error: page_size must be >= 1');
      assert.equal(businessError(await s.call('GET', '/v1/voices?page_size=101', { key }), 40000), 'Parameter error: page_size must be <= 100');
    });

    it('page 0 and a non-numeric page are 40000 naming page', async () => {
      assert.equal(businessError(await s.call('GET', '/v1/voices?page=0', { key }), 40000), 'Parameter error: page must be >= 1');
      assert.equal(businessError(await s.call('GET', '/v1/voices?page=first', { key }), 40000), 'Parameter error: page must be an integer');
    });

    it('a page past the end is an empty voices list with the same total', async () => {
      const all = await get('/v1/voices');
      const far = await get('/v1/voices?page=1000&page_size=100');
      assert.deepEqual(far.voices, []);
      assert.equal(far.total, all.total);
    });
  });

  describe('GET /v1/musics', () => {
    it('returns data.musics with {id, name, music_url, duration} items', async () => {
      const data = await get('/v1/musics');
      assert.deepEqual(Object.keys(data), ['musics']);
      assert.ok(Array.isArray(data.musics));
      for (const m of data.musics) {
        assert.deepEqual(Object.keys(m).sort(), ['duration', 'id', 'music_url', 'name']);
        assert.ok(Number.isInteger(m.id));
      }
    });
  });

  describe('GET /v1/visual_styles and GET /v1/visual', () => {
    it('returns data.visual_styles with unique {id, name} items', async () => {
      const data = await get('/v1/visual_styles');
      assert.deepEqual(Object.keys(data), ['visual_styles']);
      assert.ok(data.visual_styles.length > 0);
      for (const v of data.visual_styles) {
        assert.deepEqual(Object.keys(v).sort(), ['id', 'name']);
        assert.ok(Number.isInteger(v.id));
        assert.equal(typeof v.name, 'string');
        assert.ok(v.name.length > 0);
      }
      assert.equal(new Set(data.visual_styles.map((v: any) => v.id)).size, data.visual_styles.length);
      assert.equal(new Set(data.visual_styles.map((v: any) => v.name)).size, data.visual_styles.length);
    });

    it('the alias GET /v1/visual returns the same list', async () => {
      assert.deepEqual(await get('/v1/visual'), await get('/v1/visual_styles'));
    });

    it('aspect_ratio -1 (all), 0, 1, 2 and "" are accepted on both paths', async () => {
      const all = await get('/v1/visual_styles');
      for (const path of ['/v1/visual_styles', '/v1/visual']) {
        for (const ar of ['-1', '0', '1', '2', '']) {
          assert.deepEqual(await get(`${path}?aspect_ratio=${ar}`), all, `${path}?aspect_ratio=${ar}`);
        }
      }
    });

    it('aspect_ratio 3 is 40000 naming aspect_ratio', async () => {
      assert.equal(businessError(await s.call('GET', '/v1/visual?aspect_ratio=3', { key }), 40000), 'Parameter error: aspect_ratio must be one of -1 (all), 0 (portrait 9:16), 1 (landscape 16:9), 2 (square 1:1)');
      assert.equal(businessError(await s.call('GET', '/v1/visual_styles?aspect_ratio=3', { key }), 40000), 'Parameter error: aspect_ratio must be one of -1 (all), 0 (portrait 9:16), 1 (landscape 16:9), 2 (square 1:1)');
    });
  });

  describe('GET /v1/templates and GET /v1/templates/custom', () => {
    it('GET /v1/templates returns data.templates with {id, name, cover_url, preview_url, aspect_ratio}', async () => {
      const data = await get('/v1/templates');
      assert.deepEqual(Object.keys(data), ['templates']);
      assert.ok(data.templates.length > 0);
      for (const t of data.templates) {
        assert.deepEqual(Object.keys(t).sort(), TEMPLATE_KEYS);
        assert.ok(Number.isInteger(t.id));
        assert.ok(t.id > 0, 'template ids are positive (0 means none)');
        for (const k of ['name', 'cover_url', 'preview_url']) assert.equal(typeof t[k], 'string');
        assert.equal(t.aspect_ratio, 0);
      }
      assert.equal(new Set(data.templates.map((t: any) => t.id)).size, data.templates.length);
    });

    it('the aspect_ratio filter makes each template report the asked ratio', async () => {
      const all = await get('/v1/templates');
      for (const ar of [0, 1, 2]) {
        const data = await get(`/v1/templates?aspect_ratio=${ar}`);
        assert.deepEqual(
          data.templates.map((t: any) => t.id),
          all.templates.map((t: any) => t.id),
        );
        for (const t of data.templates) assert.equal(t.aspect_ratio, ar);
      }
      assert.deepEqual(await get('/v1/templates?aspect_ratio='), all);
    });

    it('aspect_ratio 7 is 40000 on both template routes', async () => {
      assert.equal(businessError(await s.call('GET', '/v1/templates?aspect_ratio=7', { key }), 40000), 'Parameter error: aspect_ratio must be one of -1 (all), 0 (portrait 9:16), 1 (landscape 16:9), 2 (square 1:1)');
      assert.equal(businessError(await s.call('GET', '/v1/templates/custom?aspect_ratio=7', { key }), 40000), 'Parameter error: aspect_ratio must be one of -1 (all), 0 (portrait 9:16), 1 (landscape 16:9), 2 (square 1:1)');
    });

    it('aspect_ratio=-1 (all, the n8n default) lists every template once on both routes, as an absent filter does', async () => {
      const all = await get('/v1/templates');
      assert.ok(all.templates.length > 0);
      assert.deepEqual(await get('/v1/templates?aspect_ratio=-1'), all);
      assert.deepEqual(await get('/v1/templates/custom?aspect_ratio=-1'), { templates: [] });
    });

    it('GET /v1/templates/custom is an empty data.templates list, with or without a filter', async () => {
      assert.deepEqual(await get('/v1/templates/custom'), { templates: [] });
      assert.deepEqual(await get('/v1/templates/custom?aspect_ratio=1'), { templates: [] });
    });
  });

  describe('authentication', () => {
    const paths = ['/v1/avatars', '/v1/avatars/custom', '/v1/voices', '/v1/musics', '/v1/visual_styles', '/v1/visual', '/v1/templates', '/v1/templates/custom'];
    for (const path of paths) {
      it(`GET ${path} without a key, or with an unknown key, is 10105`, async () => {
        assert.equal(businessError(await s.call('GET', path), 10105), 'Invalid API key');
        assert.equal(businessError(await s.call('GET', path, { key: 'rs_not-a-real-key' }), 10105), 'Invalid API key');
        assert.equal(businessError(await s.call('GET', path, { key: '' }), 10105), 'Invalid API key');
      });
    }

    it('a revoked key is 18025 on a catalog route', async () => {
      const { username } = await s.account({ username: 'catalogrevoked' });
      const extra = await s.running.services.accounts.createKey(username);
      await s.running.services.accounts.revokeKey(extra.api_key);
      businessError(await s.call('GET', '/v1/avatars', { key: extra.api_key }), 18025);
    });
  });
});
