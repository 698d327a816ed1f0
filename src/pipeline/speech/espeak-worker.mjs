// espeak-ng is GPL-3: this file is the only code that loads it, and it always runs as its own
// process (spawned by espeak.client.ts), never inside the server. Plain JavaScript so the child
// starts in ~50 ms without a TypeScript loader.
//
// Protocol: one JSON request per stdin line, one JSON answer per stdout line (same `id`).
//   {id, op:'synth', voice, rate, pitch, range, text, ssml, endPause, pcmPath}
//     → {id, ok:true, sampleRate, samples, events:[[type, textPos, length, sample, number, name]], cpuUs}
//     PCM (s16le mono) is written to pcmPath; events come straight from the engine's callback.
//   {id, op:'voices'} → {id, ok:true, voices:[{name, identifier, languages}]}
//   any failure → {id, ok:false, error}
import fs from 'node:fs';
import readline from 'node:readline';
import koffi from 'koffi';

const libraryPath = process.argv[2] || 'libespeak-ng.so.1';
const dataPath = process.argv[3] || null;

const AUDIO_OUTPUT_SYNCHRONOUS = 2;
const INITIALIZE_PHONEME_EVENTS = 0x0001;
const INITIALIZE_DONT_EXIT = 0x8000;
const CHARS_UTF8 = 1;
const SSML = 0x10;
const ENDPAUSE = 0x1000;
const POS_CHARACTER = 1;
const P_RATE = 1;
const P_VOLUME = 2;
const P_PITCH = 3;
const P_RANGE = 4;
const EVENT_LIST_TERMINATED = 0;
const EVENT_MARK = 3;
const EVENT_PHONEME = 7;
const EVENT_SIZE = 40; // espeak_EVENT on LP64: 6 ints, a pointer, an 8-byte union

const lib = koffi.load(libraryPath);
const EspeakEvent = koffi.struct('espeak_EVENT', {
  type: 'int',
  unique_identifier: 'uint',
  text_position: 'int',
  length: 'int',
  audio_position: 'int',
  sample: 'int',
  user_data: 'void *',
  // A union of int / const char* / char[8]: read as bytes, interpreted per event type below.
  id: koffi.array('uint8', 8, 'Typed'),
});
if (koffi.sizeof(EspeakEvent) !== EVENT_SIZE) throw new Error('unexpected espeak_EVENT layout');
const EspeakVoice = koffi.struct('espeak_VOICE', {
  name: 'const char *',
  languages: 'void *',
  identifier: 'const char *',
  gender: 'uint8',
  age: 'uint8',
  variant: 'uint8',
  xx1: 'uint8',
  score: 'int',
  spare: 'void *',
});
const SynthCallback = koffi.proto('int SynthCallback(int16_t *wav, int numsamples, espeak_EVENT *events)');
const espeakInitialize = lib.func('int espeak_Initialize(int output, int buflength, const char *path, int options)');
const espeakSetSynthCallback = lib.func('void espeak_SetSynthCallback(SynthCallback *cb)');
const espeakSetVoiceByName = lib.func('int espeak_SetVoiceByName(const char *name)');
const espeakSetParameter = lib.func('int espeak_SetParameter(int parameter, int value, int relative)');
const espeakSynth = lib.func(
  'int espeak_Synth(const void *text, size_t size, uint position, int position_type, uint end_position, uint flags, _Out_ uint *unique_identifier, void *user_data)',
);
const espeakSynchronize = lib.func('int espeak_Synchronize()');
const espeakListVoices = lib.func('void *espeak_ListVoices(void *spec)');

const sampleRate = espeakInitialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, dataPath, INITIALIZE_PHONEME_EVENTS | INITIALIZE_DONT_EXIT);
if (sampleRate <= 0) {
  process.stderr.write(`espeak_Initialize failed (${sampleRate})\n`);
  process.exit(3);
}

/** Filled by the callback during one espeak_Synth call (synchronous mode: same thread). */
let chunks = [];
let events = [];

