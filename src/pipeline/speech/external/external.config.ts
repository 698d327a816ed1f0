import type { Language } from '../../../catalog/languages.ts';
import type { ExternalTtsConfig } from '../../../config/config.ts';
import { defaultVoice, voiceSpec, type Gender, type VoiceSpec } from '../voice.catalog.ts';

/** The endpoint's settings: their shape belongs to the configuration (src/config), the base; this engine reads it. */
export type { ExternalTtsConfig };

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
