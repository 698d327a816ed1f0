import crypto from 'node:crypto';
import type { Principal } from '../accounts/auth.service.ts';
import { isLanguage } from '../catalog/languages.ts';
import type { Clock } from '../lib/clock.ts';
import { errors } from '../lib/errors.ts';
import { externalVoiceSpec } from '../pipeline/speech/external/external.config.ts';
import type { UrlSigner } from '../net/url-signer.ts';
import { VOICE_VARIANTS, type VoiceSpec } from '../pipeline/speech/voice.catalog.ts';
import type { CustomVoice, CustomVoiceRepository } from './custom-voice.repository.ts';

export interface CustomVoiceInput {
  name: string;
  base_voice_id?: string | undefined;
  external_voice?: string | undefined;
  language?: string | undefined;
  gender?: string | undefined;
  speed?: number | undefined;
  pitch?: number | undefined;
  timbre?: string | undefined;
}

export interface CustomVoiceView {
  voice_id: string;
  name: string;
  language: string;
  gender: string;
  audition_url: string;
  engine: string;
  base_voice_id: string | null;
  external_voice: string | null;
  speed: number;
  pitch: number;
  timbre: string | null;
  created_at: number;
}

export interface CustomVoiceDeps {
  /** A voice GET /v1/voices lists (installed built-in or configured external), by id. */
  listed: (voiceId: string) => VoiceSpec | undefined;
  /** An external engine is configured (TTS_BASE_URL). */
  externalConfigured: boolean;
  publicBaseUrl: string;
  maxPerAccount?: number;
  /** Signs audition URLs (the owner's key is the other way to hear a custom voice). */
  signer: UrlSigner;
}

/** How long an audition_url of a custom voice plays: lists hand out fresh ones. */
export const AUDITION_URL_TTL_S = 3600;
/** The purpose word of an audition URL's signature (src/net/url-signer.ts). */
export const AUDITION_PURPOSE = 'AUDITION';

/**
 * An account's own voices: a listed voice with its own speed, pitch (semitones, any engine) and,
 * for espeak-ng voices, timbre (another variant's formants); or a voice of the external engine by
 * its name there. Each becomes a VoiceSpec usable as voice_id anywhere the account gives one.
 */
export class CustomVoiceService {
  constructor(
    private readonly repo: CustomVoiceRepository,
    private readonly clock: Clock,
    private readonly deps: CustomVoiceDeps,
  ) {}

  async create(who: Principal, input: CustomVoiceInput): Promise<CustomVoiceView> {
    const base = input.base_voice_id?.trim() || undefined;
    const external = input.external_voice?.trim() || undefined;
    if (!!base === !!external) throw errors.parameter('base_voice_id', 'or external_voice is required, not both');
    const v: CustomVoice = {
      id: `cv-${crypto.randomBytes(8).toString('hex')}`,
      accountId: who.accountId,
      name: input.name.trim(),
      baseVoiceId: base ?? null,
      externalVoice: external ?? null,
      language: '',
      gender: 'female',
      speed: input.speed ?? 1,
      pitch: input.pitch ?? 0,
      timbre: input.timbre ?? null,
      createdAt: this.clock.nowMs(),
    };
    if (!v.name) throw errors.parameter('name', 'must not be empty');
    if (base) {
      const spec = this.deps.listed(base);
      if (!spec) throw errors.notFound(`base_voice_id ${base}; see GET /v1/voices`);
      if (input.language !== undefined && input.language.toLowerCase() !== spec.language) throw errors.parameter('language', `must be ${spec.language} (the language of ${base}) or absent`);
      if (v.timbre !== null && spec.engine !== 'espeak') throw errors.parameter('timbre', `applies to espeak voices only (${base} is a ${spec.engine} voice)`);
      v.language = spec.language;
      v.gender = input.gender === 'male' || input.gender === 'female' ? input.gender : spec.gender;
      if (v.timbre !== null) v.gender = VOICE_VARIANTS.find((x) => x.key === v.timbre)!.gender;
    } else {
      if (!this.deps.externalConfigured) throw errors.parameter('external_voice', 'needs an external speech engine, and none is configured (TTS_BASE_URL)');
      if (v.timbre !== null) throw errors.parameter('timbre', 'applies to espeak voices only');
      const language = input.language?.toLowerCase();
      if (!isLanguage(language)) throw errors.parameter('language', 'is required with external_voice and must be a language of GET /v1/voices');
      if (input.gender !== 'female' && input.gender !== 'male') throw errors.parameter('gender', 'is required with external_voice: female or male');
      v.language = language;
      v.gender = input.gender;
    }
    const max = this.deps.maxPerAccount ?? 100;
    if ((await this.repo.count(who.accountId)) >= max) throw errors.badRequest(`an account has at most ${max} custom voices; delete one first`);
    await this.repo.insert(v);
    return await this.view(v);
  }