const callback = koffi.register((wav, numSamples, eventsPtr) => {
  if (numSamples > 0 && wav) chunks.push(Buffer.from(Int16Array.from(koffi.decode(wav, 'int16_t', numSamples)).buffer));
  for (let i = 0; eventsPtr; i++) {
    const e = koffi.decode(eventsPtr, i * EVENT_SIZE, EspeakEvent);
    if (e.type === EVENT_LIST_TERMINATED) break;
    const id = Buffer.from(e.id);
    let number = id.readInt32LE(0);
    let name = null;
    if (e.type === EVENT_PHONEME) {
      // The mnemonic is up to 8 bytes, NUL-terminated when shorter.
      const end = id.indexOf(0);
      name = id.subarray(0, end === -1 ? 8 : end).toString('latin1');
      number = 0;
    } else if (e.type === EVENT_MARK) {
      // id.name points into the engine's buffer; valid only during this callback.
      name = koffi.decode(eventsPtr, i * EVENT_SIZE + 32, 'const char *');
      number = 0;
    }
    events.push([e.type, e.text_position, e.length, e.sample, number, name]);
  }
  return 0;
}, koffi.pointer(SynthCallback));
espeakSetSynthCallback(callback);

function synth(req) {
  const rc = espeakSetVoiceByName(req.voice);
  if (rc !== 0) throw new Error(`unknown espeak voice "${req.voice}" (${rc})`);
  // Parameters after the voice: selecting a voice resets them.
  espeakSetParameter(P_RATE, req.rate ?? 175, 0);
  espeakSetParameter(P_PITCH, req.pitch ?? 50, 0);
  espeakSetParameter(P_RANGE, req.range ?? 50, 0);
  espeakSetParameter(P_VOLUME, req.volume ?? 100, 0);
  chunks = [];
  events = [];
  const text = Buffer.from(`${req.text}\0`, 'utf8');
  // ENDPAUSE: the engine ends the text with the pause its final punctuation calls for.
  const flags = CHARS_UTF8 | (req.ssml ? SSML : 0) | (req.endPause === false ? 0 : ENDPAUSE);
  const src = espeakSynth(text, text.length, 0, POS_CHARACTER, 0, flags, [0], null);
  if (src !== 0) throw new Error(`espeak_Synth failed (${src})`);
  espeakSynchronize();
  const pcm = Buffer.concat(chunks);
  fs.writeFileSync(req.pcmPath, pcm);
  const result = { sampleRate, samples: pcm.length / 2, events };
  chunks = [];
  events = [];
  return result;
}

function listVoices() {
  const list = espeakListVoices(null);
  const out = [];
  for (let i = 0; list; i++) {
    const ptr = koffi.decode(list, i * 8, 'void *');
    if (!ptr) break;
    const v = koffi.decode(ptr, EspeakVoice);
    // `languages` is a sequence of (priority byte, NUL-terminated name), ended by a 0 byte.
    const languages = [];
    for (let p = 0; p < 256 && koffi.decode(v.languages, p, 'uint8') !== 0; ) {
      const bytes = [];
      for (p += 1; p < 256; p++) {
        const b = koffi.decode(v.languages, p, 'uint8');
        if (b === 0) break;
        bytes.push(b);
      }
      languages.push(Buffer.from(bytes).toString('latin1'));
      p += 1;
    }
    out.push({ name: v.name, identifier: v.identifier, languages });
  }
  return out;
}

const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => {
  let req;
  try {
    req = JSON.parse(line);
  } catch {
    return;
  }
  let answer;
  try {
    if (req.op === 'synth') answer = { id: req.id, ok: true, ...synth(req), cpuUs: cpuUs() };
    else if (req.op === 'voices') answer = { id: req.id, ok: true, voices: listVoices() };
    else if (req.op === 'ping') answer = { id: req.id, ok: true, sampleRate, cpuUs: cpuUs() };
    else answer = { id: req.id, ok: false, error: `unknown op ${req.op}` };
  } catch (err) {
    answer = { id: req.id, ok: false, error: String(err && err.message ? err.message : err) };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
});
rl.on('close', () => process.exit(0));

function cpuUs() {
  const u = process.cpuUsage();
  return u.user + u.system;
}
