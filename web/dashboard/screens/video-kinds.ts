import { api, call, type Avatar, type CustomVoice, type Music, type Product, type Template, type Voice } from '../api.ts';
import { field, h, input, notice, replace, select } from '../dom.ts';
import { choiceGrid, type Choice } from './pickers.ts';

/** What the create form's pickers are fed with: the catalog routes, loaded once per visit. */
export interface Catalogs {
  products: Product[];
  avatars: Avatar[];
  music: Music[];
  styles: Array<{ id: number; name: string }>;
  templates: Template[];
  voices(language: string): Promise<Array<Voice | CustomVoice>>;
}

export async function loadCatalogs(): Promise<Catalogs> {
  const [products, avatars, music, styles, templates] = await Promise.all([
    api<Product[]>('GET', '/v1/products?page_size=100'),
    api<{ avatars: Avatar[] }>('GET', '/v1/avatars'),
    api<{ musics: Music[] }>('GET', '/v1/musics'),
    api<{ visual_styles: Array<{ id: number; name: string }> }>('GET', '/v1/visual_styles'),
    api<{ templates: Template[] }>('GET', '/v1/templates'),
  ]);
  const cache = new Map<string, Promise<Array<Voice | CustomVoice>>>();
  return {
    products,
    avatars: avatars.avatars,
    music: music.musics,
    styles: styles.visual_styles,
    templates: templates.templates,
    voices: (language) => {
      if (!cache.has(language)) {
        cache.set(language, Promise.all([
          api<{ voices: CustomVoice[] }>('GET', `/v1/voices/custom?language=${encodeURIComponent(language)}`),
          api<{ voices: Voice[] }>('GET', `/v1/voices?language=${encodeURIComponent(language)}&page_size=100`),
        ]).then(([custom, stock]) => [...custom.voices, ...stock.voices]));
      }
      return cache.get(language)!;
    },
  };
}

/**
 * One kind of video the API can make. The create screen shows one tab per kind and this kind's
 * fields; a new kind (avatar video, template video) is one more entry in `videoKinds`.
 */
export interface VideoKind {
  id: string;
  label: string;
  blurb: string;
  /** The form's fields; `params` is the screen's query (e.g. product_id to preselect). */
  fields(c: Catalogs, params: URLSearchParams): HTMLElement[];
  /** Sends the form; resolves to the new project id. */
  submit(values: FormData): Promise<{ projectId: string; warnings: string[] }>;
}

export const LANGUAGES = ['english', 'german', 'french', 'spanish', 'italian', 'portuguese', 'dutch', 'polish', 'swedish', 'japanese', 'korean', 'chinese', 'hindi', 'arabic', 'turkish', 'russian'];
export const SCRIPT_STYLES = ["Don't Worry", 'Discovery', 'Data', 'Top 3 reasons', 'Soft Selling', 'Humor & Meme', 'Feature Explainer', 'Soft Storytelling with Twist', 'Expert Advice', 'Unboxing & Review', 'Challenge', 'Problem/Solution', 'Comparison', 'Creative/Innovative', 'Emotional Appeal', 'Immersive Storytelling'];
const ASPECTS = [
  { value: '0', label: 'Portrait 9:16 (Reels, TikTok)' },
  { value: '1', label: 'Landscape 16:9 (YouTube)' },
  { value: '2', label: 'Square 1:1' },
];

const avatarChoices = (c: Catalogs): Choice[] => c.avatars.map((a) => ({ value: String(a.avatar_id), label: a.name, detail: `${a.gender}, ${a.style}`, image: a.cover_url }));
const musicChoices = (c: Catalogs): Choice[] => [{ value: '0', label: 'No music' }, ...c.music.map((m) => ({ value: String(m.id), label: m.name, detail: `${Math.round(m.duration)} s`, audio: m.music_url }))];
const templateChoices = (c: Catalogs): Choice[] => [{ value: '0', label: 'No template' }, ...c.templates.map((t) => ({ value: String(t.id), label: t.name, image: t.cover_url, video: t.preview_url }))];

/** The voice picker follows the language select: voices speak one language each. */
function voicePicker(c: Catalogs, languageSelect: HTMLSelectElement): HTMLElement {
  const holder = h('div', { class: 'voice-holder', 'aria-live': 'polite' });
  const refresh = async () => {
    const voices = await c.voices(languageSelect.value);
    const choices: Choice[] = [{ value: '', label: 'Default voice', detail: 'matches the presenter' }, ...voices.map((v) => ({ value: v.voice_id, label: v.name, detail: 'base_voice_id' in v ? 'your voice' : v.engine, audio: v.audition_url }))];
    holder.replaceChildren(choiceGrid('voice_id', 'Voice', choices, '', 'Press ▶ to hear a voice.'));
  };
  languageSelect.addEventListener('change', () => void refresh());
  void refresh();
  return holder;
}

