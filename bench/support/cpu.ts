import fs from 'node:fs';

/** CPU seconds of this process, its reaped children (ffmpeg runs) and its live children (the espeak worker). */
export function cpuS(): number {
  const ticks = (stat: string) => stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const self = ticks(fs.readFileSync('/proc/self/stat', 'utf8'));
  // After the command name: utime 11, stime 12, cutime 13, cstime 14, ppid 1.
  let total = Number(self[11]) + Number(self[12]) + Number(self[13]) + Number(self[14]);
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const f = ticks(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
      if (Number(f[1]) === process.pid) total += Number(f[11]) + Number(f[12]);
    } catch {
      // gone meanwhile
    }
  }
  return total / 100;
}

/** CPU seconds of this process's reaped children (ffmpeg runs that have exited): take it before and after a run. */
export function reapedChildrenCpuS(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[13]) + Number(f[14])) / 100;
}
