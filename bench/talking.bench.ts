/**
 * bench:talking — one talking-avatar video of about 30 s at full size (1080x1920), from a script:
 * speech (espeak-ng) then the render, timed. `npm run bench:talking -- scene|green|transparent`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderTalkingAvatar } from '../src/pipeline/render/render-talking.ts';
import { buildCaptions } from '../src/pipeline/captions/build.ts';
import { narrate } from '../src/pipeline/narrate.ts';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { defaultVoice } from '../src/pipeline/speech/voice.catalog.ts';
import { talkingScript } from '../src/videos/kinds/avatar.kind.ts';
const text = 'Welcome to our channel. Today I want to tell you about a simple idea that changed the way I work. Every morning I write down three things I want to finish. Not ten, not twenty, just three. It sounds small, but it works. By the afternoon I know exactly what matters, and I stop wasting time on things that do not. Try it for one week, and tell me in the comments how it went. If you liked this video, share it with a friend who needs a little more focus. See you next time, and have a wonderful day.';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-talking-'));
const engine = new EspeakProcess();
const t0 = Date.now();
const script = talkingScript(text, 'english');
const n = await narrate({ script, voiceId: defaultVoice('english', 'female'), musicId: null, workDir: path.join(work, 'narration') }, { engine });
await engine.close();
const t1 = Date.now();
const screen = (process.argv[2] ?? 'scene') as 'scene' | 'green' | 'transparent';
const captions = buildCaptions(n.speech.words, { language: 'english', aspectRatio: 0, sentences: script.sentences, sentenceSpans: n.speech.sentences });
const r = await renderTalkingAvatar({ avatarId: 1, speech: n.speech, script, audioPath: n.mixedAudioPath, durationMs: n.speech.durationMs + 400, aspectRatio: 0, screen, captions, scale: 1, outDir: path.join(work, screen) });
const t2 = Date.now();
console.log(JSON.stringify({ screen, durationS: r.durationS, width: r.width, height: r.height, frames: r.frames, speechMs: t1 - t0, renderMs: t2 - t1, totalMs: t2 - t0 }));
fs.rmSync(work, { recursive: true, force: true });
