import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeHtml } from '../src/net/charset.ts';
import { decodeHtml as reexported } from '../src/net/safe-fetch.ts';

// Real byte sequences, written out so that no encoder of ours is involved.
const cafe1252 = [0x63, 0x61, 0x66, 0xe9]; // "café" in windows-1252 / iso-8859-1
const cafeUtf8 = [0x63, 0x61, 0x66, 0xc3, 0xa9]; // "café" in UTF-8
const nihongoSjis = [0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]; // "日本語" in Shift_JIS
const hangugeoEucKr = [0xc7, 0xd1, 0xb1, 0xb9, 0xbe, 0xee]; // "한국어" in EUC-KR
const zhongwenGbk = [0xd6, 0xd0, 0xce, 0xc4]; // "中文" in GBK
const privetCp1251 = [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]; // "Привет" in windows-1251
const polishLatin2 = [0xb1, 0xe6]; // "ąć" in iso-8859-2

const ascii = (s: string) => [...Buffer.from(s, 'latin1')];
const page = (...parts: (string | number[])[]) => Buffer.from(parts.flatMap((p) => (typeof p === 'string' ? ascii(p) : p)));

describe('decodeHtml: byte-order marks come first', () => {
  it('a UTF-8 BOM wins over a header and a meta that say otherwise, and is not part of the text', () => {
    const body = page([0xef, 0xbb, 0xbf], '<meta charset="shift_jis"><p>', cafeUtf8);
    const out = decodeHtml(body, 'text/html; charset=windows-1252');
    assert.equal(out.charset, 'utf-8');
    assert.equal(out.text, '<meta charset="shift_jis"><p>café');
  });

  it('UTF-16LE and UTF-16BE BOMs', () => {
    const le = decodeHtml(Buffer.from([0xff, 0xfe, 0x3c, 0x00, 0x70, 0x00, 0x3e, 0x00, 0xe9, 0x00, 0xe5, 0x65]), 'text/html; charset=utf-8');
    assert.deepEqual(le, { text: '<p>é日', charset: 'utf-16le' });
    const be = decodeHtml(Buffer.from([0xfe, 0xff, 0x00, 0x3c, 0x00, 0x70, 0x00, 0x3e, 0x00, 0xe9, 0x65, 0xe5]), undefined);
    assert.deepEqual(be, { text: '<p>é日', charset: 'utf-16be' });
  });
});

describe('decodeHtml: the Content-Type header', () => {
  it('iso-8859-1 (decoded as windows-1252, as browsers do)', () => {
    assert.deepEqual(decodeHtml(page('<p>', cafe1252), 'text/html; charset=ISO-8859-1'), { text: '<p>café', charset: 'windows-1252' });
  });

  it('a quoted Shift_JIS label, beating a meta that says utf-8', () => {
    const out = decodeHtml(page('<meta charset="utf-8"><p>', nihongoSjis), 'text/html;charset="Shift_JIS"');
    assert.equal(out.charset, 'shift_jis');
    assert.equal(out.text, '<meta charset="utf-8"><p>日本語');
  });

  it('windows-1252 maps 0x80–0x9F as the Encoding Standard says (Node 20.18.3+ TextDecoder does not)', () => {
    const c1 = page([0x80, 0x82, 0x85, 0x8a, 0x8c, 0x91, 0x92, 0x93, 0x94, 0x96, 0x97, 0x99, 0x9f, 0x81, 0x8d]);
    const expected = '€‚…ŠŒ‘’“”–—™Ÿ\u0081\u008d';
    for (const label of ['windows-1252', 'iso-8859-1', 'latin1', 'us-ascii']) {
      assert.deepEqual(decodeHtml(c1, `text/html; charset=${label}`), { text: expected, charset: 'windows-1252' }, label);
    }
  });

  it('windows-1251 and gbk labels', () => {
    assert.equal(decodeHtml(page(privetCp1251), 'text/html; charset=windows-1251').text, 'Привет');
    assert.deepEqual(decodeHtml(page(zhongwenGbk), 'text/html; charset=gb2312'), { text: '中文', charset: 'gbk' });
  });

  it('an unknown label falls through to the meta', () => {
    const out = decodeHtml(page('<meta charset="shift_jis"><p>', nihongoSjis), 'text/html; charset=klingon-8');
    assert.equal(out.charset, 'shift_jis');
    assert.ok(out.text.endsWith('日本語'));
  });
});

