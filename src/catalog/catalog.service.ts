import { PUBLIC_AVATARS, PUBLIC_TEMPLATES, VISUAL_STYLES, type AvatarRecord } from './catalog.data.ts';

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

const eq = (want: string | undefined, have: string) => want === undefined || want.toLowerCase() === have.toLowerCase();

/**
 * What create_video_from_url's ids refer to. Drawn presenters and templates fit every aspect
 * ratio, so an aspect_ratio filter keeps every record and the record reports the ratio asked for.
 * Custom avatars and templates cannot be made yet, so those lists are empty.
 */
export class CatalogService {
  constructor(
    private readonly media: MediaLibrary,
    /** PUBLIC_BASE_URL: covers and previews are served by catalog-assets.routes.ts. */
    private readonly assetBaseUrl: string,
  ) {}

  avatars(filter: AvatarFilter) {
    return PUBLIC_AVATARS.filter(
      (a) => eq(filter.style, a.style) && eq(filter.gender, a.gender) && eq(filter.age, a.age) && eq(filter.scene, a.scene) && eq(filter.ethnicity, a.ethnicity),
    ).map((a) => this.avatarView(a, filter.aspect_ratio ?? 0));
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

  customAvatars(_accountId: string): { avatar_id: number; name: string; cover_url: string; status: number; fail_msg: string }[] {
    return [];
  }

  hasAvatar(avatarId: number, avatarType: 0 | 1): boolean {
    return avatarType === 0 && PUBLIC_AVATARS.some((a) => a.avatar_id === avatarId);
  }

  voices(filter: VoiceFilter) {
    const matching = this.media
      .voices()
      .filter((v) => eq(filter.gender, v.gender) && eq(filter.age, v.age) && eq(filter.language, v.language));
    const start = (filter.page - 1) * filter.page_size;
    return { total: matching.length, voices: matching.slice(start, start + filter.page_size) };
  }

  hasVoice(voiceId: string): boolean {
    return this.media.voices().some((v) => v.voice_id === voiceId);
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

  templates(aspectRatio: number | undefined) {
    return PUBLIC_TEMPLATES.map((t) => ({
      id: t.id,
      name: t.name,
      cover_url: `${this.assetBaseUrl}/v1/templates/${t.id}/cover.jpg?aspect_ratio=${aspectRatio ?? 0}`,
      preview_url: `${this.assetBaseUrl}/v1/templates/${t.id}/preview.mp4?aspect_ratio=${aspectRatio ?? 0}`,
      aspect_ratio: aspectRatio ?? 0,
    }));
  }

  customTemplates(_accountId: string): ReturnType<CatalogService['templates']> {
    return [];
  }

  hasTemplate(templateId: number, templateType: 'public' | 'custom'): boolean {
    return templateType === 'public' && PUBLIC_TEMPLATES.some((t) => t.id === templateId);
  }
}
