/**
 * The frames of a normalised clip (constant frame rate, even size: normalizeClipArgs) as raw
 * RGBA, by index, for a player that mostly goes forward and sometimes backward: forward reads
 * come from one running ffmpeg; a step backward reads a block of BACK_BLOCK frames ending there
 * (one seek) and serves it from memory, so playing backward costs a seek every BACK_BLOCK
 * frames; any other jump starts a new reader at that frame.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const BACK_BLOCK = 8;

/** ffmpeg arguments: the clip at `fps`, `width`x`height`, as H.264 with short GOPs (cheap seeks), no sound. */
export function normalizeClipArgs(input: string, width: number, height: number, fps: number, outPath: string): string[] {
  return [
    '-loglevel', 'error', '-y', '-i', input, '-an',
    '-vf', `fps=${fps},scale=${width}:${height}:flags=bicubic,setsar=1`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '14', '-g', '12', '-pix_fmt', 'yuv420p', outPath,
  ];
}

/** The size the clip is worked at: its own, the long side at most `maxSide`, even. */
export function workSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const k = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(2, Math.round((width * k) / 2) * 2), height: Math.max(2, Math.round((height * k) / 2) * 2) };
}

interface Stream {
  child: ChildProcess;
  next: number;
  chunks: Buffer[];
  length: number;
  ended: boolean;
  wake: (() => void) | null;
}

export class ClipFrames {
  private stream: Stream | null = null;
  private block = new Map<number, Buffer>();
  private readonly frameBytes: number;

  constructor(private readonly file: string, private readonly width: number, private readonly height: number, private readonly fps: number) {
    this.frameBytes = width * height * 4;
  }

  /** Frame `i` (RGBA, width*height*4 bytes); a copy the caller may keep. */
  async frame(i: number): Promise<Buffer> {
    const last = this.last;
    this.last = i;
    const cached = this.block.get(i);
    if (cached) return cached;
    if (this.stream && this.stream.next === i) return this.readNext(this.stream);
    if (i === last - 1) {
      // Going backward: one block ending at i.
      const from = Math.max(0, i - BACK_BLOCK + 1);
      const s = this.start(from, i - from + 1);
      this.block = new Map();
      for (let k = from; k <= i; k++) this.block.set(k, await this.readNext(s));
      s.child.kill('SIGKILL');
      return this.block.get(i)!;
    }
    this.stop();
    this.stream = this.start(i, 0);
    return this.readNext(this.stream);
  }

  close(): void {
    this.stop();
    this.block.clear();
  }

  private stop(): void {
    this.stream?.child.kill('SIGKILL');
    this.stream = null;
  }

  private start(from: number, count: number): Stream {
    // Frame k is at k/fps; starting a quarter frame earlier keeps frame `from` and drops the one before.
    const at = Math.max(0, (from - 0.25) / this.fps);
    const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-ss', at.toFixed(4), '-i', this.file, '-an', ...(count > 0 ? ['-frames:v', String(count)] : []), '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'];
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const s: Stream = { child, next: from, chunks: [], length: 0, ended: false, wake: null };
    child.stdout!.on('data', (d: Buffer) => {
      s.chunks.push(d);
      s.length += d.length;
      if (s.length > this.frameBytes * 3) child.stdout!.pause();
      s.wake?.();
    });
    child.stdout!.on('end', () => {
      s.ended = true;
      s.wake?.();
    });
    child.on('error', () => {
      s.ended = true;
      s.wake?.();
    });
    return s;
  }

  private async readNext(s: Stream): Promise<Buffer> {
    while (s.length < this.frameBytes) {
      if (s.ended) {
        // Past the clip's last frame (a rounding at its end): the last frame read is shown again.
        const last = this.block.get(s.next - 1) ?? this.lastFrame;
        if (last) {
          s.next++;
          return last;
        }
        throw new Error(`the clip has no frame ${s.next}`);
      }
      s.child.stdout!.resume();
      await new Promise<void>((r) => (s.wake = r));
      s.wake = null;
    }
    const all = s.chunks.length === 1 ? s.chunks[0]! : Buffer.concat(s.chunks);
    const frame = Buffer.from(all.subarray(0, this.frameBytes));
    const rest = all.subarray(this.frameBytes);
    s.chunks = rest.length ? [rest] : [];
    s.length = rest.length;
    if (s.length <= this.frameBytes * 3) s.child.stdout!.resume();
    s.next++;
    this.lastFrame = frame;
    return frame;
  }

  private lastFrame: Buffer | null = null;
  private last = -1;
}
