import { auditionFileName, makeAudition } from '../pipeline/speech/audition.ts';
import { asEngines, type SpeechEngines } from '../pipeline/speech/engines.ts';
import type { SpeechEngine } from '../pipeline/speech/espeak.client.ts';
import { resolveVoice } from '../pipeline/speech/speech.service.ts';
import type { VoiceSpec } from '../pipeline/speech/voice.catalog.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { StoredCache } from '../storage/stored-cache.ts';

/** Where auditions are kept in the blob store. */
export const AUDITIONS_PREFIX = 'catalog/auditions';

/**
 * Audition samples behind every audition_url: made by the speech stage on first request and
 * kept in the blob store (catalog/auditions/<voice>-<hash>.mp3), so every API process serves
 * the same file.
 */
export class AuditionCache {
  private readonly files: StoredCache;
  private readonly engines: SpeechEngines;

  constructor(engine: SpeechEngine | SpeechEngines, store: BlobStore) {
    this.files = new StoredCache(store, AUDITIONS_PREFIX);
    this.engines = asEngines(engine);
  }

  /** Storage key of an engine voice's MP3 sample, or null for a voice id no engine has. */
  async key(voiceId: string): Promise<string | null> {
    const voice = resolveVoice(voiceId, this.engines);
    return voice ? this.keyOf(voice) : null;
  }

  /** Storage key of the MP3 sample of this voice as specified (a custom voice too). */
  async keyOf(voice: VoiceSpec): Promise<string> {
    return this.files.key(auditionFileName(voice), (target) => makeAudition(voice, this.engines, target));
  }
}
