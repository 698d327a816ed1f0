import { PUBLIC_AVATARS, PUBLIC_TEMPLATES, VISUAL_STYLES, type AvatarRecord } from './catalog.data.ts';
import { parseVendorVoice, pickVoiceFor } from './voice-aliases.ts';

export interface VoiceRecord {
  voice_id: string;
  name: string;
  language: string;
  gender: string;
  age: string;
  audition_url: string;
  /** Extension: the speech engine behind the voice ("espeak", "festival", "external"). */
  engine: string;
}

export interface MusicRecord {
  id: number;
  name: string;
  music_url: string;
  duration: number;
}

/** Where voices and music come from; the narration stage provides real ones. */
export interface MediaLibrary {
  voices(): readonly VoiceRecord[];
  musics(): readonly MusicRecord[];
}

export const emptyMediaLibrary: MediaLibrary = { voices: () => [], musics: () => [] };

export interface AvatarFilter {
  aspect_ratio?: number | undefined;
  style?: string | undefined;
  gender?: string | undefined;
  age?: string | undefined;
  scene?: string | undefined;
  ethnicity?: string | undefined;
}

export interface VoiceFilter {
  page: number;
  page_size: number;
  gender?: string | undefined;
  age?: string | undefined;
  language?: string | undefined;
}

/** The ratio records report for an aspect_ratio filter: -1 (all) and absent list every record once, as 0. */
const reportedRatio = (filter: number | undefined): number => (filter === undefined || filter < 0 ? 0 : filter);

/**
 * Filter values the n8n node sends, in our catalog's words (docs/api.md "Catalogs"): its voice
 * ages (young, middle_aged, old), avatar styles (professional, social), scenes and ethnicities.
 * A value may stand for several of ours; a value we have no match for matches nothing.
 */
const FILTER_ALIASES: Record<'age' | 'style' | 'scene' | 'ethnicity', Record<string, readonly string[]>> = {
  age: { middle_aged: ['adult'], old: ['senior'], elderly: ['senior'], young_adult: ['young'], teenager: ['young'] },
  style: { professional: ['business', 'elegant'], social: ['casual', 'creative', 'sporty'] },
  scene: { lifestyle: ['home', 'store'], outdoors: ['outdoor'], business: ['office'], health_fitness: ['outdoor'] },
  ethnicity: { south_american: ['latino'], latin_american: ['latino'], hispanic: ['latino'] },
};

/** "Middle Eastern", "middle-eastern" → "middle_eastern". */
const normal = (s: string) => s.trim().toLowerCase().replace(/[\s-]+/g, '_');

const eq = (want: string | undefined, have: string) => want === undefined || normal(want) === normal(have);

/** A filter: absent matches all; else our value itself or what the client's word stands for. */
function matches(field: keyof typeof FILTER_ALIASES, want: string | undefined, have: string): boolean {
  if (want === undefined) return true;
  const ours = FILTER_ALIASES[field][normal(want)];
  return ours ? ours.includes(have) : eq(want, have);
}

/**
 * What create_video_from_url's ids refer to. Drawn presenters and templates fit every aspect
 * ratio, so an aspect_ratio filter keeps every record and the record reports the ratio asked for
 * (0 when the filter is absent or -1, all).
 * Custom avatars are listed by src/avatars (GET /v1/avatars/custom); custom templates cannot be
 * made yet, so that list is empty.
 */
export class CatalogService {
  constructor(
    private readonly media: MediaLibrary,
    /** PUBLIC_BASE_URL: covers and previews are served by catalog-assets.routes.ts. */
    private readonly assetBaseUrl: string,
    /** Whether (account, avatar_id) is a ready custom avatar (CustomAvatarService.ready); none without a database. */
    private readonly readyCustomAvatar: (accountId: string, avatarId: number) => Promise<boolean> = async () => false,
  ) {}

  avatars(filter: AvatarFilter) {
    return PUBLIC_AVATARS.filter(
      (a) =>
        matches('style', filter.style, a.style) &&
        eq(filter.gender, a.gender) &&
        matches('age', filter.age, a.age) &&
        matches('scene', filter.scene, a.scene) &&
        matches('ethnicity', filter.ethnicity, a.ethnicity),
    ).map((a) => this.avatarView(a, reportedRatio(filter.aspect_ratio)));
  }

