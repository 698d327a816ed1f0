import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Frames actually decoded (ffprobe -count_frames), not what the header claims. */
export async function countedFrames(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

/** The decoded audio as 16-bit PCM, hashed with its length. */
export async function pcmDigest(file: string): Promise<{ bytes: number; sha: string }> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:a:0', '-f', 's16le', '-acodec', 'pcm_s16le', '-'], { encoding: 'buffer', maxBuffer: 1 << 30 });
  return { bytes: stdout.length, sha: crypto.createHash('sha256').update(stdout).digest('hex') };
}

