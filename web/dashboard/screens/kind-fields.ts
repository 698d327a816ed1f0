import { api, uploadFile, type Avatar, type CustomAvatar, type CustomVoice, type Music, type Product, type Template, type Voice } from '../api.ts';
import { field, h, input, select } from '../dom.ts';
import { choiceGrid, type Choice } from './pickers.ts';

/** What the create form's pickers are fed with: the catalog routes, loaded once per visit. */
export interface Catalogs {
  products: Product[];
  avatars: Avatar[];
  /** The account's own presenters (GET /v1/avatars/custom), every status. */
  customAvatars: CustomAvatar[];
  music: Music[];
  styles: Array<{ id: number; name: string }>;
  /** Public templates then the account's own (GET /v1/templates, /v1/templates/custom). */
  templates: Template[];
  voices(language: string): Promise<Array<Voice | CustomVoice>>;
}

export async function loadCatalogs(): Promise<Catalogs> {
  const [products, avatars, custom, music, styles, templates, customTemplates] = await Promise.all([
    api<Product[]>('GET', '/v1/products?page_size=100'),
    api<{ avatars: Avatar[] }>('GET', '/v1/avatars'),
    api<{ avatars: CustomAvatar[] }>('GET', '/v1/avatars/custom'),
    api<{ musics: Music[] }>('GET', '/v1/musics'),
    api<{ visual_styles: Array<{ id: number; name: string }> }>('GET', '/v1/visual_styles'),
    api<{ templates: Template[] }>('GET', '/v1/templates'),
    api<{ templates: Template[] }>('GET', '/v1/templates/custom'),
  ]);
  const cache = new Map<string, Promise<Array<Voice | CustomVoice>>>();
  return {
    products,
    avatars: avatars.avatars,
    customAvatars: custom.avatars,
    music: music.musics,
    styles: styles.visual_styles,
    templates: [...templates.templates, ...customTemplates.templates],
    voices: (language) => {
      if (!cache.has(language)) {
        cache.set(language, Promise.all([
          api<{ voices: CustomVoice[] }>('GET', `/v1/voices/custom?language=${encodeURIComponent(language)}`),
          api<{ voices: Voice[] }>('GET', `/v1/voices?language=${encodeURIComponent(language)}&page_size=100`),
        ]).then(([customVoices, stock]) => [...customVoices.voices, ...stock.voices]));
      }
      return cache.get(language)!;
    },
  };
}

/**
 * One kind of video the API can make. The create screen shows one tab per kind and this kind's
 * fields; a new kind is one more entry in `videoKinds` (video-kinds.ts).
 */
export interface VideoKind {
  id: string;
  label: string;
  blurb: string;
  /** What it costs, on the submit button. */
  cost: string;
  /** The form's fields; `params` is the screen's query (e.g. product_id to preselect). */
  fields(c: Catalogs, params: URLSearchParams): HTMLElement[];
  /** Sends the form; resolves to the new project id. */
  submit(values: FormData): Promise<{ projectId: string; warnings: string[] }>;
  /** A free draft of the same choices, where the API offers one (POST /v1/preview). */
  preview?(values: FormData): Promise<{ projectId: string; warnings: string[] }>;
}

export const LANGUAGES = ['english', 'german', 'french', 'spanish', 'italian', 'portuguese', 'dutch', 'polish', 'swedish', 'japanese', 'korean', 'chinese', 'hindi', 'arabic', 'turkish', 'russian'];
export const ASPECTS = [
  { value: '0', label: 'Portrait 9:16 (Reels, TikTok)' },
  { value: '1', label: 'Landscape 16:9 (YouTube)' },
  { value: '2', label: 'Square 1:1' },
];

export const languageSelect = (name = 'language') => select(name, LANGUAGES.map((l) => ({ value: l, label: l[0]!.toUpperCase() + l.slice(1) })), 'english');
export const aspectField = () => field('Format', select('aspect_ratio', ASPECTS, '0'));
export const captionCheck = (checked = true) =>
  h('div', { class: 'field check' }, h('input', { type: 'checkbox', name: 'caption', id: 'caption', value: 'true', checked }), h('label', { for: 'caption' }, 'Captions'));
