/**
 * Where an account's files live in the blob store. Both prefixes start with a random 32-hex id;
 * a video's files also carry the video's own random file token, so a project id alone does not
 * lead to its files.
 */
export function productMediaPrefix(productId: string): string {
  return `media/${productId}`;
}

export function videoFilesDir(videoId: string): string {
  return `videos/${videoId}`;
}

/** videos/<id>/<token> for videos with a token; videos/<id> for those made before tokens. */
export function videoFilesPrefix(videoId: string, fileToken: string | null): string {
  return fileToken ? `${videoFilesDir(videoId)}/${fileToken}` : videoFilesDir(videoId);
}

/** assets/<id>: an uploaded asset's partial upload and, under a random token, its file. */
export function assetFilesDir(assetId: string): string {
  return `assets/${assetId}`;
}

export const HEX_ID = /^[0-9a-f]{32}$/;
