/** The logger shape background work uses (pino's, so serve passes Fastify's logger). */
export interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const LEVELS = { debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: 100 } as const;

/** JSON lines on stderr for processes without Fastify (`reelsmith worker`). */
export function jsonLogger(level: string, base: Record<string, unknown> = {}): Log {
  const min = LEVELS[level as keyof typeof LEVELS] ?? LEVELS.info;
  const write = (lvl: number) => (obj: object, msg: string) => {
    if (lvl < min) return;
    const fields: Record<string, unknown> = { level: lvl, time: Date.now(), ...base, msg };
    for (const [k, v] of Object.entries(obj)) fields[k] = v instanceof Error ? { type: v.name, message: v.message, stack: v.stack } : v;
    process.stderr.write(`${JSON.stringify(fields)}\n`);
  };
  return { info: write(LEVELS.info), warn: write(LEVELS.warn), error: write(LEVELS.error) };
}