describe('decodeHtml: <meta> in the head', () => {
  it('<meta charset>', () => {
    const out = decodeHtml(page('<!doctype html><html><head><meta charset=shift_jis><title>', nihongoSjis, '</title>'), 'text/html');
    assert.equal(out.charset, 'shift_jis');
    assert.match(out.text, /<title>日本語<\/title>/);
  });

  it('<meta http-equiv="content-type" content="...charset=...">, in any attribute order and quoting', () => {
    const a = decodeHtml(page('<head><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=euc-kr"><p>', hangugeoEucKr), undefined);
    assert.deepEqual([a.charset, a.text.endsWith('한국어')], ['euc-kr', true]);
    const c = decodeHtml(page('<head><meta http-equiv="content-type" content="text/html; charset=windows-1252"><p>', cafe1252, [0x93, 0x94]), undefined);
    assert.deepEqual([c.charset, c.text.endsWith('café“”')], ['windows-1252', true]);
    const b = decodeHtml(page("<head><meta content='text/html;charset=iso-8859-2' http-equiv=content-type><p>", polishLatin2), undefined);
    assert.deepEqual([b.charset, b.text.endsWith('ąć')], ['iso-8859-2', true]);
  });

  it('is found anywhere in the head, well past the first 1024 bytes', () => {
    const filler = `<script>${'var x = 1;\n'.repeat(2000)}</script>`; // ~22 KB
    const out = decodeHtml(page('<html><head>', filler, '<meta charset="shift_jis"></head><body>', nihongoSjis), undefined);
    assert.equal(out.charset, 'shift_jis');
    assert.ok(out.text.endsWith('日本語'));
  });

  it('is not looked for past 64 KiB, after </head>, or inside comments', () => {
    const far = decodeHtml(page('<html><head>', ' '.repeat(70 * 1024), '<meta charset="windows-1251"><p>', cafeUtf8), undefined);
    assert.equal(far.charset, 'utf-8');
    const inBody = decodeHtml(page('<html><head></head><body><meta charset="windows-1251"><p>', cafeUtf8), undefined);
    assert.equal(inBody.charset, 'utf-8');
    const commented = decodeHtml(page('<head><!-- <meta charset="windows-1251"> --><p>', cafeUtf8), undefined);
    assert.equal(commented.charset, 'utf-8');
  });

  it('unknown labels are skipped; a later valid meta still counts, otherwise the next rule applies', () => {
    const later = decodeHtml(page('<head><meta charset="bogus"><meta charset="shift_jis"><p>', nihongoSjis), undefined);
    assert.equal(later.charset, 'shift_jis');
    const none = decodeHtml(page('<head><meta charset="bogus"><p>', cafeUtf8), undefined);
    assert.deepEqual([none.charset, none.text.endsWith('café')], ['utf-8', true]);
  });

  it('a meta claiming UTF-16 (readable as ASCII, so it cannot be) means UTF-8', () => {
    assert.equal(decodeHtml(page('<meta charset="utf-16"><p>', cafeUtf8), undefined).charset, 'utf-8');
  });
});

describe('decodeHtml: without any declaration', () => {
  it('valid UTF-8 is UTF-8', () => {
    assert.deepEqual(decodeHtml(page('<p>', cafeUtf8, ' ', [0xe6, 0x97, 0xa5]), 'text/html'), { text: '<p>café 日', charset: 'utf-8' });
    assert.equal(decodeHtml(page('<p>plain ascii'), undefined).charset, 'utf-8');
  });

  it('anything else is windows-1252', () => {
    assert.deepEqual(decodeHtml(page('<p>', cafe1252, [0x80]), undefined), { text: '<p>café€', charset: 'windows-1252' });
    // Shift_JIS without a label is not valid UTF-8 either; it is not guessed.
    assert.equal(decodeHtml(page(nihongoSjis), 'text/html; charset=nonsense').charset, 'windows-1252');
  });

  it('is the same function the fetcher module exports', () => {
    assert.equal(reexported, decodeHtml);
  });
});
