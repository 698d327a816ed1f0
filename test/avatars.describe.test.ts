import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describePresenters, readAppearance, readBackground, type PresenterDescription } from '../src/pipeline/avatar/describe.ts';
import { createAvatarPainter, NEUTRAL_POSE, renderAvatarCover } from '../src/pipeline/avatar/index.ts';
import { luminance } from '../src/pipeline/avatar/paint/color.ts';
import { mainColours } from '../src/pipeline/avatar/palette.ts';

const base: PresenterDescription = { age: 'Young adult', gender: 'Female', avatarStyle: 'Professional', model: 'classic', ethnicity: 'European' };
const looks = (d: Partial<PresenterDescription>) => describePresenters({ ...base, ...d }).candidates;
const saturation = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return (Math.max(r!, g!, b!) - Math.min(r!, g!, b!)) / 255;
};
const skinLum = (hex: string) => luminance(hex);

describe('drawn presenters from a description: each attribute changes the painter parameters', () => {
  it('age: elderly → grey or white hair and face lines; teenager and young adult → coloured hair, no lines; catalog age follows', () => {
    for (const c of looks({ age: 'Elderly' })) {
      assert.equal(c.look.ageLines, true);
      assert.ok(saturation(c.look.hair.color) < 0.08, `elderly hair ${c.look.hair.color} is grey`);
      assert.ok(luminance(c.look.hair.color) > 150, `elderly hair ${c.look.hair.color} is light`);
      assert.equal(c.traits.age, 'senior');
    }
    for (const age of ['Teenager', 'Young adult'] as const) {
      for (const c of looks({ age })) {
        assert.equal(c.look.ageLines, false);
        assert.equal(c.traits.age, 'young');
      }
    }
    // Same description but the age: the hair colours differ candidate by candidate.
    const young = looks({ age: 'Young adult' }).map((c) => c.look.hair.color);
    const old = looks({ age: 'Elderly' }).map((c) => c.look.hair.color);
    assert.ok(young.every((h, i) => h !== old[i]));
    assert.equal(looks({ age: 'Adult' })[0]!.traits.age, 'adult');
    // Teenagers are slighter and rosier than adults of the same description.
    const teen = looks({ age: 'Teenager' });
    const adult = looks({ age: 'Adult' });
    assert.ok(Math.max(...teen.map((c) => c.look.shoulders)) < Math.min(...adult.map((c) => c.look.shoulders)) + 1);
    assert.ok(Math.min(...teen.map((c) => c.look.blush)) > Math.max(...adult.map((c) => c.look.blush)) - 0.001);
  });

  it('gender: the figure (shoulders, jaw, lashes) and the hair styles', () => {
    const female = looks({ gender: 'Female' });
    const male = looks({ gender: 'Male' });
    assert.ok(Math.max(...female.map((c) => c.look.shoulders)) < Math.min(...male.map((c) => c.look.shoulders)));
    assert.ok(Math.max(...female.map((c) => c.look.jaw)) < Math.min(...male.map((c) => c.look.jaw)));
    assert.ok(female.every((c) => c.look.lashes && c.traits.gender === 'female'));
    assert.ok(male.every((c) => !c.look.lashes && c.traits.gender === 'male'));
    const maleStyles = new Set(['short_side', 'short_messy', 'short_curly', 'swept_back', 'receding']);
    assert.ok(male.every((c) => maleStyles.has(c.look.hair.style)), male.map((c) => c.look.hair.style).join());
    assert.ok(female.some((c) => !maleStyles.has(c.look.hair.style)));
  });

  it('ethnicity: skin tones spread within its range; the ranges are ordered light to deep', () => {
    const mean = (e: string) => looks({ ethnicity: e }).reduce((s, c) => s + skinLum(c.look.skin), 0) / 4;
    assert.ok(mean('European') > mean('South Asian'));
    assert.ok(mean('South Asian') > mean('African'));
    assert.ok(mean('East Asian') > mean('African') + 60);
    // Four candidates, four different tones.
    assert.equal(new Set(looks({ ethnicity: 'Latino' }).map((c) => c.look.skin)).size, 4);
    assert.equal(looks({ ethnicity: 'Hispanic' })[0]!.traits.ethnicity, 'latino');
    // An unknown ethnicity spreads over the whole range and is reported.
    const r = describePresenters({ ...base, ethnicity: 'Martian' });
    assert.deepEqual(r.unknownWords, ['martian']);
  });

  it('avatar_style: outfits (Professional suits and blazers, Social tees and hoodies); model: muted vs vivid palette', () => {
    const pro = looks({ gender: 'Male', avatarStyle: 'Professional' }).map((c) => c.look.outfit.kind);
    const social = looks({ gender: 'Male', avatarStyle: 'Social' }).map((c) => c.look.outfit.kind);
    assert.ok(pro.includes('suit_tie'), pro.join());
    assert.ok(pro.every((k) => ['suit_tie', 'turtleneck_coat', 'overshirt'].includes(k)), pro.join());
    assert.ok(social.every((k) => ['tee', 'hoodie', 'overshirt', 'jersey', 'track_jacket'].includes(k)), social.join());
    assert.notDeepEqual(pro, social);
    const sat = (m: 'classic' | 'modern') => looks({ model: m }).reduce((s, c) => s + saturation(c.look.outfit.main), 0);
    assert.ok(sat('modern') > sat('classic'));
    assert.equal(looks({ avatarStyle: 'Professional', model: 'classic' })[0]!.traits.style, 'business');
    assert.equal(looks({ avatarStyle: 'Social', model: 'classic' })[0]!.traits.style, 'casual');
  });

  it('background: the scene and its colours; the default depends on the style', () => {
    assert.equal(looks({ background: 'a bright office' })[0]!.traits.scene, 'office');
    assert.equal(looks({ background: 'sunny park' })[0]!.traits.scene, 'outdoor');
    assert.equal(looks({ background: 'cozy living room' })[0]!.traits.scene, 'home');
    assert.equal(looks({ background: 'coffee shop' })[0]!.traits.scene, 'store');
    assert.equal(looks({ avatarStyle: 'Professional' })[0]!.traits.scene, 'office');
    assert.equal(looks({ avatarStyle: 'Social' })[0]!.traits.scene, 'studio');
    const blue = looks({ background: 'blue studio' })[0]!;
    assert.equal(blue.traits.scene, 'studio');
    assert.equal(blue.look.backdrop.accent, '#3E6FB0');
    assert.deepEqual(readBackground('coffee shop').unknown, ['coffee']);
  });

  it('appearance: hair colour and length, eyes, glasses, beard, headscarf, jewellery, outfit colour; negation; unknown words reported', () => {
    const [c] = looks({ appearance: 'long red hair, blue eyes, round glasses, pearls' });
    assert.equal(c!.look.hair.color, '#A4401F');
    assert.ok(['long_wavy', 'long_straight', 'braid', 'ponytail'].includes(c!.look.hair.style));
    assert.equal(c!.look.iris, '#3B6E8F');
    assert.equal(c!.look.glasses?.shape, 'round');
    assert.equal(c!.look.necklace?.style, 'pearls');
    for (const m of looks({ gender: 'Male', appearance: 'full beard' })) assert.equal(m.look.beard?.style, 'full');
    for (const m of looks({ gender: 'Male', appearance: 'stubble, short hair' })) assert.equal(m.look.beard?.style, 'stubble');
    for (const m of looks({ gender: 'Male', appearance: 'clean-shaven, no glasses' })) {
      assert.equal(m.look.beard, undefined);
      assert.equal(m.look.glasses, undefined);
    }
    for (const m of looks({ appearance: 'wearing a green hijab' })) {
      assert.equal(m.look.headscarf, '#2E8B57');
      assert.equal(m.look.earrings, undefined);
    }
    for (const m of looks({ appearance: 'blonde, navy suit' })) {
      assert.equal(m.look.hair.color, '#D9B56A');
      assert.equal(m.look.outfit.kind, 'suit_tie');
      assert.equal(m.look.outfit.main, '#24345A');
    }
    const fair = looks({ ethnicity: 'Latino', appearance: 'fair skin' });
    const dark = looks({ ethnicity: 'Latino', appearance: 'dark skin' });
    assert.ok(Math.min(...fair.map((x) => skinLum(x.look.skin))) > Math.max(...dark.map((x) => skinLum(x.look.skin))));
    const r = describePresenters({ ...base, appearance: 'curly brown hair, freckles and a tattoo' });
    assert.deepEqual(r.unknownWords, ['freckles', 'tattoo']);
    assert.equal(r.candidates[0]!.look.hair.color, '#6B4226');
    assert.deepEqual(readAppearance('short sleeves', 'female').unknown, ['sleeves']);
  });

  it('is reproducible: the same description gives the same candidates; candidates of one description differ', () => {
    const d: PresenterDescription = { ...base, appearance: 'glasses', background: 'studio' };
    assert.deepEqual(describePresenters(d), describePresenters(structuredClone(d)));
    const { candidates } = describePresenters(d);
    assert.equal(candidates.length, 4);
    assert.equal(new Set(candidates.map((c) => JSON.stringify(c.look))).size, 4);
    assert.notDeepEqual(describePresenters({ ...d, appearance: 'glasses, bun' }).candidates[0], candidates[0]);
  });

  it('the painter draws candidates like public presenters: the same bytes every time; a headscarf covers the hair', async () => {
    const [c] = looks({ appearance: 'black hair' });
    const a = await renderAvatarCover(c!);
    assert.ok(a.equals(await renderAvatarCover(structuredClone(c!))));
    const scarfed = { ...c!, look: { ...c!.look, headscarf: '#2E8B57' } };
    const painter = createAvatarPainter(scarfed, { width: 300, height: 500 });
    const canvas = createCanvas(300, 500);
    painter.draw(canvas.getContext('2d'), NEUTRAL_POSE, 0, 0);
    const head = painter.layout.head;
    // Just above the forehead, where black hair would be: the scarf's green.
    const px = canvas.getContext('2d').getImageData(head.x + head.width / 2, head.y + 2, 1, 1).data;
    assert.ok(px[1]! > px[0]! + 40 && px[1]! > 100, `scarf colour at the hairline: ${[...px]}`);
    const img = await loadImage(a);
    assert.equal(img.width, 512);
  });

  it('reference colours: the main colours of a picture, most common first, greys skipped', () => {
    const px = new Uint8Array(100 * 3);
    for (let i = 0; i < 100; i++) px.set(i < 60 ? [200, 30, 40] : i < 90 ? [20, 60, 200] : [250, 250, 250], i * 3);
    assert.deepEqual(mainColours(px, 3), ['#C81E28', '#143CC8']);
  });
});
