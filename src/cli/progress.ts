export interface ProgressStream {
  write(s: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface Progress {
  /** A stage started or moved on: `pct` is overall progress 0-100. */
  update(stage: string, pct: number): void;
  /** The work ended (done or failed): a bar gets its line ended. */
  end(): void;
}

const BAR_WIDTH = 30;

/**
 * Progress through a video's stages on stderr: on a terminal one bar redrawn in place
 * (`[#########.....]  45% render`); otherwise one plain line per stage and per 10 % inside a
 * stage, so logs stay readable.
 */
export function createProgress(stream: ProgressStream, startedMs = Date.now(), now: () => number = Date.now): Progress {
  let stage = '';
  let lastLinePct = -1;
  let drawn = false;
  const elapsed = () => `${((now() - startedMs) / 1000).toFixed(1)} s`;
  return {
    update(next, rawPct) {
      const pct = Math.max(0, Math.min(100, Math.round(rawPct)));
      if (stream.isTTY) {
        const filled = Math.round((pct / 100) * BAR_WIDTH);
        stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${String(pct).padStart(3)}% ${next.padEnd(8)} ${elapsed()}\x1b[K`);
        drawn = true;
      } else if (next !== stage || pct >= lastLinePct + 10) {
        stream.write(`${String(pct).padStart(3)}% ${next} (${elapsed()})\n`);
        lastLinePct = pct;
      }
      stage = next;
    },
    end() {
      if (drawn) stream.write('\n');
      drawn = false;
    },
  };
}