  async list(who: Principal, language?: string): Promise<{ total: number; voices: CustomVoiceView[] }> {
    const voices = await Promise.all((await this.repo.list(who.accountId, language)).map((v) => this.view(v)));
    return { total: voices.length, voices };
  }

  async delete(who: Principal, voiceId: string): Promise<void> {
    if (!(await this.repo.delete(voiceId, who.accountId))) throw errors.notFound(`voice_id ${voiceId}; see GET /v1/voices/custom`);
  }

  /** The account's custom voice as the speech stage speaks it, or undefined. */
  async spec(accountId: string | undefined, voiceId: string): Promise<VoiceSpec | undefined> {
    if (!voiceId.startsWith('cv-')) return undefined;
    const v = await this.repo.get(voiceId, accountId);
    return v ? this.toSpec(v) : undefined;
  }

  toSpec(v: CustomVoice): VoiceSpec | undefined {
    const own = { voiceId: v.id, name: v.name, speed: v.speed, pitchShift: v.pitch };
    if (v.externalVoice) {
      if (!isLanguage(v.language)) return undefined;
      return { ...externalVoiceSpec({ voiceId: v.id, name: v.externalVoice, label: v.name, language: v.language, gender: v.gender }), ...own };
    }
    const base = v.baseVoiceId ? this.deps.listed(v.baseVoiceId) : undefined;
    if (!base) return undefined;
    const variant = v.timbre ? VOICE_VARIANTS.find((x) => x.key === v.timbre) : undefined;
    if (!variant) return { ...base, ...own };
    const swap = (voice: string) => `${voice.split('+')[0]}+${variant.espeakVariant}`;
    return { ...base, ...own, gender: variant.gender, espeakVoice: swap(base.espeakVoice), latinVoice: base.latinVoice ? swap(base.latinVoice) : null };
  }

  /**
   * Whether a signed audition URL's query lets it play (docs/narration.md "Auditions"): made by
   * this server for this voice and not expired. The owner's x-api-key is the other way.
   */
  async auditionAllowed(voiceId: string, expires: string, signature: string): Promise<boolean> {
    if (!(await this.deps.signer.verify(AUDITION_PURPOSE, voiceId, expires, signature))) return false;
    return Number(expires) * 1000 > this.clock.nowMs();
  }

  /**
   * A short-lived signed URL of the voice's audition: valid for AUDITION_URL_TTL_S to that plus
   * 5 minutes (the expiry is rounded up to 5 minutes, so answers within those minutes hand out
   * the same URL and players can cache it).
   */
  private async auditionUrl(voiceId: string): Promise<string> {
    const expires = Math.ceil((this.clock.nowMs() / 1000 + AUDITION_URL_TTL_S) / 300) * 300;
    const signature = await this.deps.signer.sign(AUDITION_PURPOSE, voiceId, expires);
    return `${this.deps.publicBaseUrl.replace(/\/+$/, '')}/v1/voices/${voiceId}/audition?expires=${expires}&signature=${signature}`;
  }

  private async view(v: CustomVoice): Promise<CustomVoiceView> {
    const spec = this.toSpec(v);
    return {
      voice_id: v.id,
      name: v.name,
      language: v.language,
      gender: v.gender,
      audition_url: await this.auditionUrl(v.id),
      engine: spec?.engine ?? 'unavailable',
      base_voice_id: v.baseVoiceId,
      external_voice: v.externalVoice,
      speed: v.speed,
      pitch: v.pitch,
      timbre: v.timbre,
      created_at: Math.floor(v.createdAt / 1000),
    };
  }
}
