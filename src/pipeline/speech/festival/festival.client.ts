import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';

/**
 * Festival as a child process (`festival --pipe`, kept running) given one Scheme program per
 * sentence that selects the voice, synthesises, saves the wave and prints the utterance's Token,
 * Word and Segment relations. Nothing about the timing is guessed: every word's span is the span of the
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

/** Defined once per Festival process: the helpers every request's program uses. */
export const FESTIVAL_PRELUDE = `
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
(set! rs-voice nil)
(format t "READY\\n")
(fflush nil)
`;

/** The Scheme program of one request (pure; exported for the tests). */
export function festivalScript(req: FestivalRequest): string {
  if (!/^[a-z0-9_]+$/.test(req.voice)) throw new Error(`bad festival voice name "${req.voice}"`);
  const speed = Number.isFinite(req.speed) && req.speed > 0 ? Math.min(4, Math.max(0.25, req.speed)) : 1;
  return `
(if (not (equal? rs-voice "${req.voice}")) (begin (voice_${req.voice}) (set! rs-voice "${req.voice}") (set! rs-params hts_engine_params)))
(set! hts_engine_params (append rs-params (list (list "-r" ${speed.toFixed(4)}))))
(set! utt (Utterance Text ${schemeString(req.text)}))
(utt.synth utt)
(utt.save.wave utt ${schemeString(req.wavPath)} 'riff)
(format t "R\\t%l\\n" (wave.info (utt.wave utt)))
(let ((tok (utt.relation.first utt 'Token))) (while tok (rs-token tok) (set! tok (item.next tok))))
(mapcar (lambda (s) (format t "S\\t%s\\t%f\\n" (item.name s) (item.feat s "end"))) (utt.relation.items utt 'Segment))
(format t "DONE\\n")
(fflush nil)
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

/**
 * One long-lived `festival --pipe` child (loading the voice costs more than a sentence), one
 * request at a time, started on first use and again after an error or a timeout; unref'd while
 * idle so it never keeps a process alive. Each request's output ends with DONE (flushed).
 */
export class FestivalProcess {
  private child: ChildProcessWithoutNullStreams | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private out = '';
  private err = '';
  private waiter: ((line: string | Error) => void) | null = null;

  constructor(private readonly opts: FestivalOptions = {}) {}

  synth(req: FestivalRequest): Promise<FestivalAnswer> {
    const script = festivalScript(req);
    const run = this.queue.then(() => this.request(script), () => this.request(script));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** CPU time of the running child so far (ms, from /proc; 0 when none runs): for the bench. */
  childCpuMs(): number {
    const pid = this.child?.pid;
    if (!pid) return 0;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
    } catch {
      return 0;
    }
  }

  async close(): Promise<void> {
    const c = this.child;
    this.child = null;
    if (!c) return;
    const exited = new Promise<void>((r) => c.once('close', () => r()));
    c.stdin.end();
    const t = setTimeout(() => c.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(t);
  }

  private async request(script: string): Promise<FestivalAnswer> {
    const child = await this.start();
    const timeoutMs = this.opts.timeoutMs ?? 60_000;
    this.out = '';
    this.err = '';
    this.idle(child, false);
    try {
      const done = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`festival timed out after ${timeoutMs} ms`));
          child.kill('SIGKILL');
        }, timeoutMs);
        this.waiter = (x) => {
          clearTimeout(timer);
          this.waiter = null;
          if (x instanceof Error) reject(x);
          else resolve(x);
        };
        child.stdin.write(script, 'latin1');
      });
      return parseFestivalOutput(done);
    } catch (e) {
      // A Scheme error leaves the interpreter in an unknown state: start afresh next time.
      if (this.child === child) {
        this.child = null;
        child.kill('SIGKILL');
      }
      throw e;
    } finally {
      this.idle(child, true);
    }
  }

  private start(): Promise<ChildProcessWithoutNullStreams> {
    if (this.child) return Promise.resolve(this.child);
    const child = spawn(this.opts.binary ?? 'festival', ['--pipe'], { stdio: ['pipe', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
    this.child = child;
    child.stdout.setEncoding('latin1');
    child.stderr.setEncoding('latin1');
    child.stdin.on('error', () => undefined);
    let ready: ((ok: Error | null) => void) | null = null;
    child.stdout.on('data', (d: string) => {
      this.out += d;
      if (ready && this.out.includes('READY\n')) {
        this.out = '';
        ready(null);
        ready = null;
      }
      if (/SIOD ERROR|^Error|\nError/.test(this.out)) this.waiter?.(new Error(`festival: ${this.out.slice(-300).trim()}${this.err ? ` (stderr: ${this.err.trim()})` : ''}`));
      else if (this.out.endsWith('DONE\n')) this.waiter?.(this.out);
    });
    child.stderr.on('data', (d: string) => {
      this.err = (this.err + d).slice(-4000);
      if (/SIOD ERROR/.test(this.err)) this.waiter?.(new Error(`festival: ${this.err.trim()}`));
    });
    child.on('close', (code, signal) => {
      if (this.child === child) this.child = null;
      const e = new Error(`festival exited (${signal ?? code})${this.err ? `: ${this.err.trim()}` : ''}`);
      ready?.(e);
      this.waiter?.(e);
    });
    child.on('error', (e) => {
      if (this.child === child) this.child = null;
      const err = new Error(`festival could not start: ${e.message}`);
      ready?.(err);
      this.waiter?.(err);
    });
    child.stdin.write(FESTIVAL_PRELUDE);
    return new Promise((resolve, reject) => {
      ready = (e) => (e ? reject(e) : resolve(child));
    });
  }

  /** An idle child must not keep the parent's event loop alive. */
  private idle(c: ChildProcessWithoutNullStreams, yes: boolean): void {
    for (const h of [c, c.stdin, c.stdout, c.stderr] as unknown as { ref(): void; unref(): void }[]) {
      if (yes) h.unref?.();
      else h.ref?.();
    }
  }
}

let shared: FestivalProcess | undefined;

/** The process-wide Festival child for callers that bring none (CLI, tests): unref'd while idle. */
export function sharedFestival(): FestivalProcess {
  shared ??= new FestivalProcess();
  return shared;
}
