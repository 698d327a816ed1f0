import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PUBLIC_TEMPLATES } from '../src/catalog/catalog.data.ts';
import { clientLanguage } from '../src/catalog/languages.ts';
import { compileScene, SceneError, validateScene } from '../src/pipeline/templates/custom-scene.ts';
import { templateDef } from '../src/pipeline/templates/index.ts';
import { planOutputS, planTemplateVideo, TEMPLATE_WRITTEN_S, templateFacts, VariableError, withCallToAction } from '../src/pipeline/templates/variables.ts';
import { buildTimeline } from '../src/pipeline/timeline/build.ts';
import { SCENE_EXAMPLE } from '../src/templates/template.schemas.ts';
import fs from 'node:fs';
import type { Script, Speech } from '../src/pipeline/types.ts';

const spotlight = PUBLIC_TEMPLATES.find((t) => t.id === 1)!;
/** As the n8n node sends a variable: all three property keys, "" / 0 when unused. */
const n8n = (type: string, name: string, p: { content?: string; url?: string; asset_id?: number } = {}) => ({
  type,
  name,
  properties: { content: p.content ?? '', url: p.url ?? '', asset_id: p.asset_id ?? 0 },
});

describe('public template variables', () => {
  it('every public template declares a script (optional: the n8n node sends it empty), a required title, and typed media slots', () => {
    for (const t of PUBLIC_TEMPLATES) {
      const names = t.variables.map((v) => v.name);
      assert.equal(new Set(names).size, names.length, `${t.name}: unique names`);
      assert.deepEqual(t.variables.filter((v) => v.required).map((v) => `${v.type}:${v.name}`), ['text:title']);
      assert.ok(t.variables.some((v) => v.type === 'script' && v.name === 'script' && !v.required), `${t.name} has an optional script`);
      assert.ok(t.variables.some((v) => v.type === 'image'), `${t.name} has an image variable`);
    }
  });
});

describe('planTemplateVideo', () => {
  it('an empty script (as the n8n node sends it) is written from the texts; with neither script nor title → 40000 naming both', () => {
    const decl = PUBLIC_TEMPLATES[0]!.variables;
    const plan = planTemplateVideo(decl, [{ type: 'script', name: 'script', properties: { content: '' } }, { type: 'text', name: 'title', properties: { content: 'Lumen Glow Serum' } }], 'template 1');
    assert.equal(plan.script, '');
    assert.equal(plan.texts.title, 'Lumen Glow Serum');
    assert.equal(planOutputS(plan, () => 99), TEMPLATE_WRITTEN_S);
    assert.equal(planOutputS({ ...plan, script: 'Hello there.' }, () => 7), 7);
    const custom = [{ type: 'script' as const, name: 'script', required: false }, { type: 'text' as const, name: 'title', required: false }];
    assert.throws(() => planTemplateVideo(custom, [{ type: 'script', name: 'script', properties: { content: '' } }], 'template 100001'), /script variable with properties\.content, or a title/);
  });

  it('maps script, texts and media; n8n empty keys and asset_id 0 mean unused', () => {
    const plan = planTemplateVideo(
      spotlight.variables,
      [
        n8n('script', 'script', { content: 'Meet the lamp. It glows.' }),
        n8n('text', 'title', { content: 'Aurora Lamp' }),
        n8n('text', 'price', { content: '$49' }),
        n8n('image', 'image', { url: 'https://cdn.example/a.jpg' }),
        n8n('video', 'video'),
      ],
      'template 1',
    );
    assert.equal(plan.script, 'Meet the lamp. It glows.');
    assert.deepEqual(plan.texts, { title: 'Aurora Lamp', price: '$49' });
    assert.deepEqual(plan.media, [{ name: 'image', type: 'image', ref: 'https://cdn.example/a.jpg' }]);
    const facts = templateFacts(plan, { imagePaths: ['/tmp/a.jpg'], videoPaths: [] }, 'english');
    assert.equal(facts.name, 'Aurora Lamp');
    assert.equal(facts.price, '$49');
    assert.deepEqual(facts.imagePaths, ['/tmp/a.jpg']);
  });

  it('an asset id in asset_id is the media reference', () => {
    const plan = planTemplateVideo(spotlight.variables, [n8n('script', 'script', { content: 'Hi there.' }), n8n('text', 'title', { content: 'X' }), { type: 'image', name: 'image', properties: { asset_id: 'ab'.repeat(16) } }], 't');
    assert.equal(plan.media[0]!.ref, 'ab'.repeat(16));
  });

  const refuses = (given: any[], re: RegExp) => assert.throws(() => planTemplateVideo(spotlight.variables, given, 'template 1 (Spotlight)'), (e: Error) => e instanceof VariableError && re.test(e.message));
  it('a missing required variable is named', () => refuses([n8n('script', 'script', { content: 'Hello.' })], /"title" \(text\) is required by template 1/));
  it('a required variable given empty counts as missing', () => refuses([n8n('script', 'script', { content: 'Hello.' }), n8n('text', 'title')], /"title" \(text\) is required/));
  it('a wrong type is named with its index', () => refuses([n8n('script', 'script', { content: 'Hello.' }), n8n('image', 'title', { url: 'https://x/y.jpg' })], /variables\[1\]\.type: "title" is a text variable of template 1 \(Spotlight\), not "image"/));
  it('an unknown name lists the variables', () => refuses([n8n('text', 'headline', { content: 'x' })], /variables\[0\]\.name "headline" is not a variable of template 1.*"script" \(script\)/));
  it('a name given twice is refused', () => refuses([n8n('text', 'title', { content: 'a' }), n8n('text', 'title', { content: 'b' })], /variables\[1\]\.name "title" is given twice/));
  it('a script without words is refused', () => refuses([n8n('script', 'script', { content: '... !!' }), n8n('text', 'title', { content: 'a' })], /no words/));

  it('withCallToAction puts the text on the last sentence as its overlay', () => {
    const script: Script = { language: 'english', style: 's', lengthS: 15, text: 'A. B.', source: 'override', sentences: ['A.', 'B.'].map((text) => ({ text, cue: { kind: 'point', imageIndex: null, pointIndex: null, gesture: 'none', overlay: null } })) };
    const out = withCallToAction(script, 'Order today');
    assert.equal(out.sentences[1]!.cue.overlay, 'Order today');
    assert.equal(out.sentences[1]!.cue.kind, 'cta');
    assert.equal(out.sentences[0]!.cue.overlay, null);
  });

  it('clientLanguage reads names, codes and locales', () => {
    assert.equal(clientLanguage('English'), 'english');
    assert.equal(clientLanguage('en-US'), 'english');
    assert.equal(clientLanguage('zh-TW'), 'traditional-chinese');
    assert.equal(clientLanguage('klingon'), undefined);
  });
});

