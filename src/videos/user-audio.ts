import fs from 'node:fs/promises';
import path from 'node:path';
import { inspectAudio } from '../media/audio.ts';
import { FetchError, type SafeFetcher } from '../net/safe-fetch.ts';
import { BlobNotFoundError, type BlobStore } from '../storage/blob-store.ts';
import { ownFileRef, type OwnFileRef } from '../storage/own-files.ts';
import { isKeyRef } from '../storage/stored-refs.ts';

/** The user's own audio for a talking-avatar video: at most 10 minutes, at most this many bytes. */
export const MAX_AUDIO_S = 600;
export const MAX_AUDIO_BYTES = 100 * 1024 * 1024;
const FETCH_DEADLINE_MS = 60_000;

export interface UserAudioDeps {
  fetcher: SafeFetcher;
  /** Where uploaded assets and our other files live (copied from the store, not fetched over HTTP). */
  store: BlobStore;
  publicBaseUrl: string;
}

/** Why the audio could not be used; `transient` when trying again later may work (a timeout, HTTP 5xx). */
export class UserAudioError extends Error {
  constructor(message: string, readonly transient: boolean) {
    super(message);
    this.name = 'UserAudioError';
  }
}

/**
 * The audio at `stored` (already resolved and kept: an uploaded asset's storage key, or a URL of
 * another site) as a local file in `dir` checked to be mp3/wav/m4a/ogg audio of at most
 * MAX_AUDIO_S: our own stored files are copied from the blob store, others are downloaded through
 * the safe fetcher. Messages complete "audio_url …".
 */
export async function loadUserAudio(stored: string, dir: string, deps: UserAudioDeps): Promise<{ file: string; durationS: number }> {
  // A key names our file; so does a URL of ours (a request kept before keys were).
  const ref: OwnFileRef = isKeyRef(stored) ? { kind: 'stored', key: stored } : ownFileRef(stored, deps.publicBaseUrl);
  const url = isKeyRef(stored) ? deps.store.publicUrl(stored) : stored;
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, 'user-audio');
  if (ref.kind === 'stored') {
    try {
      await deps.store.toFile(ref.key, file);
    } catch (err) {
      if (err instanceof BlobNotFoundError) throw new UserAudioError(`${url} names a file this server no longer has`, false);
      throw err;
    }
  } else if (ref.kind === 'invalid') {
    throw new UserAudioError(ref.problem, false);
  } else {
    let body: Buffer;
    try {
      body = (await deps.fetcher.fetch(url, { maxBytes: MAX_AUDIO_BYTES, deadlineMs: FETCH_DEADLINE_MS })).body;
    } catch (err) {
      const e = err as FetchError;
      const transient = err instanceof FetchError && (e.kind === 'timeout' || e.kind === 'unreachable' || (e.kind === 'http_status' && (e.status ?? 0) >= 500));
      throw new UserAudioError(`${url} could not be downloaded: ${(err as Error).message}`, transient);
    }
    await fs.writeFile(file, body);
  }
  const info = await inspectAudio(file);
  if ('problem' in info) throw new UserAudioError(`${url} ${info.problem}`, false);
  if (info.durationS > MAX_AUDIO_S + 0.5) throw new UserAudioError(`${url} lasts ${Math.round(info.durationS)} s; at most ${MAX_AUDIO_S} s (10 minutes)`, false);
  return { file, durationS: info.durationS };
}
