import type { Principal } from '../accounts/auth.service.ts';
import type { MediaRefResolver } from '../assets/media-ref.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { clientLanguage, LANGUAGES, type Language } from '../catalog/languages.ts';
import { errors } from '../lib/errors.ts';
import { estimateSentenceS } from '../pipeline/script/rates.ts';
import { planOutputS, planTemplateVideo, TEMPLATE_WRITTEN_S, VariableError, type VariableInput } from '../pipeline/templates/variables.ts';
import type { SceneEffects } from '../pipeline/timeline/build.ts';
import type { TemplateVideoRequest } from '../videos/kinds/template.kind.ts';
import type { VideoService } from '../videos/video.service.ts';
import type { TemplateService, TemplateType } from './template.service.ts';

/** create_video_with_template's body after schema validation (the n8n node's `""`/`0` for unset included). */
export interface TemplateVideoInput {
  template_id: number;
  template_type: 'common' | 'user' | 'public' | 'custom';
  lang?: string | undefined;
  aspect_ratio?: 0 | 1 | 2 | undefined;
  avatar_id?: number | undefined;
  avatar_type?: 0 | 1 | undefined;
  voice_id?: string | undefined;
  caption?: boolean | undefined;
  music_id?: number | undefined;
  video_name?: string | undefined;
  variables: VariableInput[];
  /** v2's disable_* flags as scene effects (docs/templates.md "Effects"); absent: transitions and random motion. */
  effects?: SceneEffects | undefined;
  /** v2: the request's own webhook_url, passed to VideoService.accept as sent. */
  webhook_url?: string | null | undefined;
}

/** CONTRACT §11: `common` is `public`, `user` is `custom`. */
export function templateType(t: TemplateVideoInput['template_type']): TemplateType {
  return t === 'common' || t === 'public' ? 'public' : 'custom';
}

/**
 * POST /v1/create_video_with_template: the template and its variables checked (40000 naming the
 * variable), media references resolved by the one resolver (asset ids, asset URLs, URLs), the
 * catalog references checked (10104), then accepted as a `template` video by VideoService.accept
 * (one credit rule, one job system).
 */
export class TemplateVideoService {
  constructor(
    private readonly templates: TemplateService,
    private readonly catalog: CatalogService,
    private readonly mediaRefs: MediaRefResolver,
    private readonly videos: VideoService,
  ) {}

  async create(who: Principal, b: TemplateVideoInput): Promise<{ project_id: string; notes: string[] }> {
    const notes: string[] = [];
    const language = b.lang?.trim() ? clientLanguage(b.lang) : 'english';
    if (!language) throw errors.parameter('lang', `"${b.lang}" is not a language this server speaks: one of ${LANGUAGES.join(', ')} (or its ISO code, e.g. en)`);
    const type = templateType(b.template_type);
    const template = await this.templates.forVideo(who.accountId, type, b.template_id);
    let plan;
    try {
      plan = planTemplateVideo(template.variables, b.variables, template.label);
    } catch (err) {
      if (err instanceof VariableError) throw errors.badRequest(err.message);
      throw err;
    }
    for (const m of plan.media) {
      const i = b.variables.findIndex((v) => v.name === m.name);
      const byUrl = typeof b.variables[i]?.properties?.url === 'string' && b.variables[i]!.properties!.url!.trim() !== '';
      const field = `variables[${i}].properties.${byUrl ? 'url' : 'asset_id'} ("${m.name}")`;
      // Kept as a stored ref (an asset's storage key, or another site's URL): its URL is never stored.
      m.ref = (await this.mediaRefs.resolve(who.accountId, m.ref, field, [m.type])).ref;
    }
    const avatarId = b.avatar_id && b.avatar_id > 0 ? b.avatar_id : null;
    if (avatarId !== null && !(await this.catalog.hasAvatar(avatarId, b.avatar_type ?? 0, who.accountId))) {
      const which = b.avatar_type === 1 ? 'avatar_type 1 (custom): this account has no custom avatar with that id' : 'avatar_type 0 (public)';
      throw errors.notFound(`avatar_id ${avatarId} (${which}); public avatars are ${this.catalog.choices('avatar')}; 0 or absent for none; see GET /v1/avatars`);
    }
    let voiceId: string | null = null;
    if (b.voice_id?.trim()) {
      voiceId = await this.videos.resolveVoiceId(who.accountId, b.voice_id.trim(), language, notes);
    }
    const musicId = b.music_id && b.music_id > 0 ? b.music_id : null;
    if (musicId !== null && !this.catalog.hasMusic(musicId)) throw errors.notFound(`music_id ${musicId}; tracks are ${this.catalog.choices('music') || 'none'}, 0 or absent for none; see GET /v1/musics`);
    let aspectRatio = b.aspect_ratio ?? 0;
    if (template.aspectRatio !== null) {
      if (b.aspect_ratio !== undefined && b.aspect_ratio !== template.aspectRatio) notes.push(`aspect_ratio ${b.aspect_ratio} ignored: custom template ${template.id} is made for aspect_ratio ${template.aspectRatio}`);
      aspectRatio = template.aspectRatio;
    }
    const request: TemplateVideoRequest = {
      template_type: type,
      template_id: template.id,
      language,
      aspect_ratio: aspectRatio,
      avatar_id: avatarId,
      avatar_type: b.avatar_type === 1 ? 1 : 0,
      voice_id: voiceId,
      music_id: musicId,
      caption: b.caption ?? false,
      video_name: b.video_name?.trim() || null,
      plan,
      scene: template.scene,
      ...(b.effects ? { effects: b.effects } : {}),
    };
    const project_id = await this.videos.accept(who, {
      kind: 'template',
      productId: null,
      request,
      title: request.video_name ?? plan.texts.title ?? template.label,
      outputS: planOutputS(plan, (script) => estimateSentenceS(script, language as Language)),
      webhookUrl: b.webhook_url ?? null,
    });
    if (!plan.script) notes.push(`the script variable is empty: the narration is written from the template's texts (${TEMPLATE_WRITTEN_S} s)`);
    return { project_id, notes };
  }
}
