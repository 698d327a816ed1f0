import { Writable } from 'node:stream';

export interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

/** A stream for startServer's logStream that keeps every JSON log line, parsed. */
export function logCapture(): { stream: Writable; lines: LogLine[] } {
  const lines: LogLine[] = [];
  let partial = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      partial += chunk.toString();
      const parts = partial.split('\n');
      partial = parts.pop() ?? '';
      for (const p of parts) if (p.trim()) lines.push(JSON.parse(p) as LogLine);
      done();
    },
  });
  return { stream, lines };
}
