import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseVendorVoice, pickVoiceFor } from '../src/catalog/voice-aliases.ts';
import { voiceRecords } from '../src/pipeline/speech/voice.catalog.ts';

const voices = voiceRecords('http://127.0.0.1');
const byId = new Map(voices.map((v) => [v.voice_id, v]));

describe('voice ids in Azure naming', () => {
  it('parses <locale>-<Name>Neural and <locale>-<Name>MultilingualNeural, with the gender of known names', () => {
    assert.deepEqual(parseVendorVoice('en-US-ChristopherNeural'), { locale: 'en-US', name: 'Christopher', gender: 'male' });
    assert.deepEqual(parseVendorVoice('en-US-AvaMultilingualNeural'), { locale: 'en-US', name: 'Ava', gender: 'female' });
    assert.deepEqual(parseVendorVoice('de-DE-KatjaNeural'), { locale: 'de-DE', name: 'Katja', gender: 'female' });
    assert.deepEqual(parseVendorVoice('zh-CN-YunxiNeural'), { locale: 'zh-CN', name: 'Yunxi', gender: 'male' });
    assert.deepEqual(parseVendorVoice('sr-Latn-RS-NicholasNeural'), { locale: 'sr-Latn-RS', name: 'Nicholas', gender: 'male' });
    assert.deepEqual(parseVendorVoice('en-GB-ZorblaxNeural'), { locale: 'en-GB', name: 'Zorblax', gender: null });
    for (const not of ['en-us-f1', 'Christopher', 'en-US-Christopher', 'neural', 'en-US-christopherNeural', '']) assert.equal(parseVendorVoice(not), null, not);
  });

  it("maps to one of our voices of the video's language and the name's gender, adult", () => {
    for (const [vendor, language, gender] of [
      ['en-US-ChristopherNeural', 'english', 'male'],
      ['en-US-JennyNeural', 'english', 'female'],
      ['de-DE-ConradNeural', 'german', 'male'],
      ['fr-FR-DeniseNeural', 'french', 'female'],
      ['ja-JP-NanamiNeural', 'japanese', 'female'],
      ['en-US-AndrewMultilingualNeural', 'spanish', 'male'],
    ] as const) {
      const id = pickVoiceFor(parseVendorVoice(vendor)!, language, voices);
      assert.ok(id, vendor);
      const v = byId.get(id)!;
      assert.deepEqual([v.language, v.gender, v.age], [language, gender, 'adult'], `${vendor} → ${id}`);
    }
  });

  it("keeps the locale's accent when we have it: en-GB, pt-PT, es-MX", () => {
    const accent = (vendor: string, language: string) => pickVoiceFor(parseVendorVoice(vendor)!, language, voices)!;
    assert.match(accent('en-GB-RyanNeural', 'english'), /^en-gb-/);
    assert.match(accent('en-US-GuyNeural', 'english'), /^en-us-/);
    assert.match(accent('pt-PT-RaquelNeural', 'portuguese'), /^pt-pt-/);
    assert.match(accent('pt-BR-FranciscaNeural', 'portuguese'), /^pt-br-/);
    assert.match(accent('es-MX-DaliaNeural', 'spanish'), /^es-419-/);
    assert.match(accent('es-ES-ElviraNeural', 'spanish'), /^es-f|^es-m/);
  });

  it('an unknown name gives null: the default voice of the language', () => {
    assert.equal(pickVoiceFor(parseVendorVoice('en-GB-ZorblaxNeural')!, 'english', voices), null);
  });
});
