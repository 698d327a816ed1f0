import type { AssetKind } from './asset.repository.ts';

/**
 * What a v2 client declares before it uploads (POST /v2/upload/asset: content_type, file_size)
 * and how the PUT is held to it. The bytes still decide what the file is (content-check.ts); the
 * declaration only refuses an upload that is not the file the client said it would send.
 */

/** The media type without parameters, lower case ("Image/PNG; q=1" → "image/png"). */
export const essence = (contentType: string): string => contentType.split(';')[0]!.trim().toLowerCase();

const ANY = 'application/octet-stream';

/** The asset kind a declared type stands for; null for application/octet-stream (any kind); undefined when it is no media type. */
export function declaredKind(contentType: string): AssetKind | null | undefined {
  const t = essence(contentType);
  if (t === ANY) return null;
  if (!/^[a-z]+\/[a-z0-9][a-z0-9.+-]*$/.test(t)) return undefined;
  if (t.startsWith('image/')) return 'image';
  if (t.startsWith('video/')) return 'video';
  if (t.startsWith('audio/') || t === 'application/ogg') return 'audio';
  return undefined;
}

/** Why a declared content_type is refused at POST time, or null when it is accepted. */
export function declaredTypeProblem(contentType: string): string | null {
  return declaredKind(contentType) === undefined
    ? `must be the media type of an image, video or audio file (e.g. image/png, video/mp4, audio/mpeg) or ${ANY}`
    : null;
}

/**
 * Whether bytes found to be `found` fit the declared type. Subtypes may differ (image/jpg for
 * image/jpeg, video/x-m4v for video/mp4); a declared video may hold only sound (an .mp4 of audio).
 */
export function fitsDeclared(declared: string, found: AssetKind): boolean {
  const kind = declaredKind(declared);
  return kind === null || kind === undefined || kind === found || (kind === 'video' && found === 'audio');
}

/** Whether the PUT's Content-Type header agrees with the declared type (an absent header agrees). */
export function headerFitsDeclared(declared: string, header: string | null): boolean {
  return header === null || header.trim() === '' || essence(header) === essence(declared);
}