  private avatarView(a: AvatarRecord, aspectRatio: number) {
    return {
      avatar_id: a.avatar_id,
      name: a.name,
      cover_url: `${this.assetBaseUrl}/v1/avatars/${a.avatar_id}/cover.png`,
      aspect_ratio: aspectRatio,
      style: a.style,
      gender: a.gender,
      age: a.age,
      scene: a.scene,
      ethnicity: a.ethnicity,
    };
  }

  /** A public avatar (type 0), or a ready custom avatar of this account (type 1). */
  async hasAvatar(avatarId: number, avatarType: 0 | 1, accountId: string): Promise<boolean> {
    if (avatarType === 1) return this.readyCustomAvatar(accountId, avatarId);
    return PUBLIC_AVATARS.some((a) => a.avatar_id === avatarId);
  }

  voices(filter: VoiceFilter) {
    const matching = this.media
      .voices()
      .filter((v) => eq(filter.gender, v.gender) && matches('age', filter.age, v.age) && eq(filter.language, v.language));
    const start = (filter.page - 1) * filter.page_size;
    return { total: matching.length, voices: matching.slice(start, start + filter.page_size) };
  }

  hasVoice(voiceId: string): boolean {
    return this.media.voices().some((v) => v.voice_id === voiceId);
  }

  /**
   * The voice a create-video voice_id stands for, in a video of `language`: a listed voice as
   * given; another vendor's name (`en-US-ChristopherNeural`, voice-aliases.ts) as one of our
   * voices, or null for the language's default voice when its gender is unknown; undefined
   * when it is neither (10104).
   */
  resolveVoice(voiceId: string, language: string): string | null | undefined {
    if (this.hasVoice(voiceId)) return voiceId;
    const vendor = parseVendorVoice(voiceId);
    if (!vendor) return undefined;
    return pickVoiceFor(vendor, language, this.media.voices());
  }

  musics() {
    return this.media.musics();
  }

  hasMusic(musicId: number): boolean {
    return this.media.musics().some((m) => m.id === musicId);
  }

  visualStyles() {
    return VISUAL_STYLES.map((s) => ({ id: s.id, name: s.name }));
  }

  /** The catalog's spelling of a visual style name matched without regard to case, or undefined. */
  visualStyleName(name: string): string | undefined {
    return VISUAL_STYLES.find((s) => s.name.toLowerCase() === name.trim().toLowerCase())?.name;
  }

  templates(aspectRatioFilter: number | undefined) {
    const aspectRatio = reportedRatio(aspectRatioFilter);
    return PUBLIC_TEMPLATES.map((t) => ({
      id: t.id,
      name: t.name,
      cover_url: `${this.assetBaseUrl}/v1/templates/${t.id}/cover.jpg?aspect_ratio=${aspectRatio}`,
      preview_url: `${this.assetBaseUrl}/v1/templates/${t.id}/preview.mp4?aspect_ratio=${aspectRatio}`,
      aspect_ratio: aspectRatio,
    }));
  }

  customTemplates(_accountId: string): ReturnType<CatalogService['templates']> {
    return [];
  }

  /**
   * What a create-video reference may be, for messages: "1 (Maya), 2 (Daniel), …" (ids with
   * names, at most `max`, then how many more). Empty when the list is.
   */
  choices(kind: 'avatar' | 'template' | 'music' | 'visual_style', max = 20): string {
    const items: { id: number | string; name: string }[] =
      kind === 'avatar'
        ? PUBLIC_AVATARS.map((a) => ({ id: a.avatar_id, name: a.name }))
        : kind === 'template'
          ? PUBLIC_TEMPLATES.map((t) => ({ id: t.id, name: t.name }))
          : kind === 'music'
            ? this.media.musics().map((m) => ({ id: m.id, name: m.name }))
            : VISUAL_STYLES.map((v) => ({ id: v.name, name: '' }));
    const shown = items.slice(0, max).map((i) => (i.name ? `${i.id} (${i.name})` : String(i.id)));
    return shown.join(', ') + (items.length > max ? `, and ${items.length - max} more` : '');
  }

  hasTemplate(templateId: number, templateType: 'public' | 'custom'): boolean {
    return templateType === 'public' && PUBLIC_TEMPLATES.some((t) => t.id === templateId);
  }
}
