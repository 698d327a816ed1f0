import fs from 'node:fs';

/**
 * Peak resident memory of this process and all its descendants together (ffmpeg, the espeak
 * worker), sampled from /proc every `everyMs`: what one render costs the machine, not just Node's
 * heap. `stop()` returns the peak in MB.
 */
export function watchPeakRss(everyMs = 50): {
  stop(): number;
  /** Peak of this process alone (Node), MB. */
  selfMb(): number;
  /** Peak of its descendants alone (ffmpeg, workers), MB. */
  childrenMb(): number;
} {
  let peakKb = 0;
  let selfPeakKb = 0;
  let childrenPeakKb = 0;
  const sample = () => {
    const kids = new Map<number, number[]>();
    const rss = new Map<number, number>();
    for (const d of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const status = fs.readFileSync(`/proc/${d}/status`, 'utf8');
        const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
        rss.set(Number(d), Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0));
        kids.set(ppid, [...(kids.get(ppid) ?? []), Number(d)]);
      } catch {
        // gone meanwhile
      }
    }
    let total = 0;
    const stack = [process.pid];
    while (stack.length) {
      const pid = stack.pop()!;
      total += rss.get(pid) ?? 0;
      stack.push(...(kids.get(pid) ?? []));
    }
    peakKb = Math.max(peakKb, total);
    selfPeakKb = Math.max(selfPeakKb, rss.get(process.pid) ?? 0);
    childrenPeakKb = Math.max(childrenPeakKb, total - (rss.get(process.pid) ?? 0));
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return Math.round(peakKb / 1024);
    },
    selfMb: () => Math.round(selfPeakKb / 1024),
    childrenMb: () => Math.round(childrenPeakKb / 1024),
  };
}