export const videoNameField = () => field('Video name (optional)', input('video_name', { maxlength: 200 }));

/**
 * Presenter values carry the avatar_type: `0:<id>` a public avatar, `1:<id>` one of the
 * account's own (ready ones can be chosen; those being made or failed are shown greyed).
 */
export function presenterPicker(c: Catalogs, opts: { custom: boolean; none?: boolean; hint?: string }): HTMLFieldSetElement {
  const stock: Choice[] = c.avatars.map((a) => ({ value: `0:${a.avatar_id}`, label: a.name, detail: `${a.gender}, ${a.style}`, image: a.cover_url }));
  const own: Choice[] = opts.custom
    ? c.customAvatars.map((a) => ({
        value: `1:${a.avatar_id}`,
        label: a.name,
        detail: a.status === 1 ? 'your presenter' : a.status === 0 ? 'being made' : 'failed',
        image: a.cover_url || undefined,
        disabled: a.status !== 1,
      }))
    : [];
  const none: Choice[] = opts.none ? [{ value: '', label: 'No presenter', detail: 'voice only' }] : [];
  return choiceGrid('presenter', 'Presenter', [...none, ...own, ...stock], stock[0]?.value ?? '', opts.hint);
}

export function presenterFrom(v: FormData): { avatar_id?: number; avatar_type: 0 | 1 } {
  const [type, id] = String(v.get('presenter') ?? '').split(':');
  return id ? { avatar_id: Number(id), avatar_type: type === '1' ? 1 : 0 } : { avatar_type: 0 };
}

export const musicPicker = (c: Catalogs) =>
  choiceGrid('music_id', 'Music', [{ value: '0', label: 'No music' }, ...c.music.map((m) => ({ value: String(m.id), label: m.name, detail: `${Math.round(m.duration)} s`, audio: m.music_url }))], '0', 'Press ▶ to listen.');

/** Template values carry the type: `public:<id>` or `custom:<id>`. */
export const templateChoices = (c: Catalogs): Choice[] =>
  c.templates.map((t) => ({ value: `${t.template_type}:${t.id}`, label: t.name, detail: t.template_type === 'custom' ? 'your template' : undefined, image: t.cover_url, video: t.preview_url }));

export function templateFrom(v: FormData): { template_id?: number; template_type: 'public' | 'custom' } {
  const [type, id] = String(v.get('template') ?? '').split(':');
  return id ? { template_id: Number(id), template_type: type === 'custom' ? 'custom' : 'public' } : { template_type: 'public' };
}

/** The voice picker follows the language select: voices speak one language each. */
export function voicePicker(c: Catalogs, language: HTMLSelectElement, defaultDetail = 'matches the presenter'): HTMLElement {
  const holder = h('div', { class: 'voice-holder', 'aria-live': 'polite' });
  const refresh = async () => {
    const voices = await c.voices(language.value);
    const choices: Choice[] = [{ value: '', label: 'Default voice', detail: defaultDetail }, ...voices.map((v) => ({ value: v.voice_id, label: v.name, detail: 'base_voice_id' in v ? 'your voice' : v.engine, audio: v.audition_url }))];
    holder.replaceChildren(choiceGrid('voice_id', 'Voice', choices, '', 'Press ▶ to hear a voice.'));
  };
  language.addEventListener('change', () => void refresh());
  void refresh();
  return holder;
}

export const str = (v: FormData, k: string) => (typeof v.get(k) === 'string' ? (v.get(k) as string).trim() || undefined : undefined);
export const num = (v: FormData, k: string) => (str(v, k) === undefined ? undefined : Number(str(v, k)));

/** A chosen file of a file input (FormData gives an empty File when none was chosen). */
export function chosenFile(v: FormData, k: string): File | undefined {
  const f = v.get(k);
  return f instanceof File && f.size > 0 ? f : undefined;
}

/** Uploads a chosen file through POST /v1/upload/asset, resolving to its asset URL. */
export async function uploaded(file: File | undefined): Promise<string | undefined> {
  return file ? (await uploadFile(file)).url : undefined;
}
