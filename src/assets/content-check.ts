import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { probe } from '../media/ffprobe.ts';
import type { AssetKind } from './asset.repository.ts';

export type Identified = { ok: true; kind: AssetKind; contentType: string } | { ok: false; problem: string };

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic', 'image/tiff', 'image/bmp']);

/**
 * What an uploaded file is, by its bytes alone (the name and the Content-Type the client sent
 * are not trusted): the magic numbers (file-type) say which format; an image must then decode its
 * header (sharp), a video must have a video stream and a duration, audio an audio stream and a
 * duration (ffprobe). Audio with a cover picture (mp3, m4a) is audio.
 */
export async function identifyMedia(file: string): Promise<Identified> {
  const type = await fileTypeFromFile(file).catch(() => undefined);
  if (!type) return { ok: false, problem: 'is not an image, video or audio file (its bytes match no known media format)' };
  const mime = type.mime as string;
  if (mime.startsWith('image/')) {
    if (!IMAGE_TYPES.has(mime)) return { ok: false, problem: `is an image format that is not accepted (${mime}); send JPEG, PNG, WebP, GIF, AVIF, HEIC, TIFF or BMP` };
    const meta = await sharp(file, { limitInputPixels: 100_000_000 })
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height) return { ok: false, problem: `looks like ${mime} but does not decode as an image` };
    return { ok: true, kind: 'image', contentType: mime };
  }
  if (mime.startsWith('video/') || mime.startsWith('audio/') || mime === 'application/ogg') {
    const info = await probe(file);
    if (!info || info.durationS <= 0) return { ok: false, problem: `looks like ${mime} but is not playable media (no duration)` };
    if (mime.startsWith('audio/')) {
      return info.audio ? { ok: true, kind: 'audio', contentType: mime } : { ok: false, problem: `looks like ${mime} but has no audio stream` };
    }
    if (info.video) return { ok: true, kind: 'video', contentType: mime };
    if (info.audio) return { ok: true, kind: 'audio', contentType: mime.replace(/^video\//, 'audio/') };
    return { ok: false, problem: `looks like ${mime} but has neither a video nor an audio stream` };
  }
  return { ok: false, problem: `is ${mime}, not an image, video or audio file` };
}
