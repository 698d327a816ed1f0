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
  const pageKb = 4;
  const rssKb = (pid: number): number => {
    try {
      // statm's second field: resident pages (VmRSS).
      return Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * pageKb;
    } catch {
      return 0; // gone meanwhile
    }
  };
  // Only this process's tree is read (each thread's `children` list), not every process on the
  // machine: a scan of all of /proc every 50 ms cost the render it watched ~1 CPU s in 20.
  const children = (pid: number): number[] => {
    const out: number[] = [];
    try {
      for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
        const list = fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
        if (list) out.push(...list.split(' ').map(Number));
      }
    } catch {
      // gone meanwhile
    }
    return out;
  };
  const sample = () => {
    const self = rssKb(process.pid);
    let total = self;
    const stack = children(process.pid);
    while (stack.length) {
      const pid = stack.pop()!;
      total += rssKb(pid);
      stack.push(...children(pid));
    }
    peakKb = Math.max(peakKb, total);
    selfPeakKb = Math.max(selfPeakKb, self);
    childrenPeakKb = Math.max(childrenPeakKb, total - self);
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