const scene = () => ({
  name: 'Spring Sale',
  aspect_ratio: 0,
  base_template_id: 4,
  colors: { background: '#102040', accent: '#ff5500', text: '#FFFFFF' },
  fonts: { display: 'Noto Serif Display' },
  background: 'dots',
  logo: { url: 'https://cdn.example/logo.png', box: { x: 0.62, y: 0.11, w: 0.24, h: 0.06 } },
  layout: {
    media: { box: { x: 0.1, y: 0.3, w: 0.8, h: 0.35 }, frame: 'card', radius: 0.03 },
    captions: { box: { x: 0.05, y: 0.68, w: 0.83, h: 0.1 } },
    text: { title: { box: { x: 0.05, y: 0.12, w: 0.55, h: 0.07 }, align: 'left' } },
  },
  variables: [
    { type: 'script', name: 'script' },
    { type: 'text', name: 'title', required: true },
    { type: 'text', name: 'tagline', slot: 'call_to_action' },
    { type: 'image', name: 'photo' },
  ],
});

describe('custom scene: validation', () => {
  it("the docs' complete example and the OpenAPI example validate", () => {
    const md = fs.readFileSync(new URL('../docs/templates.md', import.meta.url), 'utf8');
    const block = md.slice(md.indexOf('Complete example')).match(/```json\n([\s\S]*?)```/);
    assert.ok(block, 'a json block after "Complete example"');
    const docScene = validateScene(JSON.parse(block[1]!));
    assert.equal(docScene.variables.length, 5);
    assert.ok(docScene.logo);
    assert.equal(validateScene(SCENE_EXAMPLE).name, 'Spring Sale');
  });

  it('a complete scene validates, with defaults filled in', () => {
    const s = validateScene(scene());
    assert.equal(s.name, 'Spring Sale');
    assert.equal(s.colors.accent, '#FF5500');
    assert.equal(s.visual_style, null);
    assert.deepEqual(s.variables.map((v) => [v.name, v.required]), [['script', true], ['title', true], ['tagline', false], ['photo', false]]);
    assert.equal(s.variables[2]!.slot, 'call_to_action');
  });

  const issues = (body: unknown): string[] => {
    try {
      validateScene(body);
    } catch (e) {
      assert.ok(e instanceof SceneError);
      return e.issues.map((i) => `${i.path}: ${i.message}`);
    }
    assert.fail('expected a SceneError');
  };

  it('every wrong field is named by its path, all at once', () => {
    const bad: any = scene();
    bad.colors.accent = 'orange';
    bad.fonts.body = 'Comic Sans MS';
    bad.layout.text.title.box.w = 0;
    bad.layout.media.frame = 'polaroid';
    bad.background = 'plaid';
    bad.extra = 1;
    const got = issues(bad);
    for (const want of ['/colors/accent: must be a colour', '/fonts/body: must be one of "Noto Sans"', '/layout/text/title/box/w: must be a number from 0.01', '/layout/media/frame: must be one of "none", "card"', '/background: must be one of', '/extra: is not a field here']) {
      assert.ok(got.some((g) => g.startsWith(want)), `${want} in ${JSON.stringify(got)}`);
    }
  });

  it('text outside the safe area is refused, naming the ratio', () => {
    const bad: any = scene();
    bad.layout.text.title.box = { x: 0.05, y: 0.9, w: 0.5, h: 0.07 };
    assert.match(issues(bad).join('\n'), /\/layout\/text\/title\/box: must lie inside the safe area of aspect_ratio 0/);
  });

  it('variables: exactly one script, unique names, text variables need a slot, slots once', () => {
    const bad: any = scene();
    bad.variables = [{ type: 'text', name: 'title' }, { type: 'text', name: 'title' }, { type: 'text', name: 'motto' }, { type: 'text', name: 'x', slot: 'title' }, { type: 'audio', name: 'y' }];
    const got = issues(bad).join('\n');
    assert.match(got, /\/variables\/1\/name: "title" is declared twice/);
    assert.match(got, /\/variables\/2\/slot: text variable "motto" needs a slot/);
    assert.match(got, /\/variables\/3\/slot: slot "title" is already filled by \/variables\/0/);
    assert.match(got, /\/variables\/4\/type: must be one of/);
    assert.match(got, /\/variables: must declare exactly one script variable/);
  });

  it('missing name, aspect_ratio and variables', () => {
    const got = issues({}).join('\n');
    assert.match(got, /\/name: must be a string/);
    assert.match(got, /\/aspect_ratio: must be one of 0, 1, 2/);
    assert.match(got, /\/variables: must be an array/);
  });
});

