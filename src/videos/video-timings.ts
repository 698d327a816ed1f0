/**
 * Where one video attempt's time went: the queue wait (due → claimed), then each stage the job
 * passes through in order (prepare, then the kind's progress stages — for a product video media,
 * script, speech, render (frames drawn and piped), encode (ffmpeg's tail after the last frame,
 * the faststart move, the audio check) — then publish (files to storage) and commit (the
 * transaction that records the result and the events). Logged as one `video timings` line per
 * finished video (VideoJob), which bench:e2e and the demo read; the outbox-to-delivery part is
 * the time from `committedAtMs` to the webhook's arrival, measured by the receiver.
 */
export interface VideoTimings {
  projectId: string;
  attempt: number;
  /** Due (run_at) → claimed by this worker, ms. */
  queueMs: number;
  /** Stage → ms, in the order the stages ran. */
  stages: Record<string, number>;
  /**
   * Stage → CPU ms of this process (all its threads; not its children such as ffmpeg or the
   * espeak worker): first-use costs (module compiling, font and model loads) show here even on a
   * busy machine, where wall times mostly measure the other work.
   */
  cpuMs: Record<string, number>;
  /** Claimed → committed, ms. */
  runMs: number;
  /** Epoch ms when the result and its events were committed. */
  committedAtMs: number;
}

export class StageClock {
  private readonly marks: { stage: string; at: number; cpu: number }[] = [];
  private readonly claimedAt: number;

  constructor(
    private readonly dueAtMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.claimedAt = now();
    this.marks.push({ stage: 'prepare', at: this.claimedAt, cpu: cpuNow() });
  }

  /** The job entered `stage` now (repeated marks of the current stage are ignored). */
  mark(stage: string): void {
    if (this.marks[this.marks.length - 1]!.stage !== stage) this.marks.push({ stage, at: this.now(), cpu: cpuNow() });
  }

  /** Closes the last stage now. */
  finish(projectId: string, attempt: number): VideoTimings {
    const end = this.now();
    const endCpu = cpuNow();
    const stages: Record<string, number> = {};
    const cpuMs: Record<string, number> = {};
    this.marks.forEach((m, i) => {
      const next = this.marks[i + 1];
      stages[m.stage] = (stages[m.stage] ?? 0) + ((next?.at ?? end) - m.at);
      cpuMs[m.stage] = (cpuMs[m.stage] ?? 0) + Math.round((next?.cpu ?? endCpu) - m.cpu);
    });
    return { projectId, attempt, queueMs: Math.max(0, this.claimedAt - this.dueAtMs), stages, cpuMs, runMs: end - this.claimedAt, committedAtMs: end };
  }
}

/** CPU ms of this process so far (user + system). */
function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** One line of the breakdown for people: `queue 12 ms · media 40 ms · ... · total 8.1 s`. */
export function formatTimings(t: VideoTimings, deliveryMs?: number): string {
  const parts = [`queue ${t.queueMs} ms`, ...Object.entries(t.stages).map(([s, ms]) => `${s} ${ms} ms${t.cpuMs?.[s] ? ` (cpu ${t.cpuMs[s]})` : ''}`)];
  if (deliveryMs !== undefined) parts.push(`outbox→delivery ${deliveryMs} ms`);
  return parts.join(' · ');
}

/** The `video timings` record in one JSON log line, or null when the line is something else. */
export function timingsFromLogLine(line: string): VideoTimings | null {
  if (!line.includes('"video timings"')) return null;
  try {
    const o = JSON.parse(line) as { msg?: string; timings?: VideoTimings };
    return o.msg === 'video timings' && o.timings ? o.timings : null;
  } catch {
    return null;
  }
}
