export interface Clock {
  /** Milliseconds since the epoch. */
  nowMs(): number;
}

export const systemClock: Clock = { nowMs: () => Date.now() };

export const unixSeconds = (ms: number): number => Math.floor(ms / 1000);
