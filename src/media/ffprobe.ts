import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ProbeResult {
  durationS: number;
  video: { codec: string; width: number; height: number } | null;
  audio: { codec: string } | null;
}

/** ffprobe's view of a media file; null when ffprobe cannot read it as media. */
export async function probe(file: string, timeoutMs = 20_000): Promise<ProbeResult | null> {
  try {
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height:format=duration', '-of', 'json', file], {
      timeout: timeoutMs,
      maxBuffer: 1 << 20,
    });
    const info = JSON.parse(stdout) as { streams?: { codec_type: string; codec_name: string; width?: number; height?: number }[]; format?: { duration?: string } };
    const v = info.streams?.find((s) => s.codec_type === 'video');
    const a = info.streams?.find((s) => s.codec_type === 'audio');
    return {
      durationS: Number(info.format?.duration ?? 0) || 0,
      video: v ? { codec: v.codec_name, width: v.width ?? 0, height: v.height ?? 0 } : null,
      audio: a ? { codec: a.codec_name } : null,
    };
  } catch {
    return null;
  }
}
