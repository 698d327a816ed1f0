import type { Language } from '../../../catalog/languages.ts';
import { defaultVoice, voiceSpec, type Gender, type VoiceSpec } from '../voice.catalog.ts';

/** The operator's OpenAI-compatible speech endpoint (config.ts reads it from TTS_*). */
export interface ExternalTtsConfig {
  /** e.g. "http://127.0.0.1:8880/v1"; requests go to `${baseUrl}/audio/speech`. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** The endpoint's voice names with the language and gender each speaks. */
  voices: { name: string; language: Language; gender: Gender }[];
  /** One attempt's deadline. */
  timeoutMs: number;
  /** Attempts after the first, for timeouts, unreachable servers, 429 and 5xx. */
  retries: number;
  /** When the endpoint fails: fail the job, or speak with the voice's built-in stand-in. */
  onFailure: 'fail' | 'fallback';
}

/** voice_id of an external voice: "ext-" and its name, lowercased, other characters as "-". */
export const externalVoiceId = (name: string) => `ext-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

/** A voice of the external engine; the stand-in is the language's default voice of its gender. */
export function externalVoiceSpec(v: { voiceId: string; name: string; label: string; language: Language; gender: Gender }): VoiceSpec {
  const standIn = voiceSpec(defaultVoice(v.language, v.gender))!;
  return {
    ...standIn,
    voiceId: v.voiceId,
    engine: 'external',
    engineVoice: v.name,
    fallbackVoiceId: standIn.voiceId,
    name: v.label,
    gender: v.gender,
    age: 'adult',
    speed: 1,
    pitchShift: 0,
  };
}

/** The configured external voices, as GET /v1/voices lists them. */
export function externalVoiceSpecs(cfg: ExternalTtsConfig | null): VoiceSpec[] {
  return (cfg?.voices ?? []).map((v) => externalVoiceSpec({ voiceId: externalVoiceId(v.name), name: v.name, label: `${v.name} – ${v.language}, ${v.gender} (external engine)`, language: v.language, gender: v.gender }));
}
