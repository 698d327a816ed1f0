/**
 * Issue 27 item 3, nothing cut: a long product name and long selling points never come out with
 * an ellipsis, in every template and ratio, in English, German, Thai and Japanese; a shortened
 * claim is a complete phrase (no trailing function word); the LLM's short claims are validated.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shortClaim, shorterClaims, endsUnfinished } from '../src/pipeline/script/short-claim.ts';
import { keywords, shortName } from '../src/pipeline/script/text.ts';
import { textUnits } from '../src/pipeline/captions/lang.ts';
import { shortOf } from '../src/pipeline/script/llm-writer.ts';
import { cutTextViolations } from '../src/pipeline/timeline/cut-check.ts';
import { shownWhole } from '../src/pipeline/timeline/fit-text.ts';
import { CUT_CASES, CUT_STYLES, cutCaseTimeline } from './support/nothing-cut-cases.ts';

const CHAIR = 'UltraComfort Ergonomic Mesh Office Chair with Adjustable Lumbar Support';
const LUMBAR = 'Adjustable lumbar support that follows your spine through the whole working day';
const GASKET = 'Gasket mount for a softer typing feel with less noise';

describe('nothing cut: the name and the selling points in every template and ratio', () => {
  for (const c of CUT_CASES) {
    it(`${c.language}: no text box shows an ellipsis or a part of its text; the name shows whole (or the short title with the full name under it)`, () => {
      let checked = 0;
      for (const templateId of [1, 2, 3, 4, 5, 6])
        for (const ar of [0, 1, 2] as const)
          for (const style of CUT_STYLES) {
            const t = cutCaseTimeline(c, templateId, ar, style);
            const where = `T${templateId} ratio ${ar} ${style}`;
            for (const o of t.overlays) {
              assert.ok(!o.lines.join('').includes('…'), `${where}: ${o.slot} "${o.lines.join(' / ')}"`);
              assert.ok(shownWhole(o.lines, o.source), `${where}: ${o.slot} "${o.lines.join(' / ')}" of "${o.source}"`);
              checked++;
            }
            assert.deepEqual(cutTextViolations(t), [], where);
            const titles = t.overlays.filter((o) => o.slot === 'name');
            assert.ok(titles.length > 0, `${where}: a title`);
            for (const title of titles)
              if (title.source !== c.product.name)
                assert.ok(t.overlays.some((o) => o.source === c.product.name && o.startMs < title.endMs && title.startMs < o.endMs), `${where}: the short title "${title.source}" without the full name`);
            // Each card shows its selling point whole or a complete shorter claim of it.
            for (const o of t.overlays.filter((x) => x.slot === 'cue' && x.claim && x.source !== x.claim)) assert.ok(!endsUnfinished(o.source), `${where}: "${o.source}"`);
          }
      assert.ok(checked > 200);
    });
  }
});

describe('complete shorter claims (script/short-claim.ts)', () => {
  it('cuts before a trailing modifier or at a clause, never on a function word, never with an ellipsis', () => {
    assert.equal(shortClaim(LUMBAR), 'Adjustable lumbar support');
    assert.equal(shortClaim(GASKET), 'Gasket mount for a softer typing feel');
    assert.equal(shortClaim('Breathable mesh back keeps you cool (even in summer)'), 'Breathable mesh back keeps you cool');
    // A comma between two adjectives is no clause break (the README demo's description; before: "… gives your desk a warm").
    const lamp = 'The Aurora Desk Lamp gives your desk a warm, even light that is easy on the eyes during late work sessions.';
    assert.ok(!shorterClaims(lamp).some((c) => / a warm$/.test(c)), shorterClaims(lamp).join(' | '));
    assert.equal(shortClaim(lamp), 'The Aurora Desk Lamp gives your desk a warm, even light');
    assert.ok(!shorterClaims('Eine Lampe für ein weiches, gleichmäßiges Licht am Abend').includes('Eine Lampe für ein weiches'));
    assert.equal(shortClaim('Verstellbare Lendenwirbelstütze, die Ihrer Wirbelsäule den ganzen Arbeitstag lang folgt'), 'Verstellbare Lendenwirbelstütze');
    assert.equal(shortClaim('Dichtungsmontage für ein weicheres Tippgefühl mit weniger Geräusch'), 'Dichtungsmontage für ein weicheres Tippgefühl');
    assert.equal(shortClaim('ติดตั้งแบบปะเก็นเพื่อให้สัมผัสการพิมพ์นุ่มนวลขึ้นและเสียงเบาลง'), 'ติดตั้งแบบปะเก็นเพื่อให้สัมผัสการพิมพ์นุ่มนวลขึ้น');
    assert.equal(shortClaim('ガスケットマウントによる柔らかな打鍵感と静かなタイピング音を実現しました'), 'ガスケットマウントによる柔らかな打鍵感と静かなタイピング音');
    assert.equal(shortClaim('通気性のよいメッシュの背もたれで夏でも涼しく快適に過ごせます'), '通気性のよいメッシュの背もたれ');
    for (const c of CUT_CASES)
      for (const p of [c.product.name, ...c.product.sellingPoints, c.product.description]) {
        const s = shortClaim(p);
        assert.ok(!s.includes('…') && !endsUnfinished(s), `"${s}" of "${p}"`);
        assert.ok(p.replace(/\s*\([^)]*\)/g, '').startsWith(s), `"${s}" is the start of "${p}"`);
        assert.ok(!keywords(p).includes('…'), keywords(p));
      }
  });

  it('the said short name is a complete phrase: not "… Office Chair with"', () => {
    assert.equal(shortName(CHAIR), 'UltraComfort Ergonomic Mesh Office Chair');
    assert.ok(!endsUnfinished(shortName('UltraComfort Ergonomic Memory Foam Lumbar Support Cushion with Cooling Gel Layer')));
  });

  it('the short name fits a 9:16 caption page (40 units, six words) in every script: brand and head of a noun chain, Thai and Chinese by their words', () => {
    const cases: [string, string][] = [
      ['UltraComfort Ergonomic Memory Foam Lumbar Support Cushion with Cooling Gel Layer', 'UltraComfort Lumbar Support Cushion'],
      ['UltraComfort Ergonomischer Bürostuhl aus Netzgewebe mit verstellbarer Lendenwirbelstütze', 'UltraComfort Ergonomischer Bürostuhl'],
      ['เก้าอี้สำนักงานตาข่ายเพื่อสุขภาพ UltraComfort พร้อมที่รองรับหลังส่วนล่างแบบปรับได้', 'เก้าอี้สำนักงานตาข่ายเพื่อสุขภาพ UltraComfort'],
      ['เก้าอี้สำนักงานตาข่ายเพื่อสุขภาพพร้อมที่รองรับหลังส่วนล่างแบบปรับได้และที่วางแขน', 'เก้าอี้สำนักงานตาข่ายเพื่อสุขภาพ'],
      ['人体工学网眼办公椅带可调节腰部支撑和头枕以及可调扶手高级版本', '人体工学网眼办公椅带可调节腰部支撑和头枕'],
      ['北欧デザインのLEDデスクライト ワイヤレス充電スタンド付き', '北欧デザインのLEDデスクライト'],
      ['Lumen Glow Serum', 'Lumen Glow Serum'],
    ];
    for (const [name, short] of cases) {
      assert.equal(shortName(name), short);
      assert.ok(textUnits(short) <= 40 && !endsUnfinished(short), short);
    }
  });

  it('endsUnfinished: trailing function words in the product-text languages and Thai joining words', () => {
    for (const s of ['Keeps water cold for', 'A compact desk fan with', 'Five brightness levels and', 'Eine Kaffeemühle mit', 'hält Sie auch', 'ที่รองรับหลังส่วนล่างซึ่ง', 'Cold…']) assert.ok(endsUnfinished(s), s);
    for (const s of ['Adjustable lumbar support', 'Verstellbare Lendenwirbelstütze', 'ติดตั้งแบบปะเก็น', 'Leak-proof lid']) assert.ok(!endsUnfinished(s), s);
  });

  it("takes the LLM's short claim only when it is complete, short and without an ellipsis", () => {
    const data = { short_points: ['Adjustable lumbar support', 'Gasket mount for', 'Softer typing…', 'x'.repeat(41)] };
    assert.equal(shortOf(data, 0, LUMBAR), 'Adjustable lumbar support');
    assert.equal(shortOf(data, 1, GASKET), null);
    assert.equal(shortOf(data, 2, GASKET), null);
    assert.equal(shortOf(data, 3, GASKET + GASKET), null);
    assert.equal(shortOf({}, 0, LUMBAR), null);
    assert.equal(shortOf({ short_points: [LUMBAR] }, 0, LUMBAR), null, 'not shorter');
  });
});