/**
 * The script: empty = written when the video is made; "Suggest" asks POST /v1/ai_scripts (free)
 * for the script of the chosen product, style, length and language, to read or edit first.
 */
function scriptEditor(): HTMLElement {
  const text = h('textarea', { name: 'override_script', rows: 6, maxlength: 5000 });
  const status = h('div', { 'aria-live': 'polite' });
  const suggest = h('button', { type: 'button' }, 'Suggest a script');
  suggest.addEventListener('click', async () => {
    const form = suggest.closest('form');
    if (!form) return;
    const v = new FormData(form);
    suggest.disabled = true;
    replace(status, h('p', { class: 'meta' }, 'Writing…'));
    try {
      const style = String(v.get('script_style') ?? '');
      const r = await api<{ generated_scripts: Array<{ script_style: string; script_paragraphs: string[] }> }>('POST', '/v1/ai_scripts', {
        product_id: v.get('product_id'),
        video_length: v.get('video_length'),
        language: v.get('language'),
        script_style: style,
      });
      const script = r.generated_scripts.find((g) => g.script_style === style) ?? r.generated_scripts[0];
      text.value = script ? script.script_paragraphs.join('\n') : '';
      replace(status, h('p', { class: 'meta' }, 'Edit it as you like; this text is what the presenter says.'));
    } catch (err) {
      replace(status, notice('error', err instanceof Error ? err.message : String(err)));
    } finally {
      suggest.disabled = false;
    }
  });
  return h('div', { class: 'stack' }, field('Script', text, 'Leave empty to have the script written when the video is made.'), h('div', { class: 'actions' }, suggest), status);
}

const productVideo: VideoKind = {
  id: 'product',
  label: 'Product video',
  blurb: 'A presenter talks about one of your products over its photos.',
  fields(c, params) {
    const language = select('language', LANGUAGES.map((l) => ({ value: l, label: l[0]!.toUpperCase() + l.slice(1) })), 'english');
    const product = select('product_id', c.products.map((p) => ({ value: p.product_id, label: p.name })), params.get('product_id') ?? undefined);
    product.required = true;
    return [
      field('Product', product, c.products.length === 0 ? 'Add a product first (Products).' : undefined),
      h('div', { class: 'row' },
        field('Length', select('video_length', [{ value: '15', label: '15 seconds' }, { value: '30', label: '30 seconds' }, { value: '60', label: '60 seconds' }], '15')),
        field('Format', select('aspect_ratio', ASPECTS, '0')),
        field('Language', language),
      ),
      field('Script style', select('script_style', SCRIPT_STYLES.map((s) => ({ value: s, label: s })), "Don't Worry")),
      choiceGrid('avatar_id', 'Presenter', avatarChoices(c), String(c.avatars[0]?.avatar_id ?? '')),
      voicePicker(c, language),
      choiceGrid('music_id', 'Music', musicChoices(c), '0', 'Press ▶ to listen.'),
      field('Visual style', select('visual_style', [{ value: '', label: 'Automatic' }, ...c.styles.map((s) => ({ value: s.name, label: s.name }))])),
      // Closed by default: template pictures are drawn on first request, so they load when opened.
      h('details', { class: 'optional' }, h('summary', null, 'Template (optional)'), choiceGrid('template_id', 'Template', templateChoices(c), '0', 'Press ▶ to see a template move.')),
      h('div', { class: 'row' },
        field('Video name (optional)', input('video_name', { maxlength: 200 })),
        h('div', { class: 'field check' }, h('input', { type: 'checkbox', name: 'caption', id: 'caption', value: 'true', checked: true }), h('label', { for: 'caption' }, 'Captions')),
      ),
      h('details', null, h('summary', null, 'Read or write the script'), scriptEditor()),
    ];
  },
  async submit(v) {
    const str = (k: string) => (v.get(k) as string | null)?.trim() || undefined;
    const num = (k: string) => (str(k) === undefined ? undefined : Number(str(k)));
    const body = {
      product_id: str('product_id'),
      video_length: str('video_length'),
      aspect_ratio: num('aspect_ratio'),
      language: str('language'),
      script_style: str('script_style'),
      avatar_id: num('avatar_id'),
      avatar_type: 0,
      voice_id: str('voice_id'),
      music_id: num('music_id'),
      visual_style: str('visual_style'),
      template_id: num('template_id'),
      template_type: 'public',
      caption: v.get('caption') === 'true',
      video_name: str('video_name'),
      override_script: str('override_script'),
    };
    const env = await call<{ project_id: string }>('POST', '/v1/create_video_from_url', body);
    return { projectId: env.data.project_id, warnings: env.warnings ?? [] };
  },
};

/** Avatar and template videos are added here when their routes land (docs/dashboard.md). */
export const videoKinds: VideoKind[] = [productVideo];
