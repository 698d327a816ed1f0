import { spawn } from 'node:child_process';
import fs from 'node:fs';

/**
 * Festival as a child process: one `festival --batch` run per sentence with a Scheme script that
 * selects the voice, synthesises, saves the wave and prints the utterance's Token, Word and
 * Segment relations. Nothing about the timing is guessed: every word's span is the span of the
 * segments Festival placed under it (SylStructure), every phoneme is a Segment item.
 */

export interface FestivalToken {
  /** Token name (the written token without its punctuation). */
  name: string;
  /** Seconds; NaN when Festival said nothing for the token. */
  start: number;
  end: number;
}

export interface FestivalSegment {
  /** Festival's phone name (radio phone set for the US voices), "pau" for a pause. */
  name: string;
  /** Seconds from the start of the wave. */
  end: number;
}

export interface FestivalAnswer {
  sampleRate: number;
  samples: number;
  tokens: FestivalToken[];
  segments: FestivalSegment[];
}

export interface FestivalRequest {
  /** Festival voice function without "voice_", e.g. "cmu_us_slt_arctic_hts". */
  voice: string;
  text: string;
  /** hts_engine's speed (-r): 1 natural, > 1 faster. Festival's Duration_Stretch does not reach HTS voices; -r does, and the utterance's segment times follow it. */
  speed: number;
  /** Where the RIFF wave is written. */
  wavPath: string;
}

export interface FestivalOptions {
  binary?: string;
  /** A run that takes longer is killed (default 60 s). */
  timeoutMs?: number;
}

/** Where Debian puts the voice installed by `apt-get install festvox-us-slt-hts`. */
export const FESTIVAL_VOICE_DIRS: Record<string, string> = {
  cmu_us_slt_arctic_hts: '/usr/share/festival/voices/us/cmu_us_slt_arctic_hts',
};

let installed: boolean | undefined;

/** Festival and its HTS voice are installed (checked once per process: a fact of the machine). */
export function festivalInstalled(): boolean {
  installed ??= Object.values(FESTIVAL_VOICE_DIRS).every((d) => fs.existsSync(d)) && ['/usr/bin/festival', '/usr/local/bin/festival'].some((b) => fs.existsSync(b));
  return installed;
}

/** A Scheme string literal. */
export const schemeString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** The Scheme program of one run (pure; exported for the tests). */
export function festivalScript(req: FestivalRequest): string {
  if (!/^[a-z0-9_]+$/.test(req.voice)) throw new Error(`bad festival voice name "${req.voice}"`);
  const speed = Number.isFinite(req.speed) && req.speed > 0 ? Math.min(4, Math.max(0.25, req.speed)) : 1;
  return `
(voice_${req.voice})
(set! hts_engine_params (append hts_engine_params (list (list "-r" ${speed.toFixed(4)}))))
(define (rs-segs w)
  (let ((ss (item.relation w 'SylStructure)) (out nil))
    (if ss (mapcar (lambda (syl) (mapcar (lambda (seg) (set! out (cons seg out))) (item.daughters syl))) (item.daughters ss)))
    (reverse out)))
(define (rs-token tok)
  (let ((start -1) (end -1))
    (mapcar (lambda (w)
      (mapcar (lambda (seg)
        (if (or (< start 0) (< (item.feat seg "segment_start") start)) (set! start (item.feat seg "segment_start")))
        (if (> (item.feat seg "end") end) (set! end (item.feat seg "end"))))
        (rs-segs w)))
      (item.daughters tok))
    (format t "T\\t%s\\t%f\\t%f\\n" (item.name tok) start end)))
(set! utt (Utterance Text ${schemeString(req.text)}))
(utt.synth utt)
(utt.save.wave utt ${schemeString(req.wavPath)} 'riff)
(format t "R\\t%l\\n" (wave.info (utt.wave utt)))
(let ((tok (utt.relation.first utt 'Token))) (while tok (rs-token tok) (set! tok (item.next tok))))
(mapcar (lambda (s) (format t "S\\t%s\\t%f\\n" (item.name s) (item.feat s "end"))) (utt.relation.items utt 'Segment))
(format t "DONE\\n")
`;
}

/** Parses what the script printed. */
export function parseFestivalOutput(out: string): FestivalAnswer {
  const answer: FestivalAnswer = { sampleRate: 0, samples: 0, tokens: [], segments: [] };
  let done = false;
  for (const line of out.split('\n')) {
    const f = line.split('\t');
    if (f[0] === 'R') {
      answer.sampleRate = Number(/\(sample_rate (\d+)\)/.exec(line)?.[1] ?? 0);
      answer.samples = Number(/\(num_samples (\d+)\)/.exec(line)?.[1] ?? 0);
    } else if (f[0] === 'T' && f.length >= 4) {
      const start = Number(f[2]);
      const end = Number(f[3]);
      answer.tokens.push(start < 0 || end < 0 ? { name: f[1]!, start: NaN, end: NaN } : { name: f[1]!, start, end });
    } else if (f[0] === 'S' && f.length >= 3) answer.segments.push({ name: f[1]!, end: Number(f[2]) });
    else if (line === 'DONE') done = true;
  }
  if (!done || !answer.sampleRate) throw new Error(`festival printed no utterance: ${out.slice(-400).trim()}`);
  return answer;
}

/**
 * Festival's text input is Latin-1 at best: letters lose their accents, typographic quotes and
 * dashes become ASCII, anything else outside ASCII becomes a space.
 */
export function festivalText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/[“”„‟″]/g, '"')
    .replace(/[‐‑‒–—―]/g, '-')
    .replace(/…/g, '...')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export class FestivalProcess {
  constructor(private readonly opts: FestivalOptions = {}) {}

  synth(req: FestivalRequest): Promise<FestivalAnswer> {
    const script = festivalScript(req);
    const timeoutMs = this.opts.timeoutMs ?? 60_000;
    return new Promise((resolve, reject) => {
      // Festival reads the program from stdin with --pipe; stdout carries the printed relations.
      const child = spawn(this.opts.binary ?? 'festival', ['--pipe'], { stdio: ['pipe', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
      let out = '';
      let err = '';
      child.stdout.setEncoding('latin1');
      child.stderr.setEncoding('latin1');
      child.stdout.on('data', (d: string) => (out += d));
      child.stderr.on('data', (d: string) => (err = (err + d).slice(-4000)));
      child.stdin.on('error', () => undefined);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.on('error', (e) => {
        clearTimeout(timer);
        reject(new Error(`festival could not start: ${e.message}`));
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        if (signal) return reject(new Error(`festival ${signal === 'SIGKILL' ? `timed out after ${timeoutMs} ms` : `was killed (${signal})`}`));
        try {
          resolve(parseFestivalOutput(out));
        } catch (e) {
          reject(new Error(`${(e as Error).message}${err ? ` (stderr: ${err.trim()})` : ''} (exit ${code})`));
        }
      });
      child.stdin.end(script, 'latin1');
    });
  }
}