describe('custom scene: compiled for the timeline builder', () => {
  it('replaces the base layout at its ratio only, and the style colours and fonts', () => {
    const c = compileScene(123456, validateScene(scene()));
    assert.equal(c.def.id, 123456);
    const base = templateDef(4);
    assert.deepEqual(c.def.ratios[1], base.ratios[1], 'other ratios keep the base layout');
    assert.deepEqual(c.def.ratios[0].media!.box, { x: 0.1, y: 0.3, w: 0.8, h: 0.35 });
    assert.equal(c.def.ratios[0].media!.frame, 'card');
    assert.deepEqual(c.def.ratios[0].slots.name.box, { x: 0.05, y: 0.12, w: 0.55, h: 0.07 });
    assert.equal(c.style.palette.accent, '#FF5500');
    assert.equal(c.style.palette.bg, '#102040');
    assert.equal(c.style.fonts.display, 'Noto Serif Display');
    assert.equal(c.style.background, 'dots');
    assert.deepEqual(c.logo?.box, { x: 0.62, y: 0.11, w: 0.24, h: 0.06 });
  });

  it('the timeline builder follows it: the custom style, the logo box in pixels, the title where the scene put it', () => {
    const c = compileScene(123456, validateScene(scene()));
    const words = ['Meet', 'the', 'lamp.'].map((text, i) => ({ text, startMs: i * 400, endMs: i * 400 + 350, sentence: 0 }));
    const speech: Speech = { wavPath: '', sampleRate: 16000, durationMs: 3000, voiceId: 'v', words, phonemes: [], sentences: [{ startMs: 0, endMs: 1200 }] };
    const script: Script = { language: 'english', style: 's', lengthS: 15, text: 'Meet the lamp.', source: 'override', sentences: [{ text: 'Meet the lamp.', cue: { kind: 'hook', imageIndex: 0, pointIndex: null, gesture: 'none', overlay: null } }] };
    const facts = templateFacts({ script: 'Meet the lamp.', texts: { title: 'Aurora' }, media: [] }, { imagePaths: ['/tmp/x.jpg'], videoPaths: [] }, 'english');
    const t = buildTimeline({ script, speech, product: facts, templateId: null, custom: c, hasPresenter: false, visualStyle: null, aspectRatio: 0, caption: false, scale: 0.5, imageInfo: [{ width: 800, height: 600, alpha: false }] });
    assert.equal(t.style.palette.accent, '#FF5500');
    assert.deepEqual(t.logo, { x: 0.62 * 540, y: 0.11 * 960, w: 0.24 * 540, h: 0.06 * 960 });
    assert.equal(t.media!.frame, 'card');
    const name = t.overlays.find((o) => o.slot === 'name');
    assert.ok(name && name.text.includes('Aurora'));
    assert.ok(name.box.y >= 0.1 * 960 && name.box.y < 0.3 * 960, `title near the top: ${JSON.stringify(name.box)}`);
  });
});
